/**
 * Conditional (type 5): ordered blocks, each a single or an express. The first block's
 * amount is charged and staked; each next block stakes its amount (or 'max', all of it)
 * from the conditional account, never more than the account holds; returns are floored
 * into the account; the payout is what remains at the end.
 */
import { runAccount, type LegStake } from './account.ts';

export function settleConditional(
  first: bigint,
  later: readonly LegStake[],
  factors: readonly (bigint | null)[],
): ReturnType<typeof runAccount> {
  return runAccount(first, ['max', ...later], factors);
}
