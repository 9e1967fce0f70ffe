/**
 * The coupon reconciliation (issue 11; decision 0013's check applied to the bet slip): proves
 * from the database alone that every coupon's state agrees with its ledger postings (domain
 * coupon/reconcile.ts: which postings each state must and must not have, each exactly its
 * amount and direction), that no posting under a `coupon:` key belongs to no coupon, that the
 * house-bets shards of each currency hold what the coupons' states say, and that the ledger
 * adds up. For the operator call `GET /ops-api/v1/coupons/reconciliation`, the tests
 * (`expectCouponsReconciled`) and the chaos test alike.
 *
 * Set-based: keyset pages of 1,000 coupons, each page's postings in one query (by their keys,
 * on the unique index), its resettlements in another. One repeatable-read snapshot, so bets
 * placed while it runs never look half-done.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import {
  checkCouponPostings,
  couponHouseNet,
  couponPostingKeys,
  type CouponFacts,
  type CouponPosted,
  type CouponResettlementFacts,
  type CouponState,
} from '@betsite/domain';
import { COUPON_OPS_API, type CouponReconciliation, type CouponReconciliationFinding } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { ledgerSums } from '../payments/reconciliation.ts';
import { houseShard } from '../ledger/accounts.ts';
import { requireOpsToken } from '../ops/auth.ts';

export type { CouponReconciliation } from '@betsite/contracts';

const PAGE = 1000;
/** Findings listed in the answer (all are counted). */
const LISTED = 100;

interface CouponRowFacts {
  id: string;
  currency: string;
  account_id: string;
  status: CouponState;
  amount: bigint;
  payout: bigint | null;
  vip_asked_amount: bigint | null;
  insured_amount: bigint | null;
  insurance_premium: bigint | null;
  settlement_version: number;
}

/** Every coupon against its postings, the house per currency, the ledger's sums; `now` decides what is overdue. */
export async function reconcileCoupons(db: Kysely<Database>, now: Date = new Date()): Promise<CouponReconciliation> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => reconcileIn(trx, now));
}

