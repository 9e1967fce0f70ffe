/**
 * Deposits ask the responsible-gaming limits before any money moves. The limits service
 * (responsible-gaming issue) implements this; until then every deposit is allowed.
 */
export interface DepositLimitRequest {
  userId: string;
  accountId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  now: Date;
}

export type DepositLimitDecision = { allowed: true } | { allowed: false; reason: string };

export interface DepositLimitCheck {
  check(request: DepositLimitRequest): Promise<DepositLimitDecision>;
}

export const allowAllDeposits: DepositLimitCheck = {
  check: async () => ({ allowed: true }),
};
