import { describe, expect, it } from 'vitest';
import type { BlockReason, BlockRule } from '@betsite/contracts';
import { compileRules, normalizeIp, parseIpRange } from './rule-matcher.ts';

let n = 0;
const rule = (reason: BlockReason, target: Partial<Pick<BlockRule, 'country' | 'ipRange' | 'userId'>>): BlockRule => ({
  id: `r${++n}`,
  reason,
  country: null,
  ipRange: null,
  userId: null,
  displayTypeId: null,
  templateTypeId: null,
  createdAt: new Date(0).toISOString(),
  ...target,
});

describe('compileRules', () => {
  const byUser = rule(16, { userId: 'u1' });
  const byWideRange = rule(2, { ipRange: '10.0.0.0/8' });
  const byNarrowRange = rule(3, { ipRange: '10.1.0.0/16' });
  const byV6 = rule(13, { ipRange: '2001:db8::/32' });
  const byCountry = rule(1, { country: 'GB' });
  const matcher = compileRules([byUser, byWideRange, byNarrowRange, byV6, byCountry]);

  it('prefers user over IP range over country', () => {
    expect(matcher.match({ ip: '10.1.2.3', country: 'GB', userId: 'u1' })).toBe(byUser);
    expect(matcher.match({ ip: '10.1.2.3', country: 'GB', userId: 'u2' })).toBe(byNarrowRange);
    expect(matcher.match({ ip: '192.0.2.1', country: 'GB', userId: null })).toBe(byCountry);
    expect(matcher.match({ ip: '192.0.2.1', country: 'DE', userId: null })).toBeNull();
  });

  it('prefers the longest matching prefix', () => {
    expect(matcher.match({ ip: '10.1.255.255', country: null, userId: null })).toBe(byNarrowRange);
    expect(matcher.match({ ip: '10.2.0.1', country: null, userId: null })).toBe(byWideRange);
  });

  it('matches IPv6 ranges and IPv4-mapped IPv6 addresses', () => {
    expect(matcher.match({ ip: '2001:db8:ffff::1', country: null, userId: null })).toBe(byV6);
    expect(matcher.match({ ip: '2001:db9::1', country: null, userId: null })).toBeNull();
    expect(matcher.match({ ip: '::ffff:10.9.9.9', country: null, userId: null })).toBe(byWideRange);
  });

  it('lets the newest of equally specific rules win (rules come newest first)', () => {
    const newer = rule(5, { country: 'FR' });
    const older = rule(1, { country: 'FR' });
    expect(compileRules([newer, older]).match({ ip: '192.0.2.1', country: 'FR', userId: null })).toBe(newer);
  });
});

describe('parseIpRange / normalizeIp', () => {
  it('accepts CIDR ranges and bare addresses', () => {
    expect(parseIpRange('192.0.2.0/24')).toEqual({ address: '192.0.2.0', prefix: 24, family: 'ipv4' });
    expect(parseIpRange('192.0.2.7')).toEqual({ address: '192.0.2.7', prefix: 32, family: 'ipv4' });
    expect(parseIpRange('2001:db8::/48')).toEqual({ address: '2001:db8::', prefix: 48, family: 'ipv6' });
  });

  it('rejects malformed ranges', () => {
    for (const bad of ['', 'example.com', '192.0.2.0/33', '2001:db8::/129', '1.2.3.4/8/1', '1.2.3.4/x', '300.1.1.1/8']) {
      expect(parseIpRange(bad), bad).toBeNull();
    }
  });

  it('unwraps IPv4-mapped IPv6 and rejects garbage', () => {
    expect(normalizeIp('::ffff:203.0.113.9')).toEqual({ address: '203.0.113.9', family: 'ipv4' });
    expect(normalizeIp('::1')).toEqual({ address: '::1', family: 'ipv6' });
    expect(normalizeIp('unknown')).toBeNull();
  });
});