async function reconcileIn(db: Kysely<Database>, now: Date): Promise<CouponReconciliation> {
  const findings: CouponReconciliationFinding[] = [];
  const counts = { coupons: 0, ok: 0, mismatches: 0 };
  const byStatus: Record<string, number> = {};
  const expected = new Map<string, bigint>();
  const debts = new Map<string, bigint>();
  let matched = 0;
  const add = (map: Map<string, bigint>, currency: string, amount: bigint) => map.set(currency, (map.get(currency) ?? 0n) + amount);

  for (let after: string | null = null; ; ) {
    let query = db
      .selectFrom('coupons')
      .select(['id', 'currency', 'account_id', 'status', 'amount', 'payout', 'vip_asked_amount', 'insured_amount', 'insurance_premium', 'settlement_version'])
      .orderBy('id')
      .limit(PAGE);
    if (after) query = query.where('id', '>', after);
    const rows: CouponRowFacts[] = await query.execute();
    if (rows.length === 0) break;
    const { posted, postings } = await postingsOf(db, rows);
    const resettled = await resettlementsOf(db, rows);
    matched += postings;
    for (const row of rows) {
      const facts: CouponFacts = {
        status: row.status,
        amount: row.amount,
        payout: row.payout,
        vipAskedAmount: row.vip_asked_amount,
        insuredAmount: row.insured_amount,
        insurancePremium: row.insurance_premium,
        settlementVersion: row.settlement_version,
        resettlements: resettled.get(row.id) ?? [],
        posted: posted.get(row.id) ?? {},
      };
      counts.coupons++;
      byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
      const reasons = checkCouponPostings(facts);
      if (reasons.length === 0) counts.ok++;
      else {
        counts.mismatches++;
        if (findings.length < LISTED) findings.push({ couponId: row.id, status: row.status, reasons });
      }
      add(expected, row.currency, couponHouseNet(facts));
      for (const r of facts.resettlements) add(debts, row.currency, r.debt);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }

  // Postings under coupon keys that no coupon's state looked up: a coupon gone, or a key no state has.
  const total = await sql<{ n: string }>`select count(*)::text as n from ledger_transactions where idempotency_key like 'coupon:%'`.execute(db);
  const strayPostings = Number(total.rows[0]?.n ?? 0) - matched;
  if (strayPostings !== 0) findings.push(...(await strays(db)).slice(0, Math.max(0, LISTED - findings.length)));

  const houseRows = await db
    .selectFrom('ledger_accounts')
    .select((eb) => ['currency', 'kind', eb.fn.sum<string>('balance').as('balance')])
    .where('kind', 'in', ['house-bets', 'house-receivables'])
    .where('owner_id', 'is', null)
    .groupBy(['currency', 'kind'])
    .execute();
  const balance = (currency: string, kind: string) => BigInt(houseRows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0);
  const currencies = new Set([...houseRows.map((r) => r.currency), ...expected.keys()]);
  const houses = [...currencies].sort().map((currency) => {
    const houseBets = balance(currency, 'house-bets');
    const receivables = balance(currency, 'house-receivables');
    const owed = debts.get(currency) ?? 0n;
    const want = expected.get(currency) ?? 0n;
    return { currency, houseBets: String(houseBets), expected: String(want), receivables: String(receivables), debts: String(owed), agrees: houseBets === want && receivables === -owed };
  });

  const overdue = await overdueOf(db, now);
  const ledger = await ledgerSums(db);
  return {
    ...counts,
    strayPostings,
    byStatus,
    overdue,
    findings,
    houses,
    ledger,
    healthy: counts.mismatches === 0 && strayPostings === 0 && houses.every((h) => h.agrees) && ledger.unbalancedTransactions === 0 && ledger.accountsOffBalance === 0,
  };
}

/**
 * The postings of a page of coupons, per coupon and key suffix, with their entries summed by
 * where they went: the coupon's house-bets shard (its currency, the shard its id hashes to),
 * its own account, house-receivables of its currency, anywhere else.
 */
async function postingsOf(db: Kysely<Database>, rows: readonly CouponRowFacts[]): Promise<{ posted: Map<string, Record<string, CouponPosted>>; postings: number }> {
  const keys = rows.flatMap((r) => couponPostingKeys(r.settlement_version).map((suffix) => `coupon:${r.id}:${suffix}`));
  const entries = await sql<{ key: string; account_id: string; kind: string; currency: string; shard: number; amount: string }>`
    select t.idempotency_key as key, e.account_id, a.kind, a.currency, a.shard, sum(e.amount)::text as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where t.idempotency_key = any(${keys}::text[])
    group by t.idempotency_key, e.account_id, a.kind, a.currency, a.shard`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const posted = new Map<string, Record<string, CouponPosted>>();
  const seen = new Set<string>();
  for (const entry of entries.rows) {
    seen.add(entry.key);
    // coupon:{uuid}:{suffix}, the suffix itself may hold colons (payout:v2:reverse).
    const id = entry.key.slice('coupon:'.length, 'coupon:'.length + 36);
    const suffix = entry.key.slice('coupon:'.length + 37);
    const row = byId.get(id)!;
    const own = posted.get(id) ?? {};
    posted.set(id, own);
    const sums = (own[suffix] ??= { house: 0n, player: 0n, receivables: 0n, other: 0n });
    const amount = BigInt(entry.amount);
    if (entry.kind === 'house-bets' && entry.currency === row.currency && entry.shard === houseShard(id)) sums.house += amount;
    else if (entry.account_id === row.account_id) sums.player += amount;
    else if (entry.kind === 'house-receivables' && entry.currency === row.currency) sums.receivables += amount;
    else sums.other += amount;
  }
  return { posted, postings: seen.size };
}

async function resettlementsOf(db: Kysely<Database>, rows: readonly CouponRowFacts[]): Promise<Map<string, CouponResettlementFacts[]>> {
  const ids = rows.filter((r) => r.settlement_version > 1).map((r) => r.id);
  const out = new Map<string, CouponResettlementFacts[]>();
  if (ids.length === 0) return out;
  const records = await db
    .selectFrom('coupon_resettlements')
    .select(['coupon_id', 'version', 'previous_payout', 'payout', 'debt'])
    .where('coupon_id', 'in', ids)
    .orderBy('coupon_id')
    .orderBy('version')
    .execute();
  for (const r of records) {
    const list = out.get(r.coupon_id) ?? [];
    list.push({ version: r.version, previous: r.previous_payout, payout: r.payout, debt: r.debt });
    out.set(r.coupon_id, list);
  }
  return out;
}

/** The coupon-keyed postings no coupon's state accounts for (only read when the counts differ). */
async function strays(db: Kysely<Database>): Promise<CouponReconciliationFinding[]> {
  const rows = await sql<{ key: string; id: string | null; status: string | null; version: number | null }>`
    select t.idempotency_key as key, c.id, c.status, c.settlement_version as version
    from ledger_transactions t
    left join coupons c on c.id::text = split_part(t.idempotency_key, ':', 2)
    where t.idempotency_key like 'coupon:%'`.execute(db);
  const found: CouponReconciliationFinding[] = [];
  for (const r of rows.rows) {
    const suffix = r.key.split(':').slice(2).join(':');
    if (r.id !== null && r.version !== null && couponPostingKeys(r.version).includes(suffix)) continue;
    const id = r.key.split(':')[1] ?? '';
    found.push({
      couponId: r.id ?? (/^[0-9a-f-]{36}$/.test(id) ? id : null),
      status: r.status,
      reasons: [r.id === null ? `posting ${r.key} of no coupon` : `posting ${r.key} under a key no coupon state has`],
    });
  }
  return found;
}

/** Coupons the sweep or a job has yet to finish (no money involved until it does). */
async function overdueOf(db: Kysely<Database>, now: Date): Promise<CouponReconciliation['overdue']> {
  const counted = await sql<{ pending: string; review: string; settleable: string }>`
    select
      (select count(*) from coupons where status = 'pending' and accept_at <= ${now})::text as pending,
      (select count(*) from coupons where status = 'review' and review_deadline <= ${now})::text as review,
      (select count(*) from coupons c where c.status = 'accepted' and not exists (
        select 1 from coupon_selections s
        left join outcomes o on o.game_id = s.game_id and o.key = s.outcome_key
        where s.coupon_id = c.id and s.status < 0 and (o.status is null or o.status < 0)))::text as settleable`.execute(db);
  const row = counted.rows[0];
  return { pending: Number(row?.pending ?? 0), review: Number(row?.review ?? 0), settleable: Number(row?.settleable ?? 0) };
}

/** `GET /ops-api/v1/coupons/reconciliation` (bearer OPS_TOKEN, like every ops route). */
export const couponReconciliationRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get(COUPON_OPS_API.reconciliation, async (): Promise<CouponReconciliation> => reconcileCoupons(app.db, new Date(app.clock.now())));
};
