/**
 * The coupon API (issue 11) on both databases: quotes, placement on the ledger (idempotent by
 * coupon id, never overdrawn), odds changes by changeCoefAction, unavailable selections, the
 * live delay, settlement once the games finish, my bets.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CouponHistorySchema, CouponQuoteSchema, type Coupon, type GameDetail } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { setBettingSettings, expectCouponsReconciled, expectPaymentsReconciled } from '../../testing.ts';
import { COUPONS, couponSuite, HOME } from './actions-testkit.ts';
import { createCouponService } from './service.ts';

const QUOTE = '/web-api/coupon/v1/quote';
const DRAW = '1x2:match/draw';

describeEachDb('coupon API', (t) => {
  const suite = couponSuite(t, { league: 'Coupon League' });
  const { clock, player, balance, call, ops, game, coefOf, setCoef, finish, bet, post, place, couponOf, get, errorOf, settleNow } = suite;

  describe('quote', () => {
    it('answers visitors and players: the types these bets allow, lines, charged, coef, possible win, each bet’s state', async () => {
      const [a, b, c] = [await game(), await game(), await game()];
      const res = await call({ method: 'POST', url: QUOTE, payload: { typeId: 2, systemValue: 2, amount: '9', bets: [bet(a), bet(b), bet(c)] } });
      expect(res.statusCode, res.body).toBe(200);
      const quote = CouponQuoteSchema.parse(res.json());
      // The site's defaults in RUB: at least 3.00 a line, at most 15,000.00 (0.02 and 100 initial stakes of 150).
      expect(quote).toMatchObject({ typeId: 2, lines: 3, unitStake: '3.00', charged: '9.00', currency: 'RUB', minAmount: '3.00', maxAmount: '15000.00', errors: [] });
      expect(quote.types.find((x) => x.typeId === 0)).toMatchObject({ allowed: false, reason: 'too_many_selections' });
      expect(quote.types.find((x) => x.typeId === 7)).toMatchObject({ allowed: true });
      expect(quote.systemOptions.map((o) => o.combo)).toEqual([3]);
      expect(quote.bets.every((x) => !x.isBlocked && !x.isLive)).toBe(true);

      // Two bets of one game: dependent; an unknown outcome: blocked; a missing amount: an error, not a failure.
      const dep = CouponQuoteSchema.parse((await call({ method: 'POST', url: QUOTE, payload: { typeId: 1, bets: [bet(a), bet(a, coefOf(a, DRAW), DRAW), { gameId: a.id, outcomeKey: 'nope', coef: 2 }] } })).json());
      expect(dep.bets.map((x) => [x.isDepend, x.isBlocked])).toEqual([[true, false], [true, false], [false, true]]);
      expect(dep.types.find((x) => x.typeId === 1)).toMatchObject({ allowed: false, reason: 'dependent_selections' });
      expect(dep.errors.map((e) => e.code)).toContain('type_not_allowed');
    });

    it('refuses malformed drafts with 400', async () => {
      for (const payload of [{}, { typeId: 11, bets: [] }, { typeId: 0, bets: [{ gameId: 1, outcomeKey: HOME, coef: 1.2345 }] }, { typeId: 0, bets: [{ gameId: 'x', outcomeKey: HOME, coef: 2 }] }, { typeId: 0, amount: '1e3', bets: [{ gameId: 1, outcomeKey: HOME, coef: 2 }] }]) {
        expect(errorOf(await call({ method: 'POST', url: QUOTE, payload }))).toEqual([400, 'invalid_request']);
      }
    });
  });

  describe('placement', () => {
    it('needs a session, a valid body and the right to bet', async () => {
      const g = await game();
      expect(errorOf(await post(null, { typeId: 0, amount: '1', bets: [bet(g)] }))).toEqual([401, 'unauthorized']);
      const p = await player();
      expect(errorOf(await post(p, { typeId: 0, amount: '1' }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: { typeId: 0, amount: '1', bets: [bet(g)] } }))).toEqual([400, 'invalid_request']);
      await t.db.updateTable('users').set({ ban_level: 2 }).where('id', '=', p.userId).execute();
      expect(errorOf(await post(p, { typeId: 0, amount: '1', bets: [bet(g)] }))).toEqual([403, 'bet_not_allowed']);
      expect(await balance(p)).toBe(100_00n);
    });

    it('charges the stake on the ledger with the coupon; a retry of the id answers it, another body under the id is 409', async () => {
      const p = await player();
      const g = await game();
      const id = randomUUID();
      const body = { id, typeId: 0, amount: '12.50', bets: [bet(g)] };
      const first = couponOf(await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: body }));
      expect(first).toMatchObject({ id, status: 'accepted', amount: '12.50', lines: 1, coef: coefOf(g, HOME), payout: null, isLive: false });
      expect(await balance(p)).toBe(100_00n - 12_50n);
      expect(couponOf(await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: body }), 200)).toEqual(first);
      expect(errorOf(await call({ method: 'POST', url: COUPONS, headers: p.headers, payload: { ...body, amount: '13' } }))).toEqual([409, 'idempotency_conflict']);
      const other = await player();
      expect(errorOf(await call({ method: 'POST', url: COUPONS, headers: other.headers, payload: body }))).toEqual([409, 'idempotency_conflict']);
      expect(await balance(p)).toBe(100_00n - 12_50n);
      const stakes = await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', '=', `coupon:${id}:stake`).execute();
      expect(stakes).toHaveLength(1);
    });

    it('handles odds changes by changeCoefAction: 0 refuses any, 1 takes any, 2 takes increases', async () => {
      const p = await player();
      const g = await game();
      const seen = coefOf(g, HOME);
      await setCoef(g, seen + 0.2);
      const up = bet(g, seen);
      const refused = await post(p, { typeId: 0, amount: '1', changeCoefAction: 0, bets: [up] });
      expect(errorOf(refused)).toEqual([409, 'coef_changed']);
      // No promotion issues bet codes yet: a code is refused, never silently dropped.
      expect(errorOf(await post(p, { typeId: 0, amount: '1', promoCode: 'WELCOME', bets: [bet(g)] }))).toEqual([422, 'promo_code_unknown']);
      expect((refused.json() as { details: { bets: { coef: number }[] } }).details.bets[0]!.coef).toBeCloseTo(seen + 0.2, 3);
      expect((await place(p, { typeId: 0, amount: '1', changeCoefAction: 2, bets: [up] })).coef).toBeCloseTo(seen + 0.2, 3);
      await setCoef(g, seen - 0.1);
      expect(errorOf(await post(p, { typeId: 0, amount: '1', changeCoefAction: 2, bets: [up] }))).toEqual([409, 'coef_changed']);
      expect((await place(p, { typeId: 0, amount: '1', changeCoefAction: 1, bets: [up] })).coef).toBeCloseTo(seen - 0.1, 3);
      expect(await balance(p)).toBe(100_00n - 2_00n);
    });

    it('refuses blocked, suspended, finished and unknown selections, an overdraft, and a draft the maths refuses — nothing charged', async () => {
      const p = await player(5_00n);
      const g = await game();
      expect((await ops('POST', `/${g.id}/suspend`, { markets: ['1x2:match'] })).statusCode).toBe(200);
      expect(errorOf(await post(p, { typeId: 0, amount: '1', bets: [bet(g)] }))).toEqual([409, 'selection_unavailable']);
      expect(errorOf(await post(p, { typeId: 0, amount: '1', bets: [{ gameId: g.id, outcomeKey: 'nope', coef: 2 }] }))).toEqual([409, 'selection_unavailable']);
      const h = await game();
      expect(errorOf(await post(p, { typeId: 0, amount: '5.01', bets: [bet(h)] }))).toEqual([422, 'insufficient_funds']);
      expect(errorOf(await post(p, { typeId: 1, amount: '1', bets: [bet(h), bet(h, coefOf(h, DRAW), DRAW)] }))).toEqual([422, 'coupon_invalid']);
      expect(errorOf(await post(p, { typeId: 0, amount: '1', exactCoef: 1.001, bets: [bet(h)] }))).toEqual([409, 'coef_changed']);
      await finish(h, 1, 0);
      expect(errorOf(await post(p, { typeId: 0, amount: '1', bets: [bet(h)] }))).toEqual([409, 'selection_unavailable']);
      expect(await balance(p)).toBe(5_00n);
      expect(await t.db.selectFrom('coupons').select('id').where('user_id', '=', p.userId).execute()).toEqual([]);
    });

    it('takes an express of long odds whose total passes 2^31 thousandths (3 × 1000.00 → 10^9)', async () => {
      const p = await player();
      const games = [await game(), await game(), await game()];
      for (const g of games) await setCoef(g, 1000);
      await setBettingSettings(suite.app, { maxPayoutInInitialStakes: null });
      try {
        const long = await place(p, { typeId: 1, amount: '0.10', bets: games.map((g) => bet(g, 1000)) });
        expect(long).toMatchObject({ coef: 1_000_000_000, possibleWin: '100000000.00' });
      } finally {
        await setBettingSettings(suite.app, { maxPayoutInInitialStakes: 100_000 });
      }
    });

    it('holds the site’s betting settings: min and max stake, max payout, the live delay — as the operator changes them', async () => {
      const p = await player(1000_00n);
      const [a, b] = [await game(), await game()];
      for (const g of [a, b]) await setCoef(g, 1000);
      // EUR: 0.10 to 500.00 a coupon, payouts up to 500,000.00.
      const below = await post(p, { typeId: 0, amount: '0.09', bets: [bet(a, 1000)] });
      expect([below.statusCode, below.json().details.errors[0].code]).toEqual([422, 'amount_below_min']);
      const above = await post(p, { typeId: 0, amount: '500.01', bets: [bet(a, 1000)] });
      expect([above.statusCode, above.json().details.errors[0].code]).toEqual([422, 'amount_above_max']);
      const capped = await place(p, { typeId: 1, amount: '1', bets: [bet(a, 1000), bet(b, 1000)] });
      expect(capped).toMatchObject({ coef: 1_000_000, possibleWin: '500000.00' });
      expect(await balance(p)).toBe(1000_00n - 1_00n);

      await setBettingSettings(suite.app, { maxStakeInInitialStakes: 200, liveAcceptDelayMs: 0 });
      try {
        await place(p, { typeId: 0, amount: '500.01', bets: [bet(a, 1000)] });
        const live = await game(true);
        expect(await place(p, { typeId: 0, amount: '1', bets: [bet(live)] })).toMatchObject({ status: 'accepted', isLive: true });
      } finally {
        await setBettingSettings(suite.app, { maxStakeInInitialStakes: 100, liveAcceptDelayMs: 3000 });
      }
    });

    it('never overdraws under 200 concurrent placements on one balance: exactly 50 of 1.00 from 50.00', async () => {
      const p = await player(50_00n);
      const g = await game();
      const results = await Promise.all(Array.from({ length: 200 }, () => post(p, { typeId: 0, amount: '1', bets: [bet(g)] })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(50);
      expect(results.filter((r) => r.statusCode !== 201).every((r) => errorOf(r)[1] === 'insufficient_funds')).toBe(true);
      expect(await balance(p)).toBe(0n);
      const coupons = await t.db.selectFrom('coupons').select(({ fn }) => fn.countAll<string>().as('n')).where('user_id', '=', p.userId).executeTakeFirstOrThrow();
      expect(Number(coupons.n)).toBe(50);
    });
  });

  describe('live coupons', () => {
    it('wait the acceptance delay, then are accepted; with drop-on-score-change a goal meanwhile refuses one and returns its stake', async () => {
      const p = await player();
      const g = await game(true);
      const pending = await place(p, { typeId: 0, amount: '2', bets: [bet(g)] });
      expect(pending).toMatchObject({ status: 'pending', isLive: true });
      expect(pending.acceptAt).not.toBeNull();
      const dropping = await place(p, { typeId: 0, amount: '3', isDropOnScoreChange: true, bets: [bet(g)] });
      expect(await balance(p)).toBe(100_00n - 5_00n);
      expect((await ops('POST', `/${g.id}/score`, { score: { home: 1, away: 0 } })).statusCode).toBe(200);
      clock.advance!(4);
      await suite.app.jobs.runDue();
      expect(await get(p, pending.id)).toMatchObject({ status: 'accepted' });
      expect(await get(p, dropping.id)).toMatchObject({ status: 'refused', refusal: { code: 'score_changed' }, payout: '3.00' });
      expect(await balance(p)).toBe(100_00n - 2_00n);
    });
  });

  describe('settlement', () => {
    it('pays every coupon once its games finish: single, express, system, lost and returned, exactly and once', async () => {
      const p = await player(1000_00n);
      const [a, b, c] = [await game(), await game(), await game()];
      for (const g of [a, b, c]) await setCoef(g, 2);
      const at2 = (g: GameDetail) => bet(g, 2);
      const single = await place(p, { typeId: 0, amount: '10', bets: [at2(a)] });
      const express = await place(p, { typeId: 1, amount: '10', bets: [at2(a), at2(b)] });
      const lost = await place(p, { typeId: 1, amount: '10', bets: [at2(a), at2(c)] });
      const system = await place(p, { typeId: 2, systemValue: 2, amount: '30', bets: [at2(a), at2(b), at2(c)] });
      expect(await balance(p)).toBe(1000_00n - 60_00n);

      await finish(a, 2, 0); // home wins
      await settleNow();
      // Nothing is paid while a coupon still has an open selection, except the single.
      expect(await get(p, single.id)).toMatchObject({ status: 'settled', payout: '20.00' });
      expect(await get(p, express.id)).toMatchObject({ status: 'accepted', payout: null });

      await finish(b, 1, 0);
      await finish(c, 0, 1); // home loses
      await settleNow();
      expect(await get(p, express.id)).toMatchObject({ status: 'settled', payout: '40.00' });
      expect(await get(p, lost.id)).toMatchObject({ status: 'settled', payout: '0.00' });
      // System 2 of 3, unit 10.00: a+b wins 40.00, a+c and b+c lose.
      expect(await get(p, system.id)).toMatchObject({ status: 'settled', payout: '40.00' });
      expect((await get(p, system.id)).bets.map((x) => x.status)).toEqual([1, 1, 0]);
      expect(await balance(p)).toBe(1000_00n - 60_00n + 100_00n);

      // Replayed: the sweep again pays nothing more.
      await settleNow();
      await settleNow();
      expect(await balance(p)).toBe(1000_00n - 60_00n + 100_00n);
      const payouts = await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', 'coupon:%:payout').where(sql<boolean>`metadata->>'couponId' in (${sql.join([single.id, express.id, lost.id, system.id])})`).execute();
      expect(payouts).toHaveLength(3);
      await expectPaymentsReconciled(t.db);
      await expectCouponsReconciled(t.db);
    });

    it('settles in batches: sweeps of three nodes at once pay 60 coupons of 12 players each once, and the ledger adds up', async () => {
      const players = await Promise.all(Array.from({ length: 12 }, () => player(100_00n)));
      const [a, b] = [await game(), await game()];
      for (const g of [a, b]) await setCoef(g, 2);
      const coupons: Coupon[] = [];
      for (const [i, p] of players.entries()) {
        for (let k = 0; k < 5; k++) coupons.push(await place(p, k % 2 === 0 ? { typeId: 0, amount: `${i + 1}`, bets: [bet(g2(k), 2)] } : { typeId: 1, amount: '2', bets: [bet(a, 2), bet(b, 2)] }));
      }
      function g2(k: number) {
        return k % 4 === 0 ? a : b;
      }
      await finish(a, 1, 0);
      await finish(b, 3, 1);
      const service = createCouponService({ db: t.db, clock, logger: suite.app.log, ledger: suite.app.ledger, siteConfig: () => suite.app.siteConfig.get() });
      const sweeps = await Promise.all([service.sweep(new Date(clock.now())), service.sweep(new Date(clock.now())), service.sweep(new Date(clock.now()))]);
      expect(sweeps.reduce((n, s) => n + s.settled, 0)).toBe(60);
      const rows = await t.db.selectFrom('coupons').select(['status', 'payout', 'amount', 'type_id']).where('id', 'in', coupons.map((c) => c.id)).execute();
      expect(rows.every((r) => r.status === 'settled' && r.payout === (r.type_id === 0 ? r.amount * 2n : r.amount * 4n))).toBe(true);
      for (const [i, p] of players.entries()) expect(await balance(p)).toBe(100_00n + 3n * BigInt(i + 1) * 100n + 2n * 2_00n * 3n);
      await expectPaymentsReconciled(t.db);
      await expectCouponsReconciled(t.db);
    });

    it('lists my bets newest first with filters and pages; another player’s coupon is 404', async () => {
      const p = await player();
      const g = await game();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await place(p, { typeId: 0, amount: '1', bets: [bet(g)] })).id);
        clock.advance!(1);
      }
      const page = CouponHistorySchema.parse((await call({ url: `${COUPONS}?limit=2`, headers: p.headers })).json());
      expect(page.coupons.map((c) => c.id)).toEqual([ids[2], ids[1]]);
      expect(page.coupons[0]!.bets[0]).toMatchObject({ gameId: g.id, outcomeKey: HOME, home: expect.stringMatching(/^Home/), status: -2 });
      const next = CouponHistorySchema.parse((await call({ url: `${COUPONS}?limit=2&before=${page.nextCursor!}`, headers: p.headers })).json());
      expect(next.coupons.map((c) => c.id)).toEqual([ids[0]]);
      expect(CouponHistorySchema.parse((await call({ url: `${COUPONS}?status=settled`, headers: p.headers })).json()).coupons).toEqual([]);
      expect(errorOf(await call({ url: `${COUPONS}?status=nope`, headers: p.headers }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await call({ url: COUPONS }))).toEqual([401, 'unauthorized']);
      const other = await player();
      expect(errorOf(await call({ url: `${COUPONS}/${ids[0]!}`, headers: other.headers }))).toEqual([404, 'not_found']);
      expect(errorOf(await call({ url: `${COUPONS}/not-an-id`, headers: p.headers }))).toEqual([404, 'not_found']);
    });
  });
});
