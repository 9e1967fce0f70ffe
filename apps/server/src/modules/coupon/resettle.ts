/**
 * A corrected result (issue 11, decision 0016): the operator sets a finished game's outcomes
 * again (from a corrected score, or per outcome), and every coupon on the game is resettled
 * by reversing entries, never by editing old ones.
 *
 * - `correct(gameId, input)`: in one transaction through the line's writer (browsers hear the
 *   corrected result), the outcomes' new statuses and a durable job `coupons.resettle`.
 * - `run(gameId, reason)`: the job's work, also run at once by the operator's call. Coupons
 *   not settled get their selections' statuses corrected (no money: the sweep pays them with
 *   the right ones). Each settled coupon is resettled in its own ledger unit: its payout
 *   recomputed from the outcomes now; if it changed, version n → n + 1 (guarded by n, the row
 *   locked), `coupon:{id}:payout:v{n+1}` credits the new payout, `coupon:{id}:payout:v{n}:reverse`
 *   takes the previous one back — from the player's balance as far as it goes, the rest a
 *   debt on `house-receivables` — and a `coupon_resettlements` row says why. A coupon whose
 *   payout is already right is left alone, so a repeat, or a run after a crash half-way,
 *   moves money only for the coupons not done yet.
 *
 * "Payout" here is what the settlement credited: the bet's payout and an insurance payback
 * (coupon-actions: a lost insured coupon gets its insured part back), so an insured coupon
 * corrected from lost to won gives the payback back too.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  BET_STATUS,
  insurancePaybackAmount,
  isGameOver,
  minor,
  outcomeFromKey,
  reversalSplit,
  settleCoupon,
  settleOutcome,
  type BetStatus,
  type Clock,
  type CurrencyCode,
  type GameResult,
} from '@betsite/domain';
import { CouponReviewErrorCode, LineErrorCode, type OpsResettleResult, type OpsResettleSchema } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { AppError } from '../../lib/errors.ts';
import type { JobRunner } from '../jobs/index.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { resultView } from '../line/rows.ts';
import { applyResult, finalLive, lockGame } from '../line/store.ts';
import type { LineWriter } from '../line/writer.ts';
import { betKey } from './bets.ts';
import { money, placedDraft } from './draft.ts';

/** Job kind: resettle the coupons of a game (payload `{ gameId, reason }`). */
export const RESETTLE_JOB = 'coupons.resettle';
/** The job runs this long after the call that ran it at once: it finishes a run cut short, and catches a coupon the sweep settled meanwhile with the old statuses. */
const SECOND_LOOK_MS = 60_000;
const PAGE = 500;

export type ResettleInput = z.output<typeof OpsResettleSchema>;

export interface ResettleDeps {
  db: Kysely<Database>;
  ledger: Ledger;
  clock: Clock;
  logger: FastifyBaseLogger;
  writer: LineWriter;
  jobs: Pick<JobRunner, 'schedule'>;
}

export type CouponResettlement =
  | { kind: 'resettled'; version: number; previous: bigint; payout: bigint; debt: bigint; currency: string }
  | { kind: 'corrected' | 'unchanged' | 'skipped' };

export interface Resettlement {
  /** The operator's corrected result: outcomes set again and the job scheduled; the changed statuses by key. */
  correct(gameId: number, input: ResettleInput): Promise<Record<string, number>>;
  /** Resettles every coupon on the game (the job's work; safe to repeat). */
  run(gameId: number, reason: string): Promise<Omit<OpsResettleResult, 'gameId' | 'changed'>>;
  /** One coupon, in one ledger unit. */
  resettleCoupon(couponId: string, gameId: number | null, reason: string): Promise<CouponResettlement>;
}

/** What a settlement with this payout credited: the payout and an insurance payback. */
const credited = (insured: bigint | null, payout: bigint): bigint => payout + insurancePaybackAmount(insured === null ? null : minor(insured), minor(payout));

