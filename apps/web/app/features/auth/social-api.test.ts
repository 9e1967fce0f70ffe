import { describe, expect, it, vi } from 'vitest';
import { currentPageWithoutModal, QR_URLS, SOCIAL_URLS } from './social-api.ts';

describe('social sign-in in the browser', () => {
  it('comes back to the page without the modal that started it', () => {
    expect(currentPageWithoutModal({ pathname: '/en/line', search: '?modal=login' })).toBe('/en/line');
    expect(currentPageWithoutModal({ pathname: '/en/', search: '?refererid=7&modal=registration&x=1' })).toBe('/en/?refererid=7&x=1');
    expect(currentPageWithoutModal({ pathname: '/ru/casino', search: '' })).toBe('/ru/casino');
  });

  it('builds the provider and QR urls, escaping what it is given', () => {
    expect(SOCIAL_URLS.start('sandbox')).toBe('/social-api/oauth/sandbox/start');
    expect(SOCIAL_URLS.oneTap('google')).toBe('/social-api/oauth/google-one-tap');
    expect(SOCIAL_URLS.oneTapClientId('google')).toBe('/social-api/oauth/google-one-tap/clientId');
    expect(QR_URLS.poll('a/b')).toBe('/web-api/auth/v1/qr/a%2Fb');
  });

  it('asks for the providers once per page, and again after a failure', async () => {
    vi.resetModules();
    const { loadProviders } = await import('./social-api.ts');
    const failing = vi.fn(async () => ({ ok: false }));
    expect(await loadProviders(failing)).toEqual([]);
    const working = vi.fn(async () => ({ ok: true, body: { providers: [{ id: 'sandbox', name: 'Sandbox ID', oneTap: true }, { name: 'no id' }] } }));
    expect(await loadProviders(working)).toEqual([{ id: 'sandbox', name: 'Sandbox ID', oneTap: true }]);
    expect(await loadProviders(working)).toHaveLength(1);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
