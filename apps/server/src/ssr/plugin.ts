import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild, type RouterContext } from 'react-router';
import { runGuardPipeline, type GuardEffect } from '@betsite/domain';
import { gatherGuardContext, pageUserOf, type PageUserFacts } from './guard-facts.ts';
import { PageCache, RendersInFlight, type CachedPage } from './page-cache.ts';
import { playerVariantOf } from './player-variant.ts';
import { RouteSubsets } from './route-subsets.ts';
import { registerStaticAssets } from './static-assets.ts';
import { sendDocument } from './document-encoding.ts';
import { injectFetch, sendWebResponse, toWebRequest, type InjectFetch } from './web-request.ts';
import { ReusedAnswers } from './reused-answers.ts';

/** The in-process answers pages may use again (reused-answers.ts): a few players' line lists. */
const REUSED_ANSWER_CHARS = 4 * 1024 * 1024;

interface PageServicesShape {
  requestId: string;
  siteConfig: Awaited<ReturnType<FastifyRequest['server']['siteConfig']['get']>>;
  user: PageUserFacts;
  notFound: boolean;
  nonce: string;
  now: number;
  fetch: InjectFetch;
}

interface EntryModule {
  pageServicesContext: RouterContext<PageServicesShape>;
  /** Cookies that change what a page renders (display settings): part of the page-cache key. */
  RENDER_COOKIES: readonly string[];
  /** Page kinds rendered once for every player with the same variant (player-variant.ts). */
  PLAYER_SHARED_PAGE_KINDS: readonly string[];
}

/**
 * Serves the React Router build: static assets, then every page. For a document request
 * the guard pipeline of SPEC §2 runs here first (redirects, 404s, cookies); client-side
 * navigation runs the same pipeline in the browser.
 */
