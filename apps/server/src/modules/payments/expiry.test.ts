import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentCreatedSchema, PaymentHistorySchema, PaymentSchema } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { createSandboxProvider } from './sandbox.ts';
import { DEPOSIT_TTL_MS, PAYMENT_JOBS } from './index.ts';

const SECRET = 'payments-expiry-signing-secret-0123456789ab';
const TTL_S = DEPOSIT_TTL_MS / 1000;

describeEachDb('unconfirmed deposits expire', (t) => {
  let app: FastifyInstance;
  let ledger: Ledger;
  const clock = createClock({ fake: true });
  const sandbox = createSandboxProvider(SECRET);

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock, env: { PAYMENTS_SIGNING_SECRET: SECRET } });
    ledger = createLedger(t.db, clock);
  });
  afterAll(() => app.close());

  async function player() {
    const { id: userId } = await t.db
      .insertInto('users')
      .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await app.sessions.create(userId, { remember: false });
    const main = await ledger.openPlayerAccount({ ownerId: userId, type: 'main', currency: 'EUR' });
    return { userId, accountId: main.id, headers: { 'x-auth': token } };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  const call = (options: InjectOptions) => app.inject(options);
  const deposit = async (who: Player, amount = '25') => {
    const res = await call({
      method: 'POST',
      url: '/web-api/payments/v1/deposits',
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: { accountId: who.accountId, amount, method: 'card' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return PaymentCreatedSchema.parse(res.json());
  };
  const statusOf = async (who: Player, id: string) =>
    PaymentSchema.parse((await call({ url: `/web-api/payments/v1/payments/${id}`, headers: who.headers })).json()).status;
  const postings = async (paymentId: string) =>
    (await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `payment:${paymentId}:%`).execute()).length;
  const deliver = (paymentId: string, amountMinor: bigint, status: 'succeeded' | 'failed') => {
    const { rawBody, signature } = sandbox.callback({ id: paymentId, amount: amountMinor, currency: 'EUR' }, status);
    return call({ method: 'POST', url: '/web-api/payments/v1/callbacks/sandbox', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, payload: rawBody });
  };

  it('schedules an expiry job per deposit and expires the deposit 30 minutes on if still pending, moving no money', async () => {
    const p = await player();
    const { paymentId } = await deposit(p);
    const job = await t.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', PAYMENT_JOBS.expireDeposit).where(sql<string>`payload->>'paymentId'`, '=', paymentId).executeTakeFirstOrThrow();
    expect(job.due_at.getTime()).toBe(clock.now() + DEPOSIT_TTL_MS);

    clock.advance!(TTL_S - 1);
    await app.jobs.runDue();
    expect(await statusOf(p, paymentId)).toBe('pending');
    clock.advance!(1);
    await app.jobs.runDue();
    expect(await statusOf(p, paymentId)).toBe('expired');
    expect(await ledger.balance(p.accountId)).toBe(0n);
    expect(await postings(paymentId)).toBe(0);

    // Running the job again (another node, a retry) changes nothing.
    expect(await app.jobs.runDue()).toBe(0);
    await t.db.updateTable('scheduled_jobs').set({ done_at: null, claimed_at: null }).where('id', '=', job.id).execute();
    expect(await app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(p, paymentId)).toBe('expired');

    // The history and the sandbox page say so; the hosted page no longer takes the payment.
    const history = PaymentHistorySchema.parse((await call({ url: '/web-api/payments/v1/history', headers: p.headers })).json());
    expect(history.payments.find((x) => x.id === paymentId)?.status).toBe('expired');
    expect((await call({ url: `/sandbox-pay/${paymentId}` })).body).toContain('This payment is expired');
    const pay = await call({
      method: 'POST',
      url: `/sandbox-pay/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&cardNumber=4242424242424242&action=pay',
    });
    expect([pay.statusCode, pay.headers.location]).toEqual([303, `/en/onpay/fail?payment=${paymentId}`]);
    expect(await ledger.balance(p.accountId)).toBe(0n);
  });

  it('leaves settled, failed and young deposits alone', async () => {
    const p = await player();
    const paid = await deposit(p, '10');
    expect((await deliver(paid.paymentId, 1000n, 'succeeded')).statusCode).toBe(200);
    const declined = await deposit(p, '10');
    expect((await deliver(declined.paymentId, 1000n, 'failed')).statusCode).toBe(200);
    clock.advance!(TTL_S - 60);
    const young = await deposit(p, '10');
    clock.advance!(60);
    await app.jobs.runDue();
    expect(await statusOf(p, paid.paymentId)).toBe('succeeded');
    expect(await statusOf(p, declined.paymentId)).toBe('failed');
    expect(await statusOf(p, young.paymentId)).toBe('pending');
    expect(await ledger.balance(p.accountId)).toBe(1000n);
  });

  it('credits a success the provider confirms after the expiry, once', async () => {
    const p = await player();
    const { paymentId } = await deposit(p, '12.34');
    clock.advance!(TTL_S);
    await app.jobs.runDue();
    expect(await statusOf(p, paymentId)).toBe('expired');
    // A late failure does not move it; a late success credits it (the provider has the money).
    expect((await deliver(paymentId, 1234n, 'failed')).statusCode).toBe(200);
    expect(await statusOf(p, paymentId)).toBe('expired');
    const late = await deliver(paymentId, 1234n, 'succeeded');
    expect([late.statusCode, late.json()]).toEqual([200, { status: 'succeeded' }]);
    expect((await deliver(paymentId, 1234n, 'succeeded')).statusCode).toBe(200);
    expect(await ledger.balance(p.accountId)).toBe(1234n);
    expect(await postings(paymentId)).toBe(1);
  });

  it('expires, through the sweep, pending deposits that have no expiry job', async () => {
    const p = await player();
    const { paymentId } = await deposit(p);
    await t.db.deleteFrom('scheduled_jobs').where('kind', '=', PAYMENT_JOBS.expireDeposit).where(sql<string>`payload->>'paymentId'`, '=', paymentId).execute();
    await app.jobs.runDue();
    // The sweep runs every 5 minutes. (The player's session lapses meanwhile: read the row.)
    clock.advance!(TTL_S + 5 * 60);
    await app.jobs.runDue();
    const row = await t.db.selectFrom('payments').select(['status', 'failure_reason']).where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', failure_reason: 'expired' });
    expect(await ledger.balance(p.accountId)).toBe(0n);
  });

  it('finishes a deposit whose credit was interrupted after the claim, once', async () => {
    const p = await player();
    const { paymentId } = await deposit(p, '7');
    // A node claimed the success (pending → settling) and died before posting the credit.
    await t.db.updateTable('payments').set({ status: 'settling', updated_at: new Date(clock.now()) }).where('id', '=', paymentId).execute();
    await app.jobs.runDue();
    expect(await statusOf(p, paymentId)).toBe('pending');
    clock.advance!(5 * 60);
    await app.jobs.runDue();
    expect(await statusOf(p, paymentId)).toBe('succeeded');
    expect(await ledger.balance(p.accountId)).toBe(700n);
    clock.advance!(5 * 60);
    await app.jobs.runDue();
    expect(await ledger.balance(p.accountId)).toBe(700n);
    expect(await postings(paymentId)).toBe(1);
  });
});
