/**
 * A page request's session lent to its own in-process API calls (ssr `injectFetch`): the page
 * request has resolved its session already, and each loader's call resolving it again was a
 * database read per call. A call carries the loan's key in `LENT_SESSION_HEADER`; the auth
 * hook takes the session lent under that key instead of the token. Keys are 128 random bits
 * and live only for one call inside this process, so a key sent from outside names nothing
 * (the request then authenticates by its token as usual).
 */
import { randomHex } from '../../lib/random-pool.ts';
import type { AuthSession } from './plugin.ts';

export const LENT_SESSION_HEADER = 'x-lent-session';

const lent = new Map<string, AuthSession>();

/** Lends `session` for one call: the header to send, and `release` once the call is answered. */
export function lendSession(session: AuthSession): { header: Record<string, string>; release: () => void } {
  const key = randomHex(16);
  lent.set(key, session);
  return { header: { [LENT_SESSION_HEADER]: key }, release: () => lent.delete(key) };
}

/** The session lent under the key this request carries, if any. */
export function borrowedSession(headers: Readonly<Record<string, string | string[] | undefined>>): AuthSession | undefined {
  const key = headers[LENT_SESSION_HEADER];
  return typeof key === 'string' ? lent.get(key) : undefined;
}
