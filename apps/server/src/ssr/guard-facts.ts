import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteConfig } from '@betsite/contracts';
import { BLOCK_SERVICE_RETRY, matchRoute, retry, splitLanguage, userFactsOf, type GuardContext, type PlayerGuardFacts } from '@betsite/domain';
import { loadPlayerGuardFacts } from '../modules/user-config/index.ts';

/** The visitor of a page request, with a player's guard facts (ban, terms, identification; decision 0020). */
export interface PageUserFacts {
  loggedIn: boolean;
  userId: string | null;
  facts: PlayerGuardFacts | null;
}

/** Read for every page request of a player (document and data): the root data carries the facts to the browser's guards. */
export async function pageUserOf(app: FastifyInstance, userId: string | null, site: SiteConfig): Promise<PageUserFacts> {
  if (userId === null) return { loggedIn: false, userId: null, facts: null };
  return { loggedIn: true, userId, facts: await loadPlayerGuardFacts(app.db, userId, site) };
}

/** Facts for the guard pipeline on a document request (the first render of a page). */
export async function gatherGuardContext(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
  site: SiteConfig,
  user: PageUserFacts,
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
    user: userFactsOf(user.loggedIn, user.facts),
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
