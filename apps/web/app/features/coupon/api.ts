/**
 * The coupon API as the browser calls it (contracts coupon.ts), through the tab's one API
 * client. The contracts' paths and codes are repeated here because importing their values
 * would bundle zod into the page; `satisfies` on the contracts' literal types keeps the
 * copies honest. Only types come from @betsite/contracts.
 */
import type {
  COUPON_API as CONTRACT_API,
  Coupon,
  CouponErrorCode as ContractCodes,
  CouponHistory,
  CouponQuote,
  CouponQuoteRequest,
  CouponSubmit,
} from '@betsite/contracts';
import { api, type ApiResult } from '../../shell/http.ts';

export const COUPON_API = {
  quote: '/web-api/coupon/v1/quote',
  coupons: '/web-api/coupon/v1/coupons',
} as const satisfies typeof CONTRACT_API;

export const CouponErrorCode = {
  invalidCoupon: 'coupon_invalid',
  selectionUnavailable: 'selection_unavailable',
  coefChanged: 'coef_changed',
  scoreChanged: 'score_changed',
  insufficientFunds: 'insufficient_funds',
  idempotencyConflict: 'idempotency_conflict',
  notAllowed: 'bet_not_allowed',
  promoCodeUnknown: 'promo_code_unknown',
} as const satisfies typeof ContractCodes;

export type HistoryStatus = 'open' | 'settled' | 'all';

export const fetchQuote = (request: CouponQuoteRequest, signal?: AbortSignal): Promise<ApiResult<CouponQuote>> =>
  api.post<CouponQuote>(COUPON_API.quote, request, signal ? { signal } : {});

export const placeCoupon = (submit: CouponSubmit): Promise<ApiResult<Coupon>> => api.post<Coupon>(COUPON_API.coupons, submit);

export const fetchCoupon = (id: string, signal?: AbortSignal): Promise<ApiResult<Coupon>> =>
  api.get<Coupon>(`${COUPON_API.coupons}/${encodeURIComponent(id)}`, signal ? { signal } : {});

export function fetchHistory(status: HistoryStatus, limit: number, before: string | null, signal?: AbortSignal): Promise<ApiResult<CouponHistory>> {
  const query = new URLSearchParams({ status, limit: String(limit) });
  if (before) query.set('before', before);
  return api.get<CouponHistory>(`${COUPON_API.coupons}?${query.toString()}`, signal ? { signal } : {});
}

/** Slip codes (contracts coupon-actions.ts): save a draft as a short code, load a code's draft. */
export const COUPON_CODES_API = '/web-api/coupon/v1/codes';

export interface CodeDraft {
  bets: { gameId: number; outcomeKey: string; coef?: number; blockId?: number; isBanker?: boolean }[];
  typeId?: number;
  systemValue?: number;
}

export const saveCode = (draft: CodeDraft): Promise<ApiResult<{ code: string }>> => api.post<{ code: string }>(COUPON_CODES_API, draft);

export const loadCode = (code: string): Promise<ApiResult<CodeDraft>> => api.get<CodeDraft>(`${COUPON_CODES_API}/${encodeURIComponent(code.replace(/[\s-]/g, ''))}`);
