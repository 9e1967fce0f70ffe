import { describe, expect, it, vi } from 'vitest';
import { RedirectCache, parseLocation, runGuardPipeline, type GuardContext, type PipelineResult } from '@betsite/domain';
import { isRouteErrorResponse } from 'react-router';
import { testSite } from '../../testing/site-fixture.ts';
import { acceptLanguageOf, gatherNavigationContext, type BrowserEnv } from './facts.ts';
import { askBlockService, BLOCK_SERVICE_URL, REDIRECT_SERVICE_URL } from './services.ts';
import { planNavigation } from './plan.ts';
import { applyPlan } from './middleware.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NO_BLOCK = { reason: null, displayTypeId: null, templateTypeId: null };
const NO_REDIRECT = { redirect: false };

type FetchMock = ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>;

function env(fetchFn: FetchMock, overrides: Partial<BrowserEnv> = {}): BrowserEnv {
  return {
    cookie: 'lng=en; tzo=2; odd=%20x',
    languages: ['de-DE', 'de', 'en'],
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    maxTouchPoints: 0,
    fetch: fetchFn,
    sleep: vi.fn(async () => {}),
    now: () => 1_800_000_000_000,
    redirectCache: new RedirectCache(),
    log: vi.fn(),
    ...overrides,
  };
}

/** A fetch answering the block and redirect services with the given bodies. */
function services(block: () => Response | Promise<Response>, redirect: () => Response = () => json(NO_REDIRECT)): FetchMock {
  return vi.fn(async (input: string) => (input === BLOCK_SERVICE_URL ? block() : input === REDIRECT_SERVICE_URL ? redirect() : json({}, 404)));
}

const facts = (to: string, from = '/en/') => ({
  to: parseLocation(to),
  from: parseLocation(from),
  site: testSite(),
  user: { loggedIn: false },
  loadedAppVersion: '1.0.0',
});

describe('fact gathering', () => {
  it('reads cookies, languages, device and the route of the target', async () => {
    const fetchFn = services(() => json(NO_BLOCK));
    const ctx = await gatherNavigationContext(facts('/en/live/popular?x=1'), env(fetchFn));
    expect(ctx.phase).toBe('navigation');
    expect(ctx.route?.name).toBe('live');
    expect(ctx.params).toEqual({ menu: 'popular' });
    expect(ctx.location).toEqual({ pathname: '/en/live/popular', search: '?x=1', hash: '' });
    expect(ctx.from?.pathname).toBe('/en/');
    expect(ctx.cookies).toEqual({ lng: 'en', tzo: '2', odd: ' x' });
    expect(ctx.acceptLanguage).toBe('de-DE,de;q=0.9,en;q=0.8');
    expect(ctx.device).toEqual({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', maxTouchPoints: 0 });
    expect(ctx.block).toEqual({ kind: 'answer', answer: NO_BLOCK });
    expect(ctx.redirect).toEqual(NO_REDIRECT);
    expect(ctx.now).toBe(1_800_000_000_000);
  });

  it('asks the block service with {auth, url}', async () => {
    const fetchFn = services(() => json(NO_BLOCK));
    await gatherNavigationContext({ ...facts('/en/casino'), user: { loggedIn: true } }, env(fetchFn));
    const call = fetchFn.mock.calls.find(([url]) => url === BLOCK_SERVICE_URL);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ auth: true, url: '/en/casino' });
  });

  it('retries the block service twice, 100 ms apart, then answers failed', async () => {
    const fetchFn = services(() => json({ code: 'x', message: 'down' }, 503));
    const sleep = vi.fn(async () => {});
    const ctx = await gatherNavigationContext(facts('/en/casino'), env(fetchFn, { sleep }));
    expect(fetchFn.mock.calls.filter(([url]) => url === BLOCK_SERVICE_URL)).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[100], [100]]);
    expect(ctx.block).toEqual({ kind: 'failed' });
  });

  it('a retry that succeeds gives the answer', async () => {
    let calls = 0;
    const fetchFn = vi.fn(async () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ reason: 4, displayTypeId: 1, templateTypeId: null })));
    const result = await askBlockService(fetchFn, async () => {}, { auth: false, url: '/en/' });
    expect(result).toEqual({ kind: 'answer', answer: { reason: 4, displayTypeId: 1, templateTypeId: null } });
    expect(calls).toBe(2);
  });

  it('a malformed block answer counts as a failure', async () => {
    const result = await askBlockService(vi.fn(async () => json({ reason: 'x' })), async () => {}, { auth: false, url: '/en/' });
    expect(result).toEqual({ kind: 'failed' });
  });

  it('caches redirect-service answers per url', async () => {
    const fetchFn = services(() => json(NO_BLOCK));
    const e = env(fetchFn);
    await gatherNavigationContext(facts('/en/casino'), e);
    await gatherNavigationContext(facts('/en/casino'), e);
    await gatherNavigationContext(facts('/en/live'), e);
    expect(fetchFn.mock.calls.filter(([url]) => url === REDIRECT_SERVICE_URL)).toHaveLength(2);
    expect(e.redirectCache.size).toBe(2);
  });

  it('a failing redirect service is logged and not asked-for (null)', async () => {
    const fetchFn = services(() => json(NO_BLOCK), () => json({}, 500));
    const e = env(fetchFn);
    const ctx = await gatherNavigationContext(facts('/en/casino'), e);
    expect(ctx.redirect).toBeNull();
    expect(e.log).toHaveBeenCalled();
  });

  it('accept-language from navigator.languages', () => {
    expect(acceptLanguageOf(['en-US'])).toBe('en-US');
    expect(acceptLanguageOf([])).toBe('');
  });
});

