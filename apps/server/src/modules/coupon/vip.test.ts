/**
 * The vip bet's review on both databases (issue 11, SPEC §5, decision 0016): a stake above
 * the max held in `review`; the operator's accept, decline and counter-offer; the player's
 * answer; the time-out as a job and by the sweep; one decision of many concurrent ones; the
 * calls' validation and authorisation.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CouponHistorySchema, CouponQuoteSchema, OpsReviewQueueSchema, type Coupon } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { setBettingSettings, expectPaymentsReconciled, opsHeaders, type TestPlayer } from '../../testing.ts';
import { COUPONS, couponSuite, HOME } from './actions-testkit.ts';
import { VIP_TIMEOUT_JOB } from './vip.ts';

const QUEUE = '/ops-api/v1/coupons/review';
const REVIEW_MS = 60_000;

describeEachDb('vip bet review', (t) => {
  const suite = couponSuite(t, {
    league: 'Vip League',
    teams: 'Vip ',
    funds: 1000_00n,
    // The max stake in these tests: 20 initial stakes of EUR (5.00) = 100.00.
    prepare: (app) => setBettingSettings(app, { maxStakeInInitialStakes: 20, vipReviewSeconds: REVIEW_MS / 1000 }),
  });
  const { clock, player, balance, call, gameAt, bet, post, couponOf, get, postingKeys: postings, errorOf } = suite;
  /** Every game here has its home win at 2.00; a placement is a single unless told. */
  const game = (live = false) => gameAt({ [HOME]: 2 }, live);
  const place = (who: TestPlayer, body: Record<string, unknown>) => post(who, { typeId: 0, ...body });
  /** A vip single of `amount` on a new game, in review. */
  async function vipBet(who: TestPlayer, amount = '200'): Promise<Coupon> {
    return couponOf(await place(who, { amount, isVipBet: true, bets: [bet(await game(), 2)] }));
  }
  const decide = (id: string, payload: unknown, headers: Record<string, string> = opsHeaders) => call({ method: 'POST', url: `/ops-api/v1/coupons/${id}/review`, headers, payload: payload as InjectOptions['payload'] });
  const answer = (who: TestPlayer | null, id: string, payload: unknown) => call({ method: 'POST', url: `${COUPONS}/${id}/review`, headers: who?.headers ?? {}, payload: payload as InjectOptions['payload'] });

  describe('placement', () => {
    it('holds a vip stake above the max in review with a deadline; the quote drops “above the max” for it', async () => {
      const p = await player();
      const g = await game();
      const quote = CouponQuoteSchema.parse((await call({ method: 'POST', url: '/web-api/coupon/v1/quote', headers: p.headers, payload: { typeId: 0, amount: '200', bets: [bet(g, 2)] } })).json());
      expect(quote).toMatchObject({ vipBetAvailable: true, maxAmount: '100.00' });
      expect(quote.errors.map((e) => e.code)).toEqual(['amount_above_max']);
      const vipQuote = CouponQuoteSchema.parse((await call({ method: 'POST', url: '/web-api/coupon/v1/quote', headers: p.headers, payload: { typeId: 0, amount: '200', isVipBet: true, bets: [bet(g, 2)] } })).json());
      expect(vipQuote.errors).toEqual([]);

      const c = couponOf(await place(p, { amount: '200', isVipBet: true, bets: [bet(g, 2)] }));
      expect(c).toMatchObject({ status: 'review', amount: '200.00', review: { askedAmount: '200.00', counterAmount: null, decision: null } });
      expect(Date.parse(c.review!.deadline)).toBe(clock.now() + REVIEW_MS);
      expect(c.review!.remainingMs).toBe(REVIEW_MS);
      expect(await balance(p)).toBe(1000_00n - 200_00n);
      expect(await postings(c.id)).toEqual(['stake']);
      // In my bets' open coupons and in the operators' queue, with its time-out job.
      const open = CouponHistorySchema.parse((await call({ url: `${COUPONS}?status=open`, headers: p.headers })).json());
      expect(open.coupons.map((x) => x.id)).toContain(c.id);
      const queue = OpsReviewQueueSchema.parse((await call({ url: QUEUE, headers: opsHeaders })).json());
      expect(queue.coupons.find((x) => x.coupon.id === c.id)).toMatchObject({ userId: p.userId, coupon: { status: 'review' } });
      const jobs = await t.db.selectFrom('scheduled_jobs').select('due_at').where('kind', '=', VIP_TIMEOUT_JOB).where('done_at', 'is', null).execute();
      expect(jobs.some((j) => j.due_at.getTime() === Date.parse(c.review!.deadline))).toBe(true);
    });

    it('places a vip bet within the max as any coupon; refuses one SPEC §5 does not allow; refuses above the max without vip', async () => {
      const p = await player();
      expect(couponOf(await place(p, { amount: '50', isVipBet: true, bets: [bet(await game(), 2)] }))).toMatchObject({ status: 'accepted', review: null });
      expect(errorOf(await place(p, { amount: '200', bets: [bet(await game(), 2)] }))).toEqual([422, 'coupon_invalid']);
      // Live bets and multiple singles cannot be vip bets.
      const live = await game(true);
      expect(errorOf(await place(p, { amount: '200', isVipBet: true, bets: [bet(live, 2)] }))).toEqual([422, 'vip_bet_unavailable']);
      const [a, b] = [await game(), await game()];
      expect(errorOf(await place(p, { typeId: 9, amount: '200', isVipBet: true, bets: [bet(a, 2), bet(b, 2)] }))).toEqual([422, 'vip_bet_unavailable']);
      expect(errorOf(await place(p, { amount: '200', isVipBet: 'yes', bets: [bet(a, 2)] }))).toEqual([400, 'invalid_request']);
      // Not enough money: nothing held.
      const poor = await player(150_00n);
      expect(errorOf(await place(poor, { amount: '200', isVipBet: true, bets: [bet(a, 2)] }))).toEqual([422, 'insufficient_funds']);
      expect(await balance(poor)).toBe(150_00n);
      expect(await balance(p)).toBe(1000_00n - 50_00n);
    });
  });

  describe('operator calls', () => {
    it('need the operator token, a valid body and a known coupon', async () => {
      const p = await player();
      const c = await vipBet(p);
      for (const headers of [{}, { authorization: 'Bearer nope' }, p.headers] as Record<string, string>[]) {
        expect(errorOf(await call({ url: QUEUE, headers }))).toEqual([401, 'unauthorized']);
        expect(errorOf(await decide(c.id, { decision: 'accept' }, headers))).toEqual([401, 'unauthorized']);
      }
      expect(errorOf(await call({ url: `${QUEUE}?limit=0`, headers: opsHeaders }))).toEqual([400, 'invalid_request']);
      for (const body of [{}, { decision: 'maybe' }, { decision: 'counter' }, { decision: 'counter', amount: '1e2' }, { decision: 'accept', amount: '10' }]) {
        expect(errorOf(await decide(c.id, body))).toEqual([400, 'invalid_request']);
      }
      expect(errorOf(await decide(c.id, { decision: 'counter', amount: '10.001' }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await decide(randomUUID(), { decision: 'accept' }))).toEqual([404, 'not_found']);
      expect(errorOf(await decide('not-a-coupon', { decision: 'accept' }))).toEqual([404, 'not_found']);
      // A counter-offer is a smaller stake than the one asked.
      expect(errorOf(await decide(c.id, { decision: 'counter', amount: '200' }))).toEqual([422, 'counter_out_of_range']);
      expect(errorOf(await decide(c.id, { decision: 'counter', amount: '250' }))).toEqual([422, 'counter_out_of_range']);
      expect(await get(p, c.id)).toMatchObject({ status: 'review' });
      expect(await balance(p)).toBe(1000_00n - 200_00n);
    });

    it('accept: the coupon goes on at the asked stake (no money moves) and settles as any coupon', async () => {
      const p = await player();
      const c = await vipBet(p);
      const accepted = couponOf(await decide(c.id, { decision: 'accept' }), 200);
      expect(accepted).toMatchObject({ status: 'accepted', amount: '200.00', possibleWin: '400.00', review: { decision: 'accepted' } });
      expect(errorOf(await decide(c.id, { decision: 'decline' }))).toEqual([409, 'coupon_not_in_review']);
      expect(await balance(p)).toBe(1000_00n - 200_00n);
      const res = await call({ method: 'POST', url: `/ops-api/v1/games/${c.bets[0]!.gameId}/finish`, headers: opsHeaders, payload: { score: { home: 1, away: 0 } } });
      expect(res.statusCode).toBe(200);
      clock.advance!(10);
      await suite.app.jobs.runDue();
      expect(await get(p, c.id)).toMatchObject({ status: 'settled', payout: '400.00' });
      expect(await balance(p)).toBe(1000_00n - 200_00n + 400_00n);
      expect(await postings(c.id)).toEqual(['payout', 'stake']);
    });

    it('decline: refused, the whole stake returned once', async () => {
      const p = await player();
      const c = await vipBet(p);
      expect(couponOf(await decide(c.id, { decision: 'decline' }), 200)).toMatchObject({ status: 'refused', payout: '200.00', refusal: { code: 'vip_declined' }, review: { decision: 'declined' } });
      expect(errorOf(await decide(c.id, { decision: 'accept' }))).toEqual([409, 'coupon_not_in_review']);
      expect(await balance(p)).toBe(1000_00n);
      expect(await postings(c.id)).toEqual(['refund', 'stake']);
    });
  });

  describe('counter-offer', () => {
    it('the player takes it: the stake becomes the counter, the rest returned, the possible win recomputed', async () => {
      const p = await player();
      const c = await vipBet(p);
      clock.advance!(5);
      const countered = couponOf(await decide(c.id, { decision: 'counter', amount: '150' }), 200);
      expect(countered).toMatchObject({ status: 'review', review: { askedAmount: '200.00', counterAmount: '150.00', decision: 'countered' } });
      // The player's turn now, with a new deadline.
      expect(Date.parse(countered.review!.deadline)).toBe(clock.now() + REVIEW_MS);
      expect(errorOf(await decide(c.id, { decision: 'accept' }))).toEqual([409, 'coupon_not_in_review']);

      const taken = couponOf(await answer(p, c.id, { accept: true }), 200);
      expect(taken).toMatchObject({ status: 'accepted', amount: '150.00', unitStake: '150.00', possibleWin: '300.00', review: { counterAmount: '150.00', decision: 'counter_accepted' } });
      expect(await balance(p)).toBe(1000_00n - 150_00n);
      expect(await postings(c.id)).toEqual(['stake', 'vip-return']);
      expect(errorOf(await answer(p, c.id, { accept: true }))).toEqual([409, 'coupon_not_in_review']);
      expect(await balance(p)).toBe(1000_00n - 150_00n);
    });

    it('the player declines it: refused, everything returned', async () => {
      const p = await player();
      const c = await vipBet(p);
      couponOf(await decide(c.id, { decision: 'counter', amount: '120.50' }), 200);
      expect(couponOf(await answer(p, c.id, { accept: false }), 200)).toMatchObject({ status: 'refused', payout: '200.00', review: { decision: 'counter_declined' } });
      expect(await balance(p)).toBe(1000_00n);
      expect(await postings(c.id)).toEqual(['refund', 'stake']);
    });

    it('the player’s call needs a session, a valid body, their own coupon and a counter-offer to answer', async () => {
      const p = await player();
      const c = await vipBet(p);
      expect(errorOf(await answer(null, c.id, { accept: true }))).toEqual([401, 'unauthorized']);
      for (const body of [{}, { accept: 'yes' }, { accept: true, amount: '1' }]) expect(errorOf(await answer(p, c.id, body))).toEqual([400, 'invalid_request']);
      expect(errorOf(await answer(p, 'nope', { accept: true }))).toEqual([404, 'not_found']);
      const other = await player();
      expect(errorOf(await answer(other, c.id, { accept: true }))).toEqual([404, 'not_found']);
      // No counter-offer yet: not the player's turn.
      expect(errorOf(await answer(p, c.id, { accept: true }))).toEqual([409, 'coupon_not_in_review']);
      expect(await balance(p)).toBe(1000_00n - 200_00n);
    });
  });

  describe('time-out', () => {
    it('refuses at the deadline by its job (operator silent, and a counter unanswered), returning the stake', async () => {
      const p = await player();
      const silent = await vipBet(p);
      const unanswered = await vipBet(p);
      couponOf(await decide(unanswered.id, { decision: 'counter', amount: '100' }), 200);
      clock.advance!(REVIEW_MS / 1000 - 1);
      await suite.app.jobs.runDue();
      expect(await get(p, silent.id)).toMatchObject({ status: 'review' });
      clock.advance!(2);
      await suite.app.jobs.runDue();
      expect(await get(p, silent.id)).toMatchObject({ status: 'refused', refusal: { code: 'vip_timed_out' }, review: { decision: 'timed_out' } });
      expect(await get(p, unanswered.id)).toMatchObject({ status: 'refused', review: { decision: 'counter_timed_out' } });
      expect(await balance(p)).toBe(1000_00n);
      expect(errorOf(await answer(p, unanswered.id, { accept: true }))).toEqual([409, 'coupon_not_in_review']);
    });

    it('a decision after the deadline is refused (409 review_expired) and the stake returned, also with the job lost (the sweep)', async () => {
      const p = await player();
      const late = await vipBet(p);
      const lost = await vipBet(p);
      await t.db.deleteFrom('scheduled_jobs').where('kind', '=', VIP_TIMEOUT_JOB).where('done_at', 'is', null).execute();
      clock.advance!(REVIEW_MS / 1000 + 1);
      expect(errorOf(await decide(late.id, { decision: 'accept' }))).toEqual([409, 'review_expired']);
      expect(await get(p, late.id)).toMatchObject({ status: 'refused' });
      clock.advance!(31);
      await suite.app.jobs.runDue();
      expect(await get(p, lost.id)).toMatchObject({ status: 'refused', review: { decision: 'timed_out' } });
      expect(await balance(p)).toBe(1000_00n);
      expect(await postings(lost.id)).toEqual(['refund', 'stake']);
    });
  });

  it('concurrent decisions: one wins, the money moves once', async () => {
    const p = await player(10_000_00n);
    const coupons = [await vipBet(p, '300'), await vipBet(p, '300'), await vipBet(p, '300')];
    const decisions = [{ decision: 'accept' }, { decision: 'decline' }, { decision: 'counter', amount: '120' }];
    for (const c of coupons) {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => decide(c.id, decisions[i % 3])));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode !== 200).every((r) => errorOf(r)[1] === 'coupon_not_in_review')).toBe(true);
    }
    // Players answering a counter twice at once (and racing a decline of it) pay once too.
    const countered = coupons.map((c) => c.id);
    for (const id of countered) {
      const now = await get(p, id);
      if (now.review?.decision !== 'countered') continue;
      const results = await Promise.all([answer(p, id, { accept: true }), answer(p, id, { accept: true }), answer(p, id, { accept: false })]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    }
    const final = await Promise.all(countered.map((id) => get(p, id)));
    const held = final.reduce((sum, c) => sum + (c.status === 'refused' ? 0n : BigInt(c.amount.replace('.', ''))), 0n);
    expect(await balance(p)).toBe(10_000_00n - held);
    for (const c of final) {
      const keys = await postings(c.id);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.filter((k) => k === 'refund' || k === 'vip-return').length).toBeLessThanOrEqual(1);
    }
    await expectPaymentsReconciled(t.db);
  });
});
