/** The bet slip and my bets (issue 11) on the coupon API; others import from here only. */
export { BetSlip } from './bet-slip.tsx';
export { MyBetsList, MyBetsView } from './my-bets.tsx';
export { CouponOverlay } from './coupon-overlay.tsx';
export { CouponPageView } from './coupon-page.tsx';
// SPEC §4 repeat: a past coupon (or a saved code's draft) becomes the slip's new draft.
export { loadDraft, repeatCoupon } from './repeat.ts';
// The coupon print-out (features/print-coupon) reads and shows a coupon like My bets.
export { COUPON_API } from './api.ts';
export { betOutcome, couponNumber, couponState, couponTypeLabel, formatAmount } from './slip.ts';
