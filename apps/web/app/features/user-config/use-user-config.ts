/**
 * The user-config query of the office and the session components: loads once per tab for
 * a logged-in player (SPEC §6 "account config loading" is for logged-in users only).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { fetchUserConfig } from './api.ts';
import { createUserConfigStore, EMPTY_USER_CONFIG, type UserConfigState } from './store.ts';

/** The tab's store (browser only: it is filled from effects). */
export const userConfigStore = createUserConfigStore(() => fetchUserConfig());

const serverSnapshot = (): UserConfigState => EMPTY_USER_CONFIG;

export function useUserConfig(loggedIn: boolean): UserConfigState {
  const state = useSyncExternalStore(userConfigStore.subscribe, userConfigStore.get, serverSnapshot);
  useEffect(() => {
    if (loggedIn) void userConfigStore.load();
  }, [loggedIn]);
  return loggedIn ? state : EMPTY_USER_CONFIG;
}
