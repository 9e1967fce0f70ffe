/**
 * Mounts the protection watch (approval, reality check, session limit) for a logged-in player
 * once the page is live; visitors never load its chunk.
 */
import { lazy, Suspense } from 'react';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useIsLive } from '../../shell/use-is-live.ts';

const Watch = lazy(() => import('./protection-watch.tsx'));

export function ProtectionWatch() {
  const { user } = useRequiredRootData();
  const live = useIsLive();
  if (!live || !user.loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <Watch />
    </Suspense>
  );
}
