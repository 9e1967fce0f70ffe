export type * from './types.ts';
export { SimulatedFeed, type SimulatedFeedOptions } from './simulated-feed.ts';
export { feedEvents } from './iterate.ts';
export { openingMarkets, type OpeningOptions } from './opening.ts';
