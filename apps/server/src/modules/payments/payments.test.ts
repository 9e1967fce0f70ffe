import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ApiErrorSchema,
  OpsWithdrawalListSchema,
  OpsWithdrawalSchema,
  PaymentCreatedSchema,
  PaymentHistorySchema,
  PaymentSchema,
} from '@betsite/contracts';
import type { CurrencyCode } from '@betsite/domain';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, expectPaymentsReconciled, opsHeaders } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { createSandboxProvider, SANDBOX_CARDS } from './sandbox.ts';
import type { DepositLimitCheck } from './limits.ts';

const SECRET = 'payments-test-signing-secret-0123456789abcdef';
const DEPOSITS = '/web-api/payments/v1/deposits';
const WITHDRAWALS = '/web-api/payments/v1/withdrawals';
const HISTORY = '/web-api/payments/v1/history';
const CALLBACK = '/web-api/payments/v1/callbacks/sandbox';

/** Refuses deposits above 5000 major units of any currency, to show the limits are asked. */
const testLimits: DepositLimitCheck = {
  check: async ({ amount }) => (amount > 500_000n ? { allowed: false, reason: 'Your deposit limit allows at most 5000' } : { allowed: true }),
};

interface Player {
  userId: string;
  token: string;
  accountId: string;
  headers: Record<string, string>;
}

