/**
 * The keyset cursor of a newest-first history (payments, coupons): the last row's
 * `created_at` and id, opaque to the client (base64url JSON). A cursor that does not decode
 * is a 400 naming `query.before`.
 */
import { AppError } from './errors.ts';
import { isUuid } from '../modules/ledger/movement.ts';

export interface HistoryCursor {
  at: Date;
  id: string;
}

export function encodeHistoryCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');
}

export function decodeHistoryCursor(text: string): HistoryCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && isUuid(id) && !Number.isNaN(Date.parse(at))) return { at: new Date(at), id };
  } catch {
    // fall through
  }
  throw new AppError(400, 'invalid_request', 'Invalid history cursor', [{ path: 'query.before', message: 'Invalid cursor' }]);
}
