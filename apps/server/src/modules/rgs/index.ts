/**
 * Our game server (issue 13, decision 0023): the remote game studio as a module. Sessions from
 * launch tokens, play of the solo engines (`@betsite/domain` rounds.ts), provably fair seeds,
 * round history, the games' app at /rgs/app/, and the finishing of interrupted rounds
 * (GLI-19) on start and every minute.
 *
 * It reaches money only through the seamless wallet's signed contract (`WalletClient`): in
 * process by default, or over HTTP when RGS_WALLET_URL names the wallet's host. The games app
 * is served from RGS_APP_DIR (default apps/games/dist).
 *
 * Shared engines (crash-live, bingo, TV games, virtual sports) are another module's: it calls
 * `app.rgs.registerEngine(engine, handler)`, and sessions of that engine are then opened,
 * described and played through the same routes. Such a module adds its real-money rounds to
 * the player's site history with `app.rgs.registerHistory(source)`.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RGS_SESSION_HEADER, type RgsFairness, type RgsPlayAnswer, type RoundView, type RoundsQuery } from '@betsite/contracts';
import { isEngine } from '@betsite/domain';
import { casinoWalletSecret } from '../casino-wallet/index.ts';
import { rgsAppFiles } from './app-files.ts';
import { createHistory, type HistorySource } from './history.ts';
import { rgsRoutes, siteRoundRoutes } from './routes.ts';
import { createSeeds } from './seeds.ts';
import { createRounds, type Rounds } from './service.ts';
import { createSessions, type RgsSession, type Sessions } from './sessions.ts';
import { createWalletClient, httpTransport, injectTransport, type WalletClient } from './wallet-client.ts';

/** The provider name our game server carries in the wallet. */
export const RGS_PROVIDER = 'northlight-rgs';
export const RGS_JOBS = { recover: 'rgs.recover-rounds' } as const;
const RECOVER_EVERY_MS = 60_000;

/** A shared engine's part of the session and play routes. */
export interface RgsEngineHandler {
  /** The session view's rules, fairness (the current commitment) and open bet. */
  describe(session: RgsSession): Promise<{ rules: unknown; fairness: RgsFairness; open: RoundView | null }>;
  /** `POST /rgs/v1/play` for a session of this engine (the body not yet validated). */
  play(session: RgsSession, body: unknown): Promise<RgsPlayAnswer>;
  /** `GET /rgs/v1/rounds`; default: the solo rounds list (empty for a shared engine). */
  rounds?(session: RgsSession, query: RoundsQuery): Promise<RoundView[]>;
}

export interface RgsModule {
  wallet: WalletClient;
  sessions: Sessions;
  rounds: Rounds;
  registerEngine(engine: string, handler: RgsEngineHandler): void;
  /** Adds a module's real-money rounds to the player's history (`/web-api/casino/v1/rounds`). */
  registerHistory(source: HistorySource): void;
  /** The session of a request's `x-rgs-session` (401 `rgs_session_invalid`). */
  authenticate(request: FastifyRequest): Promise<RgsSession>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rgs?: RgsModule;
  }
}

export interface RgsOptions {
  /** Default RGS_WALLET_URL: the wallet over HTTP; unset, this app in process. */
  walletUrl?: string;
  /** Default RGS_APP_DIR, else apps/games/dist. */
  appDir?: string;
  /** Tests: another wallet client (a failing one). */
  wallet?: WalletClient;
}

export async function registerRgs(app: FastifyInstance, options: RgsOptions = {}): Promise<RgsModule | null> {
  const walletUrl = options.walletUrl ?? app.env.RGS_WALLET_URL;
  // A wallet elsewhere cannot know this process's random key.
  if (walletUrl && !app.env.CASINO_WALLET_SECRET && app.env.NODE_ENV === 'production') {
    app.log.warn('RGS_WALLET_URL is set without CASINO_WALLET_SECRET: the game server is off');
    return null;
  }
  const secret = casinoWalletSecret(app.env);
  const wallet = options.wallet ?? createWalletClient({ provider: RGS_PROVIDER, secret, transport: walletUrl ? httpTransport(walletUrl) : injectTransport(app) });
  const now = () => new Date(app.clock.now());
  const handlers = new Map<string, RgsEngineHandler>();
  const seeds = createSeeds(app.db, now);
  const sessions = createSessions({ db: app.db, wallet, seeds, now, knownEngine: (engine) => isEngine(engine) || handlers.has(engine) });
  const rounds = createRounds({ db: app.db, wallet, seeds, now, log: app.log });
  // The history reads this array at request time, so sources registered later count.
  const historySources: HistorySource[] = [rounds.history];
  const rgs: RgsModule = {
    wallet,
    sessions,
    rounds,
    registerEngine(engine, handler) {
      if (isEngine(engine) || handlers.has(engine)) throw new Error(`engine ${engine} is already registered`);
      handlers.set(engine, handler);
    },
    registerHistory(source) {
      historySources.push(source);
    },
    authenticate(request) {
      const header = request.headers[RGS_SESSION_HEADER];
      return sessions.authenticate(Array.isArray(header) ? header[0] : header);
    },
  };
  app.decorate('rgs', rgs);

  if (app.hasDecorator('jobs')) {
    app.jobs.every(RGS_JOBS.recover, RECOVER_EVERY_MS, async (_payload, { now: at }) => {
      await rounds.recover(at.getTime());
    });
  }
  // On start: rounds a crash left open are finished (or refunded) before the wallet's own time-out.
  app.addHook('onListen', async () => {
    rounds.recover().catch((err: unknown) => app.log.error({ err }, 'rgs round recovery on start failed'));
  });

  await app.register(rgsRoutes, { sessions, rounds, handlers });
  await app.register(siteRoundRoutes, { history: createHistory(historySources) });
  const root = options.appDir ?? app.env.RGS_APP_DIR ?? fileURLToPath(new URL('../../../../games/dist', import.meta.url));
  await app.register(rgsAppFiles, { root });
  return rgs;
}

export { IDLE_ROUND_MS, RECOVERY_GRACE_MS } from './service.ts';
export type { RgsSession } from './sessions.ts';
export type { HistoryCursor, HistorySource } from './history.ts';
export type { WalletClient } from './wallet-client.ts';
