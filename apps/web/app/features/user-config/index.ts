export { useUserConfig, userConfigStore } from './use-user-config.ts';
export { createUserConfigStore, EMPTY_USER_CONFIG, type UserConfigState, type UserConfigStore } from './store.ts';
export { fetchUserConfig, postBonusChoice, USER_CONFIG_API } from './api.ts';
export { identificationAvailable, showIdentificationLink } from './identification.ts';
