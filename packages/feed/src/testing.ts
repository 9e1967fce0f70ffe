/** Helpers for the feed's own tests: a movable clock and an event recorder. */
import type { FeedEvent, FeedProvider } from './types.ts';

export class ManualClock {
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
}

export function record(feed: FeedProvider): FeedEvent[] {
  const events: FeedEvent[] = [];
  feed.subscribe((event) => events.push(event));
  return events;
}

/** Saturday 15 March 2025, 10:00 UTC: football, hockey, tennis and table tennis all play. */
export const SATURDAY = Date.UTC(2025, 2, 15, 10, 0, 0);
