/**
 * Insurance of a coupon (SPEC §4 "insure", issue 11): the player pays a premium now and, if
 * the coupon loses, gets the insured part of the stake back.
 *
 * The rule:
 * - Insurable: a coupon that is accepted (not a live coupon still waiting its delay, not
 *   settled, refused or sold), not insured already, with no selection settled lost, at least
 *   one selection open and a current price for every open one (a finished, blocked or
 *   unknown selection has none: its result may already be known).
 * - The player insures a share of the charged stake: 25, 50, 75 or 100 %; the insured part is
 *   floor(stake × share / 100).
 * - "The coupon loses" means it settles paying nothing (payout 0). P(loss) is taken from the
 *   current odds like the cash-out's: each open selection wins with probability 1/coef and
 *   loses otherwise, settled ones as they are. Singles and expresses lose unless every open
 *   selection wins: P(loss) = 1 − Π 1/coef, any number of selections. Other types by
 *   scenarios (every win/lose combination settled as settlement would), at most
 *   MAX_INSURANCE_SCENARIO_SELECTIONS open selections.
 * - Premium = ceil(insured × P(loss) × (1 + margin)), at least one minor unit. A share is
 *   offered only while its premium is below the insured part (else insuring cannot pay).
 * - Payback: a lost insured coupon (payout 0) is paid the insured part; otherwise nothing.
 */
import { minor, type Minor } from '../money/minor.ts';
import { DEFAULT_MARGIN } from '../odds/margin.ts';
import { BET_STATUS, type BetStatus } from '../sports/settlement.ts';
import { marginPpm } from './factors.ts';
import { settleCoupon, type CouponStatuses } from './settle.ts';
import { COUPON_BOUNDS, COUPON_TYPE, type CouponDraft } from './types.ts';

export const INSURANCE_SHARES = [25, 50, 75, 100] as const;
export type InsuranceShare = (typeof INSURANCE_SHARES)[number];

export const isInsuranceShare = (value: unknown): value is InsuranceShare => (INSURANCE_SHARES as readonly unknown[]).includes(value);

/** Open selections the scenario-priced types may have (2^10 settlements). */
export const MAX_INSURANCE_SCENARIO_SELECTIONS = 10;

export type InsuranceRefusal =
  | 'not_accepted'
  | 'already_insured'
  | 'selection_lost'
  | 'nothing_open'
  | 'selection_unavailable'
  | 'too_many_selections'
  | 'no_offer';

export interface InsuranceOffer {
  readonly share: InsuranceShare;
  /** The insured part: paid back if the coupon loses. */
  readonly amount: Minor;
  readonly premium: Minor;
}

export type InsuranceQuote = { readonly available: true; readonly offers: readonly InsuranceOffer[] } | { readonly available: false; readonly reason: InsuranceRefusal };

/** A probability as an exact fraction. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const isOpen = (status: BetStatus | undefined) => status === undefined || status < 0;

/**
 * P(the coupon pays nothing) at the current coefs of its open selections; null when there is
 * nothing open, an open selection has no valid price, or too many open selections for scenarios.
 */
