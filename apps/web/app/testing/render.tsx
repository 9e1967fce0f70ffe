/** Server-side markup of a component as a page renders it (root data, i18n, settings), for the web app's tests. */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Outlet, createRoutesStub } from 'react-router';
import { COEF_VIEW, type CoefViewId } from '@betsite/domain';
import type { RootData } from '../config/root-data.ts';
import { getI18n } from '../i18n/instance.ts';
import type { Resources } from '../i18n/namespaces.ts';
import { I18nProvider } from '../i18n/react.tsx';
import { SettingsProvider } from '../shell/settings.tsx';
import { testSite } from './site-fixture.ts';

export interface RenderPageOptions {
  lng?: 'en' | 'ru';
  /** The dictionaries by language, e.g. `{ en: { main: EN_MAIN }, ru: { main: RU_MAIN } }`. */
  resources: Resources;
  /** The page's route id (links look their route up by it), its pattern, and the URL rendered (`/` unless told). */
  routeId?: string;
  route?: string;
  url?: string;
  /** A logged-in player unless told. */
  user?: RootData['user'];
  oddsFormat?: CoefViewId;
}

export function renderPage(
  element: ReactNode,
  { lng = 'en', resources, routeId = 'page', route = '/', url = '/', user = { loggedIn: true, userId: 'u1' }, oddsFormat = COEF_VIEW.decimal }: RenderPageOptions,
): string {
  const root = { lng, dir: 'ltr', site: testSite(), user, nonce: '', now: 0, settings: { theme: 'light', oddsFormat, marketsNameType: 0, timeZone: 3 }, dictionaries: [], brandVars: {} } satisfies RootData;
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => root,
      HydrateFallback: () => null,
      Component: () => (
        <I18nProvider i18n={getI18n(lng, resources)}>
          <SettingsProvider initial={root.settings}>
            <Outlet />
          </SettingsProvider>
        </I18nProvider>
      ),
      children: [{ id: routeId, path: route, Component: () => element }],
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} hydrationData={{ loaderData: { root } }} />);
}

/** Visible text of markup, with every kind of space as one space (money formats use no-break spaces). */
export const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/[\s\u00a0\u202f]+/g, ' ');
