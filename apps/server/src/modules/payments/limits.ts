/**
 * Deposits ask the responsible-gaming limits before any money moves. The limits module
 * (modules/limits, issue 12) implements this; the check runs inside the transaction that
 * inserts the deposit (`db`), after locking the player's limits row, so two concurrent
 * deposits cannot both pass a limit. It refuses by throwing an AppError (code and the
 * remaining allowance) or by answering `allowed: false`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';

export interface DepositLimitRequest {
  userId: string;
  accountId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  now: Date;
  /** The deposit's transaction. */
  db?: Kysely<Database>;
}

export type DepositLimitDecision = { allowed: true } | { allowed: false; reason: string };

export interface DepositLimitCheck {
  check(request: DepositLimitRequest): Promise<DepositLimitDecision>;
}

/** Every deposit allowed: for tests of the payments module alone. */
export const allowAllDeposits: DepositLimitCheck = {
  check: async () => ({ allowed: true }),
};
