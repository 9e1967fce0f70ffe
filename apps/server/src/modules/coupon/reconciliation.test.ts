/**
 * The coupon reconciliation on both databases (issue 11): `GET /ops-api/v1/coupons/reconciliation`
 * for the operator only; healthy over every way a coupon moves money (placement, live refusal
 * after the delay, settlement, cash-out, insurance and its payback, vip counter and decline,
 * resettlement with a debt); what the sweep has yet to do counted as overdue; and a tampered
 * coupon, a stray posting and a house entry of no coupon found.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CouponReconciliationSchema, CouponSchema, type Coupon, type CouponReconciliation, type GameDetail } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, expectCouponsReconciled, fundedPlayer, opsHeaders, type TestPlayer, setBettingSettings } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { couponKit, COUPONS } from './actions-testkit.ts';

const RECONCILIATION = '/ops-api/v1/coupons/reconciliation';
const AWAY = '1x2:match/away';

describeEachDb('coupon reconciliation', (t) => {
  let app: FastifyInstance;
  let ledger: Ledger;
  const clock = createClock({ fake: true });
  const kit = couponKit(() => app, clock);

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
    // Live delay 2 s, max stake 20 × 5.00 EUR = 100.00, vip review 60 s (site config `betting`).
    await setBettingSettings(app, { liveAcceptDelayMs: 2_000, maxStakeInInitialStakes: 20, vipReviewSeconds: 60 });
    ledger = createLedger(t.db, clock);
    await app.jobs.runDue();
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject(options);
  const report = async (): Promise<CouponReconciliation> => {
    const res = await call({ url: RECONCILIATION, headers: opsHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return CouponReconciliationSchema.parse(res.json());
  };
  const post = (who: TestPlayer, url: string, payload: unknown) => call({ method: 'POST', url, headers: who.headers, payload: payload as InjectOptions['payload'] });
  const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }, parse: (v: unknown) => T = (v) => v as T): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return parse(res.json());
  };
  async function game(live = false): Promise<GameDetail> {
    const g = await kit.game(live);
    await kit.setCoef(g, 2);
    await kit.setCoef(g, 3, AWAY);
    return g;
  }
  const single = (who: TestPlayer, g: GameDetail, amount: string, extra: Record<string, unknown> = {}) => kit.place(who, { typeId: 0, amount, bets: [kit.bet(g, 2)], ...extra });

  it('is for the operator only: 401 without or with a wrong token', async () => {
    expect(kit.errorOf(await call({ url: RECONCILIATION }))).toEqual([401, 'unauthorized']);
    expect(kit.errorOf(await call({ url: RECONCILIATION, headers: { authorization: 'Bearer nope' } }))).toEqual([401, 'unauthorized']);
    expect(kit.errorOf(await call({ url: RECONCILIATION, headers: { 'x-auth': (await fundedPlayer(app, ledger, 0n)).headers['x-auth'] } }))).toEqual([401, 'unauthorized']);
    expect(await report()).toMatchObject({ coupons: 0, mismatches: 0, strayPostings: 0, healthy: true });
  });

  it('is healthy over every money move of a coupon, and counts what the sweep has yet to do', async () => {
    const p = await fundedPlayer(app, ledger, 2000_00n);
    const [a, b, c, d] = [await game(), await game(), await game(), await game()];
    const won = await single(p, a, '10');
    await kit.place(p, { typeId: 1, amount: '10', bets: [kit.bet(a, 2), kit.bet(b, 2)] });
    await kit.place(p, { typeId: 2, systemValue: 2, amount: '30', bets: [kit.bet(a, 2), kit.bet(b, 2), kit.bet(c, 2)] });
    // Insured, then lost: the payback.
    const insured = await single(p, c, '10');
    ok(await post(p, `${COUPONS}/${insured.id}/insurance`, { share: 50 }));
    // Sold at the offer.
    const sold = await single(p, d, '10');
    const offer = ok(await call({ url: `${COUPONS}/${sold.id}/cash-out`, headers: p.headers }), (v) => v as { amount: string });
    ok(await post(p, `${COUPONS}/${sold.id}/cash-out`, { amount: offer.amount }));
    // Vip bets: one taken at a counter stake (the rest returned), one declined (all returned); one left in review below.
    const countered = await single(p, b, '200', { isVipBet: true });
    ok(await call({ method: 'POST', url: `/ops-api/v1/coupons/${countered.id}/review`, headers: opsHeaders, payload: { decision: 'counter', amount: '150' } }));
    ok(await post(p, `${COUPONS}/${countered.id}/review`, { accept: true }));
    const declined = await single(p, b, '300', { isVipBet: true });
    ok(await call({ method: 'POST', url: `/ops-api/v1/coupons/${declined.id}/review`, headers: opsHeaders, payload: { decision: 'decline' } }));
    // Live: one refused after its delay (the odds fell, no change taken), one accepted.
    const live = await game(true);
    const refused = await kit.place(p, { typeId: 0, amount: '5', changeCoefAction: 0, bets: [kit.bet(live, 2)] });
    await kit.place(p, { typeId: 0, amount: '5', changeCoefAction: 1, bets: [kit.bet(live, 2)] });
    await kit.setCoef(live, 1.5);

    clock.advance!(3);
    const waiting = await report();
    expect(waiting.overdue.pending).toBe(2);
    expect(waiting.healthy).toBe(true);
    await app.jobs.runDue();
    expect((await kit.get(p, refused.id)).status).toBe('refused');

    // A winner who spends the win before the result is corrected (below: a debt).
    const spender = await fundedPlayer(app, ledger, 10_00n);
    const spent = await single(spender, a, '10');

    await kit.finish(a, 2, 0);
    await kit.finish(b, 1, 0);
    await kit.finish(c, 0, 1);
    const settleable = await report();
    expect(settleable.overdue.settleable).toBeGreaterThanOrEqual(5);
    await kit.settleAll();

    // A correction of a: the win taken back, from the spender as a debt.
    await ledger.post({ idempotencyKey: `spend:${spender.accountId}`, kind: 'withdrawal', entries: [{ accountId: spender.accountId, amount: -20_00n }, { accountId: (await ledger.houseAccount('house-payments', 'EUR')).id, amount: 20_00n }] });
    const corrected = await call({ method: 'POST', url: `/ops-api/v1/games/${a.id}/resettle`, headers: opsHeaders, payload: { score: { home: 0, away: 1 }, reason: 'wrong scorer in the feed' } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(CouponSchema.parse((await call({ url: `${COUPONS}/${spent.id}`, headers: spender.headers })).json())).toMatchObject({ status: 'settled', payout: '0.00' });
    expect((await kit.get(p, won.id)).payout).toBe('0.00');

    await single(p, d, '120', { isVipBet: true });

    const done = await expectCouponsReconciled(t.db, new Date(clock.now()));
    expect(done).toMatchObject({ mismatches: 0, strayPostings: 0, findings: [], overdue: { pending: 0, review: 0, settleable: 0 } });
    expect(done.byStatus).toMatchObject({ settled: 6, sold: 1, refused: 2, review: 1, accepted: 1 });
    const eur = done.houses.find((h) => h.currency === 'EUR')!;
    expect(eur).toMatchObject({ agrees: true, debts: '2000', receivables: '-2000' });
    expect(BigInt(eur.houseBets)).toBe(await ledger.houseBalance('house-bets', 'EUR'));
    expect(await report()).toEqual(done);
  });

  it('a coupon id in capitals is the same coupon on the ledger', async () => {
    const p = await fundedPlayer(app, ledger, 100_00n);
    const g = await game();
    const id = randomUUID().toUpperCase();
    const body = { id, typeId: 0, amount: '10', bets: [kit.bet(g, 2)] };
    const first = await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    expect((await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: body })).statusCode).toBe(200);
    const coupon: Coupon = CouponSchema.parse(first.json());
    await kit.finish(g, 1, 0);
    await kit.settleNow();
    expect((await kit.get(p, coupon.id)).status).toBe('settled');
    expect(await ledger.balance(p.accountId)).toBe(100_00n + 10_00n);
    await expectCouponsReconciled(t.db);
  });

  it('finds a coupon whose state disagrees with its postings, a posting of no coupon, and house money no coupon explains', async () => {
    const p = await fundedPlayer(app, ledger, 100_00n);
    const g = await game();
    const c = await single(p, g, '10');
    await kit.finish(g, 1, 0);
    await kit.settleNow();
    await t.db.updateTable('coupons').set({ payout: 25_00n }).where('id', '=', c.id).execute();
    const tampered = await report();
    expect(tampered).toMatchObject({ healthy: false, mismatches: 1 });
    expect(tampered.findings).toEqual([{ couponId: c.id, status: 'settled', reasons: ['payout moved -2000 on the house side, -2500 expected', "payout moved 2000 on the player's account, 2500 expected"] }]);
    await expect(expectCouponsReconciled(t.db)).rejects.toThrow(/coupons do not reconcile/);
    await t.db.updateTable('coupons').set({ payout: 20_00n }).where('id', '=', c.id).execute();
    expect((await report()).healthy).toBe(true);

    // A stake posted for a coupon that was never written (the crash the one transaction prevents).
    const ghost = randomUUID();
    const house = await ledger.houseAccount('house-bets', 'EUR', ghost);
    await ledger.post({ idempotencyKey: `coupon:${ghost}:stake`, kind: 'bet', entries: [{ accountId: p.accountId, amount: -1_00n }, { accountId: house.id, amount: 1_00n }] });
    const stray = await report();
    expect(stray).toMatchObject({ healthy: false, mismatches: 0, strayPostings: 1 });
    expect(stray.findings).toEqual([{ couponId: ghost, status: null, reasons: [`posting coupon:${ghost}:stake of no coupon`] }]);
    const eur = stray.houses.find((h) => h.currency === 'EUR')!;
    expect(BigInt(eur.houseBets) - BigInt(eur.expected)).toBe(1_00n);
    expect(eur.agrees).toBe(false);
  });
});
