/**
 * The quote of a draft coupon, as the slip shows it: lines, unit stake, amount charged,
 * total coef, possible win (what it pays if everything wins — if every selection loses for
 * an anti-express — capped at the max payout), the system options, the bonus bet, the vip
 * bet, and the errors that stop it being placed.
 *
 * Total coef (thousandths): a single's or express's coef (the bonus coef when taken), the
 * anti-express coef, and where lines are spread — system, lucky, patent, multi-bet — the
 * potential max coef Σ line coefs / lines (times the lobby's coef), which is the possible
 * win per unit of amount before flooring; a chain's 1 + Σ (coef − 1). None for multiple
 * singles and conditional, whose stakes differ per line.
 */
import { amountStep, initialStake } from '../money/stakes.ts';
import { minor, type Minor } from '../money/minor.ts';
import { DEFAULT_CURRENCY } from '../money/currencies.ts';
import { bonusBetOffer, isVipBetAvailable, type BonusBetOffer } from './bonus.ts';
import { chainCoef } from './chain.ts';
import { divRoundHalfUp, winFactor } from './factors.ts';
import { amountLimitErrors, minLineStake } from './limits.ts';
import { isAmountError, planCoupon, type CouponPlan } from './plan.ts';
import { evaluatePlan, finishPayout } from './settle.ts';
import { systemOptions } from './systems.ts';
import type { CouponDraft, CouponError, CouponTypeId, SystemOption } from './types.ts';
import { typeAvailability } from './valid-types.ts';

export interface CouponQuote {
  readonly typeId: CouponTypeId;
  /** Lines the coupon bets (a chain's legs, a conditional's blocks, the singles); 0 without a plan. */
  readonly lines: number;
  /** The stake of each line where one applies to all; null otherwise. */
  readonly unitStake: Minor | null;
  /** What the player is charged: the unit × lines where an amount is spread. */
  readonly charged: Minor;
  /** Thousandths; see the module comment. */
  readonly totalCoef: number | null;
  /** The payout if everything wins (anti-express: if everything loses), hyper-bonus included, capped; null without an amount. */
  readonly possibleWin: Minor | null;
  readonly isPayoutCapped: boolean;
  readonly hyperBonus: Minor;
  /** System (over selections) and multi-bet (over blocks): an option for every k. */
  readonly systemOptions: readonly SystemOption[];
  readonly bonusBet: BonusBetOffer;
  readonly vipBetAvailable: boolean;
  /** The currency's amount step and the slip's initial amount (at least the type's minimum). */
  readonly amountStep: Minor;
  readonly initialAmount: Minor;
  readonly errors: readonly CouponError[];
}

function totalCoef(plan: CouponPlan, factorSum: bigint | null, lobbyFactor: bigint | null): number | null {
  switch (plan.kind) {
    case 'lines':
      if (factorSum === null) return null;
      return Number(plan.lines === 1 ? factorSum : divRoundHalfUp(factorSum, BigInt(plan.lines)));
    case 'multi-bet':
      if (factorSum === null) return null;
      return Number(divRoundHalfUp(factorSum * (lobbyFactor ?? 1000n), BigInt(plan.lines) * 1000n));
    case 'anti-express':
      return factorSum === null ? null : Number(factorSum);
    case 'chain':
      return chainCoef(plan.coefs);
    case 'singles':
    case 'conditional':
      return null;
  }
}

export function quoteCoupon(draft: CouponDraft): CouponQuote {
  const errors: CouponError[] = [];
  const push = (error: CouponError) => {
    if (!errors.some((e) => e.code === error.code && e.blockId === error.blockId)) errors.push(error);
  };
  const availability = typeAvailability(draft.selections, draft.typeId);
  if (!availability.allowed) {
    push(availability.selectionIds ? { code: 'type_not_allowed', reason: availability.reason, selectionIds: availability.selectionIds } : { code: 'type_not_allowed', reason: availability.reason });
  }
  const { plan, errors: planErrors } = planCoupon(draft);
  for (const error of planErrors) push(error);

  const bonusBet = bonusBetOffer(draft.typeId, draft.selections, draft.site?.isBonusBetEnabled === true);
  if (draft.isBonusBet === true && !bonusBet.offered) push({ code: 'bonus_bet_not_offered' });

  const minLine = minLineStake(draft.limits);
  let options: SystemOption[] = [];
  if (draft.typeId === 2) {
    const bankers = draft.isActiveSystemBanker === true ? new Set(draft.bankerIds ?? []).size : 0;
    options = systemOptions(draft.selections.length, bankers, minor(minLine));
  } else if (plan?.kind === 'multi-bet') {
    options = systemOptions(plan.blocks.length, 0, minor(minLine));
  }

  const currency = draft.currency ?? DEFAULT_CURRENCY;
  const step = amountStep(currency);
  const initial = initialStake(currency);
  const vipBetAvailable = isVipBetAvailable({
    isVipBetShown: draft.site?.isVipBetShown === true,
    maxAmount: draft.limits?.maxAmount,
    selections: draft.selections,
    typeId: draft.typeId,
  });
  // Plain literals, no object spread (V8 makes a spread plus added keys ~100× slower).
  if (!plan) {
    return {
      typeId: draft.typeId,
      lines: 0,
      unitStake: null,
      charged: minor(0n),
      totalCoef: null,
      possibleWin: null,
      isPayoutCapped: false,
      hyperBonus: minor(0n),
      systemOptions: options,
      bonusBet,
      vipBetAvailable,
      amountStep: step,
      initialAmount: initial,
      errors,
    };
  }

  // Everything wins — for an anti-express everything loses, which is when it pays.
  const factors = plan.coefs.map((coef) => (plan.kind === 'anti-express' ? 0 : winFactor(coef)));
  const evaluation = evaluatePlan(plan, factors, false);
  const hasAmount = !planErrors.some(isAmountError);
  if (hasAmount) for (const error of amountLimitErrors(plan, draft.limits, draft.isBonusAccount === true)) push(error);
  const finished = hasAmount ? finishPayout(plan, evaluation) : null;
  const spread = plan.kind === 'multi-bet' || (plan.kind === 'lines' && plan.lines > 1);
  const minimum = spread ? minLine * BigInt(plan.lines) : minLine;
  return {
    typeId: draft.typeId,
    lines: plan.lines,
    unitStake: plan.unit === null ? null : minor(plan.unit),
    charged: minor(plan.charged),
    totalCoef: totalCoef(plan, evaluation.factorSum, evaluation.lobbyFactor),
    possibleWin: finished?.payout ?? null,
    isPayoutCapped: finished?.isCapped ?? false,
    hyperBonus: finished?.hyperBonus ?? minor(0n),
    systemOptions: options,
    bonusBet,
    vipBetAvailable,
    amountStep: step,
    initialAmount: minor(initial > minimum ? initial : minimum),
    errors,
  };
}