export function createResettlement({ db, ledger, clock, logger, writer, jobs }: ResettleDeps): Resettlement {
  async function resettleCoupon(couponId: string, gameId: number | null, reason: string): Promise<CouponResettlement> {
    const head = await db.selectFrom('coupons').select(['currency', 'status']).where('id', '=', couponId).executeTakeFirst();
    if (!head || head.status !== 'settled') return { kind: 'skipped' };
    const currency = head.currency as CurrencyCode;
    // House rows before the unit: the embedded database has one connection, held by the unit.
    const house = await ledger.houseAccount('house-bets', currency, couponId);
    const receivables = await ledger.houseAccount('house-receivables', currency, couponId);
    return ledger.unit(async (unit): Promise<CouponResettlement> => {
      const row = await unit.db.selectFrom('coupons').selectAll().where('id', '=', couponId).forUpdate().executeTakeFirst();
      if (!row || row.status !== 'settled' || row.payout === null) return { kind: 'skipped' };
      const selections = await unit.db
        .selectFrom('coupon_selections as s')
        .leftJoin('outcomes as o', (join) => join.onRef('o.game_id', '=', 's.game_id').onRef('o.key', '=', 's.outcome_key'))
        .select(['s.position', 's.game_id', 's.outcome_key', 's.coef', 's.block_id', 's.status', 'o.status as outcome_status'])
        .where('s.coupon_id', '=', couponId)
        .orderBy('s.position')
        .execute();
      const now = selections.map((s) => ({ ...s, status: s.outcome_status !== null && s.outcome_status >= 0 ? s.outcome_status : s.status }));
      const statuses = Object.fromEntries(now.map((s) => [betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }), s.status as BetStatus]));
      const { payout } = settleCoupon(placedDraft(row.plan, now), statuses, { detail: false });
      if (payout === null) return { kind: 'skipped' };
      let corrected = false;
      for (const [i, s] of now.entries()) {
        if (s.status === selections[i]!.status) continue;
        corrected = true;
        await unit.db.updateTable('coupon_selections').set({ status: s.status }).where('coupon_id', '=', couponId).where('position', '=', s.position).execute();
      }
      if (payout === row.payout) return { kind: corrected ? 'corrected' : 'unchanged' };

      const version = row.settlement_version;
      const moved = await unit.db
        .updateTable('coupons')
        .set({ payout, settlement_version: version + 1, updated_at: unit.now })
        .where('id', '=', couponId)
        .where('settlement_version', '=', version)
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) return { kind: 'skipped' };
      const previous = credited(row.insured_amount, row.payout);
      const next = credited(row.insured_amount, payout);
      const metadata = { couponId, gameId, version: version + 1, reason };
      // The new payout first, so the reversal can take from it.
      if (next > 0n) {
        await unit.post({
          idempotencyKey: `coupon:${couponId}:payout:v${version + 1}`,
          kind: 'bet-payout',
          entries: [
            { accountId: house.id, amount: -next },
            { accountId: row.account_id, amount: next },
          ],
          metadata,
        });
      }
      let debt = 0n;
      if (previous > 0n) {
        const account = await unit.db.selectFrom('ledger_accounts').select('balance').where('id', '=', row.account_id).forNoKeyUpdate().executeTakeFirstOrThrow();
        // `balance` already holds the new payout posted above.
        const split = reversalSplit(previous, account.balance, 0n);
        debt = split.debt;
        await unit.post({
          idempotencyKey: `coupon:${couponId}:payout:v${version}:reverse`,
          kind: 'bet-payout-reversal',
          entries: [
            { accountId: house.id, amount: previous },
            ...(split.fromPlayer > 0n ? [{ accountId: row.account_id, amount: -split.fromPlayer }] : []),
            ...(debt > 0n ? [{ accountId: receivables.id, amount: -debt }] : []),
          ],
          metadata: { ...metadata, debt: String(debt) },
        });
      }
      await unit.db
        .insertInto('coupon_resettlements')
        .values({ coupon_id: couponId, version: version + 1, game_id: gameId, previous_payout: previous, payout: next, debt, reason, created_at: unit.now })
        .execute();
      return { kind: 'resettled', version: version + 1, previous, payout: next, debt, currency };
    });
  }

  async function run(gameId: number, reason: string): Promise<Omit<OpsResettleResult, 'gameId' | 'changed'>> {
    // Coupons not settled: their settled selections take the corrected statuses (no money moves).
    const fixed = await sql<{ coupon_id: string }>`
      update coupon_selections s set status = o.status
      from outcomes o, coupons c
      where s.game_id = ${gameId} and o.game_id = s.game_id and o.key = s.outcome_key and c.id = s.coupon_id
        and s.status >= 0 and o.status >= 0 and s.status <> o.status and c.status <> 'settled'
      returning s.coupon_id`.execute(db);
    let corrected = new Set(fixed.rows.map((r) => r.coupon_id)).size;
    let resettled = 0;
    const debts = new Map<string, bigint>();
    for (let after: string | null = null; ; ) {
      let query = db
        .selectFrom('coupon_selections as s')
        .innerJoin('coupons as c', 'c.id', 's.coupon_id')
        .select('s.coupon_id')
        .distinct()
        .where('s.game_id', '=', gameId)
        .where('c.status', '=', 'settled')
        .orderBy('s.coupon_id')
        .limit(PAGE);
      if (after !== null) query = query.where('s.coupon_id', '>', after);
      const page = await query.execute();
      for (const { coupon_id } of page) {
        const done = await resettleCoupon(coupon_id, gameId, reason);
        if (done.kind === 'resettled') {
          resettled++;
          if (done.debt > 0n) debts.set(done.currency, (debts.get(done.currency) ?? 0n) + done.debt);
        } else if (done.kind === 'corrected') {
          corrected++;
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.coupon_id;
    }
    if (resettled > 0) logger.info({ gameId, resettled, corrected, reason }, 'coupons resettled after a corrected result');
    return { resettled, corrected, debts: Object.fromEntries([...debts].map(([c, d]) => [c, money(d, c as CurrencyCode)])) };
  }

  return {
    async correct(gameId, input) {
      return writer.run(async (trx, changes) => {
        const head = await lockGame(trx, gameId);
        if (!head) throw new AppError(404, LineErrorCode.gameNotFound, `No game ${gameId}`);
        if (!isGameOver(head.status)) throw new AppError(409, CouponReviewErrorCode.gameNotFinished, `Game ${gameId} has not finished; finish it first`);
        const rows = await trx.selectFrom('outcomes').select(['key', 'status']).where('game_id', '=', gameId).execute();
        const before = new Map(rows.map((r) => [r.key, r.status]));
        const next = new Map(before);
        const at = clock.now();
        let result: GameResult | null = null;
        if (input.score) {
          result = { phase: input.cancelled ? 'cancelled' : 'finished', score: input.score, periods: input.periods, completedPeriods: input.periods.length };
          for (const key of before.keys()) {
            const outcome = outcomeFromKey(key);
            next.set(key, outcome ? settleOutcome(outcome, result, head.format) : BET_STATUS.return);
          }
        }
        for (const o of input.outcomes ?? []) {
          if (!before.has(o.key)) throw new AppError(422, CouponReviewErrorCode.unknownOutcome, `Game ${gameId} has no outcome ${o.key}`);
          next.set(o.key, o.status);
        }
        // Unsettled outcomes (none, once a game is over) are left as they are.
        const settled = [...next].flatMap(([key, status]) => (status === null ? [] : [{ key, status }]));
        const changed = settled.filter((s) => before.get(s.key) !== s.status);
        if (result) {
          await applyResult(trx, gameId, result, settled, at);
        } else {
          for (const s of changed) await trx.updateTable('outcomes').set({ status: s.status }).where('game_id', '=', gameId).where('key', '=', s.key).execute();
        }
        // Durable: if the run below is cut short, the job finishes it.
        await jobs.schedule(RESETTLE_JOB, { at: new Date(at + SECOND_LOOK_MS), payload: { gameId, reason: input.reason } }, trx);
        if (result) changes.result(gameId, resultView(result, at), settled, await finalLive(trx, gameId), at);
        return Object.fromEntries(changed.map((s) => [s.key, s.status]));
      });
    },
    run,
    resettleCoupon,
  };
}
