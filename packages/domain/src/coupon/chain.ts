/**
 * Chain (type 3): singles in the player's order, each staking the unit S. The chain account
 * starts at S (the amount charged); each leg stakes min(S, account), its floored return goes
 * back to the account, a leg that finds the account empty is not played, and the payout is
 * the account at the end.
 */
import { runAccount } from './account.ts';

export function settleChain(unit: bigint, factors: readonly (bigint | null)[]): ReturnType<typeof runAccount> {
  return runAccount(
    unit,
    factors.map(() => unit),
    factors,
  );
}

/** The chain's coef if every leg wins, before flooring: 1 + Σ (coef − 1), thousandths. */
export function chainCoef(coefs: readonly number[]): number {
  return coefs.reduce((sum, coef) => sum + coef - 1000, 1000);
}
