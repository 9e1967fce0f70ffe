/**
 * What a ledger movement can be refused for. The refusals a client can cause are
 * `AppError`s, so the HTTP error handler already answers them (409, 422); amounts in
 * `details` are decimal strings of minor units because a bigint is not JSON.
 */
import { AppError } from '../../lib/errors.ts';

/** The idempotency key was already used for a different movement: a retry must repeat the request exactly. */
export class IdempotencyConflictError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super(409, 'idempotency_conflict', 'The idempotency key was already used for a different movement', { idempotencyKey });
    this.name = 'IdempotencyConflictError';
  }
}

/** A movement would take an account below zero that may not go negative (every player account). */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly accountId: string,
    readonly balance: bigint,
    readonly requested: bigint,
  ) {
    super(422, 'insufficient_funds', 'Insufficient funds', {
      accountId,
      balance: String(balance),
      requested: String(requested),
    });
    this.name = 'InsufficientFundsError';
  }
}

/** The player already has a main account, in another currency (one main account per player). */
export class AccountConflictError extends AppError {
  constructor(readonly ownerId: string, readonly currency: string) {
    super(409, 'account_conflict', `The player already has a main account in a currency other than ${currency}`, { ownerId });
    this.name = 'AccountConflictError';
  }
}

export class UnknownAccountError extends AppError {
  constructor(readonly accountId: string) {
    super(404, 'not_found', `No ledger account ${accountId}`);
    this.name = 'UnknownAccountError';
  }
}

/**
 * A movement that can never be posted (unbalanced, empty, zero amounts, mixed currencies,
 * unknown accounts). The code that built it is wrong, so it is not an `AppError`: it
 * answers 500 and is logged.
 */
export class InvalidMovementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMovementError';
  }
}
