/**
 * The operator's changes to games (`/ops-api/v1/games…`): make a game of our own, set
 * prices, suspend and resume, post a score, finish with a result. Each is one transaction
 * through the writer, so the browsers following the game hear of it once it is committed.
 *
 * Operators may change a feed's game too (a price, a suspension); the feed's next event
 * for it has the last word.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import { BET_STATUS, GAME_STATUS, isGameOver, isSportId, outcomeFromKey, settleOutcome, sportInfo, type Clock, type GameResult, type Score } from '@betsite/domain';
import { LineErrorCode, type GameDetail, type OpsCreateGameSchema, type OpsFinishSchema, type OpsGameFlagsSchema, type OpsScoreSchema, type OpsSetOddsSchema, type OpsSuspendSchema } from '@betsite/contracts';
import { openingMarkets, type FeedGame, type FeedLiveState } from '@betsite/feed';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { gameDetail } from './queries.ts';
import { resultView } from './rows.ts';
import {
  applyLive,
  applyResult,
  finalLive,
  lockGame,
  marketKeyOf,
  marketsOdds,
  outcomeKeys,
  setMarketsBlocked,
  setOutcomes,
  setSuspended,
  upsertCatalogue,
  upsertGame,
  type GameHead,
} from './store.ts';
import type { LineWriter } from './writer.ts';

/** The provider name of games made by operators. */
export const OPS_PROVIDER = 'ops';

const OPS_WORLD = { id: 'world', name: 'World', code: 'WORLD' };

export interface LineServiceDeps {
  db: Kysely<Database>;
  writer: LineWriter;
  clock: Clock;
  /** Margin of an operator's game's opening prices. */
  margin: number;
}

const gameNotFound = (id: number) => new AppError(404, LineErrorCode.gameNotFound, `No game ${id}`);

