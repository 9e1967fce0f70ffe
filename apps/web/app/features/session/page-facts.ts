/** What the session components need to know about the page being shown. */
import { useLocation, useMatches } from 'react-router';
import { routeByName, type RouteDef } from '@betsite/domain';

export interface PageFacts {
  route: RouteDef | undefined;
  /** The page is for players only (SPEC §2: logout then goes home). */
  playersOnly: boolean;
  /** The login or registration page. */
  authPage: boolean;
  /** The url opens a modal (`?modal=`). */
  modalInUrl: boolean;
  /** The layout shows the site chrome. */
  chrome: boolean;
}

export function usePageFacts(): PageFacts {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches.at(-1);
  const route = leaf ? routeByName(leaf.id) : undefined;
  return {
    route,
    playersOnly: route?.meta.access === 'user',
    authPage: route?.kind === 'login' || route?.kind === 'registration',
    modalInUrl: new URLSearchParams(location.search).has('modal'),
    chrome: route === undefined || route.meta.layout === 'main' || route.meta.layout === 'casino',
  };
}

/** Any modal dialog on the page (ours or another feature's). */
export function modalDialogOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}
