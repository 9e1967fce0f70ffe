import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server render and hydration, true once the page is live. Parts that come
 * in their own chunk (modals, the player's header area) render only then: server-rendered,
 * they would sit there uninteractive until their chunk hydrated, and a quick click or a
 * typed value would be lost.
 */
export function useIsLive(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
