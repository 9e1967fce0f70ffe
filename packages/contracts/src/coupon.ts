/**
 * The coupon (bet slip, issue 11; SPEC §3 "Coupon to submit", "Coupon bet", "System option",
 * "Coupon bet status", §4 coupon actions): a quote of a draft, the placement, my bets.
 * Amounts cross the wire as decimal strings in major units (`"10.50"`), coefficients as
 * decimal numbers with at most 3 decimals (`1.85`), as the line API shows them.
 *
 * Paths: `POST /web-api/coupon/v1/quote` (visitors too), `POST /web-api/coupon/v1/coupons`
 * (place; the body's `id` is the idempotency key), `GET /web-api/coupon/v1/coupons` (my bets),
 * `GET /web-api/coupon/v1/coupons/{id}`.
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import { CoefSchema } from './line.ts';
import type { ApiOperation } from './operations.ts';
import { UuidParamsSchema } from './params.ts';
import { DecimalAmountSchema } from './payments.ts';
import { text } from './text.ts';

export const COUPON_API = {
  quote: '/web-api/coupon/v1/quote',
  coupons: '/web-api/coupon/v1/coupons',
} as const;

export const CouponErrorCode = {
  /** The draft cannot be placed as it is: `details.errors` says why (the domain's codes). */
  invalidCoupon: 'coupon_invalid',
  /** A selection is blocked, suspended, finished or unknown: `details.bets`. */
  selectionUnavailable: 'selection_unavailable',
  /** Odds moved and the player's changeCoefAction refuses it: `details.bets` carry the new coefs. */
  coefChanged: 'coef_changed',
  /** The score of a live game moved during the acceptance delay (isDropOnScoreChange). */
  scoreChanged: 'score_changed',
  insufficientFunds: 'insufficient_funds',
  /** The same coupon id with another body. */
  idempotencyConflict: 'idempotency_conflict',
  notAllowed: 'bet_not_allowed',
  /** A promo code the site does not know (no promotion issues codes for bets yet, so every code is unknown). */
  promoCodeUnknown: 'promo_code_unknown',
} as const;

/** SPEC §3 coupon types 0–9. */
export const CouponTypeIdSchema = z
  .number()
  .int()
  .min(0)
  .max(9)
  .transform((n) => n as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9);

/** SPEC §3 coupon bet, as the slip sends it: an outcome of a game and the coef the player saw. */
export const CouponBetInputSchema = z
  .object({
    gameId: z.number().int().positive().max(2_147_483_647),
    /** The outcome's key in the line API (`1x2:match/home`). */
    outcomeKey: text().min(1).max(200),
    coef: CoefSchema,
    /** Multi-bet and conditional: the block of this bet. */
    blockId: z.number().int().min(1).max(50).optional(),
    /** A system banker (with isActiveSystemBanker). */
    isBanker: z.boolean().optional(),
  })
  .strict();
export type CouponBetInput = z.infer<typeof CouponBetInputSchema>;

const BlockAmountSchema = z.union([DecimalAmountSchema, z.literal('max')]);

const DraftFields = {
  typeId: CouponTypeIdSchema,
  bets: z.array(CouponBetInputSchema).min(1).max(30),
  /** The account the stake comes from; default the active account. */
  accountId: text().min(1).max(64).optional(),
  amount: DecimalAmountSchema.optional(),
  /** Multiple singles: a stake per bet, by bet id `{gameId}/{outcomeKey}`. */
  amountByBetId: z.record(text().min(3).max(220), DecimalAmountSchema).optional(),
  /** Conditional: each block's amount (or "max") by block id. */
  amountByBlockId: z.record(text().regex(/^\d{1,2}$/), BlockAmountSchema).optional(),
  /** System k, multi-bet k (SPEC §9 default 2). */
  systemValue: z.number().int().min(2).max(30).optional(),
  isActiveSystemBanker: z.boolean().optional(),
  /** Multi-bet: the lobby block. */
  lobbyBlockId: z.number().int().min(1).max(50).optional(),
  /** The player takes the offered bonus bet. */
  isBonusBet: z.boolean().optional(),
  /** A vip bet (SPEC §5, coupon-review.ts): a stake above the max goes to an operator instead of being refused. */
  isVipBet: z.boolean().optional(),
};

