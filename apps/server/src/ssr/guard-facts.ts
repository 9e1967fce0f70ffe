import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '@betsite/contracts';
import { BLOCK_SERVICE_RETRY, matchRoute, plainUserFacts, retry, splitLanguage, type GuardContext } from '@betsite/domain';

/** Facts for the guard pipeline on a document request (the first render of a page). */
export async function gatherGuardContext(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
  site: SiteConfig,
  user: { loggedIn: boolean; userId: string | null },
): Promise<GuardContext> {
  const { rest } = splitLanguage(url.pathname);
  const match = matchRoute(rest);
  const [block, redirect] = await Promise.all([
    retry(
      () =>
        app.blockService.check({
          url: url.pathname,
          auth: user.loggedIn,
          ip: request.ip,
          country: request.country,
          userId: user.userId,
        }),
      BLOCK_SERVICE_RETRY,
      sleep,
    ),
    app.redirectService.lookup(url.pathname),
  ]);
  return {
    location: { pathname: url.pathname, search: url.search, hash: '' },
    from: null,
    phase: 'document',
    route: match?.route ?? null,
    params: match?.params ?? {},
    site,
    // Player facts beyond logged-in arrive with the player issues.
    user: plainUserFacts(user.loggedIn),
    cookies: request.cookies as Record<string, string>,
    acceptLanguage: request.headers['accept-language'] ?? '',
    device: { userAgent: request.headers['user-agent'] ?? '', maxTouchPoints: null },
    // SPEC §8: after the last failed try the block service "marks maintenance".
    block: block.ok ? { kind: 'answer', answer: block.value } : { kind: 'failed' },
    redirect,
    loadedAppVersion: site.appVersion,
    now: app.clock.now(),
  };
}
