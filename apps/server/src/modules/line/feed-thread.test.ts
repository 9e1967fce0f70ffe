import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedFeed, type FeedEvent } from '@betsite/feed';
import { FeedThread } from './feed-thread.ts';

const OPTIONS = { seed: 7, speed: 60, days: 1 };

describe('the simulated feed in its own thread', () => {
  const threads: FeedThread[] = [];
  /** Snapshots in parts of 10 games: the first snapshot has the next 6 hours, some 70 games. */
  const PART = 10;
  const thread = (options = OPTIONS, onFailure?: (error: Error) => void) => {
    const made = new FeedThread(options, { partGames: PART, ...(onFailure ? { onFailure } : {}) });
    threads.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(threads.splice(0).map((t) => t.close()));
  });

  it('answers the catalogue the same feed gives in-process, and a snapshot sent in parts, then its events in order', async () => {
    const feed = thread();
    const inProcess = new SimulatedFeed(OPTIONS);
    expect(await feed.catalogue()).toEqual(await inProcess.catalogue());

    const events: FeedEvent[] = [];
    feed.subscribe((event) => events.push(event));
    const snapshot = await feed.snapshot();
    // More games than one message carries: the parts were put together, each game whole.
    expect(snapshot.games.length).toBeGreaterThan(3 * PART);
    expect(new Set(snapshot.games.map((g) => g.game.id)).size).toBe(snapshot.games.length);
    expect(snapshot.games.every((g) => g.markets.length > 0 || g.live !== null)).toBe(true);

    feed.start();
    await expect.poll(() => events.filter((e) => e.seq > snapshot.seq).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    feed.stop();
  });

  it('refuses calls once closed (a stop before any call is nothing to do)', async () => {
    const feed = thread();
    // Stopping a feed that never started is nothing to do.
    feed.stop();
    await feed.close();
    await expect(feed.catalogue()).rejects.toThrow(/closed/);
  });

  it('says so when the thread fails, and rejects what was asked of it', async () => {
    const failures: Error[] = [];
    // A speed the simulation refuses: the worker throws as it starts.
    const feed = thread({ ...OPTIONS, speed: 0 }, (error) => failures.push(error));
    await expect(feed.catalogue()).rejects.toThrow(/speed/);
    expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(/speed/)]);
    await expect(feed.snapshot()).rejects.toThrow(/speed/);
  });
});