/** `POST /web-api/coupon/v1/quote`: a draft coupon. */
export const CouponQuoteRequestSchema = z.object(DraftFields).strict();
export type CouponQuoteRequest = z.input<typeof CouponQuoteRequestSchema>;
export type CouponQuoteAsked = z.output<typeof CouponQuoteRequestSchema>;

/** SPEC §3 "Coupon to submit". */
export const CouponSubmitSchema = z
  .object({
    ...DraftFields,
    /** The coupon id (the client makes it; a UUID): the placement's idempotency key. */
    id: z.uuid(),
    /** SPEC §3 changeCoefAction: 0 any change refuses, 1 takes any, 2 takes increases (default). */
    changeCoefAction: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
    /** The total coef the player saw (informational). */
    coef: z.number().positive().max(1e9).optional(),
    coefViewId: z.number().int().min(1).max(9).optional(),
    /** Accept only at exactly this total coef (SPEC exactCoef). */
    exactCoef: CoefSchema.optional(),
    /** Refuse a live bet whose game's score changes before it is accepted. */
    isDropOnScoreChange: z.boolean().default(false),
    isOneClick: z.boolean().optional(),
    promoCode: text().max(64).optional(),
  })
  .strict();
export type CouponSubmit = z.input<typeof CouponSubmitSchema>;
export type CouponSubmitted = z.output<typeof CouponSubmitSchema>;

/** Per bet, what the server knows now (the slip disables what cannot be played). */
export const CouponBetStateSchema = z.object({
  gameId: z.number().int(),
  outcomeKey: text(),
  /** The current coef; null when the outcome is unknown. */
  coef: z.number().nullable(),
  isBlocked: z.boolean(),
  isDepend: z.boolean(),
  isLive: z.boolean(),
  finished: z.boolean(),
});
export type CouponBetState = z.infer<typeof CouponBetStateSchema>;

export const SystemOptionSchema = z.object({ value: z.number().int(), offset: z.number().int(), minBetAmount: text(), combo: z.number().int() });

export const CouponDomainErrorSchema = z.object({
  code: text(),
  reason: text().optional(),
  selectionIds: z.array(text()).optional(),
  blockId: z.number().int().optional(),
  /** Minor-unit bound as decimal text in major units. */
  limit: text().optional(),
});

/** The answer of a quote. Amounts in major units (decimal text). */
export const CouponQuoteSchema = z.object({
  typeId: z.number().int(),
  /** Every type, whether these bets allow it, and why not. */
  types: z.array(z.object({ typeId: z.number().int(), allowed: z.boolean(), reason: text().optional() })),
  lines: z.number().int(),
  unitStake: text().nullable(),
  charged: text(),
  /** Total coef (decimal); null where stakes differ per line. */
  coef: z.number().nullable(),
  possibleWin: text().nullable(),
  currency: text(),
  minAmount: text(),
  maxAmount: text().nullable(),
  amountStep: text(),
  initialAmount: text(),
  systemOptions: z.array(SystemOptionSchema),
  bonusBet: z.object({ offered: z.boolean(), coef: z.number().nullable() }),
  vipBetAvailable: z.boolean(),
  bets: z.array(CouponBetStateSchema),
  errors: z.array(CouponDomainErrorSchema),
});
export type CouponQuote = z.infer<typeof CouponQuoteSchema>;

/** `review`: a vip bet waiting for the operator or for the player's answer to a counter-offer (coupon-review.ts). */
export const COUPON_STATUSES = ['pending', 'accepted', 'refused', 'settled', 'sold', 'review'] as const;
export const CouponStatusSchema = z.enum(COUPON_STATUSES);

