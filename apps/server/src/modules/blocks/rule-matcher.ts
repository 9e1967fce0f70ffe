/**
 * Which block rule applies to a visitor. Precedence (most specific first): a rule for the
 * user, then one for an IP range containing the address (longest prefix first), then one
 * for the country. Among equally specific rules the newest wins.
 */
import { BlockList, isIP } from 'node:net';
import type { BlockRule } from '@betsite/contracts';

export interface Visitor {
  ip: string;
  country: string | null;
  /** Only for logged-in visitors. */
  userId: string | null;
}

export interface RuleMatcher {
  match(visitor: Visitor): BlockRule | null;
}

interface IpRule {
  list: BlockList;
  prefix: number;
  rule: BlockRule;
}

/** `rules` newest first. */
export function compileRules(rules: readonly BlockRule[]): RuleMatcher {
  const byUser = new Map<string, BlockRule>();
  const byCountry = new Map<string, BlockRule>();
  const byIp: IpRule[] = [];
  for (const rule of rules) {
    if (rule.userId !== null && !byUser.has(rule.userId)) byUser.set(rule.userId, rule);
    if (rule.country !== null && !byCountry.has(rule.country)) byCountry.set(rule.country, rule);
    if (rule.ipRange !== null) {
      const range = parseIpRange(rule.ipRange);
      if (!range) continue;
      const list = new BlockList();
      list.addSubnet(range.address, range.prefix, range.family);
      byIp.push({ list, prefix: range.prefix, rule });
    }
  }
  // Stable sort: equal prefixes keep newest-first order.
  byIp.sort((a, b) => b.prefix - a.prefix);

  return {
    match({ ip, country, userId }) {
      const fromUser = userId === null ? undefined : byUser.get(userId);
      if (fromUser) return fromUser;
      const address = normalizeIp(ip);
      if (address) {
        const fromIp = byIp.find(({ list }) => list.check(address.address, address.family));
        if (fromIp) return fromIp.rule;
      }
      return (country === null ? undefined : byCountry.get(country)) ?? null;
    },
  };
}

type Family = 'ipv4' | 'ipv6';

/** An address as BlockList wants it; IPv4-mapped IPv6 (`::ffff:1.2.3.4`, dual-stack sockets) becomes IPv4. */
export function normalizeIp(ip: string): { address: string; family: Family } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const version = isIP(address);
  if (version === 0) return null;
  return { address, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** `address/prefix` or a bare address (a single host); null when malformed. */
export function parseIpRange(range: string): { address: string; prefix: number; family: Family } | null {
  const [address = '', prefixText, ...rest] = range.split('/');
  if (rest.length > 0) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const maxPrefix = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}
