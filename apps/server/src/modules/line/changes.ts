/**
 * What one write changed, gathered while it runs and told to the live topics once it has
 * committed: one `game:{id}` delta per game (the changes of several feed events merged, the
 * last word winning), and a `section:{line|live}` delta when games entered or left a section.
 *
 * Publishing only after the commit matters: a subscriber's snapshot is read after taking
 * the topic's number, so every delta it is told must already be in the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { LINE_GAME_FAMILY, LINE_SECTION_FAMILY, type GameDelta, type LineLiveState, type LineSection, type SectionDelta } from '@betsite/contracts';
import type { FeedLiveState, FeedMarketOdds } from '@betsite/feed';
import type { LiveApi } from '../live/index.ts';
import { isListMarketKey, sectionCounts } from './queries.ts';
import { isGameInPlay, isGameOver } from '@betsite/domain';
import { liveExtraOf } from './rows.ts';

export const gameTopic = (gameId: number) => `${LINE_GAME_FAMILY}:${gameId}`;
export const sectionTopic = (section: LineSection) => `${LINE_SECTION_FAMILY}:${section}`;

/** The section a game of this status is in (a line game whose start passed is in none; callers know). */
export function sectionOfStatus(status: number): LineSection | null {
  if (status === 1) return 'line';
  if (isGameInPlay(status)) return 'live';
  return null;
}

export function liveStateView(state: FeedLiveState, at: number): LineLiveState {
  return {
    period: state.period,
    clock: { seconds: Math.max(0, Math.round(state.clock.seconds)), running: state.clock.running, rate: state.clock.rate, at },
    score: state.score,
    periods: state.periods,
    ...liveExtraOf(state),
  };
}

interface SectionMoves {
  added: Set<number>;
  removed: Set<number>;
  sports: Set<number>;
}

export class LineChanges {
  private readonly games = new Map<number, GameDelta>();
  /** Games whose list rows the writer computes again before committing (list-rows.ts). */
  readonly touched = new Set<number>();
  /** Changed markets a list may show, by game, the last word per market: the writer patches these games' rows (list-rows.ts). */
  readonly listPrices = new Map<number, Map<string, FeedMarketOdds>>();
  /** Games the write locked before writing (store.ts `lockGames`): the list rows' update need not lock them again. */
  readonly locked = new Set<number>();
  /** List cards the write read already, locked (a feed batch's opening): game id → the card's text, null for none. */
  readonly storedCards = new Map<number, string | null>();
  private readonly sections: Record<LineSection, SectionMoves> = {
    line: { added: new Set(), removed: new Set(), sports: new Set() },
    live: { added: new Set(), removed: new Set(), sports: new Set() },
  };

  get empty(): boolean {
    return this.games.size === 0 && this.sections.line.sports.size === 0 && this.sections.live.sports.size === 0;
  }

  /** A game changed in a way no delta tells (flags, a re-sent game's start): its list row only. */
  touch(gameId: number): void {
    this.touched.add(gameId);
  }

  private game(gameId: number, at: number, { touch = true } = {}): GameDelta {
    if (touch) this.touched.add(gameId);
    let delta = this.games.get(gameId);
    if (!delta) {
      delta = { gameId, at };
      this.games.set(gameId, delta);
    }
    delta.at = Math.max(delta.at, at);
    return delta;
  }

  /** The game moved from one status to another: its flags, and the sections it left and entered. */
  status(gameId: number, sportId: number, from: number | null, to: number, at: number): void {
    const delta = this.game(gameId, at);
    delta.status = to;
    delta.isLive = isGameInPlay(to);
    delta.isFinished = isGameOver(to);
    const before = from === null ? null : sectionOfStatus(from);
    const after = sectionOfStatus(to);
    if (before === after) return;
    if (before) this.move(before, sportId, (s) => (s.added.has(gameId) ? s.added.delete(gameId) : s.removed.add(gameId)));
    if (after) this.move(after, sportId, (s) => (s.removed.has(gameId) ? s.removed.delete(gameId) : s.added.add(gameId)));
  }

  private move(section: LineSection, sportId: number, change: (moves: SectionMoves) => unknown) {
    const moves = this.sections[section];
    change(moves);
    moves.sports.add(sportId);
  }

  live(gameId: number, state: FeedLiveState, at: number): void {
    this.game(gameId, at).live = liveStateView(state, at);
  }

  suspended(gameId: number, suspended: boolean, at: number): void {
    this.game(gameId, at).suspended = suspended;
  }

  /** Whole markets: each carries every outcome, so a later change of a market replaces the earlier one. */
  odds(gameId: number, markets: readonly FeedMarketOdds[], at: number): void {
    if (markets.length === 0) return;
    const delta = this.game(gameId, at, { touch: false });
    const byKey = new Map((delta.markets ?? []).map((m) => [m.key, m]));
    for (const market of markets) byKey.set(market.key, { key: market.key, blocked: market.blocked, outcomes: market.outcomes.map((o) => ({ ...o })) });
    delta.markets = [...byKey.values()];
    // Most price changes are of markets no list shows: their list row stays as it is.
    for (const market of markets) {
      if (!isListMarketKey(market.key)) continue;
      let listed = this.listPrices.get(gameId);
      if (!listed) this.listPrices.set(gameId, (listed = new Map()));
      listed.set(market.key, market);
    }
  }

  /**
   * The end: the result, every outcome's settlement, the scoreboard as it stands (clock
   * stopped). Every market is closed too; the flag `isFinished` says so without listing them.
   */
  result(
    gameId: number,
    result: NonNullable<GameDelta['result']>,
    settlements: readonly { key: string; status: number }[],
    live: LineLiveState | null,
    at: number,
  ): void {
    const delta = this.game(gameId, at);
    delta.result = result;
    delta.settlements = Object.fromEntries(settlements.map((s) => [s.key, s.status]));
    delta.suspended = false;
    delta.live = live;
  }

  /** Publishes everything gathered (after the commit). Section counts are read now. */
  async publish(live: LiveApi, db: Kysely<Database>, now: number, logger: FastifyBaseLogger): Promise<void> {
    const jobs: Promise<unknown>[] = [];
    for (const delta of this.games.values()) jobs.push(live.publish(gameTopic(delta.gameId), delta));
    for (const section of ['line', 'live'] as const) {
      const moves = this.sections[section];
      if (moves.sports.size === 0) continue;
      jobs.push(
        sectionCounts(db, section, now, [...moves.sports]).then((counts) => {
          const delta: SectionDelta = { added: [...moves.added], removed: [...moves.removed], counts, at: now };
          return live.publish(sectionTopic(section), delta);
        }),
      );
    }
    const failures = (await Promise.allSettled(jobs)).filter((r) => r.status === 'rejected');
    // The database has the change; subscribers that miss a delta catch up at their next snapshot.
    if (failures.length > 0) logger.warn({ err: failures[0]?.reason, failures: failures.length }, 'line deltas not published');
  }
}
