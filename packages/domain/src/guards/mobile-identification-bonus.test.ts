import { describe, expect, it } from 'vitest';
import { mobileIdentificationBonusGuard } from './mobile-identification-bonus.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const mobileSite = { site: { flags: { mobileSiteUrl: 'https://m.example.com/' } } };
const mustIdentify = { user: { loggedIn: true, identificationRequired: true } };

describe('mobile-identification-bonus guard', () => {
  it.each<[string, TestContextOptions, string | null]>([
    ['platform_type=mobile', { url: '/en/line?platform_type=mobile#x', ...mobileSite }, 'https://m.example.com/en/line?platform_type=mobile#x'],
    ['platform_type=mobile, no mobile site', { url: '/en/line?platform_type=mobile' }, null],
    ['touch Mac', { url: '/en/line', device: { userAgent: IPAD, maxTouchPoints: 5 }, ...mobileSite }, 'https://m.example.com/en/line'],
    ['touch Mac asking for desktop', { url: '/en/line?platform_type=desktop', device: { userAgent: IPAD, maxTouchPoints: 5 }, ...mobileSite }, null],
    ['real Mac', { url: '/en/line', device: { userAgent: IPAD, maxTouchPoints: 0 }, ...mobileSite }, null],
    ['touch unknown (server)', { url: '/en/line', device: { userAgent: IPAD, maxTouchPoints: null }, ...mobileSite }, null],
    ['bot', { url: '/en/line?platform_type=mobile', device: { userAgent: 'Googlebot/2.1' }, ...mobileSite }, null],
    ['identification required', { url: '/en/line', ...mustIdentify }, '/en/office/identification'],
    ['face-id verification: same page', { url: '/en/line', user: { ...mustIdentify.user, faceIdVerification: true } }, '/en/office/identification'],
    ['already identifying', { url: '/en/office/identification', ...mustIdentify }, null],
    ['on the terms page', { url: '/en/confirm', ...mustIdentify }, null],
    ['on a state page', { url: '/en/maintenance', ...mustIdentify }, null],
    ['identification off', { url: '/en/line', ...mustIdentify, site: { flags: { identificationEnabled: false } } }, null],
    ['identification route unavailable', { url: '/en/line', ...mustIdentify, site: { unavailableRoutes: ['office-identification'] } }, null],
    ['not required', { url: '/en/line', user: { loggedIn: true } }, null],
    ['mobile wins over identification', { url: '/en/line?platform_type=mobile', ...mustIdentify, ...mobileSite }, 'https://m.example.com/en/line?platform_type=mobile'],
  ])('%s', (_name, options, url) => {
    expect(mobileIdentificationBonusGuard(testContext(options))).toEqual(url === null ? { kind: 'continue' } : { kind: 'redirect', url, status: 302 });
  });
});
