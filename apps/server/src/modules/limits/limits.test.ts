/**
 * The limit service (issue 12, decision 0019) on both databases with the fake clock: every
 * SPEC §7 call valid / invalid / unauthorised; the policy (lower at once, raise pending 24 h
 * then confirmed, reject, questionnaire); deposits and bets refused past their limits with the
 * allowance, also under concurrency; exclusions and time-outs block bets and deposits while
 * withdrawals work; the session limit ends the session; the reality check's stored time; the
 * append-only audit and the operator's view.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import {
  ApiErrorSchema,
  AvailableLimitsSchema,
  LimitActionResponseSchema,
  LimitPingResponseSchema,
  LIMITS_API,
  OpsPlayerLimitsSchema,
  PlayerLimitsSchema,
  RealityCheckStateSchema,
  SelfBlockResponseSchema,
  SelfExcludeReasonsSchema,
  SetLimitsResponseSchema,
  TestAnswersResponseSchema,
  type PlayerLimit,
} from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { expectCouponsReconciled, expectPaymentsReconciled, opsHeaders, type TestPlayer } from '../../testing.ts';
import { couponSuite, HOME } from '../coupon/actions-testkit.ts';

const DAY_S = 86_400;
const DEPOSITS = '/web-api/payments/v1/deposits';
const WITHDRAWALS = '/web-api/payments/v1/withdrawals';

describeEachDb('limit service', (t) => {
  const suite = couponSuite(t, { league: 'Limits League', funds: 1000_00n });
  const { clock, call, gameAt, bet, errorOf, detailsOf } = suite;
  const nowS = () => Math.floor(clock.now() / 1000);
  const advance = (seconds: number) => clock.advance!(seconds);

  /** A new session for the player (the fake clock's jumps outlive the idle limit). */
  async function relogin(p: TestPlayer): Promise<TestPlayer> {
    const { token } = await suite.app.sessions.create(p.userId, { remember: false });
    return { ...p, headers: { 'x-auth': token } };
  }
  const as = (p: TestPlayer | null, options: InjectOptions) => call({ ...options, headers: { ...(p?.headers ?? {}), ...(options.headers ?? {}) } });
  const setLimits = (p: TestPlayer | null, limits: unknown, headers: Record<string, string> = {}) => as(p, { method: 'POST', url: LIMITS_API.limits, payload: { limits } as never, headers });
  async function applied(p: TestPlayer, limits: unknown) {
    const res = await setLimits(p, limits);
    expect(res.statusCode, res.body).toBe(200);
    return SetLimitsResponseSchema.parse(res.json());
  }
  async function limitsOf(p: TestPlayer) {
    const res = await as(p, { url: LIMITS_API.limits });
    expect(res.statusCode, res.body).toBe(200);
    return PlayerLimitsSchema.parse(res.json());
  }
  const one = (list: readonly PlayerLimit[], type: number) => list.find((l) => l.limitType === type);
  const action = (p: TestPlayer, body: unknown) => as(p, { method: 'POST', url: LIMITS_API.limitAction, payload: body as never });
  const deposit = (p: TestPlayer, amount: string) => as(p, { method: 'POST', url: DEPOSITS, headers: { 'idempotency-key': randomUUID() }, payload: { accountId: p.accountId, amount, method: 'card' } });
  const withdraw = (p: TestPlayer, amount: string) => as(p, { method: 'POST', url: WITHDRAWALS, headers: { 'idempotency-key': randomUUID() }, payload: { accountId: p.accountId, amount, method: 'card' } });
  const single = async (p: TestPlayer, amount: string) => suite.post(p, { typeId: 0, amount, bets: [bet(await gameAt({ [HOME]: 2 }), 2)] });
  const ok = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(300);

  it('answers every call only with a session (401), and refuses invalid bodies (400)', async () => {
    const calls: InjectOptions[] = [
      { url: LIMITS_API.availableLimits },
      { url: LIMITS_API.limits },
      { method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 20, limitValue: 100 }] } },
      { method: 'POST', url: LIMITS_API.testAnswers, payload: { tokenGuid: randomUUID(), answers: [{ questionId: 1, answerId: 1 }] } },
      { method: 'POST', url: LIMITS_API.limitAction, payload: { action: 'confirm' } },
      { method: 'DELETE', url: LIMITS_API.limit },
      { url: LIMITS_API.selfExcludeReasons },
      { method: 'POST', url: LIMITS_API.ping },
      { method: 'POST', url: LIMITS_API.selfBlock, payload: { days: 7 } },
      { url: LIMITS_API.realityCheck },
      { method: 'POST', url: LIMITS_API.realityCheck, payload: { data: { attributes: { action: 'continue' } } } },
    ];
    for (const c of calls) {
      const res = await call(c);
      expect(res.statusCode, `${c.method ?? 'GET'} ${c.url}`).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('unauthorized');
    }
    const p = await suite.player();
    const invalid: [InjectOptions, string][] = [
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [] } }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 37, limitValue: 1 }] } }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 20, limitValue: 1.5 }] } }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 31, limitValue: 25 }] } }, 'limit_value_invalid'],
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 32, limitValue: 7 }] } }, 'limit_value_invalid'],
      [{ method: 'POST', url: LIMITS_API.limits, payload: { limits: [{ limitType: 20, limitValue: 5 }, { limitType: 20, limitValue: 6 }] } }, 'limit_value_invalid'],
      [{ method: 'POST', url: LIMITS_API.testAnswers, payload: { tokenGuid: 'x', answers: [] } }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.limitAction, payload: { action: 'approve' } }, 'invalid_request'],
      [{ method: 'DELETE', url: `${LIMITS_API.limit}?limitType=99` }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.selfBlock, payload: { days: 0 } }, 'invalid_request'],
      [{ method: 'POST', url: LIMITS_API.selfBlock, payload: { days: 2 } }, 'limit_value_invalid'],
      [{ method: 'POST', url: LIMITS_API.realityCheck, payload: { data: { attributes: { action: 'stay' } } } }, 'invalid_request'],
    ];
    for (const [c, code] of invalid) {
      const res = await as(p, c);
      expect(res.statusCode, `${c.url} ${JSON.stringify(c.payload)}`).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
    }
    // Nothing was changed by the refused requests.
    expect((await limitsOf(p)).limitsData).toEqual([]);
    // The static calls, in the request's language.
    const available = AvailableLimitsSchema.parse((await as(p, { url: LIMITS_API.availableLimits, headers: { 'accept-language': 'ru' } })).json());
    expect(available.limits.find((l) => l.type === 32)).toMatchObject({ measure: 'minutes', availableValues: [5, 10, 15, 30, 45, 60], name: 'Проверка реальности' });
    expect(available.limits.find((l) => l.type === 20)).toMatchObject({ measure: 'currency', currency: 'EUR', availableValues: [] });
    const reasons = SelfExcludeReasonsSchema.parse((await as(p, { url: LIMITS_API.selfExcludeReasons })).json());
    expect(reasons.reasons.length).toBeGreaterThan(0);
  });

  it('applies a lower deposit limit at once; a raise waits PENDING 24 h, then asks, and applies only after approval', async () => {
    let p = await suite.player();
    const first = await applied(p, [{ limitType: 20, limitValue: 500 }]);
    expect(first.status).toBe('applied');
    expect(one(first.data.limitsData, 20)).toMatchObject({ limitValue: 500, limitState: 'ACTIVE', limitBalance: 500, currency: 'EUR', pendingValue: null });
    const lower = await applied(p, [{ limitType: 20, limitValue: 100 }]);
    expect(one(lower.data.limitsData, 20)).toMatchObject({ limitValue: 100, limitState: 'ACTIVE', pendingValue: null });

    const raise = await applied(p, [{ limitType: 20, limitValue: 300 }]);
    const asked = nowS();
    expect(one(raise.data.limitsData, 20)).toMatchObject({ limitValue: 100, limitState: 'ACTIVE', pendingValue: 300, approveAt: asked + DAY_S, needApprove: false });
    // Before the 24 h: confirm is refused and the lower limit holds.
    expect(errorOf(await action(p, { action: 'confirm' }))).toEqual([403, 'limit_change_forbidden']);
    expect((await deposit(p, '150')).statusCode).toBe(422);

    advance(DAY_S);
    p = await relogin(p);
    const due = await limitsOf(p);
    expect(one(due.limitsData, 20)).toMatchObject({ limitValue: 100, needApprove: true, pendingValue: 300 });
    const confirmed = LimitActionResponseSchema.parse((await action(p, { action: 'confirm' })).json());
    expect(confirmed).toMatchObject({ status: 200, title: 'Limit confirmed' });
    expect(one(confirmed.limitsData, 20)).toMatchObject({ limitValue: 300, pendingValue: null, needApprove: false });
    ok(await deposit(p, '150'));

    // A removal (999999999) is a raise too: pending, then rejected — the limit stays.
    const removal = await applied(p, [{ limitType: 20, limitValue: 999_999_999 }]);
    expect(one(removal.data.limitsData, 20)).toMatchObject({ limitValue: 300, pendingValue: 999_999_999 });
    const rejected = LimitActionResponseSchema.parse((await action(p, { action: 'reject' })).json());
    expect(one(rejected.limitsData, 20)).toMatchObject({ limitValue: 300, pendingValue: null });
    // DELETE limit is the same reject.
    await applied(p, [{ limitType: 20, limitValue: 400 }]);
    const deleted = await as(p, { method: 'DELETE', url: `${LIMITS_API.limit}?limitType=20` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(one(LimitActionResponseSchema.parse(deleted.json()).limitsData, 20)).toMatchObject({ limitValue: 300, pendingValue: null });
    // Confirmed removal after 24 h: no limit left.
    await applied(p, [{ limitType: 20, limitValue: 999_999_999 }]);
    advance(DAY_S + 1);
    p = await relogin(p);
    ok(await action(p, { action: 'confirm', limitTypes: [20] }));
    expect(one((await limitsOf(p)).limitsData, 20)).toBeUndefined();

    // The audit trail has every change, oldest first here, with old and new values.
    const res = await call({ url: LIMITS_API.opsPlayerLimits.replace(':id', p.userId), headers: opsHeaders });
    expect(res.statusCode, res.body).toBe(200);
    const audit = OpsPlayerLimitsSchema.parse(res.json()).audit.reverse();
    expect(audit.map((a) => [a.action, a.oldValue, a.newValue, a.state])).toEqual([
      ['set', null, 500, 'ACTIVE'],
      ['lowered', 500, 100, 'ACTIVE'],
      ['raise_requested', 100, 300, 'ACTIVE'],
      ['confirmed', 100, 300, 'ACTIVE'],
      ['removal_requested', 300, 999_999_999, 'ACTIVE'],
      ['rejected', 300, 300, 'ACTIVE'],
      ['raise_requested', 300, 400, 'ACTIVE'],
      ['rejected', 300, 300, 'ACTIVE'],
      ['removal_requested', 300, 999_999_999, 'ACTIVE'],
      ['confirmed', 300, 999_999_999, 'INACTIVE'],
    ]);
    expect(audit.every((a) => a.actor === 'player' && a.limitType === 20)).toBe(true);
    // Append-only in the database itself.
    await expect(suite.app.db.updateTable('player_limit_audit').set({ new_value: 1 }).where('user_id', '=', p.userId).execute()).rejects.toThrow(/append-only/);
    await expect(suite.app.db.deleteFrom('player_limit_audit').where('user_id', '=', p.userId).execute()).rejects.toThrow(/append-only/);
  });

  it('shows the operator a player’s limits and audit only with the operator token', async () => {
    const p = await suite.player();
    await applied(p, [{ limitType: 1, limitValue: 50 }]);
    const url = LIMITS_API.opsPlayerLimits.replace(':id', p.userId);
    expect((await call({ url })).statusCode).toBe(401);
    expect((await call({ url, headers: p.headers })).statusCode).toBe(401);
    expect((await call({ url: LIMITS_API.opsPlayerLimits.replace(':id', randomUUID()), headers: opsHeaders })).statusCode).toBe(404);
    expect((await call({ url: LIMITS_API.opsPlayerLimits.replace(':id', 'nope'), headers: opsHeaders })).statusCode).toBe(404);
    const view = OpsPlayerLimitsSchema.parse((await call({ url, headers: opsHeaders })).json());
    expect(view.limitsData).toMatchObject([{ limitType: 1, limitValue: 50 }]);
    expect(view.audit).toMatchObject([{ limitType: 1, actor: 'player', action: 'set', newValue: 50 }]);
  });

  it('refuses a deposit over the allowance with what is left, tightest limit first, and never lets concurrent deposits pass together', async () => {
    const p = await suite.player();
    await applied(p, [{ limitType: 20, limitValue: 100 }, { limitType: 21, limitValue: 150 }]);
    ok(await deposit(p, '60'));
    const refused = await deposit(p, '50');
    expect(errorOf(refused)).toEqual([422, 'deposit_limit_exceeded']);
    expect(detailsOf(refused)).toEqual({ limitType: 20, allowance: 40, allowanceMinor: '4000', currency: 'EUR' });
    ok(await deposit(p, '40'));
    expect(one((await limitsOf(p)).limitsData, 20)).toMatchObject({ limitBalance: 0 });
    // A day on: the 24 h limit has room again, the 7-day one (150 − 100) is tighter now.
    advance(DAY_S + 1);
    const q = await relogin(p);
    expect(detailsOf(await deposit(q, '60'))).toMatchObject({ limitType: 21, allowance: 50 });

    // Concurrency: 8 deposits of 30 against a fresh 100 limit — at most 3 pass.
    const r = await suite.player();
    await applied(r, [{ limitType: 20, limitValue: 100 }]);
    const results = await Promise.all(Array.from({ length: 8 }, () => deposit(r, '30')));
    const passed = results.filter((res) => res.statusCode < 300).length;
    expect(passed).toBe(3);
    expect(results.filter((res) => res.statusCode === 422).every((res) => ApiErrorSchema.parse(res.json()).code === 'deposit_limit_exceeded')).toBe(true);
    const sum = await suite.app.db.selectFrom('payments').select((eb) => eb.fn.sum<string>('amount').as('s')).where('user_id', '=', r.userId).executeTakeFirstOrThrow();
    expect(BigInt(sum.s)).toBeLessThanOrEqual(100_00n);
    await expectPaymentsReconciled(suite.app.db);
  });

  it('refuses a bet over a wagering limit and over a loss limit (losses from the ledger), also under concurrency', async () => {
    const p = await suite.player();
    await applied(p, [{ limitType: 1, limitValue: 30 }]);
    suite.couponOf(await single(p, '20'));
    const over = await single(p, '15');
    expect(errorOf(over)).toEqual([422, 'wager_limit_exceeded']);
    expect(detailsOf(over)).toEqual({ limitType: 1, allowance: 10, allowanceMinor: '1000', currency: 'EUR' });
    suite.couponOf(await single(p, '10'));

    // Loss: two lost stakes of 20 against a loss limit of 50 leave 10; a won bet's payout gives room back.
    const q = await suite.player();
    await applied(q, [{ limitType: 10, limitValue: 50 }]);
    const g1 = await gameAt({ [HOME]: 2 });
    const g2 = await gameAt({ [HOME]: 2 });
    suite.couponOf(await suite.post(q, { typeId: 0, amount: '20', bets: [bet(g1, 2)] }));
    suite.couponOf(await suite.post(q, { typeId: 0, amount: '20', bets: [bet(g2, 2)] }));
    await suite.finish(g1, 0, 1);
    await suite.finish(g2, 0, 1);
    await suite.settleNow();
    const lossOver = await single(q, '15');
    expect(errorOf(lossOver)).toEqual([422, 'loss_limit_exceeded']);
    expect(detailsOf(lossOver)).toMatchObject({ limitType: 10, allowance: 10 });
    const g3 = await gameAt({ [HOME]: 2 });
    suite.couponOf(await suite.post(q, { typeId: 0, amount: '10', bets: [bet(g3, 2)] }));
    await suite.finish(g3, 1, 0);
    await suite.settleNow();
    // Stakes 50, payout 20: a net loss of 30, so 20 left.
    expect(one((await limitsOf(q)).limitsData, 10)).toMatchObject({ limitBalance: 20 });

    // Concurrent bets never pass a wagering limit together.
    const r = await suite.player();
    await applied(r, [{ limitType: 1, limitValue: 50 }]);
    const games = await Promise.all(Array.from({ length: 6 }, () => gameAt({ [HOME]: 2 })));
    const results = await Promise.all(games.map((g) => suite.post(r, { typeId: 0, amount: '20', bets: [bet(g, 2)] })));
    expect(results.filter((res) => res.statusCode === 201).length).toBe(2);
    expect(results.filter((res) => res.statusCode !== 201).every((res) => ApiErrorSchema.parse(res.json()).code === 'wager_limit_exceeded')).toBe(true);
    await expectCouponsReconciled(suite.app.db, new Date(clock.now()));
  });

  it('blocks bets and deposits at once during a time-out and a self-exclusion, never shortened, ended when due; withdrawals still work', async () => {
    let p = await suite.player();
    // A 1-day time period (type 30).
    const timeout = await applied(p, [{ limitType: 30, limitValue: 1 }]);
    expect(one(timeout.data.limitsData, 30)).toMatchObject({ limitState: 'ACTIVE', endsAt: nowS() + DAY_S });
    expect(one(timeout.data.limitsData, 37)).toMatchObject({ limitValue: 1, limitState: 'ACTIVE' });
    expect((await limitsOf(p)).selfExcluded).toBe(true);
    expect(errorOf(await single(p, '5'))).toEqual([422, 'self_excluded']);
    expect(errorOf(await deposit(p, '10'))).toEqual([422, 'self_excluded']);
    ok(await withdraw(p, '10'));
    ok(await as(p, { url: '/web-api/coupon/v1/coupons' }));
    // Removal is no value for it; a shorter one is refused.
    expect(errorOf(await setLimits(p, [{ limitType: 30, limitValue: 999_999_999 }]))).toEqual([400, 'limit_value_invalid']);
    advance(DAY_S);
    p = await relogin(p);
    expect((await limitsOf(p)).selfExcluded).toBe(false);
    const open = suite.couponOf(await single(p, '5'));
    ok(await deposit(p, '10'));

    // Self-exclusion through the self-block call, with a reason; 7 days.
    const block = SelfBlockResponseSchema.parse((await as(p, { method: 'POST', url: LIMITS_API.selfBlock, payload: { days: 7, selfExcludeReason: 2 } })).json());
    expect(block).toEqual({ success: true, endsAt: nowS() + 7 * DAY_S });
    expect(one((await limitsOf(p)).limitsData, 30)).toMatchObject({ limitValue: 7, selfExcludeReason: 2 });
    expect(errorOf(await single(p, '5'))).toEqual([422, 'self_excluded']);
    expect(errorOf(await deposit(p, '10'))).toEqual([422, 'self_excluded']);
    // Insuring an open coupon is a new wager: refused. Cashing it out is not: allowed.
    expect(errorOf(await as(p, { method: 'POST', url: `/web-api/coupon/v1/coupons/${open.id}/insurance`, payload: { share: 100 } }))).toEqual([422, 'self_excluded']);
    const offer = (await as(p, { url: `/web-api/coupon/v1/coupons/${open.id}/cash-out` })).json() as { available: boolean; amount: string };
    expect(offer.available).toBe(true);
    ok(await as(p, { method: 'POST', url: `/web-api/coupon/v1/coupons/${open.id}/cash-out`, payload: { amount: offer.amount } }));
    // Extending is allowed at once.
    await applied(p, [{ limitType: 30, limitValue: 30 }]);
    // Shortening is refused: 7 days from now end before the 30 days running.
    expect(errorOf(await setLimits(p, [{ limitType: 30, limitValue: 7 }]))).toEqual([403, 'limit_change_forbidden']);
    ok(await withdraw(p, '5'));
    advance(30 * DAY_S + 1);
    p = await relogin(p);
    suite.couponOf(await single(p, '5'));

    // Deposit time-out (33): deposits closed, bets open.
    const q = await suite.player();
    await applied(q, [{ limitType: 33, limitValue: 7 }]);
    expect(errorOf(await deposit(q, '10'))).toEqual([422, 'deposit_timeout']);
    suite.couponOf(await single(q, '5'));
  });

  it('ends the session when the session hours are used (ping), refuses play until the next day', async () => {
    let p = await suite.player();
    const ping = async (who: TestPlayer) => {
      const res = await as(who, { method: 'POST', url: LIMITS_API.ping });
      expect(res.statusCode, res.body).toBe(200);
      return LimitPingResponseSchema.parse(res.json());
    };
    // No session limit: the ping says so.
    expect(await ping(p)).toEqual({ sessionEnded: false, limitHours: null, usedSeconds: null, remainingSeconds: null, nextAllowedAt: null });
    // The fake clock starts at real time: begin at the start of a UTC day so one hour fits.
    advance(DAY_S - (nowS() % DAY_S) + 60);
    p = await relogin(p);
    await applied(p, [{ limitType: 31, limitValue: 1 }]);
    let last = await ping(p);
    for (let i = 0; i < 119; i++) {
      advance(30);
      last = await ping(p);
    }
    expect(last).toMatchObject({ sessionEnded: false, limitHours: 1, usedSeconds: 3570, remainingSeconds: 30 });
    advance(30);
    last = await ping(p);
    expect(last).toMatchObject({ sessionEnded: true, usedSeconds: 3600, remainingSeconds: 0 });
    expect(last.nextAllowedAt).toBe(nowS() - (nowS() % DAY_S) + DAY_S);
    // Logged out: the token no longer works.
    expect((await as(p, { url: LIMITS_API.limits })).statusCode).toBe(401);
    // Logging in again the same day: no bets, and the ping ends that session too.
    p = await relogin(p);
    expect(errorOf(await single(p, '5'))).toEqual([422, 'session_limit_reached']);
    expect((await ping(p)).sessionEnded).toBe(true);
    // The next day play is open again.
    advance(DAY_S);
    p = await relogin(p);
    suite.couponOf(await single(p, '5'));
    expect((await ping(p)).sessionEnded).toBe(false);
  });

  it('keeps the reality check’s next show time across a reload, and reports each choice', async () => {
    let p = await suite.player();
    const state = async (who: TestPlayer) => RealityCheckStateSchema.parse((await as(who, { url: LIMITS_API.realityCheck })).json()).data.attributes;
    const report = (who: TestPlayer, attributes: Record<string, unknown>) => as(who, { method: 'POST', url: LIMITS_API.realityCheck, payload: { data: { attributes } } as never });
    expect(await state(p)).toMatchObject({ interval_minutes: null, popup_show_at: null });
    await applied(p, [{ limitType: 32, limitValue: 10 }]);
    const set = nowS();
    expect(await state(p)).toMatchObject({ interval_minutes: 10, popup_show_at: set + 600, do_not_show_again: false });
    // A "reload" is a new read: the stored time, not a fresh interval.
    advance(240);
    expect((await state(p)).popup_show_at).toBe(set + 600);
    advance(360);
    // A lost bet shows in the session's net position.
    const g = await gameAt({ [HOME]: 2 });
    suite.couponOf(await suite.post(p, { typeId: 0, amount: '7', bets: [bet(g, 2)] }));
    await suite.finish(g, 0, 1);
    await suite.settleNow();
    const shown = await state(p);
    expect(shown).toMatchObject({ net_position: -7, currency: 'EUR' });
    expect(shown.elapsed_seconds).toBeGreaterThanOrEqual(600);
    const cont = await report(p, { action: 'continue' });
    expect(cont.statusCode, cont.body).toBe(200);
    expect(RealityCheckStateSchema.parse(cont.json()).data.attributes.popup_show_at).toBe(nowS() + 600);
    // A proposed time later than the interval is cut to it; nothing shows again after the interval.
    expect(RealityCheckStateSchema.parse((await report(p, { action: 'nothing', popup_show_at: nowS() + 99_999 })).json()).data.attributes.popup_show_at).toBe(nowS() + 600);
    expect(RealityCheckStateSchema.parse((await report(p, { action: 'continue', popup_show_at: nowS() + 120 })).json()).data.attributes.popup_show_at).toBe(nowS() + 120);
    // Do not show again: none, also after a reload.
    expect(RealityCheckStateSchema.parse((await report(p, { action: 'continue', do_not_show_again: true })).json()).data.attributes).toMatchObject({ popup_show_at: null, do_not_show_again: true });
    expect((await state(p)).popup_show_at).toBe(null);
    // Setting the interval again starts it over.
    await applied(p, [{ limitType: 32, limitValue: 5 }]);
    expect(await state(p)).toMatchObject({ interval_minutes: 5, popup_show_at: nowS() + 300, do_not_show_again: false });
    // Log out ends the session.
    const out = await report(p, { action: 'log_out' });
    expect(RealityCheckStateSchema.parse(out.json()).data.attributes.logged_out).toBe(true);
    expect((await as(p, { url: LIMITS_API.limits })).statusCode).toBe(401);
    p = await relogin(p);
    expect((await state(p)).popup_show_at).toBe(nowS() + 300);
  });

  it('asks the questionnaire before a raise when the site says so; a lower limit still applies at once', async () => {
    const patch = (protection: Record<string, unknown>) =>
      call({ method: 'PATCH', url: '/ops-api/v1/site-config', headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ protection }) });
    expect((await patch({ questionnaireRequired: true })).statusCode).toBe(200);
    try {
      const p = await suite.player();
      await applied(p, [{ limitType: 2, limitValue: 100 }]);
      const asked = await applied(p, [{ limitType: 2, limitValue: 200 }, { limitType: 3, limitValue: 300 }]);
      expect(asked.status).toBe('questions');
      expect(asked.data.questions.length).toBe(3);
      expect(asked.data.tokenGuid).toEqual(expect.any(String));
      // The new 30-day limit applied at once; the raise waits for the answers.
      expect(one(asked.data.limitsData, 3)).toMatchObject({ limitValue: 300, limitState: 'ACTIVE' });
      expect(one(asked.data.limitsData, 2)).toMatchObject({ limitValue: 100, pendingValue: null });
      const answer = (token: string, answerId: number) => as(p, { method: 'POST', url: LIMITS_API.testAnswers, payload: { tokenGuid: token, answers: [1, 2, 3].map((questionId) => ({ questionId, answerId })) } });
      expect((await answer(randomUUID(), 1)).statusCode).toBe(404);
      const wrong = TestAnswersResponseSchema.parse((await answer(asked.data.tokenGuid!, 2)).json());
      expect(wrong).toMatchObject({ success: false });
      expect(one(wrong.limitsData, 2)).toMatchObject({ limitValue: 100, pendingValue: null });
      // One try a token.
      expect((await answer(asked.data.tokenGuid!, 1)).statusCode).toBe(404);
      const again = await applied(p, [{ limitType: 2, limitValue: 200 }]);
      const right = TestAnswersResponseSchema.parse((await answer(again.data.tokenGuid!, 1)).json());
      expect(right.success).toBe(true);
      expect(right.questionsResult.every((q) => q.correct)).toBe(true);
      expect(one(right.limitsData, 2)).toMatchObject({ limitValue: 100, pendingValue: 200, limitState: 'ACTIVE' });
    } finally {
      expect((await patch({ questionnaireRequired: false })).statusCode).toBe(200);
    }
  });
});