async function decide(to: string, from = '/en/', fetchFn: FetchMock = services(() => json(NO_BLOCK))) {
  const ctx = await gatherNavigationContext(facts(to, from), env(fetchFn));
  return { ctx, plan: planNavigation(ctx, runGuardPipeline(ctx)) };
}

describe('decisions on client navigation (pipeline + plan)', () => {
  it('an open page proceeds', async () => {
    expect((await decide('/en/live')).plan.action).toEqual({ kind: 'proceed' });
  });

  it('a failed block service sends the user to the maintenance page', async () => {
    const { plan } = await decide('/en/casino', '/en/', services(() => json({}, 500)));
    expect(plan.action).toEqual({ kind: 'redirect', url: '/en/maintenance', status: 302 });
  });

  it('a block reason sends the user to its site-state page', async () => {
    const { plan } = await decide('/en/casino', '/en/', services(() => json({ reason: 13, displayTypeId: null, templateTypeId: null })));
    expect(plan.action).toMatchObject({ kind: 'redirect', url: '/en/block-ua' });
  });

  it('office routes send visitors away (access guard)', async () => {
    const { plan } = await decide('/en/office/history');
    expect(plan.action.kind).toBe('redirect');
  });

  it('unknown paths are not found', async () => {
    expect((await decide('/en/definitely-not-a-page')).plan.action).toEqual({ kind: 'not-found' });
  });
});

const ctxFor = (to: string, from: string | null, maintenance = false): GuardContext =>
  ({
    location: parseLocation(to),
    from: from === null ? null : parseLocation(from),
    site: testSite(maintenance ? { maintenance: { ...testSite().maintenance, isActive: true } } : {}),
    block: null,
  }) as unknown as GuardContext;

const result = (decision: PipelineResult['decision'], effects: PipelineResult['effects'] = []): PipelineResult => ({ decision, effects, decidedBy: null });

