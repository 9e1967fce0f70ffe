/**
 * Stage `seo-bot`: crawlers are recognised with `isSeoBot`, which the referral, modal and
 * mobile checks consult so bots get no cookies, modals or mobile redirects. By this stage
 * nothing is left to decide for them: the page renders as it is.
 */
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

export const seoBotGuard: Guard = () => proceed;
