/** Stage `slot-first-deposit-redirect` (SPEC §2 bonuses). */
import { pathTo, proceed, redirectTo } from './context.ts';
import type { Guard } from './types.ts';

export const SLOT_FIRST_DEPOSIT_BONUS_ID = 'slot_first_deposit';
/** Bonus routes whose `id` param names a bonus. */
const BONUS_ROUTES = new Set(['bonuses', 'bonus-offer', 'bonus-casino-id']);

/**
 * With the third-party first-deposit flag on, the slot first-deposit bonus lives on the
 * casino's page (`slots/first-deposit`, the slots route's subcategory): 301, it moved.
 */
export const slotFirstDepositRedirectGuard: Guard = (ctx) => {
  if (!ctx.site.flags.slotFirstDepositRedirect || ctx.route === null || !BONUS_ROUTES.has(ctx.route.name)) return proceed;
  if (ctx.params['id'] !== SLOT_FIRST_DEPOSIT_BONUS_ID) return proceed;
  return redirectTo(pathTo(ctx, 'slots', { subcategory: 'first-deposit' }), 301);
};
