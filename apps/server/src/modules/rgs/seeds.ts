/**
 * Provably fair seeds of the game server (decision 0021/0023): one live seed per player and
 * game (real money) or per demo session. A round takes the next nonce of its owner's live
 * seed in the transaction that inserts the round, so a rotation (which locks the seed and
 * refuses while a round on it is open) can never reveal a seed a round is still playing on.
 * A seed's client seed never changes once a round used it: a new client seed on a used seed
 * rotates it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import { AppError } from '../../lib/errors.ts';
import { RgsErrorCode as Code, type RgsFairness, type RotateAnswer } from '@betsite/contracts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose seed: a player's for a game (real money), or a demo session's. */
export type SeedOwner = { userId: string; gameId: string } | { sessionId: string; gameId: string };

export interface LiveSeed {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

const newServerSeed = () => randomBytes(32).toString('hex');
export const newClientSeed = () => randomBytes(8).toString('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The live (unrevealed) seed of `owner`, as a condition. */
function liveOf(owner: SeedOwner) {
  return 'userId' in owner
    ? sql<SqlBool>`user_id = ${owner.userId} and game_id = ${owner.gameId} and revealed_at is null`
    : sql<SqlBool>`session_id = ${owner.sessionId} and revealed_at is null`;
}

export function createSeeds(db: Kysely<Database>, now: () => Date) {
  async function insertSeed(executor: Db, owner: SeedOwner, clientSeed: string): Promise<void> {
    const serverSeed = newServerSeed();
    const values = {
      user_id: 'userId' in owner ? owner.userId : null,
      session_id: 'sessionId' in owner ? owner.sessionId : null,
      game_id: owner.gameId,
      server_seed: serverSeed,
      server_seed_hash: sha256(serverSeed),
      client_seed: clientSeed,
      created_at: now(),
    };
    // Two sessions opening at once: the partial unique index keeps one live seed, the other insert does nothing.
    await sql`insert into rgs_seeds (user_id, session_id, game_id, server_seed, server_seed_hash, client_seed, created_at)
      values (${values.user_id}, ${values.session_id}, ${values.game_id}, ${values.server_seed}, ${values.server_seed_hash}, ${values.client_seed}, ${values.created_at})
      on conflict do nothing`.execute(executor);
  }

  async function live(executor: Db, owner: SeedOwner, forUpdate = false): Promise<LiveSeed | undefined> {
    let q = executor.selectFrom('rgs_seeds').select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce']).where(liveOf(owner));
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async function ensure(executor: Db, owner: SeedOwner): Promise<LiveSeed> {
    const found = await live(executor, owner);
    if (found) return found;
    await insertSeed(executor, owner, newClientSeed());
    const made = await live(executor, owner);
    if (!made) throw new Error('no live seed after insert');
    return made;
  }

  const fairness = (seed: LiveSeed): RgsFairness => ({ serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.next_nonce });

  /** Reveals the live seed (none of its rounds may be open) and starts the next one with `clientSeed`. */
  async function rotateIn(trx: Transaction<Database>, owner: SeedOwner, clientSeed: string | null): Promise<RotateAnswer> {
    const seed = (await live(trx, owner, true)) ?? (await ensure(trx, owner));
    const open = await trx.selectFrom('rgs_rounds').select('id').where('seed_id', '=', seed.id).where('status', '=', 'open').executeTakeFirst();
    if (open) throw new AppError(409, Code.roundInProgress, 'Finish the round in progress before changing seeds');
    await trx.updateTable('rgs_seeds').set({ revealed_at: now() }).where('id', '=', seed.id).execute();
    await insertSeed(trx, owner, clientSeed ?? seed.client_seed);
    const next = await live(trx, owner);
    if (!next) throw new Error('no live seed after rotation');
    return {
      revealed: { serverSeed: seed.server_seed, serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, lastNonce: seed.next_nonce - 1 },
      next: fairness(next),
    };
  }

  return {
    ensure: (owner: SeedOwner) => ensure(db, owner),
    fairness,

    /** The seed and nonce of a new round (inside the round's insert transaction). */
    async take(trx: Transaction<Database>, owner: SeedOwner): Promise<LiveSeed & { nonce: number }> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const row = await trx
          .updateTable('rgs_seeds')
          .set({ next_nonce: sql<number>`next_nonce + 1` })
          .where(liveOf(owner))
          .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'])
          .executeTakeFirst();
        if (row) return { ...row, nonce: row.next_nonce - 1 };
        await insertSeed(trx, owner, newClientSeed());
      }
      throw new Error('could not take a nonce');
    },

    rotate: (owner: SeedOwner) => db.transaction().execute((trx) => rotateIn(trx, owner, null)),

    /** A new client seed: set in place on a seed no round used yet, else the seed is rotated with it. */
    setClientSeed: (owner: SeedOwner, clientSeed: string) =>
      db.transaction().execute(async (trx): Promise<RgsFairness> => {
        const seed = (await live(trx, owner, true)) ?? (await ensure(trx, owner));
        if (seed.next_nonce === 0) {
          await trx.updateTable('rgs_seeds').set({ client_seed: clientSeed }).where('id', '=', seed.id).execute();
          return fairness({ ...seed, client_seed: clientSeed });
        }
        return (await rotateIn(trx, owner, clientSeed)).next;
      }),
  };
}

export type Seeds = ReturnType<typeof createSeeds>;