export function ssrPlugin(opts: { buildDir: string; pageCacheTtlMs: number }): FastifyPluginAsync {
  return async (app) => {
    const buildDir = resolve(opts.buildDir);
    const serverEntry = join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web build is missing (${serverEntry}); run \`npm run build\` first.`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const entry = build.entry.module as unknown as EntryModule;
    const handle = createRequestHandler(build, 'production');
    // Documents render over only the routes their url needs (route-subsets.ts); data and
    // manifest requests of client navigation use the whole table.
    const subsets = RouteSubsets.applies(build) ? new RouteSubsets(build) : null;
    const pageCache = new PageCache(opts.pageCacheTtlMs);
    const rendering = new RendersInFlight();
    const reusedAnswers = new ReusedAnswers(REUSED_ANSWER_CHARS);
    const unsubscribe = await app.bus.subscribe('site-config.changed', () => pageCache.clear());
    app.addHook('onClose', unsubscribe);
    const unsubscribeViews = await app.bus.subscribe('player-view.changed', ({ userId }) => reusedAnswers.forgetViewer(userId));
    app.addHook('onClose', unsubscribeViews);

    await registerStaticAssets(app, join(buildDir, 'client'));

    const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://internal');
      const isDocument = request.method === 'GET' && !url.pathname.endsWith('.data') && url.pathname !== '/__manifest';
      const siteConfig = await app.siteConfig.get();
      const user = await pageUserOf(app, request.userId, siteConfig);
      let notFound = false;
      let pageKind: string | null = null;

      if (isDocument) {
        const ctx = await gatherGuardContext(app, request, url, siteConfig, user);
        pageKind = ctx.route?.kind ?? null;
        const { decision, effects } = runGuardPipeline(ctx);
        applyEffects(request, reply, effects);
        if (decision.kind === 'redirect') return reply.redirect(decision.url, decision.status);
        if (decision.kind === 'not-found') notFound = true;
        if (decision.kind === 'cancel') {
          request.log.info({ reason: decision.reason }, 'navigation cancelled by a guard');
          notFound = true;
        }
      }

      const nonce = reply.cspNonce.script;
      // Visitors share every page; players the pages of the line, with whoever has their variant.
      const cacheable = isDocument && !notFound && pageCache.enabled;
      const shared = cacheable && user.loggedIn && pageKind !== null && entry.PLAYER_SHARED_PAGE_KINDS.includes(pageKind);
      const playerVariant = shared ? await playerVariantOf(app, user) : null;
      const cacheKey = cacheable && (!user.loggedIn || playerVariant !== null) ? PageCache.key(request.url, request.cookies, entry.RENDER_COOKIES, playerVariant) : null;
      // A page being rendered for its key is waited for, not rendered again by each request
      // that arrives meanwhile (at expiry a crowd would otherwise render it once each).
      const cached = cacheKey === null ? undefined : (pageCache.get(cacheKey, Date.now()) ?? (await rendering.get(cacheKey)) ?? undefined);
      if (cached) {
        reply.status(cached.status).headers(Object.fromEntries(cached.headers)).header('x-page-cache', 'hit').header('vary', 'accept-encoding');
        const gzipped = PageCache.gzipFor(cached, request.headers['accept-encoding'], nonce, user.userId);
        if (gzipped !== null) return reply.header('content-encoding', 'gzip').header('content-length', gzipped.length).send(gzipped);
        return reply.send(PageCache.bodyFor(cached, nonce, user.userId));
      }
      const rendered = cacheKey === null ? null : rendering.start(cacheKey);
      try {
        const services: PageServicesShape = {
          requestId: request.id,
          siteConfig,
          user,
          notFound,
          nonce,
          now: app.clock.now(),
          fetch: injectFetch(request, reusedAnswers, { fresh: !isDocument }),
        };
        const context = new RouterContextProvider();
        context.set(entry.pageServicesContext, services);
        const abort = new AbortController();
        reply.raw.on('close', () => abort.abort());
        const handler = isDocument && subsets !== null ? await subsets.handlerFor(url.pathname) : handle;
        const response = await handler(toWebRequest(request, abort.signal), context);
        // Pages carry per-user state: never cache them in shared caches.
        if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-cache');

        if (cacheKey !== null && response.status === 200 && !response.headers.has('set-cookie')) {
          const body = await response.text();
          const headers = [...response.headers].filter(([name]) => name !== 'content-length');
          const page: CachedPage = { status: 200, headers, body, nonce, userId: user.userId, gzip: null };
          pageCache.set(cacheKey, page, Date.now());
          rendered?.settle(page);
          PageCache.precompress(page).catch((error: unknown) => request.log.warn({ err: error }, 'page cache: the page could not be precompressed'));
          reply.status(200).headers(Object.fromEntries(headers)).header('x-page-cache', 'miss');
          return sendDocument(reply, body);
        }
        return sendWebResponse(reply, response);
      } finally {
        rendered?.settle(null);
      }
    };

    registerPageRoutes(app, renderPage);
  };
}

/** What a page answers: reading only. No page route has a React Router `action`, so there is nothing to post to. */
export const PAGE_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD'];
const OTHER_METHODS: HTTPMethods[] = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The page catch-all: GET and HEAD render `handler`; any other method answers 405 with
 * `Allow: GET, HEAD` before its body is read (so no body, of any type or size, reaches a
 * parser or the renderer). Routes of the API and static files are more specific and win.
 */
export function registerPageRoutes(app: FastifyInstance, handler: RouteHandlerMethod): void {
  for (const url of ['/', '/*']) {
    app.route({ method: [...PAGE_METHODS], url, handler });
    app.route({ method: OTHER_METHODS, url, onRequest: methodNotAllowed, handler: methodNotAllowed });
  }
}

async function methodNotAllowed(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', PAGE_METHODS.join(', '))
    .header('cache-control', 'no-store')
    .send({ code: 'method_not_allowed', message: `${request.method} is not allowed on pages (${PAGE_METHODS.join(', ')} only)` });
}

function applyEffects(request: FastifyRequest, reply: FastifyReply, effects: readonly GuardEffect[]): void {
  for (const effect of effects) {
    if (effect.kind === 'set-cookie') {
      reply.setCookie(effect.name, effect.value, {
        path: effect.path,
        maxAge: effect.maxAgeSeconds,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    } else if (effect.kind === 'log') {
      request.log[effect.level](effect.data ?? {}, effect.message);
    }
    // `open-modal` only matters in the browser; a document request is redirected instead.
  }
}
