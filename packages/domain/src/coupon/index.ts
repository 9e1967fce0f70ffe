// The coupon (bet slip) maths of issue 11: ten coupon types, quote, settlement, cash-out.
export { COUPON_BOUNDS, COUPON_TYPE, COUPON_TYPE_IDS, BONUS_EXCLUDED_MARKET_KIND, isCouponTypeId } from './types.ts';
export type {
  BlockAmount,
  CouponDraft,
  CouponError,
  CouponErrorCode,
  CouponLimits,
  CouponSelection,
  CouponTypeId,
  HyperBonus,
  SystemOption,
  TypeRefusal,
} from './types.ts';
export { OPEN, applyFactor, lineFactor, selectionFactor } from './factors.ts';
export { binomial, luckyLineCount, patentLineCount, systemLineCount } from './lines.ts';
export { DEFAULT_SYSTEM_VALUE, isSystemValue, systemOptions, systemValueRange } from './systems.ts';
export { chainCoef } from './chain.ts';
export type { AccountLeg, LegStake, LegState } from './account.ts';
export { DEFAULT_ANTI_EXPRESS_MARGIN, antiExpressCoef } from './anti-express.ts';
export {
  BONUS_BET_MIN_COEF,
  BONUS_BET_MIN_SELECTIONS,
  BONUS_BET_MIN_TOTAL,
  bonusBetOffer,
  bonusBetPercent,
  hyperBonusAmount,
  isVipBetAvailable,
} from './bonus.ts';
export type { BonusBetOffer, BonusBetRefusal } from './bonus.ts';
export { SELECTION_COUNTS, dependentSelectionIds, typeAvailability, validTypes } from './valid-types.ts';
export type { TypeAvailability } from './valid-types.ts';
export { amountLimitErrors, limitsApply } from './limits.ts';
export { couponLimits, DEFAULT_BETTING_SETTINGS, withBettingSettings, type BettingSettings } from './site-settings.ts';
export { planCoupon } from './plan.ts';
export type { CouponPlan, PlanResult } from './plan.ts';
export { quoteCoupon } from './quote.ts';
export type { CouponQuote } from './quote.ts';
export { settleCoupon } from './settle.ts';
export type { CouponLine, CouponSettlement, CouponStatuses } from './settle.ts';
export { MAX_CASH_OUT_SCENARIO_SELECTIONS, cashOutOffer } from './cash-out.ts';
export { BET_TYPE_EXAMPLES } from './examples.ts';
export type { BetTypeExample } from './examples.ts';
export { takenCoef } from './coef-change.ts';
export type { ChangeCoefAction } from './coef-change.ts';
export {
  INSURANCE_SHARES,
  MAX_INSURANCE_SCENARIO_SELECTIONS,
  insurancePaybackAmount,
  insurancePremium,
  insuranceQuote,
  isInsuranceShare,
  lossProbability,
} from './insurance.ts';
export type { Fraction, InsuranceInput, InsuranceOffer, InsuranceQuote, InsuranceRefusal, InsuranceShare } from './insurance.ts';
export { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, normalizeShortCode, shortCode } from './short-code.ts';
export { VIP_DECISIONS, VIP_REVIEW_MS, defaultMaxStake, reversalSplit, vipPlacement, vipStep } from './vip.ts';
export type { ReversalSplit, VipDecision, VipEvent, VipPlacement, VipStage, VipStep } from './vip.ts';
export {
  COUPON_POSTINGS,
  COUPON_STATES,
  checkCouponPostings,
  couponHouseNet,
  couponPostingKeys,
  expectedCouponPostings,
  payoutVersionKey,
  reversalKey,
  settlementCredit,
} from './reconcile.ts';
export type { CouponExpectation, CouponFacts, CouponPosted, CouponResettlementFacts, CouponState } from './reconcile.ts';
