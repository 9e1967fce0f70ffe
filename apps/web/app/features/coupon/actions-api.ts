/**
 * The coupon actions as the browser calls them (contracts coupon-actions.ts): cash-out and
 * insurance (the slip's codes are in api.ts). As in api.ts, paths and codes are copied (no zod in the
 * page) and `satisfies` keeps them equal to the contracts'.
 */
import type {
  COUPON_ACTIONS_API as CONTRACT_API,
  CashOutOffer,
  Coupon,
  CouponActionErrorCode as ContractCodes,
  InsuranceQuoteResponse,
} from '@betsite/contracts';
import { api, type ApiResult } from '../../shell/http.ts';

export const COUPON_ACTIONS_API = {
  cashOut: '/web-api/coupon/v1/coupons/:id/cash-out',
  insurance: '/web-api/coupon/v1/coupons/:id/insurance',
  codes: '/web-api/coupon/v1/codes',
  code: '/web-api/coupon/v1/codes/:code',
} as const satisfies typeof CONTRACT_API;

export const CouponActionErrorCode = {
  cashOutChanged: 'cash_out_changed',
  cashOutUnavailable: 'cash_out_unavailable',
  insuranceChanged: 'insurance_changed',
  insuranceUnavailable: 'insurance_unavailable',
} as const satisfies typeof ContractCodes;

export type InsuranceShare = 25 | 50 | 75 | 100;

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
const options = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchCashOutOffer = (id: string, signal?: AbortSignal): Promise<ApiResult<CashOutOffer>> =>
  api.get<CashOutOffer>(withId(COUPON_ACTIONS_API.cashOut, id), options(signal));

/** Takes the offer `amount` (as shown); 409 cash_out_changed carries the new offer in `details.offer`. */
export const cashOut = (id: string, amount: string): Promise<ApiResult<Coupon>> => api.post<Coupon>(withId(COUPON_ACTIONS_API.cashOut, id), { amount });

export const fetchInsurance = (id: string, signal?: AbortSignal): Promise<ApiResult<InsuranceQuoteResponse>> =>
  api.get<InsuranceQuoteResponse>(withId(COUPON_ACTIONS_API.insurance, id), options(signal));

export const insure = (id: string, share: InsuranceShare, premium: string): Promise<ApiResult<Coupon>> =>
  api.post<Coupon>(withId(COUPON_ACTIONS_API.insurance, id), { share, premium });

/** The new offer a refused cash-out carries, if any. */
export function changedOffer(body: unknown): CashOutOffer | null {
  const details = (body as { details?: { offer?: CashOutOffer } } | null)?.details;
  return details?.offer && typeof details.offer.available === 'boolean' ? details.offer : null;
}

/** The new insurance quote a refused insurance carries, if any. */
export function changedInsurance(body: unknown): InsuranceQuoteResponse | null {
  const details = (body as { details?: { insurance?: InsuranceQuoteResponse } } | null)?.details;
  return details?.insurance && Array.isArray(details.insurance.offers) ? details.insurance : null;
}
