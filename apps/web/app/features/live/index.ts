/**
 * Live data over the tab's one WebSocket (decision 0009): `useLiveTopic` in components,
 * `getLiveClient` elsewhere, and the per-frame coalescing helpers for busy topics.
 */
export { useLiveTopic, type UseLiveTopicOptions } from './use-live-topic.ts';
export { getLiveClient, LIVE_PATH } from './browser.ts';
export { createLiveClient, type LiveClient, type LiveClientOptions, type LiveEnvironment, type LiveSocket, type LiveStatus, type LiveTopicHandlers } from './client.ts';
export { createFrameBatcher, createFrameCoalescer, type FrameBatcher, type FrameCoalescer, type FrameScheduler } from './coalesce.ts';

/** Topic names (contracts `LIVE_BALANCE_TOPIC` …), kept here so zod stays out of the bundle. */
export const LIVE_TOPICS = { balance: 'balance' } as const;
