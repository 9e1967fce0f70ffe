/** Stage `referral`: landing-url tags become referral cookies (SPEC §5, §9). */
import { referralCookies } from '../referral.ts';
import { isSeoBot } from '../user-agent.ts';
import { proceed, proceedWith } from './context.ts';
import type { Guard } from './types.ts';

/** Crawlers get no cookies: they are not visitors anybody referred. */
export const referralGuard: Guard = (ctx) => {
  if (isSeoBot(ctx.device.userAgent)) return proceed;
  return proceedWith(referralCookies(ctx.location.search).map((c) => ({ kind: 'set-cookie', ...c })));
};
