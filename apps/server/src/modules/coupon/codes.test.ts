/**
 * Saved bet slips (issue 11, SPEC §3 isCouponLoadedFromCode) on both databases: a draft saved
 * by a visitor or a player comes back from its code (any case, dashes and spaces ignored);
 * unknown and malformed codes are 404, malformed drafts 400; saving is rate limited.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CouponCodeDraftSchema, CouponCodeSchema } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, fundedPlayer } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger } from '../ledger/ledger.ts';
import { COUPON_CODE_RATE_LIMITS } from './actions-routes.ts';
import { couponKit } from './actions-testkit.ts';

const CODES = '/web-api/coupon/v1/codes';
const DRAFT = {
  typeId: 2,
  systemValue: 2,
  bets: [
    { gameId: 101, outcomeKey: '1x2:match/home', coef: 1.85 },
    { gameId: 102, outcomeKey: 'total:match/over@2.5', isBanker: true },
    { gameId: 103, outcomeKey: '1x2:match/draw', coef: 3.2, blockId: 2 },
  ],
};

describeEachDb('coupon codes', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });
  const { call, errorOf } = couponKit(() => app, clock);
  let saved = 0;

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const save = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await call({ method: 'POST', url: CODES, headers, payload: payload as InjectOptions['payload'] });
    if (res.statusCode === 201) saved++;
    return res;
  };

  it('saves a visitor’s draft under a short code and loads it back, in any case and with dashes', async () => {
    const res = await save(DRAFT);
    expect(res.statusCode, res.body).toBe(201);
    const { code } = CouponCodeSchema.parse(res.json());
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    for (const asked of [code, code.toLowerCase(), `${code.slice(0, 4)}-${code.slice(4)}`]) {
      const loaded = await call({ url: `${CODES}/${encodeURIComponent(asked)}` });
      expect(loaded.statusCode, loaded.body).toBe(200);
      expect(CouponCodeDraftSchema.parse(loaded.json())).toEqual(DRAFT);
    }
    const row = await t.db.selectFrom('coupon_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('keeps the player who saved it; each save is a new code', async () => {
    const p = await fundedPlayer(app, createLedger(t.db, clock), 0n);
    const draft = { bets: [{ gameId: 7, outcomeKey: '1x2:match/away' }] };
    const first = CouponCodeSchema.parse((await save(draft, p.headers)).json()).code;
    const second = CouponCodeSchema.parse((await save(draft, p.headers)).json()).code;
    expect(first).not.toBe(second);
    const row = await t.db.selectFrom('coupon_codes').select('user_id').where('code', '=', first).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(p.userId);
    expect(CouponCodeDraftSchema.parse((await call({ url: `${CODES}/${second}` })).json())).toEqual(draft);
  });

  it('answers 404 for unknown or malformed codes and 400 for malformed drafts', async () => {
    for (const code of ['ZZZZZZZZ', 'ABCDEFG0', 'short', 'X'.repeat(21)]) {
      expect(errorOf(await call({ url: `${CODES}/${code}` }))).toEqual([404, 'not_found']);
    }
    for (const payload of [{}, { bets: [] }, { bets: [{ gameId: 1, outcomeKey: 'a', coef: 1.2345 }] }, { bets: [{ gameId: 'x', outcomeKey: 'a' }] }, { ...DRAFT, typeId: 12 }, { ...DRAFT, extra: true }, { bets: Array.from({ length: 31 }, (_, i) => ({ gameId: i + 1, outcomeKey: 'a' })) }]) {
      expect(errorOf(await save(payload))).toEqual([400, 'invalid_request']);
    }
  });

  it('limits saves per address per minute', async () => {
    let limited = false;
    for (let i = 0; i < COUPON_CODE_RATE_LIMITS.save + 5 && !limited; i++) {
      const res = await save(DRAFT);
      if (res.statusCode === 429) limited = true;
      else expect(res.statusCode, res.body).toBe(201);
    }
    expect(limited).toBe(true);
    // Every call counts, refused ones too (the 400s above): at most the budget was saved.
    expect(saved).toBeLessThanOrEqual(COUPON_CODE_RATE_LIMITS.save);
    expect(saved).toBeGreaterThan(3);
  });
});
