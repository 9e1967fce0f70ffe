/**
 * Shared casino rounds (issue 13, decision 0025): crash-live, TV roulette and keno — one round
 * for every player, provably fair with the seed committed before the round.
 *
 * - Each shared engine registers with the game server (`app.rgs.registerEngine`): its sessions
 *   open, are described (`GET /rgs/v1/session`) and play (`POST /rgs/v1/play`: bets, crash's
 *   cash-out) through the game server's routes; real money goes through the game server's
 *   wallet client, demo money is the session's fun balance.
 * - Live topic family `casino` (`casino:<engine>`, `casino:<engine>:<room>`): a snapshot of the
 *   schedule and the current round's bets, then every round and bet change as a delta.
 * - `GET /web-api/casino/v1/shared/:engine?room=`: the public schedule.
 * - The scheduler ticks on every node that runs jobs (JOBS_POLL_MS > 0) once it listens;
 *   rounds are claimed in the database, so nodes never settle one twice. Rounds nobody bet
 *   on are purged after a week (retention.ts).
 */
import type { FastifyInstance } from 'fastify';
import { casinoLiveTopic, CasinoLiveErrorCode, LIVE_CASINO_FAMILY, SharedScheduleParamsSchema, SharedScheduleQuerySchema, type SharedDelta, type SharedPublicBet, type SharedRound, type SharedSchedule, type SharedSnapshot } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { UnknownTopicError } from '../live/index.ts';
import type { RgsSession } from '../rgs/index.ts';
import { createBets, type BetView, type FunMoney, type PlayAnswer, type SharedSession } from './bets.ts';
import { SHARED_ENGINES, sharedEngine } from './engines.ts';
import { loadSchedule, publicBet, type RoundRow } from './rounds.ts';
import { purgeEmptyRounds, SHARED_PURGE_JOB } from './retention.ts';
import { createScheduler } from './scheduler.ts';
import { sharedWallet } from './wallet.ts';

export interface CasinoLiveApi {
  /** Whether `engine` is a shared one (its play comes here). */
  handles(engine: string): boolean;
  play(session: SharedSession, body: unknown): Promise<PlayAnswer>;
  /** The session's bets, newest first. */
  betsOf(sessionId: string, limit?: number): Promise<BetView[]>;
  /** The engine's rules for the game UI (the session's `rules`). */
  rules(engine: string): unknown;
  schedule(engine: string, room?: string): Promise<SharedSchedule>;
  /** One scheduler pass now (tests, after moving the fake clock). */
  tick(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared casino rounds (modules/casino-live). */
    casinoLive: CasinoLiveApi;
  }
}

export interface CasinoLiveOptions {
  /** The scheduler's period (wall time), default 200 ms. */
  tickMs?: number;
}

const toShared = (s: RgsSession): SharedSession => ({ id: s.id, playerId: s.userId, gameId: s.gameId, engine: s.engine, mode: s.mode, currency: s.currency, minStake: s.minStake, maxStake: s.maxStake });

