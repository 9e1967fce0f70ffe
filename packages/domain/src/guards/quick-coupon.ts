/**
 * Stage `quick-coupon`: a seam for the quick-coupon state the client restores on
 * navigation. The coupon never changes where a navigation goes: always continue.
 */
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

export const quickCouponGuard: Guard = () => proceed;
