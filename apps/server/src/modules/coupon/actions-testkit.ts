/**
 * What the coupon action tests (cash-out, insurance, codes) share: games made through the
 * operator API, placement, the settlement sweep, error codes. Not part of the module.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ApiErrorSchema, CouponSchema, GameResponseSchema, type Coupon, type GameDetail } from '@betsite/contracts';
import type { ServerClock } from '../../lib/clock.ts';
import { opsHeaders, type TestPlayer } from '../../testing.ts';

export const COUPONS = '/web-api/coupon/v1/coupons';
export const HOME = '1x2:match/home';

export function couponKit(app: () => FastifyInstance, clock: ServerClock) {
  const call = (options: InjectOptions) => app().inject(options);
  const ops = (method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
    call({ method, url: `/ops-api/v1/games${url}`, headers: opsHeaders, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  let n = 0;
  const kit = {
    call,
    async game(live = false): Promise<GameDetail> {
      n++;
      const res = await ops('POST', '', { sportId: 1, champName: 'Cash-out League', home: `Home ${n}`, away: `Away ${n}`, live });
      expect(res.statusCode, res.body).toBe(201);
      return GameResponseSchema.parse(res.json()).game;
    },
    coefOf: (g: GameDetail, key = HOME) => g.markets.flatMap((m) => m.outcomes).find((o) => o.key === key)!.coef,
    async setCoef(g: GameDetail, coef: number, key = HOME) {
      expect((await ops('PATCH', `/${g.id}/odds`, { outcomes: [{ key, coef }] })).statusCode).toBe(200);
    },
    async finish(g: GameDetail, home: number, away: number) {
      const res = await ops('POST', `/${g.id}/finish`, { score: { home, away } });
      expect(res.statusCode, res.body).toBe(200);
    },
    bet: (g: GameDetail, coef: number, key = HOME) => ({ gameId: g.id, outcomeKey: key, coef }),
    async place(who: TestPlayer, body: Record<string, unknown>): Promise<Coupon> {
      const res = await call({ method: 'POST', url: COUPONS, headers: who.headers, payload: { id: randomUUID(), ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return CouponSchema.parse(res.json());
    },
    async get(who: TestPlayer, id: string): Promise<Coupon> {
      const res = await call({ url: `${COUPONS}/${id}`, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return CouponSchema.parse(res.json());
    },
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
