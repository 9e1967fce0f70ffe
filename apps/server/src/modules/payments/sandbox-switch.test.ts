import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, PaymentHistorySchema } from '@betsite/contracts';
import type { CurrencyCode } from '@betsite/domain';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { EnvError, loadEnv, paymentsSandboxEnabled } from '../../config/env.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger } from '../ledger/ledger.ts';
import { createSandboxProvider } from './sandbox.ts';

describe('PAYMENTS_SANDBOX', () => {
  it('is on by default outside production and off by default in production', () => {
    expect(paymentsSandboxEnabled({ NODE_ENV: 'development', PAYMENTS_SANDBOX: undefined })).toBe(true);
    expect(paymentsSandboxEnabled({ NODE_ENV: 'test', PAYMENTS_SANDBOX: undefined })).toBe(true);
    expect(paymentsSandboxEnabled({ NODE_ENV: 'production', PAYMENTS_SANDBOX: undefined })).toBe(false);
    expect(paymentsSandboxEnabled({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' })).toBe(true);
    expect(paymentsSandboxEnabled({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'off' })).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '' }).PAYMENTS_SANDBOX).toBeUndefined();
  });

  it('accepts only on or off (and JOBS_POLL_MS only milliseconds)', () => {
    for (const env of [{ PAYMENTS_SANDBOX: 'yes' }, { PAYMENTS_SANDBOX: 'ON' }, { JOBS_POLL_MS: 'soon' }, { JOBS_POLL_MS: '3600001' }]) {
      expect(() => loadEnv(env), JSON.stringify(env)).toThrow(EnvError);
    }
    expect(loadEnv({}).JOBS_POLL_MS).toBe(1000);
    expect(loadEnv({ JOBS_POLL_MS: '0' }).JOBS_POLL_MS).toBe(0);
  });
});

describeEachDb('payments with the sandbox switched off', (t) => {
  const clock = createClock({ fake: false });
  const ledger = () => createLedger(t.db, clock);
  let off: FastifyInstance;
  let production: FastifyInstance;
  let productionOn: FastifyInstance;

  beforeAll(async () => {
    off = await buildTestApp(t.handle, { clock, env: { PAYMENTS_SANDBOX: 'off' } });
    production = await buildTestApp(t.handle, { clock, env: { NODE_ENV: 'production' } });
    productionOn = await buildTestApp(t.handle, { clock, env: { NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' } });
  });
  afterAll(async () => {
    await Promise.all([off?.close(), production?.close(), productionOn?.close()]);
  });

  async function player(app: FastifyInstance, balance = 0n, currency: CurrencyCode = 'EUR') {
    const { id: userId } = await t.db
      .insertInto('users')
      .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await app.sessions.create(userId, { remember: false });
    const main = await ledger().openPlayerAccount({ ownerId: userId, type: 'main', currency });
    if (balance > 0n) {
      const house = await ledger().houseAccount('house-payments', currency);
      await ledger().post({
        idempotencyKey: `test-fund:${main.id}`,
        kind: 'deposit',
        entries: [
          { accountId: house.id, amount: -balance },
          { accountId: main.id, amount: balance },
        ],
      });
    }
    return { userId, accountId: main.id, headers: { 'x-auth': token } };
  }

  const pay = (app: FastifyInstance, direction: 'deposits' | 'withdrawals', who: { accountId: string; headers: Record<string, string> } | null, accountId: string) =>
    app.inject({
      method: 'POST',
      url: `/web-api/payments/v1/${direction}`,
      headers: { ...(who?.headers ?? {}), 'idempotency-key': randomUUID() },
      payload: { accountId, amount: '10', method: 'card' },
    });
  const error = (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];

  it('answers 503 payments_unavailable to deposits and withdrawals, and says so in the history', async () => {
    for (const app of [off, production]) {
      const p = await player(app, 5000n);
      expect(error(await pay(app, 'deposits', p, p.accountId))).toEqual([503, 'payments_unavailable']);
      expect(error(await pay(app, 'withdrawals', p, p.accountId))).toEqual([503, 'payments_unavailable']);
      expect(error(await pay(app, 'deposits', null, p.accountId))).toEqual([401, 'unauthorized']);
      const history = PaymentHistorySchema.parse((await app.inject({ url: '/web-api/payments/v1/history', headers: p.headers })).json());
      expect(history.available).toBe(false);
      expect(history.payments).toEqual([]);
      expect(await ledger().balance(p.accountId)).toBe(5000n);
    }
  });

  it('does not route the sandbox page or the provider callbacks', async () => {
    const sandbox = createSandboxProvider('a-secret-for-the-switched-off-test-0123');
    const { rawBody, signature } = sandbox.callback({ id: randomUUID(), amount: 1000n, currency: 'EUR' }, 'succeeded');
    for (const app of [off, production]) {
      for (const [method, url] of [
        ['GET', `/sandbox-pay/${randomUUID()}`],
        ['POST', `/sandbox-pay/${randomUUID()}`],
        ['POST', `/sandbox-pay/${randomUUID()}/3ds`],
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Sandbox Pay');
      }
      const callback = await app.inject({
        method: 'POST',
        url: '/web-api/payments/v1/callbacks/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload: rawBody,
      });
      expect(error(callback)).toEqual([404, 'not_found']);
    }
  });

  it('lets the operator reject held withdrawals (money back) but not pay them out', async () => {
    const p = await player(off, 10_000n);
    // Withdrawals held while a provider was still configured.
    const held = async () => {
      const { id } = await t.db
        .insertInto('payments')
        .values({
          user_id: p.userId,
          account_id: p.accountId,
          direction: 'withdrawal',
          method: 'card',
          currency: 'EUR',
          amount: 3000n,
          status: 'awaiting_approval',
          provider: 'sandbox',
          return_language: 'en',
          idempotency_key: randomUUID(),
          request_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const hold = await ledger().houseAccount('house-payments-hold', 'EUR', id);
      await ledger().post({
        idempotencyKey: `payment:${id}:hold`,
        kind: 'withdrawal-hold',
        entries: [
          { accountId: p.accountId, amount: -3000n },
          { accountId: hold.id, amount: 3000n },
        ],
      });
      return id;
    };
    const [toApprove, toReject] = [await held(), await held()];
    expect(await ledger().balance(p.accountId)).toBe(4000n);
    const approve = await off.inject({ method: 'POST', url: `/ops-api/v1/withdrawals/${toApprove}/approve`, headers: opsHeaders });
    expect(error(approve)).toEqual([503, 'payments_unavailable']);
    const reject = await off.inject({ method: 'POST', url: `/ops-api/v1/withdrawals/${toReject}/reject`, headers: opsHeaders });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toMatchObject({ id: toReject, status: 'rejected' });
    expect(await ledger().balance(p.accountId)).toBe(7000n);
  });

  it('runs the sandbox in production when PAYMENTS_SANDBOX=on', async () => {
    const p = await player(productionOn);
    const res = await pay(productionOn, 'deposits', p, p.accountId);
    expect(res.statusCode).toBe(201);
    const { redirectUrl } = res.json() as { redirectUrl: string };
    expect((await productionOn.inject({ url: redirectUrl })).statusCode).toBe(200);
    const history = PaymentHistorySchema.parse((await productionOn.inject({ url: '/web-api/payments/v1/history', headers: p.headers })).json());
    expect(history.available).toBe(true);
  });
});
