/** Messages between feed-thread.ts and its worker (feed-worker.ts). */
import type { FeedCatalogue, FeedEvent, FeedGameSnapshot, FeedSnapshot, SimulatedFeedOptions } from '@betsite/feed';
import type { ErrorFields } from '../../lib/thread-errors.ts';

/** Games a snapshot message carries at most: a week's line is ~1,700 games of ~44 markets. */
export const SNAPSHOT_PART_GAMES = 100;

/** What the worker is started with: the simulation's options (on the system clock) and the snapshot's part size. */
export interface FeedWorkerData {
  feed: Omit<SimulatedFeedOptions, 'clock'>;
  partGames: number;
}

export type FeedThreadRequest = { type: 'catalogue'; id: number } | { type: 'snapshot'; id: number } | { type: 'start' } | { type: 'stop' };

export type FeedWorkerMessage =
  | { type: 'events'; events: FeedEvent[] }
  | { type: 'snapshot-part'; id: number; games: FeedGameSnapshot[] }
  /** The catalogue, or the snapshot without its games (they came in parts before). */
  | { type: 'answer'; id: number; value: FeedCatalogue | FeedSnapshot }
  | { type: 'failed'; id: number; error: ErrorFields };
