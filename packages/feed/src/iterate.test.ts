import { describe, expect, it } from 'vitest';
import { feedEvents } from './iterate.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { ManualClock, SATURDAY, record } from './testing.ts';
import type { FeedEvent } from './types.ts';

describe('feedEvents', () => {
  it('yields the same events as a subscriber, in order, until aborted', async () => {
    const clock = new ManualClock(SATURDAY);
    const feed = new SimulatedFeed({ seed: 6, clock, sports: [10], days: 1 });
    await feed.snapshot();
    const recorded = record(feed);
    const controller = new AbortController();
    const seen: FeedEvent[] = [];
    const reading = (async () => {
      for await (const event of feedEvents(feed, controller.signal)) {
        seen.push(event);
        if (seen.length === 50) controller.abort();
      }
    })();
    while (seen.length < 50) {
      clock.time += 10_000;
      feed.tick();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reading;
    expect(seen).toEqual(recorded.slice(0, 50));
    // Unsubscribed: ticking on delivers nothing more to the finished iterator.
    clock.time += 600_000;
    feed.tick();
    expect(seen).toHaveLength(50);
    expect(recorded.length).toBeGreaterThan(50);
  });
});
