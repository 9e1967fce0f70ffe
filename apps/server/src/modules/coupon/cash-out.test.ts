/**
 * Cash-out (issue 11, SPEC §4 "sell") on both databases: the offer from the current odds,
 * taking it (sold, payout credited once), a moved offer refused with the new one, what
 * cannot be cashed out, who may ask, and money under concurrency: twenty cash-outs of one
 * coupon pay once, and cash-outs racing the settlement of their game pay each coupon once.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { CashOutOfferSchema, CouponSchema, type CashOutOffer } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { expectCouponsReconciled, expectPaymentsReconciled, type TestPlayer } from '../../testing.ts';
import { COUPONS, couponSuite, HOME } from './actions-testkit.ts';

describeEachDb('coupon cash-out', (t) => {
  const { player, balance, call, game, gameAt, coefOf, setCoef, finish, bet, place, get, postings, pause, errorOf, detailsOf, settleNow, settleAll } = couponSuite(t);
  const url = (id: string) => `${COUPONS}/${id}/cash-out`;
  const offer = async (who: TestPlayer, id: string): Promise<CashOutOffer> => {
    const res = await call({ url: url(id), headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return CashOutOfferSchema.parse(res.json());
  };
  const cashOut = (who: TestPlayer, id: string, amount: unknown) => call({ method: 'POST', url: url(id), headers: who.headers, payload: { amount } as Record<string, unknown> });

  it('offers the expected payout at the current odds less 5 %, and pays it once: the coupon sold, the balance up', async () => {
    const p = await player();
    const g = await gameAt({ [HOME]: 2 });
    const coupon = await place(p, { typeId: 0, amount: '10', bets: [bet(g, 2)] });
    // 20.00 if it wins × 1/2.00 × 0.95.
    expect(await offer(p, coupon.id)).toEqual({ available: true, amount: '9.50' });
    const res = await cashOut(p, coupon.id, '9.50');
    expect(res.statusCode, res.body).toBe(200);
    expect(CouponSchema.parse(res.json())).toMatchObject({ id: coupon.id, status: 'sold', payout: '9.50' });
    expect(await balance(p)).toBe(100_00n - 10_00n + 9_50n);
    expect(await postings(coupon.id, 'cash-out')).toBe(1);
    // Sold: no offer, no second payment, and the settlement leaves it alone.
    expect(await offer(p, coupon.id)).toEqual({ available: false, amount: null, reason: 'not_open' });
    expect(errorOf(await cashOut(p, coupon.id, '9.50'))).toEqual([409, 'cash_out_unavailable']);
    await finish(g, 1, 0);
    await settleNow();
    expect(await get(p, coupon.id)).toMatchObject({ status: 'sold', payout: '9.50' });
    expect(await balance(p)).toBe(100_00n - 10_00n + 9_50n);
    expect(await postings(coupon.id, 'payout')).toBe(0);
  });

  it('refuses an offer the odds moved away from, with the new offer, and pays the new one when asked', async () => {
    const p = await player();
    const [a, b] = [await gameAt({ [HOME]: 2 }), await gameAt({ [HOME]: 2 })];
    const express = await place(p, { typeId: 1, amount: '10', bets: [bet(a, 2), bet(b, 2)] });
    // 40.00 × 1/2 × 1/2 × 0.95.
    expect((await offer(p, express.id)).amount).toBe('9.50');
    await setCoef(b, 2.5);
    const moved = await cashOut(p, express.id, '9.50');
    expect(errorOf(moved)).toEqual([409, 'cash_out_changed']);
    // 40.00 × 1/2 × 1/2.5 × 0.95 = 7.60.
    expect(detailsOf<{ offer: CashOutOffer }>(moved).offer).toEqual({ available: true, amount: '7.60' });
    expect(errorOf(await cashOut(p, express.id, '9.51'))).toEqual([409, 'cash_out_changed']);
    expect(await balance(p)).toBe(90_00n);
    const res = await cashOut(p, express.id, '7.6');
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(p)).toBe(90_00n + 7_60n);
  });

  it('has no offer for a pending live coupon, a lost selection, or a selection whose result is in but not yet swept', async () => {
    const p = await player();
    const live = await game(true);
    const pending = await place(p, { typeId: 0, amount: '1', bets: [bet(live, coefOf(live))] });
    expect(pending.status).toBe('pending');
    expect(await offer(p, pending.id)).toMatchObject({ available: false, reason: 'pending' });

    const [a, b] = [await game(), await game()];
    const express = await place(p, { typeId: 1, amount: '1', bets: [bet(a, coefOf(a)), bet(b, coefOf(b))] });
    await finish(a, 0, 2); // home loses; the sweep has not run yet
    expect(await offer(p, express.id)).toMatchObject({ available: false, reason: 'selection_unavailable' });
    expect(errorOf(await cashOut(p, express.id, '0.50'))).toEqual([409, 'cash_out_unavailable']);
    await settleNow(); // the loss reaches the coupon (b still open)
    expect(await offer(p, express.id)).toMatchObject({ available: false, reason: 'selection_lost' });
    expect(detailsOf<{ reason: string }>(await cashOut(p, express.id, '0.50'))).toEqual({ reason: 'selection_lost' });
  });

  it('needs a session, a valid body and the player’s own coupon', async () => {
    const p = await player();
    const g = await game();
    const coupon = await place(p, { typeId: 0, amount: '5', bets: [bet(g, coefOf(g))] });
    expect(errorOf(await call({ url: url(coupon.id) }))).toEqual([401, 'unauthorized']);
    expect(errorOf(await call({ method: 'POST', url: url(coupon.id), payload: { amount: '1' } }))).toEqual([401, 'unauthorized']);
    for (const payload of [{}, { amount: 'abc' }, { amount: -1 }, { amount: '1', extra: true }]) {
      expect(errorOf(await call({ method: 'POST', url: url(coupon.id), headers: p.headers, payload }))).toEqual([400, 'invalid_request']);
    }
    expect(errorOf(await cashOut(p, coupon.id, '1.001'))).toEqual([400, 'invalid_request']);
    const other = await player();
    expect(errorOf(await call({ url: url(coupon.id), headers: other.headers }))).toEqual([404, 'not_found']);
    expect(errorOf(await cashOut(other, coupon.id, '4.75'))).toEqual([404, 'not_found']);
    expect(errorOf(await call({ url: url('not-a-coupon'), headers: p.headers }))).toEqual([404, 'not_found']);
    expect(await get(p, coupon.id)).toMatchObject({ status: 'accepted' });
    expect(await balance(p)).toBe(95_00n);
    expect(await balance(other)).toBe(100_00n);
  });

  it('pays once when the same coupon is cashed out twenty times at once', async () => {
    const p = await player();
    const g = await gameAt({ [HOME]: 2 });
    const coupon = await place(p, { typeId: 0, amount: '10', bets: [bet(g, 2)] });
    const results = await Promise.all(Array.from({ length: 20 }, () => cashOut(p, coupon.id, '9.50')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => errorOf(r))).toEqual(Array.from({ length: 19 }, () => [409, 'cash_out_unavailable']));
    expect(await balance(p)).toBe(100_00n - 10_00n + 9_50n);
    expect(await postings(coupon.id, 'cash-out')).toBe(1);
  });

  it('pays each coupon once when cash-outs race the settlement of their game', async () => {
    const p = await player(1000_00n);
    const g = await gameAt({ [HOME]: 2 });
    const coupons = [];
    for (let i = 0; i < 12; i++) coupons.push(await place(p, { typeId: 0, amount: '10', bets: [bet(g, 2)] }));
    // Cash-outs spread over the time the game finishes and the sweep settles: some come before, some during, some after.
    const [results] = await Promise.all([
      Promise.all(coupons.map(async (c, i) => (await pause(i * 4), cashOut(p, c.id, '9.50')))),
      (async () => {
        await pause(12);
        await finish(g, 3, 0); // home wins: a settled coupon pays 20.00
        await settleNow();
      })(),
    ]);
    await settleAll();
    let expected = 1000_00n - 120_00n;
    for (const [i, c] of coupons.entries()) {
      const now = await get(p, c.id);
      const [cashOuts, payouts] = [await postings(c.id, 'cash-out'), await postings(c.id, 'payout')];
      if (now.status === 'sold') {
        expect(results[i]!.statusCode).toBe(200);
        expect([cashOuts, payouts, now.payout]).toEqual([1, 0, '9.50']);
        expected += 9_50n;
      } else {
        expect(now.status).toBe('settled');
        expect(errorOf(results[i]!)).toEqual([409, 'cash_out_unavailable']);
        expect([cashOuts, payouts, now.payout]).toEqual([0, 1, '20.00']);
        expected += 20_00n;
      }
    }
    expect(await balance(p)).toBe(expected);
    const paid = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where(sql<boolean>`metadata->>'couponId' in (${sql.join(coupons.map((c) => c.id))})`)
      .where('kind', 'in', ['bet-payout', 'bet-cash-out'])
      .execute();
    expect(paid).toHaveLength(coupons.length);
    await expectPaymentsReconciled(t.db);
    await expectCouponsReconciled(t.db);
  });
});
