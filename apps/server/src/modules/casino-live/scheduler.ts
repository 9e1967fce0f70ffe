/**
 * The scheduler of shared rounds: a tick every `tickMs` on every node (wall time; the times
 * it compares are the application clock's). Each tick
 * - creates the rounds that must exist (`ensureRounds`: unique round numbers, so nodes agree);
 * - starts crash runs whose bets closed (open → running, announced);
 * - claims due rounds with `for update skip locked` and a lease, so one node at a time draws
 *   and settles a round and another takes over if it dies mid-way; the draw is a function
 *   of the committed seed, so whichever node settles gets the same result;
 * - pays decided bets whose wallet call did not go through.
 * A crash round settled more than `CRASH_VOID_LATE_MS` after it crashed is void (its stakes
 * given back): the server was not running while it ran, so nobody could cash out (GLI-19).
 * Everything is in the database, so a restart goes on where it stopped.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { sharedSeeds } from '@betsite/domain';
import type { SharedPublicBet, SharedRound } from '@betsite/contracts';
import type { Database, JsonObject } from '@betsite/db';
import type { ServerClock } from '../../lib/clock.ts';
import { storedBet, type SharedBets } from './bets.ts';
import { SHARED_ENGINES, sharedEngine, type SharedEngine } from './engines.ts';
import { claimDueRounds, ensureRounds, jsonOf, publicBet, publicRound, type RoundRow } from './rounds.ts';

export const CRASH_VOID_LATE_MS = 10_000;
const LEASE_MS = 30_000;
/** The longest the loop goes without asking the database (wall time). */
const IDLE_TICK_MS = 2_000;

export interface SchedulerDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  bets: SharedBets;
  logger: FastifyBaseLogger;
  onRound(round: SharedRound): void;
  onBet(round: RoundRow, bet: SharedPublicBet): void;
}

export function createScheduler({ db, clock, bets, logger, onRound, onBet }: SchedulerDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function startRuns(now: number): Promise<void> {
    const started = await db
      .updateTable('casino_shared_rounds')
      .set({ state: 'running' })
      .where('engine', '=', 'crash-live')
      .where('state', '=', 'open')
      .where('closes_at', '<=', new Date(now))
      .where('ends_at', '>', new Date(now))
      .returningAll()
      .execute();
    for (const row of started) onRound(publicRound(row));
  }

  /**
   * The round's result: the draw, completed with every bet's share where the game pools them,
   * stored with the round before any bet is decided, so a settlement resumed after a crash
   * decides the rest of the bets on the very same result.
   */
  async function resultOf(round: RoundRow, engine: SharedEngine): Promise<JsonObject> {
    if (round.result !== null && typeof round.result === 'object' && !Array.isArray(round.result)) return round.result as JsonObject;
    const params = jsonOf(round.params);
    let result = engine.draw(sharedSeeds(round.server_seed, round.engine, round.room, Number(round.round_no)), params);
    if (engine.complete) {
      const rows = await db.selectFrom('casino_shared_bets').selectAll().where('round_id', '=', round.id).where('status', '<>', 'void').orderBy('created_at').orderBy('id').execute();
      result = engine.complete(result, rows.map(storedBet), params);
    }
    await db.updateTable('casino_shared_rounds').set({ result: JSON.stringify(result) }).where('id', '=', round.id).where('result', 'is', null).execute();
    return result;
  }

  async function settle(round: RoundRow, now: number): Promise<void> {
    const engine = sharedEngine(round.engine);
    if (!engine) return;
    // Decided once: a result already stored (a settlement resumed) is never voided after all.
    const late = round.result === null && engine.timing.kind === 'chained' && now - round.ends_at.getTime() > CRASH_VOID_LATE_MS;
    const result = late ? null : await resultOf(round, engine);
    const decided = await bets.decideRound(round, engine, result);
    const done = await db
      .updateTable('casino_shared_rounds')
      .set({ state: late ? 'void' : 'settled', result: result ? JSON.stringify(result) : null, settled_at: new Date(now), lease_until: null })
      .where('id', '=', round.id)
      .where('state', 'in', ['open', 'running'])
      .returningAll()
      .executeTakeFirst();
    if (late) logger.warn({ round: round.id, engine: round.engine }, 'shared round settled too late to have been played: void, stakes returned');
    if (done) onRound(publicRound(done));
    for (const bet of decided) onBet(done ?? round, publicBet(bet));
    for (const bet of decided) if (bet.mode === 'real') await bets.pay(bet);
  }

  /** The earliest time a live round changes (bets close, a crash run ends); +∞ when none is live. */
  async function nextRoundTime(): Promise<number> {
    const row = await db
      .selectFrom('casino_shared_rounds')
      .select(sql<Date | null>`min(case when state = 'open' then closes_at else ends_at end)`.as('at'))
      .where('state', 'in', ['open', 'running'])
      .executeTakeFirst();
    return row?.at ? new Date(row.at).getTime() : Number.POSITIVE_INFINITY;
  }

  async function tick(): Promise<void> {
    const now = clock.now();
    await startRuns(now);
    for (const engine of Object.values(SHARED_ENGINES)) {
      for (const room of engine.rooms) for (const row of await ensureRounds(db, engine, room, now)) onRound(publicRound(row));
    }
    for (;;) {
      const due = await claimDueRounds(db, clock.now(), LEASE_MS);
      for (const round of due) await settle(round, clock.now());
      // A crash round just settled makes the next one: create it now, not a tick later.
      if (due.some((r) => r.engine === 'crash-live')) for (const row of await ensureRounds(db, SHARED_ENGINES['crash-live']!, '', clock.now())) onRound(publicRound(row));
      if (due.length < 10) break;
    }
    await bets.payPending();
  }

  /** One tick after another (a direct call waits for the running one); rejects with the tick's error. */
  function runTick(): Promise<void> {
    const next = running.then(tick, tick);
    running = next.catch((err: unknown) => {
      logger.error({ err }, 'shared rounds tick failed');
    });
    return next;
  }

  return {
    tick: runTick,
    start(tickMs: number) {
      if (timer || tickMs <= 0) return;
      stopped = false;
      // Between the rounds' own times nothing is due: the loop looks every `tickMs` but asks
      // the database only at the next round time, or after IDLE_TICK_MS of wall time (another
      // node's rounds, a payment to retry) — not dozens of queries a second for nothing.
      let nextAt = Number.NEGATIVE_INFINITY;
      let lastTick = 0;
      const loop = () => {
        timer = setTimeout(() => {
          if (clock.now() < nextAt && Date.now() - lastTick < IDLE_TICK_MS) {
            if (!stopped) loop();
            return;
          }
          lastTick = Date.now();
          void runTick()
            .then(() => nextRoundTime())
            .then((at) => {
              nextAt = at;
            })
            .catch(() => {
              nextAt = Number.NEGATIVE_INFINITY;
            })
            .finally(() => {
              if (!stopped) loop();
            });
        }, tickMs);
        timer.unref();
      };
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type SharedScheduler = ReturnType<typeof createScheduler>;
