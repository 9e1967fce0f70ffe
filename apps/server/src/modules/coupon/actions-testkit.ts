/**
 * What the coupon module's tests share: the app on each database with a ledger and funded
 * players, games made through the operator API, their odds and results, placement, the
 * coupon's postings, the settlement sweep, error codes. Not part of the module.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ApiErrorSchema, CouponSchema, GameResponseSchema, type Coupon, type GameDetail } from '@betsite/contracts';
import type { TestDbContext } from '@betsite/db/testing';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { buildTestApp, fundedPlayer, opsHeaders, type TestPlayer } from '../../testing.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';

export const COUPONS = '/web-api/coupon/v1/coupons';
export const HOME = '1x2:match/home';

export interface CouponKitOptions {
  /** The championship of the games made (each file its own, so a failure names its file's games). */
  league?: string;
  /** Put before `Home n` / `Away n` in the games' team names. */
  teams?: string;
}

export function couponKit(app: () => FastifyInstance, clock: ServerClock, { league = 'Cash-out League', teams = '' }: CouponKitOptions = {}) {
  const call = (options: InjectOptions) => app().inject(options);
  const ops = (method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
    call({ method, url: `/ops-api/v1/games${url}`, headers: opsHeaders, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  let n = 0;
  const coefOf = (g: GameDetail, key = HOME) => g.markets.flatMap((m) => m.outcomes).find((o) => o.key === key)!.coef;
  /** Sets these outcomes' coefs in one operator call; answers the game as it is now. */
  const setOdds = async (g: GameDetail, odds: Record<string, number>): Promise<GameDetail> => {
    const res = await ops('PATCH', `/${g.id}/odds`, { outcomes: Object.entries(odds).map(([key, coef]) => ({ key, coef })) });
    expect(res.statusCode, res.body).toBe(200);
    return GameResponseSchema.parse(res.json()).game;
  };
  /** A coupon answer with this status, parsed. */
  const couponOf = (res: LightMyRequestResponse, status = 201): Coupon => {
    expect(res.statusCode, res.body).toBe(status);
    return CouponSchema.parse(res.json());
  };
  /** The coupon's posting keys after `coupon:<id>:`, in order. */
  const postingKeys = async (id: string) =>
    (await app().db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `coupon:${id}:%`).orderBy('idempotency_key').execute()).map((r) =>
      r.idempotency_key.slice(`coupon:${id}:`.length),
    );
  const kit = {
    call,
    /** The operator's games API: `ops('POST', '/12/score', body)`. */
    ops,
    async game(live = false): Promise<GameDetail> {
      n++;
      const res = await ops('POST', '', { sportId: 1, champName: league, home: `${teams}Home ${n}`, away: `${teams}Away ${n}`, live });
      expect(res.statusCode, res.body).toBe(201);
      return GameResponseSchema.parse(res.json()).game;
    },
    /** A new game with these coefs (e.g. `{ [HOME]: 2 }`), as the operator set them. */
    gameAt: async (odds: Record<string, number>, live = false): Promise<GameDetail> => setOdds(await kit.game(live), odds),
    coefOf,
    setOdds,
    async setCoef(g: GameDetail, coef: number, key = HOME) {
      await setOdds(g, { [key]: coef });
    },
    async finish(g: GameDetail, home: number, away: number) {
      const res = await ops('POST', `/${g.id}/finish`, { score: { home, away } });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** A selection of `key` (the home win unless told) at `coef` (the game's own unless told). */
    bet: (g: GameDetail, coef?: number, key = HOME) => ({ gameId: g.id, outcomeKey: key, coef: coef ?? coefOf(g, key) }),
    /** A placement as sent (`who` null: without a session), its answer unchecked. */
    post: (who: TestPlayer | null, body: Record<string, unknown>) => call({ method: 'POST', url: COUPONS, headers: who?.headers ?? {}, payload: { id: randomUUID(), ...body } }),
    couponOf,
    async place(who: TestPlayer, body: Record<string, unknown>): Promise<Coupon> {
      return couponOf(await kit.post(who, body));
    },
    async get(who: TestPlayer, id: string): Promise<Coupon> {
      return couponOf(await call({ url: `${COUPONS}/${id}`, headers: who.headers }), 200);
    },
    postingKeys,
    /** How many postings the coupon has under `coupon:<id>:<what>`. */
    postings: async (id: string, what: string) => (await postingKeys(id)).filter((k) => k === what).length,
    pause: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
    errorOf: (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code] as const,
    detailsOf: <T>(res: LightMyRequestResponse) => (res.json() as { details: T }).details,
    /** The settlement sweep, as the job runner runs it a few seconds on. */
    async settleNow() {
      clock.advance!(10);
      await app().jobs.runDue();
    },
    /** A minute on: the sweep's full scan, which also settles coupons an earlier sweep skipped while another transaction held them. */
    async settleAll() {
      clock.advance!(61);
      await app().jobs.runDue();
    },
  };
  return kit;
}

export interface CouponSuiteOptions extends CouponKitOptions {
  /** Run on the app once it is built, before anything else (e.g. the site's betting settings). */
  prepare?: (app: FastifyInstance) => Promise<void>;
  /** What a new player has unless told (minor units). */
  funds?: bigint;
}

/**
 * A coupon test file's app on one database (inside `describeEachDb`): built on a fake clock
 * before the tests, its due jobs run once, closed after; with the kit, funded players and their
 * ledger balances. `suite.app` and `suite.ledger` are there once the tests run.
 */
export function couponSuite(t: TestDbContext, { prepare, funds = 100_00n, ...kitOptions }: CouponSuiteOptions = {}) {
  const clock = createClock({ fake: true });
  const built = {} as { app: FastifyInstance; ledger: Ledger };
  beforeAll(async () => {
    built.app = await buildTestApp(t.handle, { clock });
    await prepare?.(built.app);
    built.ledger = createLedger(t.db, clock);
    await built.app.jobs.runDue();
  });
  afterAll(() => built.app.close());
  return Object.assign(built, {
    clock,
    ...couponKit(() => built.app, clock, kitOptions),
    player: (balance = funds) => fundedPlayer(built.app, built.ledger, balance),
    balance: (who: TestPlayer) => built.ledger.balance(who.accountId),
  });
}
