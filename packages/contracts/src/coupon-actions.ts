/**
 * Coupon actions (issue 11; SPEC §4 "sell", "insure"; §3 isCouponLoadedFromCode): cash-out of
 * an open coupon, its insurance, and a bet slip saved under a short code. Amounts in major
 * units as decimal text, like the rest of the coupon API (coupon.ts).
 *
 * Paths:
 *   GET  /web-api/coupon/v1/coupons/{id}/cash-out    the offer now
 *   POST /web-api/coupon/v1/coupons/{id}/cash-out    take it (`{ amount }`: the offer the player saw)
 *   GET  /web-api/coupon/v1/coupons/{id}/insurance   premium per share
 *   POST /web-api/coupon/v1/coupons/{id}/insurance   insure (`{ share, premium? }`)
 *   POST /web-api/coupon/v1/codes                    save a draft → `{ code }` (visitors too)
 *   GET  /web-api/coupon/v1/codes/{code}             the draft of a code
 */
import { z } from 'zod';
import { CouponSchema, CouponTypeIdSchema } from './coupon.ts';
import { ApiErrorSchema } from './errors.ts';
import { CoefSchema } from './line.ts';
import type { ApiOperation } from './operations.ts';
import { UuidParamsSchema } from './params.ts';
import { DecimalAmountSchema } from './payments.ts';
import { text } from './text.ts';

export const COUPON_ACTIONS_API = {
  cashOut: '/web-api/coupon/v1/coupons/:id/cash-out',
  insurance: '/web-api/coupon/v1/coupons/:id/insurance',
  codes: '/web-api/coupon/v1/codes',
  code: '/web-api/coupon/v1/codes/:code',
} as const;

export const CouponActionErrorCode = {
  /** The offer moved with the odds since the player saw it: `details.offer` is the new one. */
  cashOutChanged: 'cash_out_changed',
  /** No offer for this coupon now (settled, sold, a selection lost or without a price …): `details.reason`. */
  cashOutUnavailable: 'cash_out_unavailable',
  /** The premium moved with the odds since the player saw it: `details.insurance` is the new quote. */
  insuranceChanged: 'insurance_changed',
  /** It cannot be insured now: `details.reason`. */
  insuranceUnavailable: 'insurance_unavailable',
} as const;

/** Why there is no cash-out offer (the slip words each). */
export const CASH_OUT_REASONS = ['not_open', 'pending', 'insured', 'selection_lost', 'selection_unavailable', 'no_offer'] as const;
/** Why a coupon cannot be insured (domain coupon/insurance.ts InsuranceRefusal). */
export const INSURANCE_REASONS = ['not_accepted', 'already_insured', 'selection_lost', 'nothing_open', 'selection_unavailable', 'too_many_selections', 'no_offer'] as const;

/** `GET …/cash-out`: the offer now; `amount` null when none (`reason` says why). */
export const CashOutOfferSchema = z.object({
  available: z.boolean(),
  amount: text().nullable(),
  reason: z.enum(CASH_OUT_REASONS).optional(),
});
export type CashOutOffer = z.infer<typeof CashOutOfferSchema>;

/** `POST …/cash-out`: the offer the player accepts (paid only if it is still the offer). */
export const CashOutRequestSchema = z.object({ amount: DecimalAmountSchema }).strict();
export type CashOutRequest = z.input<typeof CashOutRequestSchema>;

export const InsuranceShareSchema = z.union([z.literal(25), z.literal(50), z.literal(75), z.literal(100)]);

/** `GET …/insurance`: per share, the insured part (paid back if the coupon loses) and its premium. */
export const InsuranceQuoteSchema = z.object({
  available: z.boolean(),
  reason: z.enum(INSURANCE_REASONS).optional(),
  offers: z.array(z.object({ share: InsuranceShareSchema, amount: text(), premium: text() })),
});
export type InsuranceQuoteResponse = z.infer<typeof InsuranceQuoteSchema>;

