/**
 * Game sessions: opened once with a launch token (redeemed through the signed wallet contract),
 * then known by a bearer id the game's app sends as `x-rgs-session`. Only the SHA-256 of the
 * bearer is stored. A session lives while it is used: each call pushes its end to
 * SESSION_IDLE_MS ahead (written at most once a minute).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RGS_API, RGS_DEMO_BALANCE, RgsErrorCode as Code, type CreatedRgsSession } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { DEFAULT_MAX_STAKE, DEFAULT_MIN_STAKE, isEngine } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import type { Seeds } from './seeds.ts';
import type { WalletClient } from './wallet-client.ts';

export const SESSION_IDLE_MS = 4 * 60 * 60_000;
const TOUCH_EVERY_MS = 60_000;

export interface RgsSession {
  id: string;
  userId: string | null;
  gameId: string;
  engine: string;
  currency: string;
  mode: 'real' | 'demo';
  language: string;
  minStake: bigint;
  maxStake: bigint;
  /** Demo: the fun balance when the session was read. */
  demoBalance: bigint | null;
}

const hashOf = (bearer: string) => createHash('sha256').update(bearer).digest('hex');
const invalid = () => new AppError(401, Code.sessionInvalid, 'The game session is unknown or has expired');

export function createSessions({ db, wallet, seeds, now, knownEngine }: { db: Kysely<Database>; wallet: WalletClient; seeds: Seeds; now: () => Date; knownEngine: (engine: string) => boolean }) {
  /** The game's engine and stakes: its catalogue row; a game id that is an engine id and has no row plays with the engine's defaults. */
  async function gameOf(gameId: string): Promise<{ engine: string; minStake: bigint; maxStake: bigint } | null> {
    const row = await db.selectFrom('casino_games').select(['engine', 'min_stake', 'max_stake', 'enabled']).where('id', '=', gameId).executeTakeFirst();
    if (row) return row.enabled && knownEngine(row.engine) ? { engine: row.engine, minStake: row.min_stake, maxStake: row.max_stake } : null;
    return knownEngine(gameId) ? { engine: gameId, minStake: DEFAULT_MIN_STAKE, maxStake: DEFAULT_MAX_STAKE } : null;
  }

  return {
    async create(token: string): Promise<CreatedRgsSession> {
      const redeemed = await wallet.redeem(token);
      if (!redeemed.ok) {
        if (redeemed.status === 404) throw new AppError(404, Code.launchTokenInvalid, 'The launch token is invalid, expired or used');
        throw new AppError(redeemed.status, redeemed.code, redeemed.message);
      }
      const launch = redeemed.answer;
      const game = await gameOf(launch.gameId);
      if (!game) throw new AppError(404, Code.gameNotFound, 'This game is not available');
      const bearer = randomBytes(32).toString('base64url');
      const at = now();
      const row = await db
        .insertInto('rgs_sessions')
        .values({
          token_hash: hashOf(bearer),
          user_id: launch.mode === 'real' ? launch.playerId : null,
          game_id: launch.gameId,
          engine: game.engine,
          currency: launch.currency,
          mode: launch.mode,
          language: launch.language,
          min_stake: game.minStake,
          max_stake: game.maxStake,
          demo_balance: launch.mode === 'demo' ? BigInt(RGS_DEMO_BALANCE) : null,
          created_at: at,
          last_seen_at: at,
          expires_at: new Date(at.getTime() + SESSION_IDLE_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Our own engines play on a seed committed now (its hash is shown before the first round).
      if (isEngine(game.engine)) await seeds.ensure(launch.mode === 'real' && launch.playerId ? { userId: launch.playerId, gameId: launch.gameId } : { sessionId: row.id, gameId: launch.gameId });
      return { sessionId: bearer, url: `${RGS_API.app}#session=${bearer}` };
    },

    async authenticate(bearer: string | undefined): Promise<RgsSession> {
      if (!bearer || bearer.length > 100) throw invalid();
      const at = now();
      const row = await db.selectFrom('rgs_sessions').selectAll().where('token_hash', '=', hashOf(bearer)).executeTakeFirst();
      if (!row || row.expires_at <= at) throw invalid();
      if (at.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
        await db
          .updateTable('rgs_sessions')
          .set({ last_seen_at: at, expires_at: new Date(at.getTime() + SESSION_IDLE_MS) })
          .where('id', '=', row.id)
          .execute();
      }
      return {
        id: row.id,
        userId: row.user_id,
        gameId: row.game_id,
        engine: row.engine,
        currency: row.currency.trim(),
        mode: row.mode,
        language: row.language,
        minStake: row.min_stake,
        maxStake: row.max_stake,
        demoBalance: row.demo_balance,
      };
    },

    /** Demo money: adds `delta` (negative to take) to the session's fun balance; null when it would go below 0. */
    async adjustDemoBalance(sessionId: string, delta: bigint, executor: Kysely<Database> = db): Promise<bigint | null> {
      const row = await executor
        .updateTable('rgs_sessions')
        .set((eb) => ({ demo_balance: eb('demo_balance', '+', delta) }))
        .where('id', '=', sessionId)
        .where('mode', '=', 'demo')
        .where((eb) => eb(eb('demo_balance', '+', delta), '>=', 0n))
        .returning('demo_balance')
        .executeTakeFirst();
      return row?.demo_balance ?? null;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
