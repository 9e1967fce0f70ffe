/**
 * The coupon page (SPEC §2 "coupon page", navigation name `coupon`): the full bet slip with
 * its My bets tab, for players who come from the coupon reminder, the quick coupon or a link.
 */
import type { Route } from './+types/coupon';
import { PageHeading } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { CouponPageView } from '../../features/coupon/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function CouponPage() {
  return (
    <>
      <PageHeading />
      <CouponPageView />
    </>
  );
}