/** A placed coupon as my bets and the placement show it. */
export const CouponSchema = z.object({
  id: z.uuid(),
  typeId: z.number().int(),
  status: CouponStatusSchema,
  currency: text(),
  amount: text(),
  unitStake: text(),
  lines: z.number().int(),
  coef: z.number(),
  possibleWin: text(),
  /** What it paid once settled or sold (0 for a lost coupon); null before. */
  payout: text().nullable(),
  isLive: z.boolean(),
  systemValue: z.number().int().nullable(),
  /** When a pending live coupon is checked again. */
  acceptAt: text().nullable(),
  refusal: z.object({ code: text() }).nullable(),
  /** A vip bet (coupon-review.ts): the stake asked and held, the operator's counter-offer, the deadline of whoever must answer, what was decided; null for other coupons. */
  review: z
    .object({
      askedAmount: text(),
      counterAmount: text().nullable(),
      deadline: text(),
      /** Milliseconds to the deadline when this answer was made (0 once passed): a countdown that does not depend on the browser's clock. */
      remainingMs: z.number().int().min(0),
      decision: z.enum(['accepted', 'declined', 'countered', 'timed_out', 'counter_accepted', 'counter_declined', 'counter_timed_out']).nullable(),
    })
    .nullable(),
  /** Insurance bought (coupon-actions.ts): the insured part, paid back if the coupon pays nothing, and its premium. */
  insurance: z.object({ amount: text(), premium: text() }).nullable(),
  createdAt: text(),
  settledAt: text().nullable(),
  bets: z.array(
    z.object({
      gameId: z.number().int(),
      outcomeKey: text(),
      coef: z.number(),
      blockId: z.number().int().nullable(),
      isBanker: z.boolean(),
      /** SPEC §3 coupon bet status −2 … 6. */
      status: z.number().int(),
      /** Names and score for the history view. */
      home: text().nullable(),
      away: text().nullable(),
      outcomeName: text().nullable(),
      score: text().nullable(),
    }),
  ),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** `GET /web-api/coupon/v1/coupons?status=&limit=&before=`. */
export const CouponHistoryQuerySchema = z
  .object({
    status: z.enum(['open', 'settled', 'all']).default('all'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    before: text().max(200).optional(),
  })
  .strict();
export const CouponHistorySchema = z.object({ coupons: z.array(CouponSchema), nextCursor: text().nullable() });
export type CouponHistory = z.infer<typeof CouponHistorySchema>;

const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema } as const;

/** The coupon API as /docs shows it. */
export const COUPON_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: COUPON_API.quote,
    summary: 'Quote a draft coupon',
    description: 'The types these bets allow, lines, unit stake, charged amount, total coef, possible win, system options, bonus bet, and each bet’s current coef and state. Visitors too.',
    tag: 'coupon',
    auth: 'public',
    body: CouponQuoteRequestSchema,
    responses: { 200: CouponQuoteSchema, 400: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: COUPON_API.coupons,
    summary: 'Place a coupon',
    description:
      'SPEC "coupon to submit". The stake is charged on the ledger with the coupon; its `id` is the idempotency key (a retry answers 200 with the coupon, another body 409). Refusals: 409 `coef_changed` / `selection_unavailable` (with the bets’ current states), 422 `insufficient_funds` / `coupon_invalid`, 403 `bet_not_allowed`. A live coupon is `pending` until its acceptance delay.',
    tag: 'coupon',
    auth: 'player',
    body: CouponSubmitSchema,
    responses: { 201: CouponSchema, 200: CouponSchema, ...ERRORS, 403: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema },
  },
  {
    method: 'GET',
    path: COUPON_API.coupons,
    summary: 'My bets',
    tag: 'coupon',
    auth: 'player',
    query: CouponHistoryQuerySchema,
    responses: { 200: CouponHistorySchema, ...ERRORS },
  },
  {
    method: 'GET',
    path: `${COUPON_API.coupons}/:id`,
    summary: 'One of my coupons',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    responses: { 200: CouponSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
];
