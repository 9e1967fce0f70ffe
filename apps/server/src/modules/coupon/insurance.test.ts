/**
 * Insurance (issue 11, SPEC §4 "insure") on both databases: premiums per share from the
 * current odds, the premium charged once with the coupon marked insured, a lost insured
 * coupon paid back its insured part at settlement (once), a won one not, a moved premium
 * refused, a result already in refused, who may ask, and money under concurrency.
 */
import { expect, it } from 'vitest';
import { CashOutOfferSchema, CouponSchema, InsuranceQuoteSchema, type InsuranceQuoteResponse } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { expectCouponsReconciled, expectPaymentsReconciled, type TestPlayer } from '../../testing.ts';
import { COUPONS, couponSuite, HOME } from './actions-testkit.ts';

describeEachDb('coupon insurance', (t) => {
  const { player, balance, call, game, gameAt, coefOf, setCoef, finish, bet, place, get, postings, pause, errorOf, detailsOf, settleNow, settleAll } = couponSuite(t);
  const url = (id: string) => `${COUPONS}/${id}/insurance`;
  const quote = async (who: TestPlayer, id: string): Promise<InsuranceQuoteResponse> => {
    const res = await call({ url: url(id), headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return InsuranceQuoteSchema.parse(res.json());
  };
  const insure = (who: TestPlayer, id: string, body: Record<string, unknown>) => call({ method: 'POST', url: url(id), headers: who.headers, payload: body });
  /** An express of two home wins at 2.00: P(loss) = 1 − 1/4; premium = ceil(insured × 0.75 × 1.05). */
  async function express(p: TestPlayer) {
    const [a, b] = [await gameAt({ [HOME]: 2 }), await gameAt({ [HOME]: 2 })];
    return { a, b, coupon: await place(p, { typeId: 1, amount: '10', bets: [bet(a, 2), bet(b, 2)] }) };
  }

  it('prices each share, charges the premium once, and pays the insured part back when the coupon loses', async () => {
    const p = await player();
    const { a, b, coupon } = await express(p);
    expect(await quote(p, coupon.id)).toEqual({
      available: true,
      offers: [
        { share: 25, amount: '2.50', premium: '1.97' },
        { share: 50, amount: '5.00', premium: '3.94' },
        { share: 75, amount: '7.50', premium: '5.91' },
        { share: 100, amount: '10.00', premium: '7.88' },
      ],
    });
    const res = await insure(p, coupon.id, { share: 50, premium: '3.94' });
    expect(res.statusCode, res.body).toBe(200);
    expect(CouponSchema.parse(res.json())).toMatchObject({ status: 'accepted', insurance: { amount: '5.00', premium: '3.94' } });
    expect(await balance(p)).toBe(100_00n - 10_00n - 3_94n);
    // Once: no second premium, and an insured coupon is not cashed out.
    expect(await quote(p, coupon.id)).toEqual({ available: false, reason: 'already_insured', offers: [] });
    expect(errorOf(await insure(p, coupon.id, { share: 25 }))).toEqual([409, 'insurance_unavailable']);
    const cashOut = CashOutOfferSchema.parse((await call({ url: `${COUPONS}/${coupon.id}/cash-out`, headers: p.headers })).json());
    expect(cashOut).toEqual({ available: false, amount: null, reason: 'insured' });
    expect(await postings(coupon.id, 'insurance')).toBe(1);

    await finish(a, 0, 1); // home loses: the express pays nothing
    await finish(b, 1, 0);
    await settleNow();
    expect(await get(p, coupon.id)).toMatchObject({ status: 'settled', payout: '0.00', insurance: { amount: '5.00' } });
    expect(await balance(p)).toBe(100_00n - 10_00n - 3_94n + 5_00n);
    await settleNow();
    expect(await balance(p)).toBe(100_00n - 10_00n - 3_94n + 5_00n);
    expect(await postings(coupon.id, 'insurance-payback')).toBe(1);
    await expectPaymentsReconciled(t.db);
    await expectCouponsReconciled(t.db);
  });

  it('pays nothing back on a coupon that wins', async () => {
    const p = await player();
    const g = await gameAt({ [HOME]: 2 });
    const single = await place(p, { typeId: 0, amount: '10', bets: [bet(g, 2)] });
    // P(loss) = 1/2: 10.00 × 0.5 × 1.05.
    expect((await insure(p, single.id, { share: 100, premium: '5.25' })).statusCode).toBe(200);
    await finish(g, 2, 0);
    await settleNow();
    expect(await get(p, single.id)).toMatchObject({ status: 'settled', payout: '20.00' });
    expect(await balance(p)).toBe(100_00n - 10_00n - 5_25n + 20_00n);
    expect(await postings(single.id, 'insurance-payback')).toBe(0);
  });

  it('refuses a premium the odds moved away from, with the new prices; without a premium it charges the current one', async () => {
    const p = await player();
    const { b, coupon } = await express(p);
    await setCoef(b, 3);
    const moved = await insure(p, coupon.id, { share: 50, premium: '3.94' });
    expect(errorOf(moved)).toEqual([409, 'insurance_changed']);
    // P(loss) = 1 − 1/6; 5.00 × 5/6 × 1.05 = 4.375 → 4.38.
    expect(detailsOf<{ insurance: InsuranceQuoteResponse }>(moved).insurance.offers.find((o) => o.share === 50)).toEqual({ share: 50, amount: '5.00', premium: '4.38' });
    expect(await balance(p)).toBe(90_00n);
    expect(CouponSchema.parse((await insure(p, coupon.id, { share: 50 })).json()).insurance).toEqual({ amount: '5.00', premium: '4.38' });
    expect(await balance(p)).toBe(90_00n - 4_38n);
  });

  it('does not insure a coupon whose result is already in, a pending live coupon, or without the money for the premium', async () => {
    const p = await player(10_00n);
    const g = await gameAt({ [HOME]: 2.5 });
    const single = await place(p, { typeId: 0, amount: '5', bets: [bet(g, 2.5)] });
    await finish(g, 0, 3); // lost, not swept yet
    expect(await quote(p, single.id)).toMatchObject({ available: false, reason: 'selection_unavailable' });
    expect(detailsOf<{ reason: string }>(await insure(p, single.id, { share: 100 }))).toEqual({ reason: 'selection_unavailable' });
    await settleNow();
    expect(await quote(p, single.id)).toMatchObject({ available: false, reason: 'not_accepted' });

    const live = await game(true);
    const pending = await place(p, { typeId: 0, amount: '1', bets: [bet(live, coefOf(live))] });
    expect(pending.status).toBe('pending');
    expect(await quote(p, pending.id)).toMatchObject({ available: false, reason: 'not_accepted' });

    const h = await gameAt({ [HOME]: 2 });
    const all = await place(p, { typeId: 0, amount: '4', bets: [bet(h, 2)] });
    expect(await balance(p)).toBe(0n);
    expect(errorOf(await insure(p, all.id, { share: 100 }))).toEqual([422, 'insufficient_funds']);
    expect((await get(p, all.id)).insurance).toBeNull();
  });

  it('needs a session, a valid body and the player’s own coupon', async () => {
    const p = await player();
    const { coupon } = await express(p);
    expect(errorOf(await call({ url: url(coupon.id) }))).toEqual([401, 'unauthorized']);
    expect(errorOf(await call({ method: 'POST', url: url(coupon.id), payload: { share: 50 } }))).toEqual([401, 'unauthorized']);
    for (const body of [{}, { share: 30 }, { share: '50' }, { share: 50, premium: 'x' }, { share: 50, extra: 1 }]) {
      expect(errorOf(await insure(p, coupon.id, body))).toEqual([400, 'invalid_request']);
    }
    expect(errorOf(await insure(p, coupon.id, { share: 50, premium: '3.941' }))).toEqual([400, 'invalid_request']);
    const other = await player();
    expect(errorOf(await call({ url: url(coupon.id), headers: other.headers }))).toEqual([404, 'not_found']);
    expect(errorOf(await insure(other, coupon.id, { share: 50 }))).toEqual([404, 'not_found']);
    expect(errorOf(await insure(p, 'nope', { share: 50 }))).toEqual([404, 'not_found']);
    expect(await balance(p)).toBe(90_00n);
    expect(await balance(other)).toBe(100_00n);
  });

  it('charges one premium for ten requests at once', async () => {
    const p = await player();
    const { coupon } = await express(p);
    const results = await Promise.all(Array.from({ length: 10 }, () => insure(p, coupon.id, { share: 100, premium: '7.88' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => errorOf(r)[1] === 'insurance_unavailable')).toBe(true);
    expect(await balance(p)).toBe(90_00n - 7_88n);
    expect(await postings(coupon.id, 'insurance')).toBe(1);
  });

  it('pays back every premium charged when insurances race the settlement of a lost game', async () => {
    const p = await player(1000_00n);
    const g = await gameAt({ [HOME]: 2 });
    const coupons = [];
    for (let i = 0; i < 10; i++) coupons.push(await place(p, { typeId: 0, amount: '10', bets: [bet(g, 2)] }));
    // Insurances spread over the time the game finishes and the sweep settles: before, during and after.
    await Promise.all([
      Promise.all(coupons.map(async (c, i) => (await pause(i * 4), insure(p, c.id, { share: 100 })))),
      (async () => {
        await pause(12);
        await finish(g, 0, 1); // home loses
        await settleNow();
      })(),
    ]);
    await settleAll();
    let expected = 1000_00n - 100_00n;
    for (const c of coupons) {
      const now = await get(p, c.id);
      expect(now).toMatchObject({ status: 'settled', payout: '0.00' });
      const [premiums, paybacks] = [await postings(c.id, 'insurance'), await postings(c.id, 'insurance-payback')];
      // Insured ⇔ premium charged ⇔ paid back (it lost).
      expect([premiums, paybacks]).toEqual(now.insurance ? [1, 1] : [0, 0]);
      if (now.insurance) expected += 10_00n - 5_25n;
    }
    expect(await balance(p)).toBe(expected);
    await expectPaymentsReconciled(t.db);
    await expectCouponsReconciled(t.db);
  });
});
