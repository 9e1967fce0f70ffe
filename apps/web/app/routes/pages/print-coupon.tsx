/**
 * print-coupon/{couponId} (SPEC §2, layout `empty`, players only: the access guard sends
 * visitors to log in): the player's coupon as a printable receipt. The loader reads it
 * in-process as the visitor; a coupon that is not theirs answers 404 with its own page.
 */
import { data } from 'react-router';
import type { Route } from './+types/print-coupon';
import { pageMeta } from '../../shell/page-meta.ts';
import { serverApi } from '../../shell/server-api.ts';
import { loadPrintCoupon, PrintCouponView } from '../../features/print-coupon/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ context, params }: Route.LoaderArgs) {
  const { data: body, status } = await loadPrintCoupon(serverApi(context), params.couponId);
  return data(body, { status });
}

export default function PrintCouponPage({ loaderData }: Route.ComponentProps) {
  return <PrintCouponView data={loaderData} />;
}
