import { describe, expect, it } from 'vitest';
import { confirmTermsGuard } from './confirm-terms.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

const changed = { user: { loggedIn: true, termsChanged: true } };

describe('confirm-terms guard', () => {
  it.each<[string, TestContextOptions, string | null]>([
    ['confirm page, terms unchanged → root', { url: '/en/confirm', user: { loggedIn: true } }, '/en/'],
    ['confirm page, terms changed', { url: '/en/confirm', ...changed }, null],
    ['confirm page, feature off → root', { url: '/en/confirm', ...changed, site: { flags: { confirmTermsEnabled: false } } }, '/en/'],
    ['terms changed → confirm', { url: '/en/line', ...changed }, '/en/confirm'],
    ['terms changed, feature off', { url: '/en/line', ...changed, site: { flags: { confirmTermsEnabled: false } } }, null],
    ['visitor', { url: '/en/line', user: { termsChanged: true } }, null],
    ['terms changed on a state page', { url: '/en/block', ...changed }, null],
    ['terms changed on maintenance', { url: '/en/maintenance', ...changed }, null],
    ['terms changed on withdrawal', { url: '/en/office/deduce', ...changed }, null],
    ['unknown route', { url: '/en/nope', ...changed }, null],
  ])('%s', (_name, options, url) => {
    expect(confirmTermsGuard(testContext(options))).toEqual(url === null ? { kind: 'continue' } : { kind: 'redirect', url, status: 302 });
  });
});
