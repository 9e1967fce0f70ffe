/**
 * The casino wallet module (issue 13, decision 0022): the game server's seamless wallet on the
 * ledger, launch tokens, and the recovery of interrupted rounds (GLI-19) as a job and on start.
 *
 * The shared secret is CASINO_WALLET_SECRET; unset, a fixed development key outside
 * production, and in production a random key of this process (never a guessable one): only
 * the game server in this process can sign with it, which is enough for one node; several
 * nodes or a game server elsewhere need the same secret set on each.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppEnv } from '../../config/env.ts';
import type { LimitsService } from '../limits/service.ts';
import { casinoLaunchRoutes, casinoWalletRoutes } from './routes.ts';
import { createCasinoWallet, type CasinoWallet } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seamless wallet. */
    casinoWallet?: CasinoWallet;
  }
}

/** Development and tests only: the game server of a dev setup signs with this. */
export const DEV_CASINO_WALLET_SECRET = 'dev-casino-wallet-secret-not-for-production';

/** Production without CASINO_WALLET_SECRET: known to this process only. */
const PROCESS_SECRET = randomBytes(32).toString('hex');

/** The key of wallet calls and launch tokens (see the module comment). */
export function casinoWalletSecret(env: Pick<AppEnv, 'CASINO_WALLET_SECRET' | 'NODE_ENV'>): string {
  return env.CASINO_WALLET_SECRET ?? (env.NODE_ENV === 'production' ? PROCESS_SECRET : DEV_CASINO_WALLET_SECRET);
}

export const CASINO_JOBS = {
  /** Refunds rounds interrupted and not finished by their game (GLI-19). */
  recover: 'casino.recover-rounds',
} as const;
const RECOVER_EVERY_MS = 60_000;

/**
 * What a launch asks of the catalogue (kept an interface so the wallet does not depend on it):
 * `check` refuses a game the player may not launch (404 game_not_found, 422 demo_not_allowed);
 * `played` records the launch in the player's recently played.
 */
export interface LaunchGameCheck {
  check(gameId: string, mode: 'real' | 'demo', country: string | null): Promise<void>;
  played(userId: string, gameId: string): Promise<void>;
}

export async function registerCasinoWallet(app: FastifyInstance, options: { limits?: LimitsService; games?: LaunchGameCheck } = {}): Promise<CasinoWallet> {
  const secret = casinoWalletSecret(app.env);
  if (!app.env.CASINO_WALLET_SECRET && app.env.NODE_ENV === 'production') {
    app.log.warn('CASINO_WALLET_SECRET is not set: the casino wallet answers only the game server of this process (set it on every node)');
  }
  const wallet = createCasinoWallet({ db: app.db, ledger: app.ledger, clock: app.clock, secret, ...(options.limits ? { limits: options.limits } : {}) });
  app.decorate('casinoWallet', wallet);
  if (app.hasDecorator('jobs')) {
    app.jobs.every(CASINO_JOBS.recover, RECOVER_EVERY_MS, async (_payload, { now }) => {
      await wallet.recover(now.getTime());
    });
  }
  // On start: rounds a crash left open past their time-out.
  app.addHook('onListen', async () => {
    wallet.recover().catch((err: unknown) => app.log.error({ err }, 'casino round recovery on start failed'));
  });
  await app.register(casinoWalletRoutes, { wallet });
  await app.register(casinoLaunchRoutes, { wallet, ...(options.games ? { games: options.games } : {}) });
  return wallet;
}

export { createCasinoWallet, LAUNCH_TOKEN_TTL_MS, ROUND_TIMEOUT_MS, type CasinoWallet, type WalletAnswer } from './service.ts';