export function lossProbability(coupon: CouponDraft, currentCoefs: Readonly<Record<string, number>>, statuses: CouponStatuses): Fraction | null {
  const open = coupon.selections.filter((s) => isOpen(Object.hasOwn(statuses, s.id) ? statuses[s.id] : undefined));
  if (open.length === 0) return null;
  const prices: bigint[] = [];
  for (const s of open) {
    const coef = Object.hasOwn(currentCoefs, s.id) ? currentCoefs[s.id] : undefined;
    if (coef === undefined || !Number.isInteger(coef) || coef < COUPON_BOUNDS.minCoef || coef > COUPON_BOUNDS.maxCoef) return null;
    prices.push(BigInt(coef));
  }
  const den = prices.reduce((d, c) => d * c, 1n);
  const scenario = (wins: (i: number) => boolean) => {
    const all: Record<string, BetStatus> = { ...statuses };
    open.forEach((s, i) => (all[s.id] = wins(i) ? BET_STATUS.win : BET_STATUS.lose));
    return settleCoupon(coupon, all, { detail: false }).payout ?? 0n;
  };
  if (coupon.typeId === COUPON_TYPE.single || coupon.typeId === COUPON_TYPE.express) {
    // Only the all-win scenario pays (if even that pays nothing, the loss is certain).
    if (scenario(() => true) === 0n) return { num: den, den };
    const win = prices.reduce((w) => w * 1000n, 1n);
    return { num: den - win, den };
  }
  if (open.length > MAX_INSURANCE_SCENARIO_SELECTIONS) return null;
  let num = 0n;
  for (let mask = 0; mask < 2 ** open.length; mask++) {
    const wins = (i: number) => ((mask >> i) & 1) === 1;
    if (scenario(wins) !== 0n) continue;
    num += prices.reduce((w, c, i) => w * (wins(i) ? 1000n : c - 1000n), 1n);
  }
  return { num, den };
}

/** ceil(insured × P(loss) × (1 + margin)), at least 1. */
export function insurancePremium(insured: Minor, loss: Fraction, margin: number = DEFAULT_MARGIN): Minor {
  const scale = 1_000_000n;
  const numerator = insured * loss.num * (scale + marginPpm(margin));
  const denominator = loss.den * scale;
  const premium = (numerator + denominator - 1n) / denominator;
  return minor(premium > 0n ? premium : 1n);
}

export interface InsuranceInput {
  readonly coupon: CouponDraft;
  /** The charged stake (what a share is of). */
  readonly stake: Minor;
  /** The stored coupon status: only `accepted` coupons can be insured. */
  readonly status: string;
  readonly insured: boolean;
  /** Current coefs (thousandths) of the open selections that can still be priced, by selection id. */
  readonly currentCoefs: Readonly<Record<string, number>>;
  readonly statuses: CouponStatuses;
  readonly margin?: number;
}

/** What insuring this coupon costs for each share, or why it cannot be insured. */
export function insuranceQuote({ coupon, stake, status, insured, currentCoefs, statuses, margin = DEFAULT_MARGIN }: InsuranceInput): InsuranceQuote {
  if (status !== 'accepted') return { available: false, reason: 'not_accepted' };
  if (insured) return { available: false, reason: 'already_insured' };
  const settled = coupon.selections.map((s) => (Object.hasOwn(statuses, s.id) ? statuses[s.id] : undefined));
  if (settled.some((s) => s === BET_STATUS.lose)) return { available: false, reason: 'selection_lost' };
  const open = coupon.selections.filter((_, i) => isOpen(settled[i]));
  if (open.length === 0) return { available: false, reason: 'nothing_open' };
  if (open.some((s) => !Object.hasOwn(currentCoefs, s.id))) return { available: false, reason: 'selection_unavailable' };
  const loss = lossProbability(coupon, currentCoefs, statuses);
  if (loss === null) return { available: false, reason: open.length > MAX_INSURANCE_SCENARIO_SELECTIONS ? 'too_many_selections' : 'selection_unavailable' };
  const offers: InsuranceOffer[] = [];
  for (const share of INSURANCE_SHARES) {
    const amount = minor((stake * BigInt(share)) / 100n);
    if (amount <= 0n) continue;
    const premium = insurancePremium(amount, loss, margin);
    if (premium < amount) offers.push({ share, amount, premium });
  }
  return offers.length > 0 ? { available: true, offers } : { available: false, reason: 'no_offer' };
}

/** What a settled coupon's insurance pays back: the insured part when it paid nothing, else 0. */
export function insurancePaybackAmount(insured: Minor | null, payout: Minor): Minor {
  return insured !== null && insured > 0n && payout === 0n ? insured : minor(0n);
}
