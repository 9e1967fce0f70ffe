/**
 * Systems (type 2): a system k of n (2 ≤ k < n, SPEC default k = 2) bets every express of k
 * of the n selections, C(n, k) lines. With bankers (isActiveSystemBanker) every line holds
 * every banker and k − b of the others: C(n − b, k − b) lines, so 1 ≤ k − b < n − b.
 * A multi-bet's system over m blocks uses the same options with b = 0.
 */
import { minor, type Minor } from '../money/minor.ts';
import { binomial } from './lines.ts';
import type { SystemOption } from './types.ts';

/** SPEC §5 "System value is at least 2"; SPEC §9 default 2. */
export const DEFAULT_SYSTEM_VALUE = 2;

/** The smallest and largest k of a system of n with b bankers (empty when min > max). */
export function systemValueRange(n: number, bankers = 0): { min: number; max: number } {
  return { min: Math.max(DEFAULT_SYSTEM_VALUE, bankers + 1), max: n - 1 };
}

export function isSystemValue(k: number, n: number, bankers = 0): boolean {
  const { min, max } = systemValueRange(n, bankers);
  return Number.isInteger(k) && k >= min && k <= max;
}

/**
 * The system options list (SPEC §3 "System option") for every k: value k, offset = the
 * bankers, combo = C(n − b, k − b) lines and minBetAmount = the currency's minimum stake
 * per line × combo.
 */
export function systemOptions(n: number, bankers: number, minLineStake: Minor): SystemOption[] {
  const { min, max } = systemValueRange(n, bankers);
  const options: SystemOption[] = [];
  for (let k = min; k <= max; k++) {
    const combo = binomial(n - bankers, k - bankers);
    options.push({ value: k, offset: bankers, minBetAmount: minor(minLineStake * BigInt(combo)), combo });
  }
  return options;
}
