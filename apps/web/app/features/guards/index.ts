// The guard pipeline itself (middleware.ts and what it imports) is loaded lazily; import
// only these light entry points from elsewhere.
export { navigationGuard, preloadGuards, prefetchGuardsOnIntent } from './lazy.ts';
export { rememberRootData, rememberLocation, rememberPlayerFacts, tabState, NAVIGATION_CANCELLED_EVENT, type NavigationCancelled } from './client-state.ts';
