/**
 * App-wide providers: the translator of this render (per request on the server, per
 * language in the browser), display settings, notifications; and, in the browser, what the
 * navigation guard needs to know about the tab.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { getI18n } from '../i18n/instance.ts';
import type { RootData } from '../config/root-data.ts';
import { prefetchGuardsOnIntent, rememberLocation, rememberRootData } from '../features/guards/index.ts';
import { NotificationProvider } from './notifications/index.ts';
import { SettingsProvider } from './settings.tsx';
import { LinkNavigator } from './link.tsx';

function TabTracker({ data }: { data: RootData }) {
  const location = useLocation();
  useEffect(() => {
    rememberRootData(data.site, data.user.loggedIn, data.user.facts ?? null);
  }, [data.site, data.user.loggedIn, data.user.facts]);
  useEffect(() => {
    rememberLocation(location);
  }, [location]);
  useEffect(() => prefetchGuardsOnIntent(), []);
  useEffect(() => {
    // Marks the page interactive (browser tests and monitoring wait for it).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function AppProviders({ data, children }: { data: RootData; children: ReactNode }) {
  const i18n = useMemo(() => getI18n(data.lng), [data.lng]);
  return (
    <I18nProvider i18n={i18n}>
      <SettingsProvider initial={data.settings}>
        <NotificationProvider>
          <TabTracker data={data} />
          <LinkNavigator />
          {children}
        </NotificationProvider>
      </SettingsProvider>
    </I18nProvider>
  );
}
