/**
 * The operator's betting settings (site config `betting`) as the coupon maths takes them.
 * Amounts are set in initial stakes of the coupon's currency (SPEC §9), so one number serves
 * every currency: a max stake of 100 is 500.00 EUR and 15,000 RUB.
 */
import { initialStake } from '../money/stakes.ts';
import { minor } from '../money/minor.ts';
import type { CouponDraft, CouponLimits, CouponTypeId } from './types.ts';

export interface BettingSettings {
  /** A live coupon is checked again this long after it was placed (0: accepted at once). */
  readonly liveAcceptDelayMs: number;
  readonly antiExpressMarginPercent: number;
  /** The smallest stake (per line where an amount is spread), in initial stakes (a fraction, to 0.001). */
  readonly minStakeInInitialStakes: number;
  /** The largest stake of a coupon; null: none (and then no vip bet). */
  readonly maxStakeInInitialStakes: number | null;
  /** The largest payout of one coupon; null: none. */
  readonly maxPayoutInInitialStakes: number | null;
  /** The types min and max apply to; null: every type. */
  readonly limitedTypeIds: readonly number[] | null;
  readonly bonusBetEnabled: boolean;
  readonly vipBetShown: boolean;
  /** How long the operator (then the player, for a counter-offer) has to decide a vip bet. */
  readonly vipReviewSeconds: number;
}

export const DEFAULT_BETTING_SETTINGS: BettingSettings = {
  liveAcceptDelayMs: 3000,
  antiExpressMarginPercent: 5,
  minStakeInInitialStakes: 0.02,
  maxStakeInInitialStakes: 100,
  maxPayoutInInitialStakes: 100_000,
  limitedTypeIds: null,
  bonusBetEnabled: true,
  vipBetShown: true,
  vipReviewSeconds: 300,
};

/** `times` initial stakes of `currency` in minor units, rounded up to a whole minor unit (at least 1). */
function inInitialStakes(times: number, currency: string): bigint {
  // Thousandths keep a fractional setting exact without floating-point minor units.
  const scaled = (initialStake(currency) * BigInt(Math.round(times * 1000)) + 999n) / 1000n;
  return scaled > 0n ? scaled : 1n;
}

/** The limits of a coupon in `currency` under `settings`. */
export function couponLimits(settings: BettingSettings, currency: string): CouponLimits {
  return {
    minAmount: minor(inInitialStakes(settings.minStakeInInitialStakes, currency)),
    maxAmount: settings.maxStakeInInitialStakes === null ? null : minor(inInitialStakes(settings.maxStakeInInitialStakes, currency)),
    maxPayout: settings.maxPayoutInInitialStakes === null ? null : minor(inInitialStakes(settings.maxPayoutInInitialStakes, currency)),
    ...(settings.limitedTypeIds === null ? {} : { limitedTypes: settings.limitedTypeIds.filter((t): t is CouponTypeId => Number.isInteger(t) && t >= 0 && t <= 9) }),
  };
}

/** A draft with the site's limits, anti-express margin and switches. */
export function withBettingSettings(draft: CouponDraft, settings: BettingSettings): CouponDraft {
  return {
    ...draft,
    limits: couponLimits(settings, draft.currency ?? 'RUB'),
    antiExpressMargin: settings.antiExpressMarginPercent / 100,
    site: { ...draft.site, isBonusBetEnabled: settings.bonusBetEnabled, isVipBetShown: settings.vipBetShown },
  };
}