describe('plan', () => {
  it('cancel stays on the current location', () => {
    const plan = planNavigation(ctxFor('/en/office/recharge', '/en/line?x=1#top'), result({ kind: 'cancel', reason: 'recharge' }));
    expect(plan.action).toEqual({ kind: 'stay', url: '/en/line?x=1#top', reason: 'recharge' });
    const banned = planNavigation(ctxFor('/en/office/recharge', '/en/line'), result({ kind: 'cancel', reason: 'banned', code: 45 }));
    expect(banned.action).toEqual({ kind: 'stay', url: '/en/line', reason: 'banned', code: 45 });
  });

  it('reload loads the target document', () => {
    expect(planNavigation(ctxFor('/en/casino?a=1', '/en/'), result({ kind: 'reload' })).action).toEqual({ kind: 'reload', url: '/en/casino?a=1' });
  });

  it('collects cookies and opens a modal on the redirect target', () => {
    const plan = planNavigation(
      ctxFor('/en/office/history', '/en/'),
      result({ kind: 'redirect', url: '/en/?a=1', status: 302 }, [
        { kind: 'set-cookie', name: 'refererid', value: '7', maxAgeSeconds: 60, path: '/' },
        { kind: 'open-modal', modal: 'login' },
      ]),
    );
    expect(plan.cookies).toEqual([{ name: 'refererid', value: '7', maxAgeSeconds: 60, path: '/' }]);
    expect(plan.action).toEqual({ kind: 'redirect', url: '/en/?a=1&modal=login', status: 302 });
  });

  it('open-modal on continue adds ?modal= to the target once', () => {
    const effects = [{ kind: 'open-modal', modal: 'registration' }] as const;
    expect(planNavigation(ctxFor('/en/live', '/en/'), result({ kind: 'continue' }, effects)).action).toEqual({ kind: 'replace', url: '/en/live?modal=registration' });
    expect(planNavigation(ctxFor('/en/live?modal=registration', '/en/'), result({ kind: 'continue' }, effects)).action).toEqual({ kind: 'proceed' });
  });

  it('modals close on navigation, except with keepModals or during maintenance', () => {
    expect(planNavigation(ctxFor('/en/live', '/en/?modal=login'), result({ kind: 'continue' })).action).toEqual({ kind: 'proceed' });
    expect(planNavigation(ctxFor('/en/live?keepModals=1', '/en/?modal=login'), result({ kind: 'continue' })).action).toEqual({
      kind: 'replace',
      url: '/en/live?keepModals=1&modal=login',
    });
    expect(planNavigation(ctxFor('/en/live', '/en/?modal=login', true), result({ kind: 'continue' })).action).toEqual({ kind: 'replace', url: '/en/live?modal=login' });
  });
});

describe('applying a plan', () => {
  const base = { cookies: [], logs: [], decidedBy: null };
  const thrown = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

  it('redirect and stay throw redirect responses', async () => {
    const r = (await thrown(applyPlan({ ...base, action: { kind: 'redirect', url: '/en/user/login', status: 302 } }))) as Response;
    expect(r.status).toBe(302);
    expect(r.headers.get('Location')).toBe('/en/user/login');
    const events: Event[] = [];
    const win = { location: {} as Location, dispatchEvent: (e: Event) => events.push(e) > 0 };
    const s = (await thrown(applyPlan({ ...base, action: { kind: 'stay', url: '/en/line', reason: 'banned', code: 53 } }, win))) as Response;
    expect(s.headers.get('Location')).toBe('/en/line');
    expect(s.headers.get('X-Remix-Replace')).toBe('true');
    // The shell hears why the page stayed (the ban notice).
    expect(events.map((e) => [e.type, (e as CustomEvent).detail])).toEqual([['betsite:navigation-cancelled', { reason: 'banned', code: 53 }]]);
  });

  it('not-found throws a 404 route error', async () => {
    const e = await thrown(applyPlan({ ...base, action: { kind: 'not-found' } }));
    expect(isRouteErrorResponse(e) || (e as { init?: { status?: number } }).init?.status === 404).toBe(true);
  });

  it('reload assigns window.location and keeps the navigation pending', async () => {
    const assign = vi.fn();
    let settled = false;
    void applyPlan({ ...base, action: { kind: 'reload', url: '/en/casino' } }, { location: { assign } as unknown as Location }).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(assign).toHaveBeenCalledWith('/en/casino');
    expect(settled).toBe(false);
  });

  it('proceed does nothing', async () => {
    await expect(applyPlan({ ...base, action: { kind: 'proceed' } })).resolves.toBeUndefined();
  });
});
