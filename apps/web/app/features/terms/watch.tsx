/**
 * SPEC §4 terms change: while the confirm-terms option is on and a player is signed in, the
 * status is polled every 60 s; when the terms changed the tab's guard facts say so and the
 * player is sent to the confirm page (unless the page they are on stays open to them:
 * withdrawal and the site-state pages). A 451 `exception_code: 1` from any call does the
 * same at once (SPEC §8).
 */
import { useEffect } from 'react';
import { locateRoute } from '@betsite/domain';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { onTermsRequired } from '../../shell/http.ts';
import { rememberPlayerFacts } from '../guards/index.ts';
import { fetchTermsStatus, TERMS_POLL_MS } from './api.ts';

/** Pages a player with changed terms keeps (as the confirm-terms guard): the confirm page itself, withdrawal, site-state pages. */
export function staysOnPage(pathname: string): boolean {
  const { route } = locateRoute(pathname);
  return route !== null && (route.name === 'confirm' || route.name === 'office-deduce' || route.kind === 'site-state');
}

export function TermsWatch() {
  const { site, user } = useRequiredRootData();
  const paths = usePaths();
  const confirmPath = paths.to('confirm');
  const active = user.loggedIn && site.flags.confirmTermsEnabled;

  useEffect(() => {
    if (!active) return;
    // A full page load: the confirm page renders with the site's current terms (this tab's copy may predate them).
    const toConfirm = () => {
      rememberPlayerFacts({ termsChanged: true });
      if (!staysOnPage(window.location.pathname)) window.location.assign(confirmPath);
    };
    const unsubscribe = onTermsRequired(toConfirm);
    const timer = setInterval(() => {
      void fetchTermsStatus().then((status) => {
        if (status.result) toConfirm();
      });
    }, TERMS_POLL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [active, confirmPath]);

  return null;
}
