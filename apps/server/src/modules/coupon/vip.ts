/**
 * The vip bet (SPEC §5, issue 11, decision 0016). A placement asked as a vip bet whose amount
 * is above the max (where SPEC §5 allows a vip bet) is stored in `review` with the whole asked
 * stake held (`coupon:{id}:stake`, in the placement's transaction, like any coupon). Then:
 *
 * - operator accept → `accepted` (no money moves);
 * - operator decline, or no decision by the deadline → `refused`, the stake back (`coupon:{id}:refund`);
 * - operator counter → still `review`, now the player's turn with a new deadline; the player
 *   accepts (the stake becomes the counter, the rest back: `coupon:{id}:vip-return`) or
 *   declines / lets it run out (`refused`, everything back: `coupon:{id}:refund`).
 *
 * Every step is one ledger unit whose update is guarded by the state it was decided from
 * (status `review`, whose turn, deadline not passed), so of concurrent decisions one wins and
 * the money moves once. A time-out is a durable job at the deadline; a sweep catches lost ones.
 */
import type { Kysely, Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  quoteCoupon,
  toMinor,
  vipPlacement,
  vipStep,
  type BettingSettings,
  type CouponDraft,
  type CouponError,
  type CouponQuote,
  type CurrencyCode,
  type VipEvent,
  type VipStep,
} from '@betsite/domain';
import { CouponErrorCode, CouponReviewErrorCode, type Coupon, type OpsCouponReview } from '@betsite/contracts';
import type { CouponsTable, Database } from '@betsite/db';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { isUuid } from '../ledger/movement.ts';
import { betKey, loadBets } from './bets.ts';
import { money, placedDraft } from './draft.ts';

type CouponRow = Selectable<CouponsTable>;

/** Job kinds: a coupon's review deadline (payload `{ couponId }`), and the sweep for lost ones. */
export const VIP_TIMEOUT_JOB = 'coupons.review-timeout';
export const VIP_SWEEP_JOB = 'coupons.review-sweep';
const SWEEP_BATCH = 500;

/** What the vip bet takes from the site's betting settings (site config `betting`). */
export interface VipSettings {
  /** How long the operator, then the player for a counter-offer, has. */
  reviewMs: number;
}

export const vipSettingsOf = (betting: BettingSettings): VipSettings => ({ reviewMs: betting.vipReviewSeconds * 1000 });

/**
 * The placement side, pure (the coupon service asks it, with a draft that carries the site's
 * max and vip switch: domain withBettingSettings): whether a coupon goes to review, and the
 * quote's errors that still stand (above the max is no error for a vip bet). A vip bet SPEC §5
 * does not allow is a 422.
 */
export function assessVip(isVipBet: boolean | undefined, draft: CouponDraft, quote: CouponQuote): { review: boolean; errors: readonly CouponError[] } {
  const placement = vipPlacement({
    isVipBet: isVipBet === true,
    available: quote.vipBetAvailable,
    charged: quote.charged,
    maxAmount: draft.limits?.maxAmount ?? null,
  });
  if (placement.kind === 'refused') throw new AppError(422, CouponReviewErrorCode.vipUnavailable, 'A vip bet is not available for this coupon');
  if (placement.kind === 'ordinary') return { review: false, errors: quote.errors };
  return { review: true, errors: quote.errors.filter((e) => e.code !== 'amount_above_max') };
}

/** The columns of a coupon placed into review at `at`. */
export function reviewColumns(charged: bigint, at: Date, settings: VipSettings) {
  return { vip_asked_amount: charged, review_deadline: new Date(at.getTime() + settings.reviewMs) };
}

/** The coupon's `review` as the API shows it; null for a coupon that was never a vip bet. */
export function reviewOf(row: CouponRow, now: number): Coupon['review'] {
  if (row.vip_asked_amount === null || row.review_deadline === null) return null;
  const currency = row.currency as CurrencyCode;
  return {
    askedAmount: money(row.vip_asked_amount, currency),
    counterAmount: row.vip_counter_amount === null ? null : money(row.vip_counter_amount, currency),
    deadline: row.review_deadline.toISOString(),
    remainingMs: Math.max(0, row.review_deadline.getTime() - now),
    decision: row.vip_decision,
  };
}

export interface VipReviewDeps {
  db: Kysely<Database>;
  ledger: Ledger;
  logger: FastifyBaseLogger;
  /** Read at each decision: the operator may change the review time. */
  settings: () => Promise<VipSettings>;
  schedule?: (kind: string, input: { at: Date; payload: { couponId: string } }) => Promise<unknown>;
}

