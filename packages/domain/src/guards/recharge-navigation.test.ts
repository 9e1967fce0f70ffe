import { describe, expect, it } from 'vitest';
import { rechargeNavigationGuard } from './recharge-navigation.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

const on = { site: { flags: { rechargeModal: true } }, user: { loggedIn: true } };

describe('recharge-navigation guard', () => {
  it.each<[string, TestContextOptions, 'continue' | 'cancel']>([
    ['from a sports page', { ...on, url: '/en/office/recharge', from: '/en/line' }, 'cancel'],
    ['from an unknown page', { ...on, url: '/en/office/recharge', from: '/en/nope' }, 'cancel'],
    ['from the office', { ...on, url: '/en/office/recharge', from: '/en/office/history' }, 'continue'],
    ['from a payment return page', { ...on, url: '/en/office/recharge', from: '/en/onpay/fail' }, 'continue'],
    ['option off', { url: '/en/office/recharge', from: '/en/line', user: { loggedIn: true } }, 'continue'],
    [
      'after-registration redirect pending',
      { ...on, url: '/en/office/recharge', from: '/en/line', user: { loggedIn: true, afterRegistrationRedirect: '/en/promo' } },
      'continue',
    ],
    ['first request', { ...on, url: '/en/office/recharge' }, 'continue'],
    ['another office page', { ...on, url: '/en/office/history', from: '/en/line' }, 'continue'],
  ])('%s', (_name, options, kind) => {
    const decision = rechargeNavigationGuard(testContext(options));
    expect(decision).toEqual(kind === 'cancel' ? { kind, reason: 'recharge-modal' } : { kind });
  });
});
