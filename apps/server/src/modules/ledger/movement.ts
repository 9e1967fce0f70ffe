/**
 * A movement of money as callers describe it, and the checks that need no database.
 */
import { createHash } from 'node:crypto';
import { minor, type Minor } from '@betsite/domain';
import type { JsonObject } from '@betsite/db';
import { InvalidMovementError } from './errors.ts';

export interface MovementEntry {
  accountId: string;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface Movement {
  /** One per request that moves money (the coupon id for bets, the provider's id for payments). */
  idempotencyKey: string;
  /** What the movement is (`deposit`, `withdrawal`, `bet`, …), for statements and reports. */
  kind: string;
  entries: readonly MovementEntry[];
  metadata?: JsonObject;
}

export interface CheckedEntry {
  accountId: string;
  amount: Minor;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_KEY_LENGTH = 200;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** Double entry: two or more entries on distinct accounts, none zero, summing to exactly zero. */
export function checkMovement(movement: Movement): CheckedEntry[] {
  const { idempotencyKey, kind, entries } = movement;
  if (!idempotencyKey || idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new InvalidMovementError(`the idempotency key must have 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (!kind) throw new InvalidMovementError('a movement needs a kind');
  if (entries.length < 2) throw new InvalidMovementError('a movement needs at least two entries');
  const checked = entries.map(({ accountId, amount }) => {
    if (!isUuid(accountId)) throw new InvalidMovementError(`"${accountId}" is not an account id`);
    if (amount === 0n) throw new InvalidMovementError(`zero amount for account ${accountId}`);
    try {
      return { accountId: accountId.toLowerCase(), amount: minor(amount) };
    } catch {
      throw new InvalidMovementError(`amount ${amount} for account ${accountId} is out of range`);
    }
  });
  if (new Set(checked.map((e) => e.accountId)).size !== checked.length) {
    throw new InvalidMovementError('an account appears twice in one movement');
  }
  const sum = checked.reduce((total, e) => total + e.amount, 0n);
  if (sum !== 0n) throw new InvalidMovementError(`the entries sum to ${sum}, not zero`);
  return checked;
}

/**
 * Identifies what a movement does (its kind and who gets what, in any order), so a retry
 * is recognised and a reused key is not. Metadata is left out: it describes the request
 * (a callback's delivery time, a trace id) and may differ between deliveries of one payment.
 */
export function requestHash(kind: string, entries: readonly CheckedEntry[]): string {
  const canonical = [...entries]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
    .map((e) => [e.accountId, String(e.amount)]);
  return createHash('sha256').update(JSON.stringify([kind, canonical])).digest('hex');
}
