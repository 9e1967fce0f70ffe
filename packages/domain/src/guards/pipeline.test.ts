import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPath } from '../routes/match.ts';
import { ROUTES } from '../routes/route-table.ts';
import { DEFAULT_GUARDS, runGuardPipeline } from './pipeline.ts';
import { testContext, type TestContextOptions } from './test-context.ts';
import { GUARD_ORDER, type GuardDecision, type GuardName, type NamedGuard } from './types.ts';

const guard = (name: GuardName, decision: GuardDecision, calls: string[] = []): NamedGuard => ({
  name,
  run: () => {
    calls.push(name);
    return decision;
  },
});
const log = (message: string) => ({ kind: 'log', level: 'info', message }) as const;

describe('runGuardPipeline', () => {
  it('has every guard in SPEC order', () => {
    expect(DEFAULT_GUARDS.map((g) => g.name)).toEqual([...GUARD_ORDER]);
  });

  it('runs guards in order, accumulates effects and stops at the first decision', () => {
    const calls: string[] = [];
    const result = runGuardPipeline(testContext(), [
      guard('referral', { kind: 'continue', effects: [log('a')] }, calls),
      guard('app-version', { kind: 'continue' }, calls),
      guard('blocked', { kind: 'redirect', url: '/en/maintenance', status: 302, effects: [log('b')] }, calls),
      guard('access-check', { kind: 'not-found' }, calls),
    ]);
    expect(calls).toEqual(['referral', 'app-version', 'blocked']);
    expect(result).toEqual({
      decision: { kind: 'redirect', url: '/en/maintenance', status: 302, effects: [log('b')] },
      effects: [log('a'), log('b')],
      decidedBy: 'blocked',
    });
  });

  it('continues when every guard continues', () => {
    const result = runGuardPipeline(testContext(), [guard('referral', { kind: 'continue', effects: [log('a')] }), guard('seo-bot', { kind: 'continue' })]);
    expect(result).toEqual({ decision: { kind: 'continue' }, effects: [log('a')], decidedBy: null });
  });
});

describe('the default pipeline end to end', () => {
  it.each<[string, TestContextOptions, Partial<GuardDecision>, GuardName | null]>([
    ['/ → language root', { url: '/' }, { kind: 'redirect', url: '/ru/', status: 302 }, 'url-language'],
    ['/ → browser language root', { url: '/', acceptLanguage: 'en-GB,en;q=0.9' }, { kind: 'redirect', url: '/en/' }, 'url-language'],
    ['/nonsense/path → language inserted', { url: '/nonsense/path' }, { kind: 'redirect', url: '/ru/nonsense/path' }, 'url-language'],
    ['… and then 404', { url: '/ru/nonsense/path' }, { kind: 'not-found' }, 'access-check'],
    ['/en/no-such-page-xyz → 404', { url: '/en/no-such-page-xyz' }, { kind: 'not-found' }, 'access-check'],
    ['visitor on the office → login', { url: '/en/office/history' }, { kind: 'redirect', url: '/en/user/login' }, 'access-by-authorization'],
    ['block reason 13 → block-ua', { url: '/en/line', block: { reason: 13 } }, { kind: 'redirect', url: '/en/block-ua' }, 'blocked'],
    ['a normal page renders', { url: '/en/line/football' }, { kind: 'continue' }, null],
    ['a player on the office', { url: '/en/office/history', user: { loggedIn: true } }, { kind: 'continue' }, null],
    ['fixed redirect', { url: '/en/office', user: { loggedIn: true } }, { kind: 'redirect', url: '/en/office/account' }, 'url-language'],
    ['stale client reloads first', { url: '/en/line', from: '/en/', loadedAppVersion: '0.1.0', block: { reason: 13 } }, { kind: 'reload' }, 'app-version'],
  ])('%s', (_name, options, decision, decidedBy) => {
    const result = runGuardPipeline(testContext(options));
    expect(result.decision).toMatchObject(decision);
    expect(result.decidedBy).toBe(decidedBy);
  });

  /** Every route of the table as a url, with a value for each required param. */
  const everyPage = ROUTES.map((r) => {
    const required = r.path.split('/').filter((s) => s.startsWith(':') && !s.endsWith('?'));
    const params = Object.fromEntries(required.map((s) => [s.slice(1), '1']));
    return buildPath(r.name, params, 'en');
  });

  it.each([false, true])('maintenance sends every page to /en/maintenance (logged in: %s)', (loggedIn) => {
    for (const url of [...everyPage, '/en/no-such-page', '/en/office']) {
      const result = runGuardPipeline(testContext({ url, user: { loggedIn }, site: { maintenance: { isActive: true } } }));
      if (url === '/en/maintenance') expect(result.decision).toEqual({ kind: 'continue' });
      else expect(result.decision, url).toEqual({ kind: 'redirect', url: '/en/maintenance', status: 302 });
    }
  });

  it('keeps the referral cookies when a later guard redirects', () => {
    const result = runGuardPipeline(testContext({ url: '/office/history?refererid=9' }));
    expect(result.decision).toMatchObject({ kind: 'redirect', url: '/ru/user/login?refererid=9' });
    expect(result.effects).toContainEqual(expect.objectContaining({ kind: 'set-cookie', name: 'refererid', value: '9' }));
  });

  it('never redirects in a loop, whatever the facts', () => {
    const url = fc.oneof(
      fc.constantFrom(...everyPage, '/', '/en', '/zz/line', '/kk/line', '/line', '/en/office', '/en/rules', '/en/user/forgotpassword'),
      fc.constantFrom(...everyPage).map((p) => p.replace(/^\/en/, '')),
    );
    const facts = fc.record({
      url,
      user: fc.record({
        loggedIn: fc.boolean(),
        termsChanged: fc.boolean(),
        identificationRequired: fc.boolean(),
        banLevel: fc.constantFrom(0, 1, 2),
      }),
      site: fc.record({
        flags: fc.record({
          accountMiddleware: fc.boolean(),
          promoBonusToOffer: fc.boolean(),
          slotFirstDepositRedirect: fc.boolean(),
          confirmTermsEnabled: fc.boolean(),
          identificationEnabled: fc.boolean(),
        }),
        maintenance: fc.record({ isActive: fc.boolean() }),
        unavailableRoutes: fc.subarray(['login', 'office-account', 'confirm', 'office-identification', '47']),
      }),
      block: fc.option(fc.record({ reason: fc.constantFrom(null, 1, 4, 8, 13, 16, 17) })),
      acceptLanguage: fc.constantFrom('', 'de', 'kk', 'fr'),
    });
    fc.assert(
      fc.property(facts, (options) => {
        const seen = new Set<string>();
        let current = options.url;
        for (let hop = 0; hop < 8; hop++) {
          expect(seen.has(current), `loop through ${current}`).toBe(false);
          seen.add(current);
          const { decision } = runGuardPipeline(testContext({ ...options, url: current, cookies: {} }));
          if (decision.kind !== 'redirect') return;
          current = decision.url;
        }
        expect.fail(`no settled page after 8 hops from ${options.url}`);
      }),
      { numRuns: 500 },
    );
  });
});
