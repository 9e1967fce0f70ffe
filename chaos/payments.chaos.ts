/**
 * The chaos test of issue 10 (decision 0013): a real server process on a real database takes
 * deposits, withdrawals, approvals and rejections from concurrent clients while it is killed
 * with SIGKILL several times and restarted. Clients behave as real ones do: a request that got
 * no answer is retried with the same Idempotency-Key, and the payment provider redelivers a
 * callback until it is answered. At the end, after the recovery pass, the reconciliation check
 * must hold: every payment's postings agree with its state, the hold account holds exactly the
 * open withdrawals, every ledger transaction sums to zero and every balance is its entries' sum.
 *
 * Bounded: CHAOS_KILLS kills (default 5), a few seconds of traffic between them, seeded by
 * CHAOS_SEED (printed, so a failing run can be replayed). Runs on PostgreSQL when
 * TEST_DATABASE_URL is set, and on the embedded database (PGlite in a data dir) always.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AccountsResponseSchema, FastRegistrationResponseSchema, OpsWithdrawalListSchema, PaymentCreatedSchema, PaymentReconciliationSchema } from '@betsite/contracts';
import { createSandboxProvider } from '../apps/server/src/modules/payments/sandbox.ts';
import { seededRandom } from '../apps/server/src/testing.ts';
import { chaosTargets, kill, startNode } from './support.ts';

const KILLS = Number(process.env.CHAOS_KILLS ?? 5);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const PLAYERS = 8;
const WORKERS = 8;
const SECRET = 'chaos-payments-signing-secret-0123456789abcdef';
const OPS_TOKEN = 'chaos-ops-token-0123456789';
const sandbox = createSandboxProvider(SECRET);

interface Player {
  token: string;
  accountId: string;
}

/** What clients still owe the server: requests without an answer (same key on retry), callbacks not yet taken. */
interface Pending {
  requests: { kind: 'deposits' | 'withdrawals'; player: Player; key: string; amount: string }[];
  callbacks: { paymentId: string; amountMinor: bigint; status: 'succeeded' | 'failed' }[];
}

