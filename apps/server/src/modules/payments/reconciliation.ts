/**
 * The reconciliation check (decision 0013): proves from the database alone that every
 * payment's state agrees with its ledger postings (packages/domain payment-postings), that
 * each hold account holds exactly the money of the withdrawals still open, and that the
 * ledger itself adds up (every transaction sums to zero, every balance is the sum of its
 * entries). A function for the operator call `GET /ops-api/v1/payments/reconciliation`, the
 * tests and the chaos test alike.
 */
import { sql, type Kysely } from 'kysely';
import { checkPaymentPostings, heldByWithdrawal, PAYMENT_POSTINGS, type PaymentPosting, type PaymentPostingFacts } from '@betsite/domain';
import type { Database } from '@betsite/db';
import type { PaymentReconciliation, ReconciliationFinding } from '@betsite/contracts';

export type { PaymentReconciliation } from '@betsite/contracts';

const PAGE = 1000;
/** Findings listed in the answer (all are counted). */
const LISTED = 100;

interface PaymentFacts extends PaymentPostingFacts {
  id: string;
  currency: string;
}

export async function reconcilePayments(db: Kysely<Database>): Promise<PaymentReconciliation> {
  const findings = { in_recovery: [] as ReconciliationFinding[], mismatch: [] as ReconciliationFinding[] };
  const counts = { payments: 0, ok: 0, in_recovery: 0, mismatch: 0 };
  const held = new Map<string, bigint>();

  // Keyset pages over the payments, each with its postings (looked up by their keys).
  for (let after: string | null = null; ; ) {
    const page: PaymentFacts[] = await paymentsPage(db, after);
    for (const payment of page) {
      counts.payments++;
      const verdict = checkPaymentPostings(payment);
      counts[verdict.kind]++;
      if (verdict.kind !== 'ok' && findings[verdict.kind].length < LISTED) {
        findings[verdict.kind].push({ paymentId: payment.id, direction: payment.direction, status: payment.state, reason: verdict.reason });
      }
      held.set(payment.currency, (held.get(payment.currency) ?? 0n) + heldByWithdrawal(payment));
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }

  // The hold account's balance per currency: the sum of its shards (decision 0015).
  const holdRows = await db
    .selectFrom('ledger_accounts')
    .select((eb) => ['currency', eb.fn.sum<string>('balance').as('balance')])
    .where('kind', '=', 'house-payments-hold')
    .where('owner_id', 'is', null)
    .groupBy('currency')
    .execute();
  const currencies = new Set([...holdRows.map((r) => r.currency), ...[...held].filter(([, amount]) => amount !== 0n).map(([c]) => c)]);
  const holds = [...currencies].sort().map((currency) => {
    const balance = BigInt(holdRows.find((r) => r.currency === currency)?.balance ?? 0);
    const open = held.get(currency) ?? 0n;
    return { currency, balance: String(balance), openWithdrawals: String(open), agrees: balance === open };
  });

  const ledger = await ledgerSums(db);
  return {
    payments: counts.payments,
    ok: counts.ok,
    inRecovery: counts.in_recovery,
    mismatches: counts.mismatch,
    findings: [...findings.mismatch, ...findings.in_recovery],
    holds,
    ledger,
    healthy: counts.mismatch === 0 && counts.in_recovery === 0 && holds.every((h) => h.agrees) && ledger.unbalancedTransactions === 0 && ledger.accountsOffBalance === 0,
  };
}

async function paymentsPage(db: Kysely<Database>, after: string | null): Promise<PaymentFacts[]> {
  let query = db.selectFrom('payments').select(['id', 'direction', 'status', 'amount', 'currency']).orderBy('id').limit(PAGE);
  if (after) query = query.where('id', '>', after);
  const payments = await query.execute();
  if (payments.length === 0) return [];
  const keys = payments.flatMap((p) => PAYMENT_POSTINGS.map((posting) => `payment:${p.id}:${posting}`));
  // Each posting's size: half the sum of its entries' absolute amounts (a two-entry move of `amount`).
  const postings = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .select(['t.idempotency_key as key', sql<string>`(sum(abs(e.amount)) / 2)::bigint::text`.as('moved')])
    .where('t.idempotency_key', 'in', keys)
    .groupBy('t.idempotency_key')
    .execute();
  const moved = new Map(postings.map((p) => [p.key, BigInt(p.moved)]));
  return payments.map((p) => {
    const posted: Partial<Record<PaymentPosting, bigint>> = {};
    for (const posting of PAYMENT_POSTINGS) {
      const amount = moved.get(`payment:${p.id}:${posting}`);
      if (amount !== undefined) posted[posting] = amount;
    }
    return { id: p.id, currency: p.currency, direction: p.direction, state: p.status, amount: p.amount, posted };
  });
}

/** Transactions whose entries do not sum to zero, and accounts whose balance is not the sum of their entries. */
export async function ledgerSums(db: Kysely<Database>): Promise<PaymentReconciliation['ledger']> {
  const unbalanced = await sql<{ n: string }>`
    select count(*)::text as n from (
      select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0
    ) t`.execute(db);
  const off = await sql<{ n: string }>`
    select count(*)::text as n from ledger_accounts a
    where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`.execute(db);
  return { unbalancedTransactions: Number(unbalanced.rows[0]?.n ?? 0), accountsOffBalance: Number(off.rows[0]?.n ?? 0) };
}
