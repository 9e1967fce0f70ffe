import { describe, expect, it } from 'vitest';
import { referralGuard } from './referral.ts';
import { testContext } from './test-context.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('referral guard', () => {
  it.each([
    ['/en/?refererid=7', undefined, ['refererid']],
    ['/en/?affid=1&btag=b&subid=s', undefined, ['subid', 'ref_partner_id', 'postback_watcher']],
    ['/en/?refererid=7', GOOGLEBOT, []],
    ['/en/line', undefined, []],
  ])('%s (ua %s) sets %j', (url, userAgent, names) => {
    const decision = referralGuard(testContext({ url, device: userAgent === undefined ? {} : { userAgent } }));
    expect(decision.kind).toBe('continue');
    expect((decision.effects ?? []).map((e) => (e.kind === 'set-cookie' ? e.name : e.kind))).toEqual(names);
  });

  it('emits set-cookie effects with the lifetime and path', () => {
    expect(referralGuard(testContext({ url: '/en/?bf=3' })).effects).toEqual([
      { kind: 'set-cookie', name: 'bf_id', value: '3', maxAgeSeconds: 86_400, path: '/' },
    ]);
  });
});
