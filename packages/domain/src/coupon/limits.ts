/**
 * Site limits of amounts (SPEC §5): min and max amount apply only to the coupon types the
 * site config lists (absent list: every type); the max is not applied on a bonus account.
 *
 * What each is compared with:
 * - min: the stake of each line — the amount of a single, express, anti-express and chain
 *   (its unit S), each single's stake in multiple singles, the unit stake where an amount is
 *   spread over lines (so the amount must reach the system option's minBetAmount), and
 *   every fixed block amount of a conditional;
 * - max: what is charged (each single's stake in multiple singles, each being a coupon).
 * Whatever the site says, a spread amount must leave each line at least 1 minor unit.
 */
import { minor } from '../money/minor.ts';
import type { CouponPlan } from './plan.ts';
import type { CouponError, CouponLimits } from './types.ts';

export function limitsApply(limits: CouponLimits | undefined, typeId: CouponPlan['typeId']): boolean {
  return !limits?.limitedTypes || limits.limitedTypes.includes(typeId);
}

/** The currency's minimum stake per line (default 1 minor unit). */
export const minLineStake = (limits: CouponLimits | undefined): bigint => {
  const min = limits?.minAmount ?? 1n;
  return min > 1n ? min : 1n;
};

/** Amount errors of a plan whose amounts are present and positive. */
export function amountLimitErrors(plan: CouponPlan, limits: CouponLimits | undefined, isBonusAccount: boolean): CouponError[] {
  const applies = limitsApply(limits, plan.typeId);
  const min = applies ? minLineStake(limits) : 1n;
  const max = applies && !isBonusAccount ? (limits?.maxAmount ?? null) : null;
  const errors: CouponError[] = [];
  const below = (extra: Omit<CouponError, 'code'> = {}) => errors.push({ code: 'amount_below_min', ...extra });
  switch (plan.kind) {
    case 'singles': {
      const low = plan.stakes.flatMap((s, i) => (s < min ? [plan.ids[i] as string] : []));
      if (low.length > 0) below({ selectionIds: low, limit: minor(min) });
      const high = plan.stakes.flatMap((s, i) => (max !== null && s > max ? [plan.ids[i] as string] : []));
      if (max !== null && high.length > 0) errors.push({ code: 'amount_above_max', selectionIds: high, limit: max });
      return errors;
    }
    case 'conditional': {
      if (plan.first < min) below({ blockId: plan.blocks[0]?.id as number, limit: minor(min) });
      plan.later.forEach((wish, i) => {
        if (wish !== 'max' && wish < min) below({ blockId: plan.blocks[i + 1]?.id as number, limit: minor(min) });
      });
      break;
    }
    case 'lines':
    case 'multi-bet':
      if (plan.unit < min) below({ limit: minor(min * BigInt(plan.lines)) });
      break;
    case 'chain':
    case 'anti-express':
      if (plan.unit < min) below({ limit: minor(min) });
      break;
  }
  if (max !== null && plan.charged > max) errors.push({ code: 'amount_above_max', limit: max });
  return errors;
}
