/**
 * What the server knows now of the bets of a coupon: each outcome's current price, whether
 * it can be played (outcome, market and game not blocked or suspended, the game not over),
 * whether it is live, and the game's score. The server is the authority on all of it: the
 * coef a slip sends is only what the player saw.
 */
import type { Kysely } from 'kysely';
import { isGameInPlay, isGameOver, type CouponSelection } from '@betsite/domain';
import type { Database } from '@betsite/db';

export interface BetRef {
  gameId: number;
  outcomeKey: string;
}

export interface BetState extends BetRef {
  /** Thousandths. */
  coef: number;
  /** Outcome, market or game blocked or suspended. */
  blocked: boolean;
  live: boolean;
  finished: boolean;
  /** The market group (SPEC market.kind). */
  marketKind: number;
  /** An Asian quarter line (x.25 / x.75). */
  quarterLine: boolean;
  scoreHome: number;
  scoreAway: number;
  /** SPEC game status (the coupon shows the score once it is above 1). */
  gameStatus: number;
  /** Names for the coupon the placement answers. */
  home: string | null;
  away: string | null;
  outcomeName: string;
}

export const betKey = (bet: BetRef): string => `${bet.gameId}/${bet.outcomeKey}`;

/** The state of each bet that exists, by `betKey`; unknown bets are absent. */
export async function loadBets(db: Kysely<Database>, bets: readonly BetRef[]): Promise<Map<string, BetState>> {
  if (bets.length === 0) return new Map();
  const rows = await db
    .selectFrom('outcomes as o')
    .innerJoin('markets as m', (join) => join.onRef('m.game_id', '=', 'o.game_id').onRef('m.key', '=', 'o.market_key'))
    .innerJoin('games as g', 'g.id', 'o.game_id')
    .leftJoin('teams as h', 'h.id', 'g.home_team_id')
    .leftJoin('teams as a', 'a.id', 'g.away_team_id')
    .select([
      'h.name as home',
      'a.name as away',
      'o.name as outcome_name',
      'o.game_id',
      'o.key',
      'o.price',
      'o.blocked as outcome_blocked',
      'o.line',
      'm.blocked as market_blocked',
      'm.group_id',
      'g.status',
      'g.suspended',
      'g.live_in_live',
      'g.score_home',
      'g.score_away',
    ])
    .where((eb) => eb.or(bets.map((b) => eb.and([eb('o.game_id', '=', b.gameId), eb('o.key', '=', b.outcomeKey)]))))
    .execute();
  return new Map(
    rows.map((r) => {
      const state: BetState = {
        gameId: r.game_id,
        outcomeKey: r.key,
        coef: r.price,
        blocked: r.outcome_blocked || r.market_blocked || r.suspended,
        live: isGameInPlay(r.status) || r.live_in_live,
        finished: isGameOver(r.status),
        marketKind: r.group_id,
        quarterLine: r.line !== null && Math.abs((Math.abs(r.line) % 0.5) - 0.25) < 1e-9,
        scoreHome: r.score_home,
        scoreAway: r.score_away,
        gameStatus: r.status,
        home: r.home,
        away: r.away,
        outcomeName: r.outcome_name,
      };
      return [betKey(state), state];
    }),
  );
}

/** A coupon selection for the domain's maths, from a bet's state (its current coef unless `coef` is given). */
export function toSelection(state: BetState, extra: { coef?: number; blockId?: number | undefined } = {}): CouponSelection {
  return {
    id: betKey(state),
    gameId: state.gameId,
    coef: extra.coef ?? state.coef,
    marketKind: state.marketKind,
    isLive: state.live,
    isQuarterLine: state.quarterLine,
    ...(extra.blockId === undefined ? {} : { blockId: extra.blockId }),
  };
}
