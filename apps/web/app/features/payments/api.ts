/**
 * Calls of the payments API (server module payments). The payment accounts come from the
 * history answer (`accounts`), so this feature does not depend on the accounts API being
 * there; when it is, the account list can move to it without changing the forms.
 */
import {
  PaymentCreatedSchema,
  PaymentHistorySchema,
  PaymentSchema,
  type Payment,
  type PaymentCreated,
  type PaymentHistory,
  type PaymentMethod,
} from '@betsite/contracts';

export const PAYMENTS_ENDPOINTS = {
  deposits: '/web-api/payments/v1/deposits',
  withdrawals: '/web-api/payments/v1/withdrawals',
  history: '/web-api/payments/v1/history',
  payment: (id: string) => `/web-api/payments/v1/payments/${encodeURIComponent(id)}`,
} as const;

/** A failure carries the server's code and body too (a limit refusal names the limit and what is left). */
export type Loaded<T> = { ok: true; value: T } | { ok: false; status: number | null; message: string | null; code?: string | null; body?: unknown };

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

const codeOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : null;

const messageOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : null;

async function getJson<T>(url: string, parse: (body: unknown) => T): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
    const body = await readJson(response);
    if (!response.ok) return { ok: false, status: response.status, message: messageOf(body) };
    return { ok: true, value: parse(body) };
  } catch {
    return { ok: false, status: null, message: null };
  }
}

export const loadHistory = (limit = 50, before?: string): Promise<Loaded<PaymentHistory>> =>
  getJson(`${PAYMENTS_ENDPOINTS.history}?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`, (b) => PaymentHistorySchema.parse(b));

export const loadPayment = (id: string): Promise<Loaded<Payment>> => getJson(PAYMENTS_ENDPOINTS.payment(id), (b) => PaymentSchema.parse(b));

export interface PaymentInput {
  accountId: string;
  amount: string;
  method: PaymentMethod;
  language: string;
}

/** Starts a deposit or requests a withdrawal; `idempotencyKey` makes a retried submit the same request. */
export async function createPayment(direction: 'deposit' | 'withdrawal', input: PaymentInput, idempotencyKey: string): Promise<Loaded<PaymentCreated>> {
  try {
    const response = await fetch(direction === 'deposit' ? PAYMENTS_ENDPOINTS.deposits : PAYMENTS_ENDPOINTS.withdrawals, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(input),
    });
    const body = await readJson(response);
    if (!response.ok) return { ok: false, status: response.status, message: messageOf(body), code: codeOf(body), body };
    return { ok: true, value: PaymentCreatedSchema.parse(body) };
  } catch {
    return { ok: false, status: null, message: null };
  }
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
