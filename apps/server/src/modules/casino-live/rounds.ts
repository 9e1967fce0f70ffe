/**
 * Shared rounds in the database: creating them ahead with a fresh secret seed (only its hash
 * is shown until the round is over), and the public views of rounds and bets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { roundNoAt, roundTimes, serverSeedHash, sharedClientSeed } from '@betsite/domain';
import type { SharedPublicBet, SharedRound, SharedSchedule } from '@betsite/contracts';
import type { CasinoSharedBetsTable, CasinoSharedRoundsTable, Database, JsonObject } from '@betsite/db';
import type { SharedEngine } from './engines.ts';

export type RoundRow = Selectable<CasinoSharedRoundsTable>;
export type BetRow = Selectable<CasinoSharedBetsTable>;

/** Crash: the crashed round stays on screen this long before the next opens. */
export { CRASH_PAUSE_MS } from '@betsite/domain';
import { CRASH_PAUSE_MS } from '@betsite/domain';

const HISTORY = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const over = (row: RoundRow) => row.state === 'settled' || row.state === 'void';

export function publicRound(row: RoundRow): SharedRound {
  const chained = row.engine === 'crash-live';
  return {
    id: row.id,
    engine: row.engine,
    room: row.room,
    roundNo: Number(row.round_no),
    state: row.state,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    serverSeed: over(row) ? row.server_seed : null,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    // Crash: when it ends is when it crashes, secret until it has.
    endsAt: chained && !over(row) ? null : iso(row.ends_at),
    params: row.params,
    result: over(row) ? row.result : null,
  };
}

/** A short public tag of the player behind a bet (never their id). */
export const playerTag = (sessionId: string) => createHash('sha256').update(`shared-player:${sessionId}`).digest('hex').slice(0, 6);

export function publicBet(row: BetRow): SharedPublicBet {
  return {
    id: row.id,
    roundId: row.round_id,
    player: playerTag(row.session_id),
    stake: String(row.stake),
    currency: row.currency.trim(),
    mode: row.mode,
    status: row.status,
    cashedOutAt: row.cashed_out_at,
    win: row.win === null ? null : String(row.win),
  };
}

async function insertRound(db: Kysely<Database>, engine: SharedEngine, room: string, roundNo: number, times: { opensAt: number; closesAt: number; endsAt: number | null }, now: number): Promise<RoundRow | undefined> {
  const seed = randomBytes(32).toString('hex');
  const clientSeed = sharedClientSeed(engine.id, room, roundNo);
  // Crash: the run's length follows from the seed (kept secret with it until the crash).
  const endsAt = times.endsAt ?? times.closesAt + Number(engine.draw({ serverSeed: seed, clientSeed, nonce: 0 }, {}).durationMs);
  return db
    .insertInto('casino_shared_rounds')
    .values({
      engine: engine.id,
      room,
      round_no: roundNo,
      server_seed: seed,
      server_seed_hash: serverSeedHash(seed),
      client_seed: clientSeed,
      state: 'open',
      params: JSON.stringify(engine.params(roundNo, room)),
      opens_at: new Date(times.opensAt),
      closes_at: new Date(times.closesAt),
      ends_at: new Date(endsAt),
      created_at: new Date(now),
    })
    .onConflict((oc) => oc.columns(['engine', 'room', 'round_no']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The rounds that must exist at `now`: a scheduled engine's round taking bets and the one
 * after it (so the next seed hash is public a period ahead); crash-live's next round once the last one is over.
 * Every node may run it: a round number is unique, so a second insert does nothing.
 * Answers the rounds this call created.
 */
export async function ensureRounds(db: Kysely<Database>, engine: SharedEngine, room: string, now: number): Promise<RoundRow[]> {
  const created: RoundRow[] = [];
  if (engine.timing.kind === 'scheduled') {
    const schedule = engine.timing.schedule;
    // The round taking bets (during a draw's show, the next one) and the one after it.
    const shown = roundNoAt(schedule, now);
    const n = now < roundTimes(schedule, shown).closesAt ? shown : shown + 1;
    const have = await db.selectFrom('casino_shared_rounds').select('round_no').where('engine', '=', engine.id).where('room', '=', room).where('round_no', 'in', [BigInt(n), BigInt(n + 1)]).execute();
    for (const k of [n, n + 1]) {
      if (have.some((r) => Number(r.round_no) === k)) continue;
      const row = await insertRound(db, engine, room, k, roundTimes(schedule, k), now);
      if (row) created.push(row);
    }
    return created;
  }
  const last = await db.selectFrom('casino_shared_rounds').selectAll().where('engine', '=', engine.id).where('room', '=', room).orderBy('round_no', 'desc').limit(1).executeTakeFirst();
  if (last && !over(last)) return created;
  const opensAt = last ? Math.max(now, last.ends_at.getTime() + CRASH_PAUSE_MS) : now;
  const row = await insertRound(db, engine, room, last ? Number(last.round_no) + 1 : 1, { opensAt, closesAt: opensAt + engine.timing.betMs, endsAt: null }, now);
  if (row) created.push(row);
  return created;
}

/** Current (the earliest round not over), next, and the last results. */
export async function loadSchedule(db: Kysely<Database>, engine: string, room: string, now: number): Promise<SharedSchedule> {
  const live = await db.selectFrom('casino_shared_rounds').selectAll().where('engine', '=', engine).where('room', '=', room).where('state', 'in', ['open', 'running']).orderBy('round_no', 'asc').limit(2).execute();
  const history = await db.selectFrom('casino_shared_rounds').selectAll().where('engine', '=', engine).where('room', '=', room).where('state', 'in', ['settled', 'void']).orderBy('round_no', 'desc').limit(HISTORY).execute();
  return {
    engine,
    room,
    now: new Date(now).toISOString(),
    current: live[0] ? publicRound(live[0]) : null,
    next: live[1] ? publicRound(live[1]) : null,
    history: history.map(publicRound),
  };
}

/** The round a bet goes to: the one named, or the earliest still taking bets. */
export async function bettableRound(db: Kysely<Database>, engine: string, room: string, roundId: string | undefined): Promise<RoundRow | undefined> {
  let query = db.selectFrom('casino_shared_rounds').selectAll().where('engine', '=', engine).where('room', '=', room);
  query = roundId ? query.where('id', '=', roundId) : query.where('state', '=', 'open').orderBy('round_no', 'asc').limit(1);
  return query.executeTakeFirst();
}

export const jsonOf = (value: unknown): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {});

/** Claims up to `limit` rounds due at `now` for `leaseMs` (any node; a dead node's claim lapses). */
export async function claimDueRounds(db: Kysely<Database>, now: number, leaseMs: number, limit = 10): Promise<RoundRow[]> {
  const at = new Date(now);
  const { rows } = await sql<RoundRow>`
    update casino_shared_rounds set lease_until = ${new Date(now + leaseMs)}
    where id in (
      select id from casino_shared_rounds
      where state in ('open', 'running')
        and (case when engine = 'crash-live' then ends_at else closes_at end) <= ${at}
        and (lease_until is null or lease_until < ${at})
      order by closes_at
      limit ${limit}
      for update skip locked)
    returning *`.execute(db);
  return rows;
}
