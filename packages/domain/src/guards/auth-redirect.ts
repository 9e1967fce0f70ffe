/** Stage `auth-redirect`: pages that only make sense before logging in. */
import { languageRoot, proceed, redirectTo } from './context.ts';
import type { Guard } from './types.ts';

/**
 * A logged-in player opening a password-reset link goes home: the reset is for players who
 * cannot log in. The route is open to all in the table (the e-mail link must not bounce
 * off the access guard's account redirect), so this stage decides it.
 */
const LOGGED_OUT_ONLY = new Set(['user-passwordreset']);

export const authRedirectGuard: Guard = (ctx) =>
  ctx.user.loggedIn && ctx.route !== null && LOGGED_OUT_ONLY.has(ctx.route.name) ? redirectTo(languageRoot(ctx)) : proceed;