describeEachDb('payments API', (t) => {
  let app: FastifyInstance;
  let ledger: Ledger;
  const sandbox = createSandboxProvider(SECRET);

  beforeAll(async () => {
    const clock = createClock({ fake: false });
    app = await buildTestApp(t.handle, { clock, env: { PAYMENTS_SIGNING_SECRET: SECRET }, payments: { depositLimits: testLimits } });
    ledger = createLedger(t.db, clock);
  });
  afterAll(() => app.close());

  /** A player with a confirmed e-mail (an unconfirmed one may not withdraw: see the rights test). */
  async function player(currency: CurrencyCode = 'EUR', balance = 0n, emailVerifiedAt: Date | null = new Date()): Promise<Player> {
    const { id: userId } = await t.db
      .insertInto('users')
      .values({
        email: `${randomUUID()}@example.com`,
        password_hash: 'x',
        registration_type: 'full_reg',
        country: 'DE',
        currency,
        language: 'en',
        email_verified_at: emailVerifiedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await app.sessions.create(userId, { remember: false });
    const main = await ledger.openPlayerAccount({ ownerId: userId, type: 'main', currency });
    if (balance > 0n) {
      const house = await ledger.houseAccount('house-payments', currency);
      await ledger.post({
        idempotencyKey: `test-fund:${main.id}`,
        kind: 'deposit',
        entries: [
          { accountId: house.id, amount: -balance },
          { accountId: main.id, amount: balance },
        ],
      });
    }
    return { userId, token, accountId: main.id, headers: { 'x-auth': token } };
  }

  const call = (options: InjectOptions) => app.inject(options);
  const pay = (url: string, who: Player | null, body: Record<string, unknown>, key: string | null = randomUUID(), headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url,
      headers: { ...(who?.headers ?? {}), ...(key === null ? {} : { 'idempotency-key': key }), ...headers },
      payload: body,
    });
  const deposit = (who: Player, amount = '100.00', key?: string) => pay(DEPOSITS, who, { accountId: who.accountId, amount, method: 'card' }, key);
  const withdraw = (who: Player, amount: string, key?: string) => pay(WITHDRAWALS, who, { accountId: who.accountId, amount, method: 'card' }, key);
  const errorCode = (res: LightMyRequestResponse) => ApiErrorSchema.parse(res.json()).code;
  const balance = (who: Player) => ledger.balance(who.accountId);
  const history = async (who: Player, query = '') => {
    const res = await call({ url: `${HISTORY}${query}`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return PaymentHistorySchema.parse(res.json());
  };
  const paymentOf = async (who: Player, id: string) => {
    const res = await call({ url: `/web-api/payments/v1/payments/${id}`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return PaymentSchema.parse(res.json());
  };
  const created = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    return PaymentCreatedSchema.parse(res.json());
  };
  const signedCallback = (paymentId: string, amountMinor: bigint, currency: string, status: 'succeeded' | 'failed' | 'pending' | 'cancelled') => {
    const { rawBody, signature } = sandbox.callback({ id: paymentId, amount: amountMinor, currency }, status);
    return { rawBody, signature };
  };
  const deliver = ({ rawBody, signature }: { rawBody: string; signature: string }) =>
    call({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, payload: rawBody });
  /** Every ledger transaction of a payment, by key suffix. */
  const postings = async (paymentId: string) =>
    (await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `payment:${paymentId}:%`).execute())
      .map((r) => r.idempotency_key.split(':')[2])
      .sort();
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

  describe('deposits', () => {
    it('asks the player rights first: an unconfirmed e-mail may deposit but not withdraw, a banned player neither', async () => {
      const unconfirmed = await player('EUR', 10_000n, null);
      expect((await deposit(unconfirmed, '10')).statusCode).toBe(201);
      const refused = await withdraw(unconfirmed, '10');
      expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'payment_not_allowed']);
      expect(await balance(unconfirmed)).toBe(10_000n);

      const banned = await player('EUR', 10_000n);
      await t.db.updateTable('users').set({ ban_level: 2 }).where('id', '=', banned.userId).execute();
      for (const res of [await deposit(banned, '10'), await withdraw(banned, '10')]) {
        expect([res.statusCode, errorCode(res)]).toEqual([403, 'payment_not_allowed']);
      }
      expect(await balance(banned)).toBe(10_000n);
    });

    it('creates a pending deposit and answers the sandbox page; a retry with the same key answers the same payment', async () => {
      const p = await player();
      const key = randomUUID();
      const first = created(await deposit(p, '100.50', key));
      expect(first).toEqual({ paymentId: expect.any(String), status: 'pending', redirectUrl: `/sandbox-pay/${first.paymentId}` });
      expect(created(await deposit(p, '100.50', key))).toEqual(first);
      const conflict = await deposit(p, '100.51', key);
      expect(conflict.statusCode).toBe(409);
      expect(errorCode(conflict)).toBe('idempotency_conflict');
      expect(await paymentOf(p, first.paymentId)).toMatchObject({ direction: 'deposit', amount: '100.50', currency: 'EUR', status: 'pending', method: 'card' });
      expect(await balance(p)).toBe(0n);
      expect(await postings(first.paymentId)).toEqual([]);
    });

    it('refuses bad requests: no key, bad body, amounts out of bounds, the limits, visitors, other players’ accounts', async () => {
      const p = await player();
      const other = await player();
      const noKey = await pay(DEPOSITS, p, { accountId: p.accountId, amount: '10', method: 'card' }, null);
      expect([noKey.statusCode, errorCode(noKey)]).toEqual([400, 'idempotency_key_required']);
      for (const body of [
        { accountId: p.accountId, amount: '-5', method: 'card' },
        { accountId: p.accountId, amount: '1e3', method: 'card' },
        { accountId: p.accountId, amount: 10, method: 'card' },
        { accountId: p.accountId, amount: '10', method: 'cash' },
        { accountId: p.accountId, amount: '10.001', method: 'card' },
        { accountId: p.accountId, amount: '10', method: 'card', extra: 1 },
        { amount: '10', method: 'card' },
      ]) {
        const res = await pay(DEPOSITS, p, body);
        expect([res.statusCode, errorCode(res)], JSON.stringify(body)).toEqual([400, 'invalid_request']);
      }
      for (const amount of ['0.99', '1000000.01']) {
        const res = await deposit(p, amount);
        expect([res.statusCode, errorCode(res)]).toEqual([422, 'amount_out_of_range']);
      }
      expect((await deposit(p, '1')).statusCode).toBe(201);
      const limited = await deposit(p, '5000.01');
      expect([limited.statusCode, errorCode(limited)]).toEqual([422, 'deposit_limit']);

      const visitor = await pay(DEPOSITS, null, { accountId: p.accountId, amount: '10', method: 'card' });
      expect([visitor.statusCode, errorCode(visitor)]).toEqual([401, 'unauthorized']);
      // Another player's account, an unknown one and a non-id look the same: 404.
      for (const accountId of [other.accountId, randomUUID(), 'nope']) {
        const res = await pay(DEPOSITS, p, { accountId, amount: '10', method: 'card' });
        expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
        expect(res.body).not.toContain(other.userId);
      }
      const bonus = await ledger.openPlayerAccount({ ownerId: p.userId, type: 'bonus', currency: 'EUR' });
      expect((await pay(DEPOSITS, p, { accountId: bonus.id, amount: '10', method: 'card' })).statusCode).toBe(404);
    });

    it('needs the CSRF proofs when the session comes by cookie', async () => {
      const p = await player();
      const body = { accountId: p.accountId, amount: '10', method: 'card' };
      const cookie = { cookie: `user_token=${p.token}` };
      const refused = await call({ method: 'POST', url: DEPOSITS, headers: { ...cookie, 'idempotency-key': 'k1' }, payload: body });
      expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'csrf']);
      const ok = await call({ method: 'POST', url: DEPOSITS, headers: { ...cookie, 'idempotency-key': 'k1', 'x-requested-with': 'XMLHttpRequest' }, payload: body });
      expect(ok.statusCode).toBe(201);
    });

    it('pays through the sandbox page (card): the ledger is credited once and the browser lands on onpay/success', async () => {
      const p = await player();
      const { paymentId, redirectUrl } = created(await deposit(p, '100'));
      const pageRes = await call({ url: redirectUrl! });
      expect(pageRes.statusCode).toBe(200);
      expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
      expect(pageRes.headers['content-security-policy']).toMatch(/sandbox allow-forms/);
      expect(pageRes.body).toContain('Pay 100.00 EUR');
      expect(pageRes.body).toContain(`action="/sandbox-pay/${paymentId}"`);
      expect(pageRes.body).not.toMatch(/<script/i);

      const submit = await call({ method: 'POST', url: redirectUrl!, ...form({ method: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', action: 'pay' }) });
      expect(submit.statusCode).toBe(303);
      expect(submit.headers.location).toBe(`/en/onpay/success?payment=${paymentId}`);
      expect(await balance(p)).toBe(10_000n);
      expect(await postings(paymentId)).toEqual(['settle']);
      expect((await paymentOf(p, paymentId)).status).toBe('succeeded');

      // Submitting again (back button) moves nothing and lands on the same page.
      const again = await call({ method: 'POST', url: redirectUrl!, ...form({ method: 'card', cardNumber: SANDBOX_CARDS.success, action: 'pay' }) });
      expect(again.headers.location).toBe(`/en/onpay/success?payment=${paymentId}`);
      expect((await call({ url: redirectUrl! })).body).toContain('This payment is succeeded');
      expect(await balance(p)).toBe(10_000n);
    });

    it('asks for 3-D Secure with the 3220 card, declines 0002, keeps 9995 pending, cancels, takes e-wallets', async () => {
      const p = await player();
      const cardForm = (cardNumber: string) => form({ method: 'card', cardNumber, expiry: '12/34', cvc: '123', action: 'pay' });

      const secure = created(await deposit(p, '10'));
      const challenge = await call({ method: 'POST', url: secure.redirectUrl!, ...cardForm(SANDBOX_CARDS.threeDSecure) });
      expect(challenge.statusCode).toBe(200);
      expect(challenge.body).toContain('3-D Secure');
      expect(challenge.body).toContain(`action="/sandbox-pay/${secure.paymentId}/3ds"`);
      expect(await balance(p)).toBe(0n);
      const confirmed = await call({ method: 'POST', url: `${secure.redirectUrl!}/3ds`, ...form({ action: 'confirm' }) });
      expect(confirmed.headers.location).toBe(`/en/onpay/success?payment=${secure.paymentId}`);
      expect(await balance(p)).toBe(1000n);

      const denied = created(await deposit(p, '10'));
      await call({ method: 'POST', url: denied.redirectUrl!, ...cardForm(SANDBOX_CARDS.threeDSecure) });
      const deny = await call({ method: 'POST', url: `${denied.redirectUrl!}/3ds`, ...form({ action: 'deny' }) });
      expect(deny.headers.location).toBe(`/en/onpay/fail?payment=${denied.paymentId}`);

      const declined = created(await deposit(p, '10'));
      const decline = await call({ method: 'POST', url: declined.redirectUrl!, ...cardForm('4000-0000-0000-0002') });
      expect(decline.headers.location).toBe(`/en/onpay/fail?payment=${declined.paymentId}`);
      expect((await paymentOf(p, declined.paymentId)).status).toBe('failed');

      const pending = created(await deposit(p, '10'));
      const wait = await call({ method: 'POST', url: pending.redirectUrl!, ...cardForm(SANDBOX_CARDS.pending) });
      expect(wait.headers.location).toBe(`/en/onpay/pending?payment=${pending.paymentId}`);
      expect((await paymentOf(p, pending.paymentId)).status).toBe('pending');
      // The provider settles it later with a signed callback.
      expect((await deliver(signedCallback(pending.paymentId, 1000n, 'EUR', 'succeeded'))).statusCode).toBe(200);
      expect((await paymentOf(p, pending.paymentId)).status).toBe('succeeded');

      const cancelled = created(await deposit(p, '10'));
      const cancel = await call({ method: 'POST', url: cancelled.redirectUrl!, ...form({ action: 'cancel' }) });
      expect(cancel.headers.location).toBe(`/en/onpay/cancel?payment=${cancelled.paymentId}`);
      expect((await paymentOf(p, cancelled.paymentId)).status).toBe('cancelled');

      const wallet = created(await pay(DEPOSITS, p, { accountId: p.accountId, amount: '10', method: 'ewallet', language: 'RU' }));
      const walletPay = await call({ method: 'POST', url: wallet.redirectUrl!, ...form({ method: 'ewallet', wallet: 'me@example.com', action: 'pay' }) });
      expect(walletPay.headers.location).toBe(`/ru/onpay/success?payment=${wallet.paymentId}`);

      const unknownCard = created(await deposit(p, '10'));
      const bad = await call({ method: 'POST', url: unknownCard.redirectUrl!, ...cardForm('5555 5555 5555 4444') });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('Use one of the test cards');

      expect(await balance(p)).toBe(3000n);
      expect((await call({ url: `/sandbox-pay/${randomUUID()}` })).statusCode).toBe(404);
      expect((await call({ url: '/sandbox-pay/<script>' })).body).not.toContain('<script>');
    });

    it('credits a callback delivered twice, and 10 times concurrently, exactly once', async () => {
      const p = await player();
      const { paymentId } = created(await deposit(p, '7.77'));
      const callback = signedCallback(paymentId, 777n, 'EUR', 'succeeded');
      const first = await deliver(callback);
      expect([first.statusCode, first.json()]).toEqual([200, { status: 'succeeded' }]);
      expect((await deliver(callback)).json()).toEqual({ status: 'succeeded' });
      expect(await balance(p)).toBe(777n);

      const q = await player();
      const second = created(await deposit(q, '7.77'));
      const callbacks = Array.from({ length: 10 }, () => signedCallback(second.paymentId, 777n, 'EUR', 'succeeded'));
      const results = await Promise.all(callbacks.map(deliver));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(await balance(q)).toBe(777n);
      expect(await postings(second.paymentId)).toEqual(['settle']);
      expect((await paymentOf(q, second.paymentId)).status).toBe('succeeded');
      // A late failure or a replayed old "pending" does not move a settled payment.
      await deliver(signedCallback(second.paymentId, 777n, 'EUR', 'failed'));
      await deliver(signedCallback(second.paymentId, 777n, 'EUR', 'pending'));
      expect((await paymentOf(q, second.paymentId)).status).toBe('succeeded');
      expect(await balance(q)).toBe(777n);
    });

    it('refuses callbacks with a bad or missing signature (401), and mismatched or unknown payments', async () => {
      const p = await player();
      const { paymentId } = created(await deposit(p, '5'));
      const good = signedCallback(paymentId, 500n, 'EUR', 'succeeded');
      const tampered = good.rawBody.replace('"500"', '"50000"');
      for (const [rawBody, signature] of [
        [tampered, good.signature],
        [good.rawBody, '0'.repeat(64)],
        [good.rawBody, 'not-hex'],
        [good.rawBody, createSandboxProvider('another-secret-0123456789abcdef0123').sign(good.rawBody)],
      ] as const) {
        const res = await deliver({ rawBody, signature });
        expect([res.statusCode, errorCode(res)]).toEqual([401, 'bad_signature']);
      }
      const unsigned = await call({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'application/json' }, payload: good.rawBody });
      expect(unsigned.statusCode).toBe(401);
      const otherProvider = await call({ method: 'POST', url: '/web-api/payments/v1/callbacks/acme', headers: { 'content-type': 'application/json', 'x-sandbox-signature': good.signature }, payload: good.rawBody });
      expect(otherProvider.statusCode).toBe(401);
      expect((await deliver(signedCallback(paymentId, 501n, 'EUR', 'succeeded'))).statusCode).toBe(422);
      expect((await deliver(signedCallback(randomUUID(), 500n, 'EUR', 'succeeded'))).statusCode).toBe(404);
      expect(await balance(p)).toBe(0n);
      expect((await deliver(good)).statusCode).toBe(200);
      expect(await balance(p)).toBe(500n);
    });
  });

  describe('withdrawals', () => {
    it('holds the money at once, awaiting approval; answers the onpay withdraw page; a retry holds once', async () => {
      const p = await player('EUR', 100_000n);
      const key = randomUUID();
      const res = created(await withdraw(p, '250', key));
      expect(res).toEqual({ paymentId: expect.any(String), status: 'awaiting_approval', redirectUrl: `/en/onpay/withdraw/pending?payment=${res.paymentId}` });
      expect(created(await withdraw(p, '250', key))).toEqual(res);
      expect(await balance(p)).toBe(75_000n);
      expect(await postings(res.paymentId)).toEqual(['hold']);
      expect(await ledger.houseBalance('house-payments-hold', 'EUR')).toBeGreaterThanOrEqual(25_000n);
      // The hold sits on the house shard of the payment's id (decision 0015).
      const hold = await ledger.houseAccount('house-payments-hold', 'EUR', res.paymentId);
      expect(await ledger.balance(hold.id)).toBeGreaterThanOrEqual(25_000n);
    });

    it('refuses an overdraft (422 insufficient_funds, nothing recorded), bad requests, visitors and other players’ accounts', async () => {
      const p = await player('EUR', 1000n);
      const other = await player('EUR', 100_000n);
      const over = await withdraw(p, '10.01');
      expect([over.statusCode, errorCode(over)]).toEqual([422, 'insufficient_funds']);
      expect(await balance(p)).toBe(1000n);
      expect((await history(p)).payments).toEqual([]);
      expect((await pay(WITHDRAWALS, p, { accountId: p.accountId, amount: '1', method: 'card' }, null)).statusCode).toBe(400);
      expect((await pay(WITHDRAWALS, p, { accountId: p.accountId, amount: 'ten', method: 'card' })).statusCode).toBe(400);
      expect((await withdraw(p, '0.5')).statusCode).toBe(422);
      expect((await pay(WITHDRAWALS, null, { accountId: p.accountId, amount: '1', method: 'card' })).statusCode).toBe(401);
      const theirs = await pay(WITHDRAWALS, p, { accountId: other.accountId, amount: '1', method: 'card' });
      expect([theirs.statusCode, errorCode(theirs)]).toEqual([404, 'not_found']);
      expect(await balance(other)).toBe(100_000n);
    });

    it('never overdraws under 50 concurrent withdrawals: exactly 33 of 30 accepted from 1000, balance 10', async () => {
      const p = await player('EUR', 100_000n);
      const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(p, '30')));
      const accepted = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode !== 201);
      expect(accepted).toHaveLength(33);
      expect(refused.map((r) => [r.statusCode, errorCode(r)])).toEqual(Array(17).fill([422, 'insufficient_funds']));
      expect(await balance(p)).toBe(1000n);
      const entries = await ledger.entries(p.accountId, { limit: 500 });
      expect(entries.every((e) => e.balanceAfter >= 0n)).toBe(true);
      const queued = await history(p, '?limit=100');
      expect(queued.payments).toHaveLength(33);
      expect(queued.payments.every((x) => x.status === 'awaiting_approval')).toBe(true);
    });

    it('approves (paid out, money leaves the hold) and rejects (money back once); decisions are final', async () => {
      const p = await player('EUR', 10_000n);
      const approvedOne = created(await withdraw(p, '30'));
      const rejectedOne = created(await withdraw(p, '20'));
      expect(await balance(p)).toBe(5000n);

      const listed = await call({ url: '/ops-api/v1/withdrawals', headers: opsHeaders });
      expect(listed.statusCode).toBe(200);
      const ids = OpsWithdrawalListSchema.parse(listed.json()).withdrawals.map((w) => w.id);
      expect(ids).toEqual(expect.arrayContaining([approvedOne.paymentId, rejectedOne.paymentId]));

      const holdBefore = await ledger.houseBalance('house-payments-hold', 'EUR');
      const approve = await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${approvedOne.paymentId}/approve`, headers: opsHeaders });
      expect(approve.statusCode).toBe(200);
      expect(OpsWithdrawalSchema.parse(approve.json())).toMatchObject({ id: approvedOne.paymentId, status: 'succeeded', userId: p.userId });
      expect(await ledger.houseBalance('house-payments-hold', 'EUR')).toBe(holdBefore - 3000n);
      expect(await postings(approvedOne.paymentId)).toEqual(['hold', 'payout']);
      // Approving again is idempotent; rejecting an approved one is refused.
      expect((await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${approvedOne.paymentId}/approve`, headers: opsHeaders })).statusCode).toBe(200);
      const late = await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${approvedOne.paymentId}/reject`, headers: opsHeaders });
      expect([late.statusCode, errorCode(late)]).toEqual([409, 'invalid_state']);

      const rejects = await Promise.all(
        Array.from({ length: 5 }, () => call({ method: 'POST', url: `/ops-api/v1/withdrawals/${rejectedOne.paymentId}/reject`, headers: opsHeaders })),
      );
      expect(rejects.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      expect(await balance(p)).toBe(7000n);
      expect(await postings(rejectedOne.paymentId)).toEqual(['hold', 'return']);
      const approveRejected = await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${rejectedOne.paymentId}/approve`, headers: opsHeaders });
      expect(approveRejected.statusCode).toBe(409);

      expect((await paymentOf(p, approvedOne.paymentId)).status).toBe('succeeded');
      expect((await paymentOf(p, rejectedOne.paymentId)).status).toBe('rejected');
      const rejectedList = OpsWithdrawalListSchema.parse((await call({ url: '/ops-api/v1/withdrawals?status=rejected', headers: opsHeaders })).json());
      expect(rejectedList.withdrawals.map((w) => w.id)).toContain(rejectedOne.paymentId);
    });

    it('guards the operator routes with the ops token, and answers 404 for deposits and unknown ids', async () => {
      const p = await player('EUR', 10_000n);
      const { paymentId } = created(await withdraw(p, '1'));
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, p.headers]) {
        expect((await call({ url: '/ops-api/v1/withdrawals', headers })).statusCode).toBe(401);
        expect((await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${paymentId}/approve`, headers })).statusCode).toBe(401);
        expect((await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${paymentId}/reject`, headers })).statusCode).toBe(401);
      }
      const dep = created(await deposit(p, '1'));
      expect((await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${dep.paymentId}/approve`, headers: opsHeaders })).statusCode).toBe(404);
      expect((await call({ method: 'POST', url: `/ops-api/v1/withdrawals/${randomUUID()}/reject`, headers: opsHeaders })).statusCode).toBe(404);
      expect((await call({ method: 'POST', url: '/ops-api/v1/withdrawals/x/reject', headers: opsHeaders })).statusCode).toBe(404);
      expect((await call({ url: '/ops-api/v1/withdrawals?status=nope', headers: opsHeaders })).statusCode).toBe(400);
      expect((await paymentOf(p, paymentId)).status).toBe('awaiting_approval');
    });

    it('cannot be cancelled by the player once requested', async () => {
      const p = await player('EUR', 10_000n);
      const { paymentId } = created(await withdraw(p, '10'));
      for (const [method, url] of [
        ['POST', `/web-api/payments/v1/withdrawals/${paymentId}/cancel`],
        ['DELETE', `/web-api/payments/v1/withdrawals/${paymentId}`],
        ['DELETE', `/web-api/payments/v1/payments/${paymentId}`],
        ['POST', `/web-api/payments/v1/payments/${paymentId}/cancel`],
      ] as const) {
        const res = await call({ method, url, headers: p.headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Not through the sandbox page either: it only serves deposits.
      expect((await call({ method: 'POST', url: `/sandbox-pay/${paymentId}`, ...form({ action: 'cancel' }) })).statusCode).toBe(404);
      expect((await paymentOf(p, paymentId)).status).toBe('awaiting_approval');
      expect(await balance(p)).toBe(9000n);
    });
  });

  describe('history and payment status', () => {
    it('lists the player’s own payments newest first, in pages, with the payment accounts', async () => {
      const p = await player('EUR', 10_000n);
      const other = await player('EUR', 10_000n);
      const ids: string[] = [];
      for (let i = 1; i <= 5; i++) {
        ids.push(created(await (i % 2 ? deposit(p, `${i}`) : withdraw(p, `${i}`))).paymentId);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      created(await deposit(other, '1'));
      const first = await history(p, '?limit=2');
      expect(first.payments.map((x) => x.id)).toEqual([ids[4], ids[3]]);
      expect(first.payments.map((x) => x.direction)).toEqual(['deposit', 'withdrawal']);
      expect(first.accounts).toEqual([{ id: p.accountId, type: 'main', currency: 'EUR', balance: '94.00' }]);
      const second = await history(p, `?limit=2&before=${first.nextCursor!}`);
      expect(second.payments.map((x) => x.id)).toEqual([ids[2], ids[1]]);
      const third = await history(p, `?limit=2&before=${second.nextCursor!}`);
      expect(third.payments.map((x) => x.id)).toEqual([ids[0]]);
      expect(third.nextCursor).toBeNull();

      expect((await call({ url: `${HISTORY}?limit=0`, headers: p.headers })).statusCode).toBe(400);
      expect((await call({ url: `${HISTORY}?before=garbage`, headers: p.headers })).statusCode).toBe(400);
      expect((await call({ url: HISTORY })).statusCode).toBe(401);
      expect((await call({ url: `/web-api/payments/v1/payments/${ids[0]!}`, headers: other.headers })).statusCode).toBe(404);
      expect((await call({ url: `/web-api/payments/v1/payments/${ids[0]!}` })).statusCode).toBe(401);
      expect((await call({ url: '/web-api/payments/v1/payments/nope', headers: p.headers })).statusCode).toBe(404);
    });

    it('opens the main account in the registration currency for a new player', async () => {
      const { id: userId } = await t.db
        .insertInto('users')
        .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'fast_reg', country: 'RU', currency: 'RUB', language: 'ru' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await app.sessions.create(userId, { remember: false });
      const res = await call({ url: HISTORY, headers: { 'x-auth': token } });
      const body = PaymentHistorySchema.parse(res.json());
      expect(body.accounts).toEqual([{ id: expect.any(String), type: 'main', currency: 'RUB', balance: '0.00' }]);
      expect(body.payments).toEqual([]);
    });
  });

  it('keeps the ledger consistent through all of the above', async () => {
    const violations = await sql<{ id: string }>`
      select transaction_id::text as id from ledger_entries group by transaction_id having sum(amount) <> 0
      union all select id::text from ledger_accounts where balance < 0 and not allow_negative`.execute(t.db);
    expect(violations.rows).toEqual([]);
    // Every payment's postings agree with its state; the hold account holds the open withdrawals.
    const report = await expectPaymentsReconciled(t.db);
    expect(report.payments).toBeGreaterThan(20);
  });
});
