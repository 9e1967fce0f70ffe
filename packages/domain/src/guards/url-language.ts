/** Stage `url-language`: every url carries an allowed language; fixed redirects (SPEC §2). */
import { splitLanguage, withLanguage } from '../language.ts';
import { matchFixedRedirect } from '../routes/match.ts';
import { contextLanguage, hasAllowedUrlLanguage, proceed, redirectTo } from './context.ts';
import type { Guard } from './types.ts';

/**
 * 1. No language, or one this user may not get (unknown, or hidden for visitors): the same
 *    path, query and hash with the resolved language in its place (302: it depends on the
 *    visitor), with a warning logged.
 * 2. `/{lng}` → `/{lng}/` (301: the language root's one canonical form).
 * 3. The fixed redirects of the route table, with their own status; the url's query is
 *    kept and the redirect's own query parameters are added.
 */
export const urlLanguageGuard: Guard = (ctx) => {
  const { pathname, search, hash } = ctx.location;
  const lng = contextLanguage(ctx);
  const { lng: urlLng, rest } = splitLanguage(pathname);

  if (!hasAllowedUrlLanguage(ctx)) {
    const url = `${withLanguage(lng, rest)}${search}${hash}`;
    return redirectTo(url, 302, [
      { kind: 'log', level: 'warn', message: 'url without an allowed language', data: { from: pathname, urlLng, to: url } },
    ]);
  }
  if (pathname === `/${lng}`) return redirectTo(`/${lng}/${search}${hash}`, 301);

  const fixed = matchFixedRedirect(rest, ctx.user.loggedIn);
  if (fixed === null) return proceed;
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(fixed.query)) query.set(name, value);
  const qs = query.toString();
  return redirectTo(`${withLanguage(lng, fixed.to)}${qs === '' ? '' : `?${qs}`}${hash}`, fixed.status);
};
