/**
 * The account of a chain or a conditional coupon: it starts with the charged amount; each
 * leg (a single of a chain, a block of a conditional) stakes from it, never more than it
 * holds, and its return (floored) goes back into it; a leg that finds it empty is not
 * played. The payout is what it holds at the end. It never goes below zero: a stake is at
 * most the account and a return at least zero.
 */
import { applyFactor } from './factors.ts';

/** A leg's wish: a fixed amount (capped by the account) or all the account holds. */
export type LegStake = bigint | 'max';

export type LegState = 'open' | 'won' | 'returned' | 'partial' | 'lost' | 'not-played';

export interface AccountLeg {
  /** What the leg staked; null while an earlier leg is open (the account is not known). */
  readonly stake: bigint | null;
  /** The leg's factor in thousandths; null while open. */
  readonly factor: bigint | null;
  /** Its return; null while it or an earlier leg is open. */
  readonly ret: bigint | null;
  /** The account after it; null while it or an earlier leg is open. */
  readonly accountAfter: bigint | null;
  readonly state: LegState;
}

export function stateOf(factor: bigint | null): Exclude<LegState, 'not-played'> {
  if (factor === null) return 'open';
  if (factor === 0n) return 'lost';
  if (factor === 1000n) return 'returned';
  return factor > 1000n ? 'won' : 'partial';
}

/**
 * Runs the legs in order. `factors` are the legs' rounded factors (thousandths, null while
 * open). The final account is null while any leg that could still be played is open.
 */
export function runAccount(
  initial: bigint,
  stakes: readonly LegStake[],
  factors: readonly (bigint | null)[],
): { account: bigint | null; legs: AccountLeg[] } {
  if (initial < 0n) throw new RangeError('an account starts at zero or more');
  let account: bigint | null = initial;
  const legs: AccountLeg[] = [];
  factors.forEach((factor, i) => {
    const wish = stakes[i] ?? 'max';
    if (account === null) {
      legs.push({ stake: null, factor, ret: null, accountAfter: null, state: 'open' });
      return;
    }
    if (account === 0n) {
      legs.push({ stake: 0n, factor, ret: 0n, accountAfter: 0n, state: 'not-played' });
      return;
    }
    const stake: bigint = wish === 'max' || wish > account ? account : wish;
    if (factor === null) {
      legs.push({ stake, factor, ret: null, accountAfter: null, state: 'open' });
      account = null;
      return;
    }
    const ret = applyFactor(stake, factor);
    account = account - stake + ret;
    legs.push({ stake, factor, ret, accountAfter: account, state: stateOf(factor) });
  });
  return { account, legs };
}
