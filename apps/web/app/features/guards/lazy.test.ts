import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testSite } from '../../testing/site-fixture.ts';
import { rememberLocation, rememberRootData } from './client-state.ts';
import { isGuardedNavigation, navigationGuard } from './lazy.ts';

// The guard chunk, as a spy: the test sees whether (and for what) it was loaded and run.
const guardMiddleware = vi.fn(async (_args: { request: Request }, next: () => Promise<unknown>) => {
  await next();
});
const loaded = vi.fn();
vi.mock('./middleware.ts', () => {
  loaded();
  return { guardMiddleware };
});

const at = { pathname: '/en/live/', search: '?sport=1', hash: '' };
const get = (path: string) => new Request(`http://localhost${path}`);

describe('isGuardedNavigation', () => {
  it('guards a GET of another path or query, once the tab knows its site and location', () => {
    expect(isGuardedNavigation(get('/en/line/'), at, true)).toBe(true);
    expect(isGuardedNavigation(get('/en/live/?sport=2'), at, true)).toBe(true);
    expect(isGuardedNavigation(get('/en/live/'), at, true)).toBe(true);
  });

  it('lets through revalidations of the page shown (the hash aside), form submissions, and the first render', () => {
    expect(isGuardedNavigation(get('/en/live/?sport=1'), at, true)).toBe(false);
    expect(isGuardedNavigation(get('/en/live/?sport=1#odds'), at, true)).toBe(false);
    expect(isGuardedNavigation(new Request('http://localhost/en/line/', { method: 'POST' }), at, true)).toBe(false);
    expect(isGuardedNavigation(get('/en/line/'), null, true)).toBe(false);
    expect(isGuardedNavigation(get('/en/line/'), at, false)).toBe(false);
  });
});

describe('navigationGuard', () => {
  beforeEach(() => {
    rememberRootData(testSite(), false);
    rememberLocation(at);
  });

  it('does not load the guard chunk for revalidations of the page shown; the first navigation loads and runs it', async () => {
    const next = vi.fn(async () => undefined);
    await navigationGuard({ request: get('/en/live/?sport=1') }, next);
    await navigationGuard({ request: get('/en/live/?sport=1') }, next);
    expect(next).toHaveBeenCalledTimes(2);
    expect(loaded).not.toHaveBeenCalled();

    await navigationGuard({ request: get('/en/line/') }, next);
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(guardMiddleware).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(3);

    // Loaded once, the chunk sees every request again (its background config refresh included).
    await navigationGuard({ request: get('/en/live/?sport=1') }, next);
    expect(guardMiddleware).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