describe.each(chaosTargets())('payments under kill -9 on $name', ({ prepare }) => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it(`stays reconciled through ${KILLS} kills (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const { env, db } = await prepare();
    if (db) cleanUp.push(() => db.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'betsite-chaos-'));
    cleanUp.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    let node = await startNode(dataDir, { opsToken: OPS_TOKEN, signingSecret: SECRET, env });
    cleanUp.push(() => kill(node));
    const stats = { requests: 0, answered: 0, unanswered: 0, serverErrors: [] as string[], kills: 0, deposits: 0, withdrawals: 0, decisions: 0, callbacks: 0 };

    /** One HTTP call; null when the server did not answer (killed). Any 5xx is recorded as a failure. */
    async function request(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: unknown } | null> {
      stats.requests++;
      try {
        const res = await fetch(`${node.server.origin}${path}`, { method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }), signal: AbortSignal.timeout(10_000) });
        const text = await res.text();
        stats.answered++;
        if (res.status >= 500) stats.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        stats.unanswered++;
        return null;
      }
    }
    const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });
    const ops = { authorization: `Bearer ${OPS_TOKEN}` };

    // Players: one click each, funded by a first confirmed deposit.
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const res = await request('POST', '/web-api/registration/v1/fast', { headers: json(), body: JSON.stringify({ currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }) });
      expect(res?.status).toBe(201);
      const { token } = FastRegistrationResponseSchema.parse(res!.body);
      const accounts = await request('GET', '/web-api/office/v1/accounts', { headers: { 'x-auth': token } });
      players.push({ token, accountId: AccountsResponseSchema.parse(accounts!.body).balance.id });
    }
    const pending: Pending = { requests: [], callbacks: [] };

    async function createPayment(kind: 'deposits' | 'withdrawals', player: Player, key: string, amount: string): Promise<void> {
      const res = await request('POST', `/web-api/payments/v1/${kind}`, {
        headers: json({ 'x-auth': player.token, 'idempotency-key': key }),
        body: JSON.stringify({ accountId: player.accountId, amount, method: 'card' }),
      });
      if (!res) {
        pending.requests.push({ kind, player, key, amount });
        return;
      }
      if (res.status !== 201) return; // e.g. 422 insufficient funds: refused, nothing recorded
      const { paymentId } = PaymentCreatedSchema.parse(res.body);
      if (kind === 'deposits') {
        // The provider confirms most deposits and declines some; it redelivers until answered.
        pending.callbacks.push({ paymentId, amountMinor: BigInt(Math.round(Number(amount) * 100)), status: random() < 0.85 ? 'succeeded' : 'failed' });
      }
    }

    async function deliverCallbacks(): Promise<void> {
      const due = pending.callbacks.splice(0);
      for (const callback of due) {
        const { rawBody, signature } = sandbox.callback({ id: callback.paymentId, amount: callback.amountMinor, currency: 'EUR' }, callback.status);
        const res = await request('POST', '/web-api/payments/v1/callbacks/sandbox', { headers: json({ 'x-sandbox-signature': signature }), body: rawBody });
        if (res?.status === 200) stats.callbacks++;
        else pending.callbacks.push(callback);
      }
    }

    async function retryRequests(): Promise<void> {
      const due = pending.requests.splice(0);
      for (const r of due) await createPayment(r.kind, r.player, r.key, r.amount);
    }

    async function decide(): Promise<void> {
      const list = await request('GET', '/ops-api/v1/withdrawals?status=awaiting_approval&limit=20', { headers: ops });
      if (list?.status !== 200) return;
      const { withdrawals } = OpsWithdrawalListSchema.parse(list.body);
      if (withdrawals.length === 0) return;
      const w = pick(withdrawals);
      await request('POST', `/ops-api/v1/withdrawals/${w.id}/${random() < 0.5 ? 'approve' : 'reject'}`, { headers: ops });
      stats.decisions++;
    }

    for (const p of players) await createPayment('deposits', p, randomUUID(), '500');
    await deliverCallbacks();

    /** Traffic from WORKERS clients until `running.on` turns false. */
    async function traffic(running: { on: boolean }): Promise<void> {
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (running.on) {
            const roll = random();
            if (roll < 0.35) {
              stats.deposits++;
              await createPayment('deposits', pick(players), randomUUID(), String(1 + Math.floor(random() * 50)));
            } else if (roll < 0.7) {
              stats.withdrawals++;
              await createPayment('withdrawals', pick(players), randomUUID(), String(1 + Math.floor(random() * 40)));
            } else if (roll < 0.9) {
              await decide();
            } else {
              await deliverCallbacks();
              await retryRequests();
            }
          }
        }),
      );
    }

    for (let round = 0; round < KILLS; round++) {
      // Kill at a random moment while the workers are busy; they stop once it is dead.
      const running = { on: true };
      const run = traffic(running);
      await new Promise((resolve) => setTimeout(resolve, 1000 + random() * 2500));
      await kill(node);
      running.on = false;
      stats.kills++;
      await run;
      node = await startNode(dataDir, { opsToken: OPS_TOKEN, signingSecret: SECRET, env });
    }
    // Calm down: redeliver what is owed, retry what was not answered, decide the rest.
    for (let i = 0; i < 5 && (pending.callbacks.length > 0 || pending.requests.length > 0); i++) {
      await retryRequests();
      await deliverCallbacks();
    }
    expect(pending).toEqual({ requests: [], callbacks: [] });

    // Recovery ran on start; run a pass now too (grace 0), then check.
    const recovered = await request('POST', '/ops-api/v1/payments/recover', { headers: ops });
    expect(recovered?.status).toBe(200);
    const res = await request('GET', '/ops-api/v1/payments/reconciliation', { headers: ops });
    const report = PaymentReconciliationSchema.parse(res!.body);

    console.log(
      `chaos (seed ${SEED}): ${stats.kills} kills survived, ${stats.requests} requests (${stats.unanswered} cut off by a kill), ` +
        `${stats.deposits} deposits + ${stats.withdrawals} withdrawals asked, ${stats.decisions} operator decisions, ${stats.callbacks} callbacks taken; ` +
        `reconciled ${report.payments} payments (ok ${report.ok}, in recovery ${report.inRecovery}, mismatches ${report.mismatches}), ` +
        `recovery finished ${JSON.stringify(recovered?.body)}`,
    );
    expect(stats.serverErrors).toEqual([]);
    expect(stats.kills).toBe(KILLS);
    expect(report.findings).toEqual([]);
    expect(report).toMatchObject({ mismatches: 0, inRecovery: 0, ledger: { unbalancedTransactions: 0, accountsOffBalance: 0 }, healthy: true });
    expect(report.holds.every((h) => h.agrees)).toBe(true);
    expect(report.payments).toBeGreaterThan(PLAYERS);

    // The same facts straight from the database where we can read it beside the server.
    if (db) {
      const negative = await sql<{ n: number }>`select count(*)::int as n from ledger_accounts where balance < 0 and not allow_negative`.execute(db.db);
      expect(negative.rows[0]?.n).toBe(0);
      const onHold = await sql<{ held: string; open: string }>`
        select coalesce((select sum(balance) from ledger_accounts where kind = 'house-payments-hold'), 0)::text as held,
               coalesce((select sum(amount) from payments where direction = 'withdrawal' and status in ('awaiting_approval', 'approved')), 0)::text as open`.execute(db.db);
      expect(onHold.rows[0]?.held).toBe(onHold.rows[0]?.open);
    }
    // Every player's balance is what the API says and never below zero.
    for (const p of players) {
      const accounts = await request('GET', '/web-api/office/v1/accounts', { headers: { 'x-auth': p.token } });
      expect(BigInt(AccountsResponseSchema.parse(accounts!.body).balance.moneyMinor)).toBeGreaterThanOrEqual(0n);
    }
  });
});