export function createLineService({ db, writer, clock, margin }: LineServiceDeps) {
  /** Locks a game that can still change: 404 unknown, 409 finished. */
  async function openGame(trx: Transaction<Database>, gameId: number): Promise<GameHead> {
    const head = await lockGame(trx, gameId);
    if (!head) throw gameNotFound(gameId);
    if (isGameOver(head.status)) throw new AppError(409, LineErrorCode.gameFinished, `Game ${gameId} is over`);
    return head;
  }

  async function detail(gameId: number): Promise<GameDetail> {
    const game = await gameDetail(db, gameId);
    if (!game) throw gameNotFound(gameId);
    return game;
  }

  return {
    async createGame(input: z.output<typeof OpsCreateGameSchema>): Promise<GameDetail> {
      if (!isSportId(input.sportId)) throw new AppError(404, LineErrorCode.sportNotFound, `No sport ${input.sportId}`);
      const sport = sportInfo(input.sportId);
      // Teams are one per name (any case) in a sport: a game needs two of them.
      if (input.home.toLowerCase() === input.away.toLowerCase()) {
        throw new AppError(400, 'invalid_request', 'Invalid request body', [{ path: 'body.away', message: 'The home and away teams must differ' }]);
      }
      const now = clock.now();
      const id = await writer.run(async (trx, changes) => {
        let champProviderId: string;
        let champId: number;
        if (input.champId !== undefined) {
          const champ = await trx.selectFrom('champs').select(['id', 'sport_id', 'provider', 'provider_id']).where('id', '=', input.champId).executeTakeFirst();
          if (!champ || champ.sport_id !== sport.id) throw new AppError(404, LineErrorCode.champNotFound, `No champ ${input.champId} in ${sport.name}`);
          champProviderId = `${champ.provider}:${champ.provider_id}`;
          champId = champ.id;
        } else {
          champProviderId = `${sport.id}:${(input.champName ?? '').toLowerCase()}`;
          champId = -1;
        }
        const teamId = (name: string) => `${sport.id}:${name.toLowerCase()}`;
        const ids = await upsertCatalogue(trx, OPS_PROVIDER, {
          sports: [],
          countries: [OPS_WORLD],
          champs: input.champId === undefined ? [{ id: champProviderId, sportId: sport.id, countryId: OPS_WORLD.id, name: input.champName ?? '', order: 100 }] : [],
          teams: [
            { id: teamId(input.home), sportId: sport.id, countryId: OPS_WORLD.id, name: input.home },
            { id: teamId(input.away), sportId: sport.id, countryId: OPS_WORLD.id, name: input.away },
          ],
        });
        if (champId < 0) champId = ids.champs.get(champProviderId) ?? -1;
        const game: FeedGame = {
          id: randomUUID(),
          sportId: sport.id,
          champId: champProviderId,
          homeTeamId: teamId(input.home),
          awayTeamId: teamId(input.away),
          home: input.home,
          away: input.away,
          startsAt: input.startsAt ?? (input.live ? now : now + 3_600_000),
          format: { ...sport.defaultFormat },
        };
        const live: FeedLiveState | null = input.live
          ? { status: GAME_STATUS.live, period: 1, clock: { seconds: 0, running: true, rate: 1 }, score: { home: 0, away: 0 }, periods: [{ home: 0, away: 0 }] }
          : null;
        const { id: gameId } = await upsertGame(
          trx,
          OPS_PROVIDER,
          game,
          openingMarkets(game, { margin }),
          { champId, homeTeamId: ids.teams.get(game.homeTeamId) ?? -1, awayTeamId: ids.teams.get(game.awayTeamId) ?? -1 },
          { live, liveAt: now, isTop: input.isTop, liveInLive: input.liveInLive },
        );
        // A game made to start in the past and not live is in neither section: nothing to announce.
        if (live || game.startsAt > now) changes.status(gameId, sport.id, null, live ? GAME_STATUS.live : GAME_STATUS.notStarted, now);
        changes.touch(gameId);
        // The teams' and champ's names as given now (another case) show on their other games' rows too.
        const others = await trx
          .selectFrom('games')
          .select('id')
          .where((eb) => eb.or([eb('champ_id', '=', champId), eb('home_team_id', 'in', [...ids.teams.values()]), eb('away_team_id', 'in', [...ids.teams.values()])]))
          .where('status', 'in', [GAME_STATUS.notStarted, GAME_STATUS.live, GAME_STATUS.break])
          .execute();
        for (const other of others) changes.touch(other.id);
        return gameId;
      });
      return detail(id);
    },

    /** A top game leads the home page and filter 6; live-in-live marks a game followed in play within play. */
    async setFlags(gameId: number, input: z.output<typeof OpsGameFlagsSchema>): Promise<GameDetail> {
      await writer.run(async (trx, changes) => {
        await openGame(trx, gameId);
        changes.touch(gameId);
        await trx
          .updateTable('games')
          .set({
            ...(input.isTop === undefined ? {} : { is_top: input.isTop }),
            ...(input.liveInLive === undefined ? {} : { live_in_live: input.liveInLive }),
            updated_at: new Date(),
          })
          .where('id', '=', gameId)
          .execute();
      });
      return detail(gameId);
    },

    async setOdds(gameId: number, input: z.output<typeof OpsSetOddsSchema>): Promise<GameDetail> {
      await writer.run(async (trx, changes) => {
        await openGame(trx, gameId);
        // An outcome named twice: the last entry wins, as it would one request later.
        const outcomes = [...new Map(input.outcomes.map((o) => [o.key, o])).values()];
        const found = new Set(await setOutcomes(trx, gameId, outcomes));
        const missing = outcomes.find((o) => !found.has(o.key));
        if (missing) throw new AppError(422, LineErrorCode.outcomeNotFound, `Game ${gameId} has no outcome ${missing.key}`);
        const markets = [...new Set(outcomes.map((o) => marketKeyOf(o.key)))];
        changes.odds(gameId, await marketsOdds(trx, gameId, markets), clock.now());
      });
      return detail(gameId);
    },

    /** Suspends (or resumes) the given markets, or the whole game. */
    async suspend(gameId: number, input: z.output<typeof OpsSuspendSchema>, suspended: boolean): Promise<GameDetail> {
      await writer.run(async (trx, changes) => {
        await openGame(trx, gameId);
        if (!input.markets) {
          await setSuspended(trx, gameId, suspended);
          changes.suspended(gameId, suspended, clock.now());
          return;
        }
        const found = new Set(await setMarketsBlocked(trx, gameId, input.markets, suspended));
        const missing = input.markets.find((key) => !found.has(key));
        if (missing) throw new AppError(422, LineErrorCode.marketNotFound, `Game ${gameId} has no market ${missing}`);
        changes.odds(gameId, await marketsOdds(trx, gameId, input.markets), clock.now());
      });
      return detail(gameId);
    },

    async score(gameId: number, input: z.output<typeof OpsScoreSchema>): Promise<GameDetail> {
      await writer.run(async (trx, changes) => {
        const head = await openGame(trx, gameId);
        const now = clock.now();
        const status = input.status ?? GAME_STATUS.live;
        const period = input.period ?? Math.max(1, head.period);
        const state: FeedLiveState = {
          status,
          period,
          clock: { seconds: input.clockSeconds ?? (period === head.period ? head.clockSeconds : 0), running: status === GAME_STATUS.live, rate: 1 },
          score: input.score,
          periods: input.periods ?? periodsFor(head.periods, period, input.score),
        };
        await applyLive(trx, gameId, state, now);
        if (head.status !== status) changes.status(gameId, head.sportId, head.status, status, now);
        changes.live(gameId, state, now);
      });
      return detail(gameId);
    },

    async finish(gameId: number, input: z.output<typeof OpsFinishSchema>): Promise<{ game: GameDetail; settlements: Record<string, number> }> {
      const settlements = await writer.run(async (trx, changes) => {
        const head = await openGame(trx, gameId);
        const now = clock.now();
        const result: GameResult = input.cancelled
          ? { phase: 'cancelled', score: input.score, periods: input.periods, completedPeriods: input.periods.length }
          : { phase: 'finished', score: input.score, periods: input.periods, completedPeriods: input.periods.length };
        const settled = (await outcomeKeys(trx, gameId)).map((key) => {
          const outcome = outcomeFromKey(key);
          // A key the domain cannot read (never made by our catalogue) is returned, not guessed.
          return { key, status: outcome ? settleOutcome(outcome, result, head.format) : BET_STATUS.return };
        });
        await applyResult(trx, gameId, result, settled, now);
        changes.status(gameId, head.sportId, head.status, input.cancelled ? GAME_STATUS.cancelled : GAME_STATUS.finished, now);
        changes.result(gameId, resultView(result, now), settled, await finalLive(trx, gameId), now);
        return Object.fromEntries(settled.map((s) => [s.key, s.status]));
      });
      return { game: await detail(gameId), settlements };
    },
  };
}

export type LineService = ReturnType<typeof createLineService>;

/**
 * The periods after a new score when the operator gave only the total: the periods before
 * the current one stay, the current one takes the rest (never below zero).
 */
export function periodsFor(previous: readonly Score[], period: number, score: Score): Score[] {
  const before = Array.from({ length: period - 1 }, (_, i) => previous[i] ?? { home: 0, away: 0 });
  const sum = before.reduce((acc, s) => ({ home: acc.home + s.home, away: acc.away + s.away }), { home: 0, away: 0 });
  return [...before, { home: Math.max(0, score.home - sum.home), away: Math.max(0, score.away - sum.away) }];
}
