/** The coupon print-out (issue 11, print-coupon/{couponId}); others import from here only. */
export { loadPrintCoupon, type PrintCouponData } from './load.ts';
export { PrintCouponView } from './print-coupon-view.tsx';