/** `POST …/insurance`: the share to insure; with `premium` (as shown) a moved premium is refused rather than charged. */
export const InsuranceRequestSchema = z.object({ share: InsuranceShareSchema, premium: DecimalAmountSchema.optional() }).strict();
export type InsuranceRequest = z.input<typeof InsuranceRequestSchema>;

/** A bet of a saved slip: the outcome, and what the slip kept of it. */
export const CouponCodeBetSchema = z
  .object({
    gameId: z.number().int().positive().max(2_147_483_647),
    outcomeKey: text().min(1).max(200),
    coef: CoefSchema.optional(),
    blockId: z.number().int().min(1).max(50).optional(),
    isBanker: z.boolean().optional(),
  })
  .strict();

/** `POST /web-api/coupon/v1/codes` body and `GET …/codes/{code}` answer: a draft slip. */
export const CouponCodeDraftSchema = z
  .object({
    bets: z.array(CouponCodeBetSchema).min(1).max(30),
    typeId: CouponTypeIdSchema.optional(),
    systemValue: z.number().int().min(2).max(30).optional(),
  })
  .strict();
export type CouponCodeDraft = z.infer<typeof CouponCodeDraftSchema>;

export const CouponCodeSchema = z.object({ code: text() });
export type CouponCode = z.infer<typeof CouponCodeSchema>;

/** A code in a path: letters and digits (the server answers 404 for what cannot be a code). */
export const CouponCodeParamsSchema = z.object({ code: text().min(1).max(20) }).strict();

const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/** The coupon actions as /docs shows them. */
export const COUPON_ACTION_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: COUPON_ACTIONS_API.cashOut,
    summary: 'Cash-out offer',
    description:
      'What the house pays now to settle this open coupon: the expected payout at the current odds of its open selections less a margin (domain cashOutOffer). Valid only while those odds hold.',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    responses: { 200: CashOutOfferSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: COUPON_ACTIONS_API.cashOut,
    summary: 'Cash out',
    description:
      'Settles the coupon at the offer: it becomes `sold`, `payout` = the amount, credited at once. The offer is recomputed from the current odds and must equal `amount`: else 409 `cash_out_changed` with `details.offer`; 409 `cash_out_unavailable` when there is no offer (`details.reason`). Paid once however often it is asked.',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    body: CashOutRequestSchema,
    responses: { 200: CouponSchema, ...ERRORS, 409: ApiErrorSchema },
  },
  {
    method: 'GET',
    path: COUPON_ACTIONS_API.insurance,
    summary: 'Insurance offers',
    description: 'For 25, 50, 75 and 100 % of the stake: the insured part, paid back if the coupon loses (pays nothing), and its premium from the current odds.',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    responses: { 200: InsuranceQuoteSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: COUPON_ACTIONS_API.insurance,
    summary: 'Insure a coupon',
    description:
      'Charges the premium of the share and marks the coupon insured, once. 409 `insurance_unavailable` (`details.reason`), 409 `insurance_changed` when `premium` was given and the premium moved, 422 `insufficient_funds`.',
    tag: 'coupon',
    auth: 'player',
    params: UuidParamsSchema,
    body: InsuranceRequestSchema,
    responses: { 200: CouponSchema, ...ERRORS, 409: ApiErrorSchema, 422: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: COUPON_ACTIONS_API.codes,
    summary: 'Save a bet slip as a code',
    description: 'A short code (8 characters, no look-alikes) for this draft, to load it elsewhere. Visitors too; rate limited per address.',
    tag: 'coupon',
    auth: 'public',
    body: CouponCodeDraftSchema,
    responses: { 201: CouponCodeSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
  },
  {
    method: 'GET',
    path: COUPON_ACTIONS_API.code,
    summary: 'Load a bet slip from a code',
    description: 'The saved draft; 404 for an unknown code. Case-blind; dashes and spaces are ignored.',
    tag: 'coupon',
    auth: 'public',
    params: CouponCodeParamsSchema,
    responses: { 200: CouponCodeDraftSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
  },
];
