import { describe, expect, it } from 'vitest';
import { BLOCK_REASON_ROUTES, BLOCK_SERVICE_RETRY, blockedGuard, readReturnPath } from './blocked.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

const maintenance = { site: { maintenance: { isActive: true } } };

describe('blocked guard', () => {
  it.each<[string, TestContextOptions, string | null]>([
    ['maintenance → maintenance page', { url: '/en/line', ...maintenance }, '/en/maintenance'],
    ['maintenance, url without language', { url: '/line', ...maintenance }, '/ru/maintenance'],
    ['maintenance, already there', { url: '/en/maintenance', ...maintenance }, null],
    ['failed block service marks maintenance', { url: '/de/casino', block: 'failed' }, '/de/maintenance'],
    ['maintenance over → language root', { url: '/en/maintenance' }, '/en/'],
    ['no block', { url: '/en/line', block: { reason: null } }, null],
    ['not asked', { url: '/en/line' }, null],
    ['reason 13 → block-ua', { url: '/en/line', block: { reason: 13 } }, '/en/block-ua'],
    ['reason 17 → block-ie', { url: '/en/line', block: { reason: 17 } }, '/en/block-ie'],
    ['reason 16 → suspension', { url: '/en/line', block: { reason: 16 } }, '/en/suspension'],
    ['reason 8 → coming-soon', { url: '/en/line', block: { reason: 8 } }, '/en/coming-soon'],
    ['reason 4 keeps the path', { url: '/en/line/football?x=1', block: { reason: 4 } }, '/en/site-updates?return=%2Fen%2Fline%2Ffootball%3Fx%3D1'],
    ['unknown reason is no block', { url: '/en/line', block: { reason: 99 } }, null],
    ['already on the target page', { url: '/en/block-ua', block: { reason: 13 } }, null],
    ['on another block page', { url: '/en/block', block: { reason: 13 } }, '/en/block-ua'],
    ['account verification is exempt', { url: '/en/user/accountverify', block: { reason: 1 } }, null],
    ['block page with no block → root', { url: '/en/block-ua', block: { reason: null } }, '/en/'],
    ['block page, not asked → stays', { url: '/en/block-ua' }, null],
  ])('%s', (_name, options, url) => {
    const decision = blockedGuard(testContext(options));
    expect(decision).toEqual(url === null ? { kind: 'continue' } : { kind: 'redirect', url, status: 302 });
  });

  it.each([
    [[1, 2, 3, 5, 14], 'state-block'],
    [[4], 'state-site-updates'],
    [[8], 'state-coming-soon'],
    [[13], 'state-block-ua'],
    [[16], 'state-suspension'],
    [[17], 'state-block-ie'],
  ])('reasons %j map to %s', (reasons, route) => {
    for (const reason of reasons) expect(BLOCK_REASON_ROUTES[reason]).toBe(route);
  });

  it('retries the block service twice after the first try', () => {
    expect(BLOCK_SERVICE_RETRY).toEqual({ attempts: 3, delayMs: 100 });
  });
});

describe('readReturnPath', () => {
  it.each([
    ['?return=%2Fen%2Fline', '/en/line'],
    ['?return=https%3A%2F%2Fevil.example', null],
    ['?return=%2F%2Fevil.example', null],
    ['?return=%2F%5Cevil.example', null],
    ['', null],
  ])('%s → %s', (search, path) => expect(readReturnPath(search)).toBe(path));
});
