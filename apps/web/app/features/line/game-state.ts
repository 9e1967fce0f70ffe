/**
 * The pure side of following a game (`game:{id}` topic, contracts `GameDelta`): applying a
 * delta to a game, taking a snapshot in, and telling which prices went up or down.
 *
 * Deltas set state (new values, never increments), so applying one the game already
 * reflects changes nothing. A list row follows only the markets it shows (`card` mode): the
 * snapshot of the topic is the whole game, and keeping hundreds of markets per row would
 * cost memory and renders for nothing.
 */
import type { GameCard, GameDelta, GameDetail, LineMarket } from '@betsite/contracts';

export type Direction = 'up' | 'down';

/** How long a changed price shows its direction (UI.md: "about 2 s"). */
export const DIRECTION_MS = 2_000;

function applyMarkets(markets: readonly LineMarket[], changes: NonNullable<GameDelta['markets']>): LineMarket[] {
  if (changes.length === 0) return markets as LineMarket[];
  const byKey = new Map(changes.map((change) => [change.key, change]));
  return markets.map((market) => {
    const change = byKey.get(market.key);
    if (!change) return market;
    const outcomes = new Map(change.outcomes.map((o) => [o.key, o]));
    return {
      ...market,
      blocked: change.blocked,
      outcomes: market.outcomes.map((outcome) => {
        const next = outcomes.get(outcome.key);
        return next ? { ...outcome, coef: next.coef, blocked: next.blocked } : outcome;
      }),
    };
  });
}

function applySettlements(markets: readonly LineMarket[], settlements: Readonly<Record<string, number>>): LineMarket[] {
  return markets.map((market) =>
    market.outcomes.some((o) => Object.hasOwn(settlements, o.key))
      ? {
          ...market,
          outcomes: market.outcomes.map((o) => (Object.hasOwn(settlements, o.key) ? { ...o, status: settlements[o.key] as number } : o)),
        }
      : market,
  );
}

/** The game after a delta (a new object; the old one is left alone). */
export function applyGameDelta<G extends GameCard>(game: G, delta: GameDelta): G {
  if (delta.gameId !== game.id) return game;
  const next: G = { ...game };
  if (delta.status !== undefined) next.status = delta.status;
  if (delta.isLive !== undefined) next.isLive = delta.isLive;
  if (delta.isFinished !== undefined) next.isFinished = delta.isFinished;
  if (delta.live !== undefined) next.live = delta.live;
  if (delta.suspended !== undefined) next.suspended = delta.suspended;
  if (delta.markets) next.markets = applyMarkets(next.markets, delta.markets);
  if (delta.settlements) next.markets = applySettlements(next.markets, delta.settlements);
  if (delta.result !== undefined && 'result' in game) (next as unknown as GameDetail).result = delta.result;
  return next;
}

/**
 * The topic's snapshot taken in. `card` keeps the markets the card had (their new prices),
 * so a row does not grow into the game page; `full` takes everything.
 */
export function mergeSnapshot<G extends GameCard>(game: G, snapshot: GameDetail, mode: 'card' | 'full'): G {
  if (snapshot.id !== game.id) return game;
  if (mode === 'full') return { ...game, ...snapshot };
  const fresh = new Map(snapshot.markets.map((m) => [m.key, m]));
  const { markets: _all, result: _result, format: _format, ...card } = snapshot;
  return { ...game, ...card, markets: game.markets.map((m) => fresh.get(m.key) ?? m) };
}

/** Outcomes whose price moved between two versions of a game, with the way it moved. */
export function priceMoves(before: GameCard, after: GameCard): Map<string, Direction> {
  const moves = new Map<string, Direction>();
  if (before === after) return moves;
  const old = new Map<string, number>();
  for (const market of before.markets) for (const outcome of market.outcomes) old.set(outcome.key, outcome.coef);
  for (const market of after.markets) {
    for (const outcome of market.outcomes) {
      const was = old.get(outcome.key);
      if (was === undefined || was === outcome.coef) continue;
      moves.set(outcome.key, outcome.coef > was ? 'up' : 'down');
    }
  }
  return moves;
}

/** Directions still showing: each until `DIRECTION_MS` after its change. */
export interface DirectionMarks {
  readonly byKey: ReadonlyMap<string, { direction: Direction; until: number }>;
}

export const NO_MARKS: DirectionMarks = { byKey: new Map() };

/** Adds the moves of one change (a later move of the same outcome replaces the earlier). */
export function markMoves(marks: DirectionMarks, moves: ReadonlyMap<string, Direction>, now: number): DirectionMarks {
  if (moves.size === 0) return marks;
  const byKey = new Map(marks.byKey);
  for (const [key, direction] of moves) byKey.set(key, { direction, until: now + DIRECTION_MS });
  return { byKey };
}

/** Drops the marks that have run out; the same object when nothing ran out. */
export function expireMarks(marks: DirectionMarks, now: number): DirectionMarks {
  let expired = false;
  for (const mark of marks.byKey.values()) if (mark.until <= now) expired = true;
  if (!expired) return marks;
  return { byKey: new Map([...marks.byKey].filter(([, mark]) => mark.until > now)) };
}

/** When the next mark runs out (null when none shows). */
export function nextExpiry(marks: DirectionMarks): number | null {
  let next: number | null = null;
  for (const mark of marks.byKey.values()) next = next === null ? mark.until : Math.min(next, mark.until);
  return next;
}

export function directionOf(marks: DirectionMarks, outcomeKey: string): Direction | null {
  return marks.byKey.get(outcomeKey)?.direction ?? null;
}

/** The running game clock in seconds (clock.seconds at clock.at, running at `rate`). */
export function clockSeconds(clock: { seconds: number; running: boolean; rate: number; at: number }, now: number): number {
  if (!clock.running) return clock.seconds;
  return Math.max(clock.seconds, Math.floor(clock.seconds + (Math.max(0, now - clock.at) / 1000) * clock.rate));
}

/** mm:ss (minutes may pass 59: 93:05). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
