/**
 * Resettlement of a corrected result on both databases (issue 11, decision 0016): reversing
 * entries that net out (win → lose, lose → win), a repeat that moves money once, concurrent
 * calls, a debt when the balance cannot cover a reversal, open coupons corrected without
 * money, and a game's resettlement cut short half-way that finishes when run again.
 */
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CouponSchema, OpsResettleResultSchema, type GameDetail, type OpsResettle } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { expectPaymentsReconciled, opsHeaders, type TestPlayer } from '../../testing.ts';
import { COUPONS, couponSuite, HOME } from './actions-testkit.ts';
import { createResettlement } from './resettle.ts';

const AWAY = '1x2:match/away';

describeEachDb('resettlement of a corrected result', (t) => {
  const suite = couponSuite(t, { league: 'Correction Cup', teams: 'Fix ' });
  const { clock, player, balance, call, gameAt, finish, place, get, postingKeys, errorOf, settleNow } = suite;
  /** A POST to the operator's games API with these headers (the operator's token unless told), for the resettle call's own checks. */
  const ops = (url: string, payload: unknown, headers: Record<string, string> = opsHeaders) => call({ method: 'POST', url: `/ops-api/v1/games${url}`, headers, payload: payload as InjectOptions['payload'] });
  const game = () => gameAt({ [HOME]: 2, [AWAY]: 3 });
  const single = (who: TestPlayer, g: GameDetail, amount = '10', key = HOME) => place(who, { typeId: 0, amount, bets: [{ gameId: g.id, outcomeKey: key, coef: key === HOME ? 2 : 3 }] });
  const resettle = async (g: GameDetail, body: OpsResettle) => {
    const res = await ops(`/${g.id}/resettle`, body);
    expect(res.statusCode, res.body).toBe(200);
    return OpsResettleResultSchema.parse(res.json());
  };
  /** The coupon's postings by key suffix, and what they moved on the player's account. */
  async function onPlayer(who: TestPlayer, id: string) {
    const rows = await t.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
      .select(['x.idempotency_key', 'e.amount'])
      .where('e.account_id', '=', who.accountId)
      .where('x.idempotency_key', 'like', `coupon:${id}:%`)
      .execute();
    return { keys: await postingKeys(id), sum: rows.reduce((s, r) => s + BigInt(r.amount), 0n) };
  }

  describe('the operator call', () => {
    it('needs the operator token, a valid body, a known game that has finished, and its own outcome keys', async () => {
      const g = await game();
      const body = { score: { home: 0, away: 1 }, reason: 'wrong scorer' };
      expect(errorOf(await ops(`/${g.id}/resettle`, body, {}))).toEqual([401, 'unauthorized']);
      expect(errorOf(await ops(`/${g.id}/resettle`, body, { authorization: 'Bearer wrong' }))).toEqual([401, 'unauthorized']);
      for (const bad of [{}, { reason: 'no result' }, { score: { home: 0, away: 1 } }, { score: { home: -1, away: 1 }, reason: 'negative' }, { outcomes: [{ key: HOME, status: 9 }], reason: 'no such status' }, { ...body, extra: 1 }]) {
        expect(errorOf(await ops(`/${g.id}/resettle`, bad))).toEqual([400, 'invalid_request']);
      }
      expect(errorOf(await ops('/not-a-game/resettle', body))).toEqual([400, 'invalid_request']);
      expect(errorOf(await ops('/999999/resettle', body))).toEqual([404, 'game_not_found']);
      expect(errorOf(await ops(`/${g.id}/resettle`, body))).toEqual([409, 'game_not_finished']);
      await finish(g, 1, 0);
      expect(errorOf(await ops(`/${g.id}/resettle`, { outcomes: [{ key: 'nope', status: 1 }], reason: 'typo' }))).toEqual([422, 'unknown_outcome']);
    });
  });

  describe('money', () => {
    it('win → lose: the payout reversed from the player; the ledger sums to the final payout', async () => {
      const p = await player();
      const g = await game();
      const c = await single(p, g);
      await finish(g, 2, 0);
      await settleNow();
      expect(await get(p, c.id)).toMatchObject({ status: 'settled', payout: '20.00' });
      expect(await balance(p)).toBe(100_00n - 10_00n + 20_00n);

      const result = await resettle(g, { score: { home: 0, away: 1 }, reason: 'result corrected by the league' });
      expect(result).toMatchObject({ gameId: g.id, resettled: 1, debts: {} });
      expect(result.changed[HOME]).toBe(0);
      expect(result.changed[AWAY]).toBe(1);
      const after = await get(p, c.id);
      expect(after).toMatchObject({ status: 'settled', payout: '0.00' });
      expect(after.bets[0]).toMatchObject({ status: 0, score: '0:1' });
      expect(await balance(p)).toBe(100_00n - 10_00n);
      expect(await onPlayer(p, c.id)).toEqual({ keys: ['payout', 'payout:v1:reverse', 'stake'], sum: -10_00n });
      const row = await t.db.selectFrom('coupon_resettlements').selectAll().where('coupon_id', '=', c.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ version: 2, game_id: g.id, previous_payout: 20_00n, payout: 0n, debt: 0n, reason: 'result corrected by the league' });
      await expectPaymentsReconciled(t.db);
    });

    it('win → lose and lose → win at once, then back: each correction reverses the one before; replayed, it moves money once', async () => {
      const p = await player();
      const g = await game();
      const home = await single(p, g);
      const away = await single(p, g, '5', AWAY);
      await finish(g, 2, 0);
      await settleNow();
      expect(await balance(p)).toBe(100_00n - 15_00n + 20_00n);

      const body = { score: { home: 0, away: 3 }, reason: 'goals were the away side’s' };
      expect(await resettle(g, body)).toMatchObject({ resettled: 2 });
      expect(await get(p, home.id)).toMatchObject({ payout: '0.00' });
      expect(await get(p, away.id)).toMatchObject({ payout: '15.00' });
      expect(await balance(p)).toBe(100_00n - 15_00n + 15_00n);
      // Replayed (the same call again, and the job that came with it): nothing more moves.
      expect(await resettle(g, body)).toMatchObject({ resettled: 0, changed: {} });
      clock.advance!(61);
      await suite.app.jobs.runDue();
      expect(await balance(p)).toBe(100_00n);
      expect(await onPlayer(p, home.id)).toEqual({ keys: ['payout', 'payout:v1:reverse', 'stake'], sum: -10_00n });
      expect(await onPlayer(p, away.id)).toEqual({ keys: ['payout:v2', 'stake'], sum: -5_00n + 15_00n });

      // Back to the first result: the lost one's v1 had nothing to reverse; v2 reversed, v3 posted.
      expect(await resettle(g, { outcomes: [{ key: HOME, status: 1 }, { key: AWAY, status: 0 }], reason: 'the first result stood' })).toMatchObject({ resettled: 2 });
      expect(await onPlayer(p, home.id)).toEqual({ keys: ['payout', 'payout:v1:reverse', 'payout:v3', 'stake'], sum: -10_00n + 20_00n });
      expect(await onPlayer(p, away.id)).toEqual({ keys: ['payout:v2', 'payout:v2:reverse', 'stake'], sum: -5_00n });
      expect(await balance(p)).toBe(100_00n - 15_00n + 20_00n);
      expect((await t.db.selectFrom('coupons').select('settlement_version').where('id', '=', home.id).executeTakeFirstOrThrow()).settlement_version).toBe(3);
      await expectPaymentsReconciled(t.db);
    });

    it('concurrent corrections of one game move money once', async () => {
      const p = await player();
      const g = await game();
      const c = await single(p, g);
      await finish(g, 1, 0);
      await settleNow();
      const body = { score: { home: 0, away: 0 }, reason: 'disallowed goal' };
      const results = await Promise.all(Array.from({ length: 6 }, () => ops(`/${g.id}/resettle`, body)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.map((r) => OpsResettleResultSchema.parse(r.json()).resettled).reduce((a, b) => a + b, 0)).toBe(1);
      expect(await onPlayer(p, c.id)).toEqual({ keys: ['payout', 'payout:v1:reverse', 'stake'], sum: -10_00n });
    });

    it('a reversal the balance cannot cover takes what is there and records the rest as a debt', async () => {
      const p = await player(10_00n);
      const g = await game();
      const c = await single(p, g);
      await finish(g, 3, 1);
      await settleNow();
      expect(await balance(p)).toBe(20_00n);
      // The player withdraws most of the win.
      const cash = await suite.ledger.houseAccount('house-payments', 'EUR');
      await suite.ledger.post({ idempotencyKey: `test-withdraw:${c.id}`, kind: 'withdrawal', entries: [{ accountId: p.accountId, amount: -15_00n }, { accountId: cash.id, amount: 15_00n }] });
      const before = await suite.ledger.houseBalance('house-receivables', 'EUR');

      expect(await resettle(g, { score: { home: 1, away: 3 }, reason: 'score was reversed' })).toMatchObject({ resettled: 1, debts: { EUR: '15.00' } });
      expect(await balance(p)).toBe(0n);
      expect(await suite.ledger.houseBalance('house-receivables', 'EUR')).toBe(before - 15_00n);
      expect(await t.db.selectFrom('coupon_resettlements').select(['previous_payout', 'payout', 'debt']).where('coupon_id', '=', c.id).executeTakeFirstOrThrow()).toEqual({ previous_payout: 20_00n, payout: 0n, debt: 15_00n });
      await expectPaymentsReconciled(t.db);
    });

    it('an insured coupon corrected from lost to won gives its insurance payback back with the old settlement', async () => {
      const p = await player();
      const g = await game();
      const c = await single(p, g);
      const insured = await call({ method: 'POST', url: `${COUPONS}/${c.id}/insurance`, headers: p.headers, payload: { share: 50 } });
      expect(insured.statusCode, insured.body).toBe(200);
      const premium = BigInt(CouponSchema.parse(insured.json()).insurance!.premium.replace('.', ''));
      await finish(g, 0, 2);
      await settleNow();
      // Lost: half the stake paid back.
      expect(await onPlayer(p, c.id)).toMatchObject({ sum: -10_00n - premium + 5_00n });
      expect(await resettle(g, { score: { home: 2, away: 0 }, reason: 'teams were swapped in the feed' })).toMatchObject({ resettled: 1 });
      expect(await get(p, c.id)).toMatchObject({ payout: '20.00' });
      const after = await onPlayer(p, c.id);
      expect(after.keys).toEqual(['insurance', 'insurance-payback', 'payout:v1:reverse', 'payout:v2', 'stake']);
      expect(after.sum).toBe(-10_00n - premium + 20_00n);
      expect(await balance(p)).toBe(100_00n + after.sum);
      await expectPaymentsReconciled(t.db);
    });

    it('open coupons get the corrected statuses without money; the sweep pays them by those', async () => {
      const p = await player();
      const [g, h] = [await game(), await game()];
      const express = await place(p, { typeId: 1, amount: '10', bets: [{ gameId: g.id, outcomeKey: HOME, coef: 2 }, { gameId: h.id, outcomeKey: HOME, coef: 2 }] });
      await finish(g, 0, 1);
      await settleNow();
      expect((await get(p, express.id)).bets.map((b) => b.status)).toEqual([0, -2]);
      expect(await resettle(g, { score: { home: 1, away: 0 }, reason: 'own goal credited wrongly' })).toMatchObject({ resettled: 0, corrected: 1 });
      expect((await get(p, express.id)).bets.map((b) => b.status)).toEqual([1, -2]);
      await finish(h, 1, 0);
      await settleNow();
      expect(await get(p, express.id)).toMatchObject({ status: 'settled', payout: '40.00' });
      expect(await onPlayer(p, express.id)).toEqual({ keys: ['payout', 'stake'], sum: 30_00n });
    });
  });

  describe('as durable jobs', () => {
    it('one transaction per coupon: a coupon whose unit fails keeps its old settlement; a game cut short half-way finishes when run again', async () => {
      const resettlement = createResettlement({ db: suite.app.db, ledger: suite.app.ledger, clock, logger: suite.app.log, writer: suite.app.line.writer, jobs: suite.app.jobs });
      const p = await player(1000_00n);
      const g = await game();
      const coupons = await Promise.all(Array.from({ length: 5 }, () => single(p, g)));
      await finish(g, 1, 0);
      await settleNow();
      expect(await balance(p)).toBe(1000_00n - 50_00n + 100_00n);

      // The correction commits with its job; then the run is "cut short": two coupons done.
      expect(await resettlement.correct(g.id, { score: { home: 0, away: 2 }, periods: [], cancelled: false, reason: 'crash test' })).toMatchObject({ [HOME]: 0 });
      const sorted = coupons.map((c) => c.id).sort();
      for (const id of sorted.slice(0, 2)) expect(await resettlement.resettleCoupon(id, g.id, 'crash test')).toMatchObject({ kind: 'resettled', version: 2 });
      // The third's unit fails at its last statement (its row of resettlements is taken): all of it rolls back.
      await t.db.insertInto('coupon_resettlements').values({ coupon_id: sorted[2]!, version: 2, game_id: g.id, previous_payout: 0n, payout: 0n, reason: 'blocker' }).execute();
      await expect(resettlement.resettleCoupon(sorted[2]!, g.id, 'crash test')).rejects.toThrow();
      expect(await get(p, sorted[2]!)).toMatchObject({ payout: '20.00' });
      expect((await onPlayer(p, sorted[2]!)).keys).toEqual(['payout', 'stake']);
      await t.db.deleteFrom('coupon_resettlements').where('reason', '=', 'blocker').execute();
      expect(await balance(p)).toBe(1000_00n - 50_00n + 60_00n);

      // "Restart": the durable job runs and finishes the game; every coupon reversed exactly once.
      clock.advance!(61);
      await suite.app.jobs.runDue();
      for (const id of sorted) {
        expect(await get(p, id)).toMatchObject({ payout: '0.00' });
        expect(await onPlayer(p, id)).toEqual({ keys: ['payout', 'payout:v1:reverse', 'stake'], sum: -10_00n });
      }
      expect(await balance(p)).toBe(1000_00n - 50_00n);
      const jobs = await t.db.selectFrom('scheduled_jobs').select(['done_at']).where('kind', '=', 'coupons.resettle').where(sql<boolean>`payload->>'gameId' = ${String(g.id)}`).execute();
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((j) => j.done_at !== null)).toBe(true);
      await expectPaymentsReconciled(t.db);
    });
  });
});
