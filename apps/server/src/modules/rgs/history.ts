/**
 * The player's casino history across every kind of round (office history, decision 0023):
 * the solo rounds of this module and whatever other modules register (shared rounds' bets,
 * decision 0025), merged newest first. The `before` cursor is any listed round's id; it is
 * resolved once to its (time, id) so that every source pages from the same point.
 */
import { RgsErrorCode as Code, type RoundView, type RoundsQuery } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';

/** A point in the history: rounds strictly older than it, by (createdAt, id). */
export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

/** A module's rounds in the player's history (real money only). */
export interface HistorySource {
  /** The cursor of one of this source's rounds (any player's: the list filters by player). */
  anchor(id: string): Promise<HistoryCursor | null>;
  /** The player's rounds older than `before`, newest first, at most `limit`. */
  list(userId: string, limit: number, before: HistoryCursor | null): Promise<RoundView[]>;
  /** The player's round with this id; null when it is not theirs or not this source's. */
  one(userId: string, id: string): Promise<RoundView | null>;
}

/** Newest first; ties on the time by id, the same order the databases use for uuids. */
const newestFirst = (a: RoundView, b: RoundView) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1);

export function createHistory(sources: readonly HistorySource[]) {
  async function anchorOf(id: string): Promise<HistoryCursor | null> {
    for (const source of sources) {
      const anchor = await source.anchor(id);
      if (anchor) return anchor;
    }
    return null;
  }

  return {
    /** An unknown `before` lists from the newest, as the solo list always did. */
    async list(userId: string, query: RoundsQuery): Promise<RoundView[]> {
      const before = query.before ? await anchorOf(query.before) : null;
      const pages = await Promise.all(sources.map((source) => source.list(userId, query.limit, before)));
      // ISO times of one precision (ms) sort as text.
      return pages.flat().sort(newestFirst).slice(0, query.limit);
    },

    async one(userId: string, id: string): Promise<RoundView> {
      for (const source of sources) {
        const round = await source.one(userId, id);
        if (round) return round;
      }
      throw new AppError(404, Code.roundNotFound, 'No such round');
    },
  };
}

export type History = ReturnType<typeof createHistory>;
