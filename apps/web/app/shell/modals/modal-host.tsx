/**
 * Renders the modal the url asks for (`?modal=…`, SPEC §2 route-driven modals) as an
 * accessible dialog. Closing removes the parameter from the url; the client navigation
 * guard decides whether a navigation carries an open modal along (SPEC §2 exceptions).
 * The forms come in their own chunk, fetched only when a modal opens, and render once the
 * page is live (`useIsLive`).
 */
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openModal, searchWithModal, searchWithoutModal, type ModalName } from '../../features/modals/index.ts';
import { pathsFor } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useIsLive } from '../use-is-live.ts';

const ModalDialog = lazy(() => import('./modal-body.tsx'));

export function ModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { site, user, lng } = useRequiredRootData();
  const registrationAvailable = site.registrationAllowed && !site.isVipDomain;
  const live = useIsLive();
  const modal = openModal(location.search, { loggedIn: user.loggedIn, registrationAvailable });
  if (modal === null || !live) return null;

  const without = searchWithoutModal(location.search);
  const hrefOf = (m: ModalName) => `${location.pathname}${searchWithModal(without, m)}`;
  const closedHref = `${location.pathname}${without}${location.hash}`;
  const close = () => void navigate(closedHref, { replace: true, preventScrollReset: true });

  return (
    <Suspense fallback={null}>
      <ModalDialog
        key={modal}
        modal={modal}
        onClose={close}
        hrefOf={hrefOf}
        closedHref={closedHref}
        rulesHref={pathsFor(lng).to('rules', { ruleGroup: 1 })}
        loggedIn={user.loggedIn}
        registrationAvailable={registrationAvailable}
      />
    </Suspense>
  );
}
