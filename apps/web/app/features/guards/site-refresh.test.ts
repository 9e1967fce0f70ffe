import { describe, expect, it } from 'vitest';
import { loadSiteConfig, SITE_CONFIG_URL } from './site-refresh.ts';
import { testSite } from '../../testing/site-fixture.ts';

const TEST_SITE_CONFIG = testSite();

function answers(...bodies: (unknown | Error)[]) {
  const calls: string[] = [];
  const fetchFn = async (url: string) => {
    calls.push(url);
    const body = bodies[Math.min(calls.length - 1, bodies.length - 1)];
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetchFn, calls };
}

describe('loadSiteConfig (SPEC §9: 5 tries, 1 s apart)', () => {
  it('retries network failures and malformed answers, then takes a valid config', async () => {
    const sleeps: number[] = [];
    const { fetchFn, calls } = answers(new TypeError('Failed to fetch'), { not: 'a config' }, TEST_SITE_CONFIG);
    const outcome = await loadSiteConfig(fetchFn, async (ms) => void sleeps.push(ms));
    expect(outcome.ok && outcome.value.companyName).toBe(TEST_SITE_CONFIG.companyName);
    expect(calls).toEqual([SITE_CONFIG_URL, SITE_CONFIG_URL, SITE_CONFIG_URL]);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('gives up after the fifth try', async () => {
    const sleeps: number[] = [];
    const { fetchFn, calls } = answers(new TypeError('Failed to fetch'));
    const outcome = await loadSiteConfig(fetchFn, async (ms) => void sleeps.push(ms));
    expect(outcome.ok).toBe(false);
    expect(calls).toHaveLength(5);
    expect(sleeps).toEqual([1000, 1000, 1000, 1000]);
  });
});