export async function registerCasinoLive(app: FastifyInstance, options: CasinoLiveOptions = {}): Promise<CasinoLiveApi> {
  const rgs = app.rgs;
  const wallet = rgs ? sharedWallet(rgs.wallet) : null;
  const fun: FunMoney | null = rgs
    ? {
        take: (trx, sessionId, amount) => rgs.sessions.adjustDemoBalance(sessionId, -amount, trx),
        give: async (trx, sessionId, amount) => (await rgs.sessions.adjustDemoBalance(sessionId, amount, trx)) ?? 0n,
        balance: async (sessionId) => (await app.db.selectFrom('rgs_sessions').select('demo_balance').where('id', '=', sessionId).executeTakeFirst())?.demo_balance ?? 0n,
      }
    : null;
  const logger = app.log.child({ module: 'casino-live' });

  const publish = (engine: string, room: string, delta: SharedDelta) => {
    app.live.publish(casinoLiveTopic(engine, room), delta).catch((err: unknown) => logger.warn({ err }, 'shared round delta not published'));
  };
  const onRound = (round: SharedRound) => publish(round.engine, round.room, { kind: 'round', now: new Date(app.clock.now()).toISOString(), round });
  const onBet = (round: RoundRow, bet: SharedPublicBet) => publish(round.engine, round.room, { kind: 'bet', bet });

  const bets = createBets({ db: app.db, clock: app.clock, wallet, fun, logger, onBet });
  const scheduler = createScheduler({ db: app.db, clock: app.clock, bets, logger, onRound, onBet });

  const schedule = async (engine: string, room = ''): Promise<SharedSchedule> => {
    const def = sharedEngine(engine);
    if (!def || !def.rooms.includes(room)) throw new AppError(404, CasinoLiveErrorCode.engineNotFound, 'No such shared game or room');
    return loadSchedule(app.db, engine, room, app.clock.now());
  };

  app.live.registerFamily<{ engine: string; room: string }>({
    name: LIVE_CASINO_FAMILY,
    access: 'public',
    parse: (args) => {
      const [engine, room = ''] = args;
      const def = engine ? sharedEngine(engine) : null;
      return def && args.length <= 2 && def.rooms.includes(room) ? { engine: def.id, room } : null;
    },
    snapshot: async ({ engine, room }): Promise<SharedSnapshot> => {
      const view = await schedule(engine, room).catch(() => {
        throw new UnknownTopicError('no such shared game');
      });
      const current = view.current;
      const rows = current ? await app.db.selectFrom('casino_shared_bets').selectAll().where('round_id', '=', current.id).orderBy('created_at').limit(200).execute() : [];
      return { ...view, bets: rows.map(publicBet) };
    },
  });

  app.get('/web-api/casino/v1/shared/:engine', async (request, reply): Promise<SharedSchedule> => {
    const { engine } = parseRequest(SharedScheduleParamsSchema, request.params, 'params');
    const { room } = parseRequest(SharedScheduleQuerySchema, request.query, 'query');
    reply.header('cache-control', 'no-store');
    return schedule(engine, room ?? '');
  });

  const api: CasinoLiveApi = {
    handles: (engine) => sharedEngine(engine) !== null,
    play: (session, body) => bets.play(session, body),
    betsOf: (sessionId, limit) => bets.betsOf(sessionId, limit),
    rules: (engine) => sharedEngine(engine)?.rules() ?? null,
    schedule,
    tick: () => scheduler.tick(),
  };
  app.decorate('casinoLive', api);

  // The game server plays our engines through its own sessions and routes, and lists the
  // players' real-money bets in their site history.
  if (rgs) {
    rgs.registerHistory(bets.playerHistory);
    for (const engine of Object.values(SHARED_ENGINES)) {
      rgs.registerEngine(engine.id, {
        describe: async (session) => {
          const view = await schedule(engine.id, engine.rooms[0] ?? '');
          const round = view.current;
          const [open] = (await bets.betsOf(session.id, 1)).filter((b) => b.status === 'open');
          return { rules: engine.rules(), fairness: { serverSeedHash: round?.serverSeedHash ?? '', clientSeed: round?.clientSeed ?? '', nonce: 0 }, open: open ?? null };
        },
        play: (session, body) => bets.play(toShared(session), body),
        rounds: (session, query) => bets.betsOf(session.id, query.limit),
      });
    }
  }

  if (app.hasDecorator('jobs')) {
    app.jobs.every(SHARED_PURGE_JOB, 3600_000, async (_payload, { now, logger: log }) => {
      const deleted = await purgeEmptyRounds(app.db, now);
      if (deleted > 0) log.info({ deleted }, 'shared rounds without bets purged');
    });
  }

  app.addHook('onListen', async () => {
    if (app.env.JOBS_POLL_MS > 0) scheduler.start(options.tickMs ?? 200);
  });
  app.addHook('preClose', async () => {
    await scheduler.stop();
  });
  return api;
}

export type { SharedSession, FunMoney, PlayAnswer, BetView } from './bets.ts';
