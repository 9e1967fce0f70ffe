import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '@betsite/contracts';
import { BLOCK_SERVICE_RETRY, matchRoute, splitLanguage, type BlockAnswer, type GuardContext } from '@betsite/domain';

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
    askBlockService(() =>
      app.blockService.check({
        url: url.pathname,
        auth: user.loggedIn,
        ip: request.ip,
        country: request.country,
        userId: user.userId,
      }),
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
    user: {
      loggedIn: user.loggedIn,
      banLevel: 0,
      termsChanged: false,
      identificationRequired: false,
      faceIdVerification: false,
      afterRegistrationRedirect: null,
      navigationBlocked: false,
    },
    cookies: request.cookies as Record<string, string>,
    acceptLanguage: request.headers['accept-language'] ?? '',
    device: { userAgent: request.headers['user-agent'] ?? '', maxTouchPoints: null },
    block,
    redirect,
    loadedAppVersion: site.appVersion,
    now: app.clock.now(),
  };
}

/** SPEC §8: the block service is retried twice, 100 ms apart; the last failure marks maintenance. */
async function askBlockService(check: () => Promise<BlockAnswer>): Promise<GuardContext['block']> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { kind: 'answer', answer: await check() };
    } catch {
      if (attempt >= BLOCK_SERVICE_RETRY.attempts) return { kind: 'failed' };
      await sleep(BLOCK_SERVICE_RETRY.delayMs);
    }
  }
}
