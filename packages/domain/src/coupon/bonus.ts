/**
 * SPEC §5: the bonus bet, the hyper-bonus and the vip bet.
 *
 * Bonus bet: offered only when the site enables it, the coupon is an express of at least 3
 * selections, every coef is at least 1.1, none has market kind 7 and the total coef is at
 * least 1.01. Its coef = the express coef × (1 + n%) for n = 1 … 9 selections, × 1.1 beyond,
 * rounded half up to 3 decimals (the express coef is the rounded line factor the slip
 * shows). It pays at that coef when every selection wins; otherwise the coupon settles as
 * the plain express (a return or a half status leaves it an ordinary express).
 *
 * Hyper-bonus (inputs hyperBonusPercent, minHyperBonusBetLimit, maxHyperBonusLimit): an
 * express staked at least the min earns percent of its net win (payout − stake), floored,
 * at most the max, on top of the payout.
 *
 * Vip bet: available only if the site shows it, the max bet is finite, all bets are line
 * (not live) bets, bets exist and the type is not 9.
 */
import { divRoundHalfUp, lineFactor, winFactor } from './factors.ts';
import { BONUS_EXCLUDED_MARKET_KIND, type CouponSelection, type CouponTypeId, type HyperBonus } from './types.ts';

export const BONUS_BET_MIN_SELECTIONS = 3;
/** Every coef of a bonus bet is at least 1.1; its total at least 1.01 (thousandths). */
export const BONUS_BET_MIN_COEF = 1100;
export const BONUS_BET_MIN_TOTAL = 1010;

export type BonusBetRefusal = 'disabled' | 'not_express' | 'too_few_selections' | 'coef_below_min' | 'market_kind' | 'total_below_min';

export type BonusBetOffer =
  | { readonly offered: true; readonly percent: number; readonly expressCoef: number; readonly coef: number }
  | { readonly offered: false; readonly reason: BonusBetRefusal };

/** The bonus percent of n selections: n for 1 … 9, 10 beyond. */
export const bonusBetPercent = (n: number): number => Math.min(n, 10);

/** The bonus bet on these selections (coefs in thousandths), or why there is none. */
export function bonusBetOffer(
  typeId: CouponTypeId,
  selections: readonly CouponSelection[],
  isEnabled: boolean,
): BonusBetOffer {
  if (!isEnabled) return { offered: false, reason: 'disabled' };
  if (typeId !== 1) return { offered: false, reason: 'not_express' };
  if (selections.length < BONUS_BET_MIN_SELECTIONS) return { offered: false, reason: 'too_few_selections' };
  if (selections.some((s) => s.coef < BONUS_BET_MIN_COEF)) return { offered: false, reason: 'coef_below_min' };
  if (selections.some((s) => s.marketKind === BONUS_EXCLUDED_MARKET_KIND)) return { offered: false, reason: 'market_kind' };
  const express = lineFactor(selections.map((s) => winFactor(s.coef))) as bigint;
  if (express < BigInt(BONUS_BET_MIN_TOTAL)) return { offered: false, reason: 'total_below_min' };
  const percent = bonusBetPercent(selections.length);
  const coef = divRoundHalfUp(express * BigInt(100 + percent), 100n);
  return { offered: true, percent, expressCoef: Number(express), coef: Number(coef) };
}

/** The hyper-bonus a payout earns (0 when none): ⌊(payout − stake) × percent / 100⌋, at most the max. */
export function hyperBonusAmount(hyper: HyperBonus | null | undefined, stake: bigint, payout: bigint): bigint {
  if (!hyper || stake < hyper.minBetAmount || payout <= stake) return 0n;
  const hundredths = BigInt(Math.round(hyper.percent * 100));
  if (hundredths <= 0n) return 0n;
  const bonus = ((payout - stake) * hundredths) / 10_000n;
  return bonus < hyper.maxAmount ? bonus : hyper.maxAmount;
}

/** SPEC §5 vip bet condition. */
export function isVipBetAvailable(input: {
  readonly isVipBetShown: boolean;
  readonly maxAmount: bigint | number | null | undefined;
  readonly selections: readonly Pick<CouponSelection, 'isLive'>[];
  readonly typeId: CouponTypeId;
}): boolean {
  const finite = input.maxAmount !== null && input.maxAmount !== undefined && (typeof input.maxAmount === 'bigint' || Number.isFinite(input.maxAmount));
  return (
    input.isVipBetShown &&
    finite &&
    input.selections.length > 0 &&
    input.selections.every((s) => s.isLive !== true) &&
    input.typeId !== 9
  );
}
