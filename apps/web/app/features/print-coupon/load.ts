/**
 * The data of print-coupon/{couponId}: one of the player's coupons (`GET
 * /web-api/coupon/v1/coupons/:id`, read as the visitor of the page request). Another
 * player's coupon and an id that is not one answer 404 from the API alike, so nobody learns
 * which coupon ids exist.
 */
import type { Coupon } from '@betsite/contracts';
import type { ApiClient } from '../../shell/http.ts';
import { COUPON_API } from '../coupon/index.ts';

export type PrintCouponData =
  | { kind: 'coupon'; coupon: Coupon }
  /** No such coupon among the player's. */
  | { kind: 'not-found' }
  /** The session ended between the guard and the call. */
  | { kind: 'login' }
  /** The API did not answer: try again. */
  | { kind: 'failed' };

/** The page's data and the HTTP status of its document. */
export async function loadPrintCoupon(api: ApiClient, couponId: string): Promise<{ data: PrintCouponData; status: number }> {
  const result = await api.get<Coupon>(`${COUPON_API.coupons}/${encodeURIComponent(couponId)}`);
  if (result.ok) return { data: { kind: 'coupon', coupon: result.body }, status: 200 };
  if (result.status === 404 || result.status === 400) return { data: { kind: 'not-found' }, status: 404 };
  if (result.status === 401) return { data: { kind: 'login' }, status: 401 };
  return { data: { kind: 'failed' }, status: 503 };
}
