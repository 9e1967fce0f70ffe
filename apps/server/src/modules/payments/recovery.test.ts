/**
 * Decision 0013 in tests: a payment's state change and its money commit together, and what a
 * crash can still leave (a payout asked for, rows of older code) the recovery job finishes.
 * Each failure of the crash review is reproduced here first: the state a `kill -9` left is
 * written directly, then recovery and the reconciliation check are asked.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, OpsWithdrawalSchema, PaymentCreatedSchema, PaymentReconciliationSchema, PaymentRecoverySchema, type PaymentReconciliation } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders, fundedPlayer, type TestPlayer } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { allowAllDeposits } from './limits.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createPaymentsService, RECOVERY_GRACE_MS } from './service.ts';
import { postingKey } from './moves.ts';

const SECRET = 'payments-recovery-signing-secret-0123456789';

describeEachDb('payments survive a crash', (t) => {
  let app: FastifyInstance;
  let ledger: Ledger;
  const clock = createClock({ fake: true });
  const sandbox = createSandboxProvider(SECRET);

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock, env: { PAYMENTS_SIGNING_SECRET: SECRET } });
    ledger = createLedger(t.db, clock);
    // The first pass schedules the recurring jobs' first slots.
    await app.jobs.runDue();
  });
  afterAll(() => app.close());

  const player = (balance = 10_000n) => fundedPlayer(app, ledger, balance);
  type Player = TestPlayer;

  const call = (options: InjectOptions) => app.inject(options);
  const created = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    return PaymentCreatedSchema.parse(res.json());
  };
  const pay = (kind: 'deposits' | 'withdrawals', who: Player, amount: string, key = randomUUID()) =>
    call({ method: 'POST', url: `/web-api/payments/v1/${kind}`, headers: { ...who.headers, 'idempotency-key': key }, payload: { accountId: who.accountId, amount, method: 'card' } });
  const ops = (method: 'GET' | 'POST', url: string) => call({ method, url, headers: opsHeaders });
  const statusOf = async (id: string) => (await t.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const balance = (who: Player) => ledger.balance(who.accountId);
  const postings = async (paymentId: string) =>
    (await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `payment:${paymentId}:%`).execute())
      .map((r) => r.idempotency_key.split(':')[2])
      .sort();
  const reconciliation = async (): Promise<PaymentReconciliation> => {
    const res = await ops('GET', '/ops-api/v1/payments/reconciliation');
    expect(res.statusCode, res.body).toBe(200);
    return PaymentReconciliationSchema.parse(res.json());
  };
  const findingOf = async (paymentId: string) => (await reconciliation()).findings.find((f) => f.paymentId === paymentId);
  /** Runs the recurring recovery after its grace (fake clock). */
  const recoverLater = async () => {
    clock.advance!(RECOVERY_GRACE_MS / 1000 + 60);
    await app.jobs.runDue();
  };

  it('a crash during an operator reject (old code: marked rejected, return not posted) is found and the money comes back once', async () => {
    const p = await player();
    const { paymentId } = created(await pay('withdrawals', p, '40'));
    expect(await balance(p)).toBe(6000n);
    // What the review's kill left: rejected, the money still on the hold account.
    await t.db.updateTable('payments').set({ status: 'rejected', failure_reason: 'rejected', updated_at: new Date(clock.now()) }).where('id', '=', paymentId).execute();
    expect(await findingOf(paymentId)).toMatchObject({ status: 'rejected', reason: 'rejected with the money still on hold' });
    expect((await reconciliation()).healthy).toBe(false);

    await recoverLater();
    expect(await balance(p)).toBe(10_000n);
    expect(await postings(paymentId)).toEqual(['hold', 'return']);
    await recoverLater();
    expect(await balance(p)).toBe(10_000n);
    expect(await findingOf(paymentId)).toBeUndefined();
  });

  it('a withdrawal stuck in `new` (old code: row written, hold not posted) is held by recovery, and the operator can decide it', async () => {
    const p = await player();
    const { paymentId } = created(await pay('withdrawals', p, '10'));
    // Rewind to what the crash left: no hold, status new.
    await t.db.deleteFrom('ledger_entries').where('transaction_id', 'in', t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', postingKey(paymentId, 'hold'))).execute();
    await t.db.deleteFrom('ledger_transactions').where('idempotency_key', '=', postingKey(paymentId, 'hold')).execute();
    await t.db.updateTable('ledger_accounts').set({ balance: 10_000n }).where('id', '=', p.accountId).execute();
    const hold = await ledger.houseAccount('house-payments-hold', 'EUR', paymentId);
    await t.db.updateTable('ledger_accounts').set((eb) => ({ balance: eb('balance', '-', 1000n) })).where('id', '=', hold.id).execute();
    await t.db.updateTable('payments').set({ status: 'new' }).where('id', '=', paymentId).execute();
    expect(await findingOf(paymentId)).toMatchObject({ status: 'new', reason: 'requested, hold not yet posted' });

    // The operator's approve no longer answers 409: it holds, then pays out.
    const approved = await ops('POST', `/ops-api/v1/withdrawals/${paymentId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(OpsWithdrawalSchema.parse(approved.json()).status).toBe('succeeded');
    expect(await postings(paymentId)).toEqual(['hold', 'payout']);
    expect(await balance(p)).toBe(9000n);

    // Another one, left to the recovery job; one whose balance no longer covers it fails without money.
    const second = created(await pay('withdrawals', p, '5')).paymentId;
    const poor = await player(100n);
    await t.db
      .insertInto('payments')
      .values({ user_id: poor.userId, account_id: poor.accountId, direction: 'withdrawal', method: 'card', currency: 'EUR', amount: 5000n, status: 'new', provider: 'sandbox', return_language: 'en', idempotency_key: randomUUID(), request_hash: 'x', created_at: new Date(clock.now()), updated_at: new Date(clock.now()) })
      .execute();
    await recoverLater();
    expect(await statusOf(second)).toBe('awaiting_approval');
    const poorRow = await t.db.selectFrom('payments').select(['status', 'failure_reason']).where('user_id', '=', poor.userId).executeTakeFirstOrThrow();
    expect(poorRow).toEqual({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect(await balance(poor)).toBe(100n);
  });

  it('an approval interrupted before the payout (approved, provider not asked) is paid out by recovery once', async () => {
    const p = await player();
    const { paymentId } = created(await pay('withdrawals', p, '25'));
    await t.db.updateTable('payments').set({ status: 'approved', updated_at: new Date(clock.now()) }).where('id', '=', paymentId).execute();
    // Within the grace a request may still be finishing it: left alone.
    await app.jobs.runDue();
    expect(await statusOf(paymentId)).toBe('approved');
    expect((await findingOf(paymentId)) ?? null).toBeNull();
    await recoverLater();
    expect(await statusOf(paymentId)).toBe('succeeded');
    expect(await postings(paymentId)).toEqual(['hold', 'payout']);
    expect(await balance(p)).toBe(7500n);
  });

  it('a deposit credited by older code but not marked (settling with the credit posted) is marked, crediting nothing twice', async () => {
    const p = await player(0n);
    const { paymentId } = created(await pay('deposits', p, '12'));
    const { rawBody, signature } = sandbox.callback({ id: paymentId, amount: 1200n, currency: 'EUR' }, 'succeeded');
    await call({ method: 'POST', url: '/web-api/payments/v1/callbacks/sandbox', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, payload: rawBody });
    await t.db.updateTable('payments').set({ status: 'settling', updated_at: new Date(clock.now()) }).where('id', '=', paymentId).execute();
    expect(await findingOf(paymentId)).toMatchObject({ reason: 'credited, not yet marked succeeded' });
    const now = PaymentRecoverySchema.parse((await ops('POST', '/ops-api/v1/payments/recover')).json());
    expect(now.depositsCredited).toBe(1);
    expect(await statusOf(paymentId)).toBe('succeeded');
    expect(await balance(p)).toBe(1200n);
  });

  describe('one transaction per state change', () => {
    /** A ledger that dies inside every unit after posting: the process "crashes" before the commit. */
    const crashingLedger = (): Ledger => {
      const real = createLedger(t.db, clock);
      return {
        ...real,
        unit: (work) =>
          real.unit((unit) =>
            work({
              ...unit,
              post: async (movement) => {
                await unit.post(movement);
                throw new Error('killed before the commit');
              },
            }),
          ),
      };
    };
    const crashing = () =>
      createPaymentsService({ db: t.db, clock, logger: app.log, provider: sandbox as PaymentProvider, depositLimits: allowAllDeposits, ledger: crashingLedger() });

    it('a reject, an approval, a credit and a withdrawal request that die before the commit leave state and money as they were', async () => {
      const p = await player();
      const rejectMe = created(await pay('withdrawals', p, '10')).paymentId;
      const approveMe = created(await pay('withdrawals', p, '20')).paymentId;
      const depositMe = created(await pay('deposits', p, '30')).paymentId;
      expect(await balance(p)).toBe(7000n);
      const service = crashing();

      await expect(service.rejectWithdrawal(rejectMe)).rejects.toThrow('killed before the commit');
      expect([await statusOf(rejectMe), await postings(rejectMe)]).toEqual(['awaiting_approval', ['hold']]);

      await expect(service.approveWithdrawal(approveMe)).rejects.toThrow('killed before the commit');
      // The claim before the provider call is the one step on its own: recovery finishes it.
      expect([await statusOf(approveMe), await postings(approveMe)]).toEqual(['approved', ['hold']]);

      const { rawBody, signature } = sandbox.callback({ id: depositMe, amount: 3000n, currency: 'EUR' }, 'succeeded');
      await expect(service.receiveCallback('sandbox', signature, rawBody)).rejects.toThrow('killed before the commit');
      expect([await statusOf(depositMe), await postings(depositMe)]).toEqual(['pending', []]);

      const key = randomUUID();
      await expect(service.createWithdrawal({ userId: p.userId, idempotencyKey: key, accountId: p.accountId, amount: '5', method: 'card' })).rejects.toThrow('killed before the commit');
      expect(await t.db.selectFrom('payments').select('id').where('idempotency_key', '=', key).execute()).toEqual([]);
      expect(await balance(p)).toBe(7000n);

      // After the "restart": the callback is delivered again, the operator decides, recovery pays the approved one.
      await call({ method: 'POST', url: '/web-api/payments/v1/callbacks/sandbox', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, payload: rawBody });
      expect((await ops('POST', `/ops-api/v1/withdrawals/${rejectMe}/reject`)).statusCode).toBe(200);
      await recoverLater();
      expect([await statusOf(depositMe), await statusOf(rejectMe), await statusOf(approveMe)]).toEqual(['succeeded', 'rejected', 'succeeded']);
      expect(await balance(p)).toBe(10_000n - 2000n + 3000n);
    });
  });

  describe('operator calls', () => {
    it('need the ops token', async () => {
      for (const headers of [{}, { authorization: 'Bearer nope-nope-nope-0123456789' }]) {
        const res = await call({ url: '/ops-api/v1/payments/reconciliation', headers });
        expect([res.statusCode, ApiErrorSchema.parse(res.json()).code]).toEqual([401, 'unauthorized']);
        expect((await call({ method: 'POST', url: '/ops-api/v1/payments/recover', headers })).statusCode).toBe(401);
      }
    });

    it('reconcile every payment of the tests above: healthy once recovery ran, the hold account matching the open withdrawals', async () => {
      PaymentRecoverySchema.parse((await ops('POST', '/ops-api/v1/payments/recover')).json());
      const report = await reconciliation();
      expect(report).toMatchObject({ mismatches: 0, inRecovery: 0, healthy: true, ledger: { unbalancedTransactions: 0, accountsOffBalance: 0 } });
      expect(report.payments).toBeGreaterThanOrEqual(8);
      const eur = report.holds.find((h) => h.currency === 'EUR');
      expect(eur).toMatchObject({ agrees: true });
      const open = await t.db.selectFrom('payments').select(({ fn }) => fn.sum<string>('amount').as('sum')).where('direction', '=', 'withdrawal').where('status', 'in', ['awaiting_approval', 'approved']).executeTakeFirstOrThrow();
      expect(eur?.openWithdrawals).toBe(String(open.sum ?? 0));
    });
  });
});