export interface VipReview {
  /** Coupons in review, soonest deadline first. */
  queue(limit: number): Promise<CouponRow[]>;
  /** The operator's decision; the coupon after it. */
  decide(couponId: string, input: OpsCouponReview, now: Date): Promise<CouponRow>;
  /** The player's answer to a counter-offer; the coupon after it. */
  answer(userId: string, couponId: string, accept: boolean, now: Date): Promise<CouponRow>;
  /** Refuses a coupon whose deadline passed (the stake back); true when this call did. */
  timeout(couponId: string, now: Date): Promise<boolean>;
  /** Every coupon past its deadline (a lost job); how many it refused. */
  sweep(now: Date): Promise<number>;
  /** Schedules the time-out of a coupon at its deadline (after the commit that set it). */
  scheduleTimeout(row: Pick<CouponRow, 'id' | 'review_deadline'>): Promise<void>;
}

const stageOf = (row: CouponRow) => (row.vip_decision === 'countered' ? 'player' : 'operator');

export function createVipReview({ db, ledger, logger, settings, schedule }: VipReviewDeps): VipReview {
  async function load(couponId: string): Promise<CouponRow> {
    const row = isUuid(couponId) ? await db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst() : undefined;
    if (!row) throw notFound('No such coupon');
    return row;
  }

  async function scheduleTimeout(row: Pick<CouponRow, 'id' | 'review_deadline'>): Promise<void> {
    if (!schedule || !row.review_deadline) return;
    await schedule(VIP_TIMEOUT_JOB, { at: row.review_deadline, payload: { couponId: row.id } }).catch((err: unknown) =>
      logger.warn({ err, couponId: row.id }, 'review time-out not scheduled; the sweep will catch it'),
    );
  }

  /** The coupon at a counter stake: its plan, charged amount, unit stake and possible win, by the coupon maths. */
  async function atStake(row: CouponRow, amount: bigint) {
    const selections = await db.selectFrom('coupon_selections').selectAll().where('coupon_id', '=', row.id).orderBy('position').execute();
    const plan = { ...(row.plan as Record<string, unknown>), amount: String(amount) };
    const quote = quoteCoupon(placedDraft(plan, selections));
    const usable = quote.errors.every((e) => e.code === 'amount_above_max') && quote.possibleWin !== null && quote.charged > 0n;
    return { plan, quote, usable, selections };
  }

  /** Applies a step decided from `row` (guarded by that state); null when another decision got there first. */
  async function apply(row: CouponRow, step: Extract<VipStep, { ok: true }>, now: Date, reason: string): Promise<CouponRow | null> {
    const house = await ledger.houseAccount('house-bets', row.currency as CurrencyCode, row.id);
    const held = row.vip_asked_amount ?? row.amount;
    const { reviewMs } = await settings();
    let reduced: Awaited<ReturnType<typeof atStake>> | null = null;
    if (step.status === 'accepted' && step.stake !== held) reduced = await atStake(row, step.stake);
    const updated = await ledger.unit(async (unit) => {
      let query = unit.db.updateTable('coupons').where('id', '=', row.id).where('status', '=', 'review').where('review_deadline', '=', row.review_deadline);
      query = row.vip_decision === null ? query.where('vip_decision', 'is', null) : query.where('vip_decision', '=', row.vip_decision);
      let changed: CouponRow | undefined;
      if (step.status === 'review') {
        changed = await query
          .set({ vip_counter_amount: step.counter, vip_decision: 'countered', review_deadline: new Date(now.getTime() + reviewMs), updated_at: unit.now })
          .returningAll()
          .executeTakeFirst();
      } else if (step.status === 'accepted') {
        changed = await query
          .set({
            status: 'accepted',
            vip_decision: step.decision,
            ...(reduced
              ? {
                  amount: reduced.quote.charged,
                  unit_stake: reduced.quote.unitStake ?? reduced.quote.charged,
                  possible_win: reduced.quote.possibleWin ?? 0n,
                  plan: JSON.stringify(reduced.plan),
                }
              : {}),
            updated_at: unit.now,
          })
          .returningAll()
          .executeTakeFirst();
        const returned = reduced ? held - reduced.quote.charged : 0n;
        if (changed && returned > 0n) {
          await unit.post({
            idempotencyKey: `coupon:${row.id}:vip-return`,
            kind: 'bet-refund',
            entries: [
              { accountId: house.id, amount: -returned },
              { accountId: row.account_id, amount: returned },
            ],
            metadata: { couponId: row.id, reason },
          });
        }
      } else {
        changed = await query
          .set({ status: 'refused', vip_decision: step.decision, refusal: JSON.stringify({ code: `vip_${step.decision}` }), payout: held, settled_at: unit.now, updated_at: unit.now })
          .returningAll()
          .executeTakeFirst();
        if (changed) {
          await unit.post({
            idempotencyKey: `coupon:${row.id}:refund`,
            kind: 'bet-refund',
            entries: [
              { accountId: house.id, amount: -held },
              { accountId: row.account_id, amount: held },
            ],
            metadata: { couponId: row.id, reason },
          });
        }
      }
      return changed ?? null;
    });
    if (updated) {
      logger.info({ couponId: row.id, decision: updated.vip_decision, status: updated.status }, 'vip coupon review step');
      if (updated.status === 'review') await scheduleTimeout(updated);
    }
    return updated;
  }

  /** The step of `event` on `row` now: 409 when not in review or past the deadline, 422 for a counter out of range. */
  async function step(row: CouponRow, event: VipEvent, now: Date, reason: string): Promise<CouponRow> {
    if (row.status !== 'review') throw new AppError(409, CouponReviewErrorCode.notInReview, 'This coupon is not waiting for a decision');
    if (row.review_deadline && row.review_deadline <= now) {
      await timeoutRow(row, now);
      throw new AppError(409, CouponReviewErrorCode.reviewExpired, 'The time for a decision has run out; the stake is returned');
    }
    const held = row.vip_asked_amount ?? row.amount;
    let decided = event;
    if (event.by === 'operator' && event.decision === 'counter') {
      // The counter as the coupon maths would charge it (a spread amount is a multiple of its lines).
      const reduced = await atStake(row, event.amount);
      if (!reduced.usable) throw new AppError(422, CouponReviewErrorCode.counterOutOfRange, 'The coupon cannot be placed at this amount');
      decided = { ...event, amount: reduced.quote.charged };
    }
    const next = vipStep(stageOf(row), held, row.vip_counter_amount, decided);
    if (!next.ok) {
      if (next.code === 'counter_out_of_range') throw new AppError(422, CouponReviewErrorCode.counterOutOfRange, 'A counter-offer is a smaller stake than the one asked');
      throw new AppError(409, CouponReviewErrorCode.notInReview, 'It is not this side’s turn to decide');
    }
    if (next.status === 'accepted') {
      // The selections must still be playable as line bets (not blocked, started or over).
      const selections = await db.selectFrom('coupon_selections').select(['game_id', 'outcome_key']).where('coupon_id', '=', row.id).execute();
      const states = await loadBets(db, selections.map((s) => ({ gameId: s.game_id, outcomeKey: s.outcome_key })));
      const gone = selections.some((s) => {
        const state = states.get(betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }));
        return !state || state.blocked || state.finished || state.live;
      });
      if (gone) throw new AppError(409, CouponErrorCode.selectionUnavailable, 'A selection can no longer be played; decline the bet');
    }
    const updated = await apply(row, next, now, reason);
    if (!updated) throw new AppError(409, CouponReviewErrorCode.notInReview, 'Another decision was made first');
    return updated;
  }

  async function timeoutRow(row: CouponRow, now: Date): Promise<boolean> {
    if (row.status !== 'review' || !row.review_deadline || row.review_deadline > now) return false;
    const next = vipStep(stageOf(row), row.vip_asked_amount ?? row.amount, row.vip_counter_amount, { by: 'clock' });
    if (!next.ok) return false;
    return (await apply(row, next, now, 'timed_out')) !== null;
  }

  return {
    queue: (limit) => db.selectFrom('coupons').selectAll().where('status', '=', 'review').orderBy('review_deadline').orderBy('id').limit(limit).execute(),

    async decide(couponId, input, now) {
      const row = await load(couponId);
      let event: VipEvent;
      if (input.decision === 'counter') {
        let amount: bigint;
        try {
          amount = toMinor(input.amount, row.currency as CurrencyCode);
        } catch {
          throw new AppError(400, 'invalid_request', `Invalid amount for ${row.currency}`, [{ path: 'body.amount', message: 'Too many decimal places' }]);
        }
        event = { by: 'operator', decision: 'counter', amount };
      } else {
        event = { by: 'operator', decision: input.decision };
      }
      return step(row, event, now, `operator_${input.decision}`);
    },

    async answer(userId, couponId, accept, now) {
      const row = await load(couponId);
      if (row.user_id !== userId) throw notFound('No such coupon');
      return step(row, { by: 'player', accept }, now, accept ? 'player_accept' : 'player_decline');
    },

    async timeout(couponId, now) {
      if (!isUuid(couponId)) return false;
      const row = await db.selectFrom('coupons').selectAll().where('id', '=', couponId).where('status', '=', 'review').executeTakeFirst();
      return row ? timeoutRow(row, now) : false;
    },

    async sweep(now) {
      const due = await db.selectFrom('coupons').selectAll().where('status', '=', 'review').where('review_deadline', '<=', now).orderBy('review_deadline').limit(SWEEP_BATCH).execute();
      let refused = 0;
      for (const row of due) if (await timeoutRow(row, now)) refused++;
      return refused;
    },

    scheduleTimeout,
  };
}
