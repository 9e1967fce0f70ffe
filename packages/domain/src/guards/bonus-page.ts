/** Stage `bonus-page`: plain and offer bonus routes swap with promoBonusToOffer (SPEC §2). */
import { pathTo, proceed, redirectTo } from './context.ts';
import type { Guard } from './types.ts';

/** `bonuses/:section?/:id?` and `bonus-offer/:section?/:id?` share their params. */
const SWAP = { on: { from: 'bonuses', to: 'bonus-offer' }, off: { from: 'bonus-offer', to: 'bonuses' } } as const;

export const bonusPageGuard: Guard = (ctx) => {
  const swap = ctx.site.flags.promoBonusToOffer ? SWAP.on : SWAP.off;
  if (ctx.route?.name !== swap.from) return proceed;
  return redirectTo(`${pathTo(ctx, swap.to, ctx.params)}${ctx.location.search}${ctx.location.hash}`);
};
