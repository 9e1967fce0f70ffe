/**
 * The vip bet's review and the resettlement of a corrected result (issue 11, SPEC §5,
 * decision 0016). Amounts in major units as decimal text, like the rest of the coupon API.
 *
 * A placement with `isVipBet: true` whose charged amount is above the max (and SPEC §5 allows
 * a vip bet: line bets only, not type 9) answers 201 with the coupon in status `review`: the
 * whole stake is held and an operator decides before `review.deadline`.
 *
 * Paths:
 *   POST /web-api/coupon/v1/coupons/{id}/review   the player takes or declines a counter-offer `{ accept }`
 *   GET  /ops-api/v1/coupons/review               the operators' queue (coupons in review, soonest deadline first)
 *   POST /ops-api/v1/coupons/{id}/review          `{ decision: accept | decline | counter, amount? }`
 *   POST /ops-api/v1/games/{id}/resettle          a corrected result of a finished game; every coupon on it is resettled
 */
import { z } from 'zod';
import { CouponSchema } from './coupon.ts';
import { ApiErrorSchema } from './errors.ts';
import { GameIdSchema, ScoreSchema } from './line.ts';
import type { ApiOperation } from './operations.ts';
import { UuidParamsSchema } from './params.ts';
import { DecimalAmountSchema } from './payments.ts';
import { text } from './text.ts';

export const COUPON_REVIEW_API = {
  /** Player: the answer to a counter-offer. */
  review: '/web-api/coupon/v1/coupons/:id/review',
  /** Operator: the queue. */
  opsQueue: '/ops-api/v1/coupons/review',
  /** Operator: a decision. */
  opsReview: '/ops-api/v1/coupons/:id/review',
  /** Operator: a corrected result. */
  opsResettle: '/ops-api/v1/games/:id/resettle',
} as const;

export const CouponReviewErrorCode = {
  /** Asked as a vip bet where SPEC §5 allows none (live bets, multiple singles, no max). */
  vipUnavailable: 'vip_bet_unavailable',
  /** The coupon is not in review, or it is not this side's turn (a counter-offer waits for the player). */
  notInReview: 'coupon_not_in_review',
  /** The deadline passed: the coupon is (or is about to be) refused with its stake returned. */
  reviewExpired: 'review_expired',
  /** A counter-offer must be at least the coupon's minimum and below the asked stake. */
  counterOutOfRange: 'counter_out_of_range',
  /** Resettling a game that has not finished. */
  gameNotFinished: 'game_not_finished',
  /** An outcome key the game does not have. */
  unknownOutcome: 'unknown_outcome',
} as const;

/** `POST /web-api/coupon/v1/coupons/{id}/review`: take (true) or decline (false) the counter-offer. */
export const CouponReviewAnswerSchema = z.object({ accept: z.boolean() }).strict();
export type CouponReviewAnswer = z.input<typeof CouponReviewAnswerSchema>;

/** `POST /ops-api/v1/coupons/{id}/review`. */
export const OpsCouponReviewSchema = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('accept') }).strict(),
    z.object({ decision: z.literal('decline') }).strict(),
    /** The stake the bookmaker takes instead (below the asked one). */
    z.object({ decision: z.literal('counter'), amount: DecimalAmountSchema }).strict(),
  ]);
export type OpsCouponReview = z.input<typeof OpsCouponReviewSchema>;

/** A coupon in the operators' queue: the coupon and its player. */
export const OpsReviewItemSchema = z.object({ userId: z.uuid(), coupon: CouponSchema });
export const OpsReviewQueueQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
export const OpsReviewQueueSchema = z.object({ coupons: z.array(OpsReviewItemSchema) });
export type OpsReviewQueue = z.infer<typeof OpsReviewQueueSchema>;

/** SPEC §3 coupon bet status an operator may set: 0 lose, 1 win, 2 return, 3 forced return, 4–6 halves. */
const SettledStatusSchema = z.number().int().min(0).max(6);

