/**
 * What the coupon adds to every page of the main and casino layouts:
 * - remote apps' browser events (SPEC §7): `coupon:add` puts a pick in the slip,
 *   `coupon:update` moves a pick's odds — listened to from the start;
 * - the quick coupon and the coupon reminder (quick-coupon.tsx), which show only with picks
 *   in the slip: their code loads once there is one, not with every page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { getSelectionStore, useSelections } from '../line/index.ts';
import { COUPON_ADD_EVENT, COUPON_UPDATE_EVENT, remoteSelection, remoteUpdate } from './overlay-rules.ts';

const QuickCoupon = lazy(() => import('./quick-coupon.tsx'));

/** Remote apps add and update picks through browser events (one listener per tab). */
function useRemoteEvents() {
  useEffect(() => {
    const onAdd = (event: Event) => {
      const selection = remoteSelection((event as CustomEvent).detail);
      const store = getSelectionStore();
      if (selection && store && !store.has(selection.id)) store.toggle(selection);
    };
    const onUpdate = (event: Event) => {
      const update = remoteUpdate((event as CustomEvent).detail);
      if (update) getSelectionStore()?.acceptCoefs(new Map([[update.id, update.coef]]));
    };
    window.addEventListener(COUPON_ADD_EVENT, onAdd);
    window.addEventListener(COUPON_UPDATE_EVENT, onUpdate);
    return () => {
      window.removeEventListener(COUPON_ADD_EVENT, onAdd);
      window.removeEventListener(COUPON_UPDATE_EVENT, onUpdate);
    };
  }, []);
}

export function CouponOverlay() {
  useRemoteEvents();
  const { count } = useSelections();
  // Once loaded it stays: an open quick coupon whose last pick is removed keeps showing the empty slip.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (count > 0) setWanted(true);
  }, [count]);
  return wanted ? (
    <Suspense fallback={null}>
      <QuickCoupon />
    </Suspense>
  ) : null;
}
