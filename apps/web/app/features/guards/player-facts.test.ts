/** The browser's guards read the player's state the server put in the root data (decision 0020). */
import { describe, expect, it, vi } from 'vitest';
import { RedirectCache, parseLocation, runGuardPipeline, type PlayerGuardFacts } from '@betsite/domain';
import { testSite } from '../../testing/site-fixture.ts';
import { rememberPlayerFacts, rememberRootData, tabState } from './client-state.ts';
import { gatherNavigationContext, type BrowserEnv } from './facts.ts';
import { planNavigation } from './plan.ts';
import { BLOCK_SERVICE_URL } from './services.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const env: BrowserEnv = {
  cookie: '',
  languages: ['en'],
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  maxTouchPoints: 0,
  fetch: vi.fn(async (input: string) => json(input === BLOCK_SERVICE_URL ? { reason: null, displayTypeId: null, templateTypeId: null } : { redirect: false })),
  sleep: async () => {},
  now: () => 1_800_000_000_000,
  redirectCache: new RedirectCache(),
  log: () => {},
};
const PLAIN: PlayerGuardFacts = { banLevel: 0, termsChanged: false, identificationRequired: false };
const site = testSite({ flags: { ...testSite().flags, confirmTermsEnabled: true, identificationEnabled: true } });

async function plan(to: string, facts: PlayerGuardFacts | null, from = '/en/contacts') {
  const ctx = await gatherNavigationContext(
    { to: parseLocation(to), from: parseLocation(from), site, user: { loggedIn: true, facts }, loadedAppVersion: site.appVersion },
    env,
  );
  return { ctx, plan: planNavigation(ctx, runGuardPipeline(ctx)) };
}

describe('player facts in client navigation', () => {
  it('carries the ban level, terms and identification into the context', async () => {
    const { ctx } = await plan('/en/line', { banLevel: 1, termsChanged: true, identificationRequired: true });
    expect(ctx.user).toMatchObject({ loggedIn: true, banLevel: 1, termsChanged: true, identificationRequired: true, navigationBlocked: false });
    expect((await plan('/en/line', null)).ctx.user).toMatchObject({ banLevel: 0, termsChanged: false, identificationRequired: false });
  });

  it('a banned player stays where they are on a closed route, and moves to an allowed one', async () => {
    expect((await plan('/en/line', { ...PLAIN, banLevel: 2 })).plan.action).toEqual({ kind: 'stay', url: '/en/contacts', reason: 'banned', code: 45 });
    expect((await plan('/en/line', { ...PLAIN, banLevel: 1 })).plan.action).toEqual({ kind: 'stay', url: '/en/contacts', reason: 'banned', code: 53 });
    expect((await plan('/en/office/deduce', { ...PLAIN, banLevel: 1 })).plan.action).toEqual({ kind: 'proceed' });
    expect((await plan('/en/office/deduce', { ...PLAIN, banLevel: 2 })).plan.action).toEqual({ kind: 'stay', url: '/en/contacts', reason: 'banned', code: 45 });
  });

  it('changed terms go to confirm; identification required to the identification page', async () => {
    expect((await plan('/en/line', { ...PLAIN, termsChanged: true })).plan.action).toEqual({ kind: 'redirect', url: '/en/confirm', status: 302 });
    expect((await plan('/en/line', { ...PLAIN, identificationRequired: true })).plan.action).toEqual({ kind: 'redirect', url: '/en/office/identification', status: 302 });
    expect((await plan('/en/line', PLAIN)).plan.action).toEqual({ kind: 'proceed' });
  });
});

describe('tab state', () => {
  it('keeps the facts of the root data, updates them, forgets them for a visitor', () => {
    rememberRootData(site, true, PLAIN);
    rememberPlayerFacts({ termsChanged: true });
    expect(tabState().facts).toEqual({ ...PLAIN, termsChanged: true });
    rememberRootData(site, false, { ...PLAIN, banLevel: 2 });
    expect(tabState().facts).toBeNull();
    rememberPlayerFacts({ termsChanged: true });
    expect(tabState().facts).toBeNull();
  });
});