/**
 * `POST /ops-api/v1/games/{id}/resettle`: the corrected result, as the finish call takes it
 * (`score`, `periods`, `cancelled`: every outcome is settled again from it), and/or statuses of
 * single outcomes by key that override it; `reason` goes on every resettlement.
 */
export const OpsResettleSchema = z
  .object({
    score: ScoreSchema.optional(),
    periods: z.array(ScoreSchema).max(20).default([]),
    cancelled: z.boolean().default(false),
    outcomes: z.array(z.object({ key: text().min(1).max(200), status: SettledStatusSchema }).strict()).max(500).optional(),
    reason: text().trim().min(3).max(500),
  })
  .strict()
  .refine((v) => v.score !== undefined || (v.outcomes?.length ?? 0) > 0, { message: 'score or outcomes is required' });
export type OpsResettle = z.input<typeof OpsResettleSchema>;

export const OpsResettleResultSchema = z.object({
  gameId: z.number().int(),
  /** Outcomes whose status changed: key → new status. */
  changed: z.record(text(), z.number().int()),
  /** Coupons whose payout changed (a new settlement version each). */
  resettled: z.number().int(),
  /** Open or refused coupons whose selections were corrected without money moving. */
  corrected: z.number().int(),
  /** What the players could not cover, summed (decision 0016), per currency. */
  debts: z.record(text(), text()),
});
export type OpsResettleResult = z.infer<typeof OpsResettleResultSchema>;

const GameParamsSchema = z.object({ id: GameIdSchema }).strict();
const ERR = ApiErrorSchema;

export const COUPON_REVIEW_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: COUPON_REVIEW_API.review,
    summary: 'Answer a vip counter-offer',
    description:
      'The player takes (`accept: true`: the stake becomes the counter amount, the rest is returned) or declines (the whole stake returned) the operator’s counter-offer, before `review.deadline`. 409 `coupon_not_in_review` / `review_expired`.',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    body: CouponReviewAnswerSchema,
    responses: { 200: CouponSchema, 400: ERR, 401: ERR, 404: ERR, 409: ERR },
  },
  {
    method: 'GET',
    path: COUPON_REVIEW_API.opsQueue,
    summary: 'Vip bets waiting for a decision',
    tag: 'coupon-ops',
    auth: 'operator',
    query: OpsReviewQueueQuerySchema,
    responses: { 200: OpsReviewQueueSchema, 400: ERR, 401: ERR },
  },
  {
    method: 'POST',
    path: COUPON_REVIEW_API.opsReview,
    summary: 'Decide a vip bet',
    description:
      '`accept` (the coupon is accepted at the asked stake), `decline` (refused, the stake returned) or `counter` with a smaller `amount` the player may take before the new deadline. One decision wins however many arrive at once. 409 `coupon_not_in_review` / `review_expired`, 422 `counter_out_of_range`.',
    tag: 'coupon-ops',
    auth: 'operator',
    params: UuidParamsSchema,
    body: OpsCouponReviewSchema,
    responses: { 200: CouponSchema, 400: ERR, 401: ERR, 404: ERR, 409: ERR, 422: ERR },
  },
  {
    method: 'POST',
    path: COUPON_REVIEW_API.opsResettle,
    summary: 'Correct a finished game’s result and resettle its coupons',
    description:
      'Sets the outcomes again (from a corrected score, and/or per outcome), then resettles every settled coupon on the game with reversing entries (`coupon:{id}:payout:v{n}:reverse`, `coupon:{id}:payout:v{n+1}`), one transaction per coupon, as a durable job: a repeat or a restart half-way moves money once. 409 `game_not_finished`, 422 `unknown_outcome`.',
    tag: 'coupon-ops',
    auth: 'operator',
    params: GameParamsSchema,
    body: OpsResettleSchema,
    responses: { 200: OpsResettleResultSchema, 400: ERR, 401: ERR, 404: ERR, 409: ERR, 422: ERR },
  },
];
