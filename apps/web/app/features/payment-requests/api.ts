/**
 * Calls of the payment-requests API (server module payment-requests). Every answer is
 * parsed with its contracts schema; a failure keeps the server's `code` so the views can
 * say what went wrong in the player's language.
 */
import {
  PaymentRequestDetailSchema,
  PaymentRequestListSchema,
  PaymentTopicListSchema,
  PaymentTopicTransactionsSchema,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentTopic,
  type Payment,
} from '@betsite/contracts';

const BASE = '/web-api/office/v1/payment';

export const PAYMENT_REQUESTS_ENDPOINTS = {
  topics: `${BASE}/topics`,
  transactions: (topicId: number) => `${BASE}/topics/${topicId}/transactions`,
  requests: `${BASE}/requests`,
  request: (id: string) => `${BASE}/requests/${encodeURIComponent(id)}`,
  messages: (id: string) => `${BASE}/requests/${encodeURIComponent(id)}/messages`,
  close: (id: string) => `${BASE}/requests/${encodeURIComponent(id)}/close`,
} as const;

export type Failure = { ok: false; status: number | null; code: string | null; message: string | null; details: unknown };
export type Result<T> = { ok: true; value: T } | Failure;

const field = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

async function request<T>(url: string, parse: (body: unknown) => T, init: RequestInit = {}): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch {
    return { ok: false, status: null, code: null, message: null, details: undefined };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) return { ok: false, status: response.status, code: text(field(body, 'code')), message: text(field(body, 'message')), details: field(body, 'details') };
  try {
    return { ok: true, value: parse(body) };
  } catch {
    return { ok: false, status: response.status, code: null, message: null, details: undefined };
  }
}

const withLang = (url: string, language: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;

const post = <T>(url: string, body: unknown, parse: (b: unknown) => T, idempotencyKey?: string) =>
  request(url, parse, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });

export const loadTopics = (language: string): Promise<Result<PaymentTopic[]>> =>
  request(withLang(PAYMENT_REQUESTS_ENDPOINTS.topics, language), (b) => PaymentTopicListSchema.parse(b).topics);

export const loadTransactions = (topicId: number): Promise<Result<Payment[]>> =>
  request(PAYMENT_REQUESTS_ENDPOINTS.transactions(topicId), (b) => PaymentTopicTransactionsSchema.parse(b).transactions);

export const loadRequests = (language: string, before?: string): Promise<Result<PaymentRequestList>> =>
  request(
    withLang(`${PAYMENT_REQUESTS_ENDPOINTS.requests}?limit=20${before ? `&before=${encodeURIComponent(before)}` : ''}`, language),
    (b) => PaymentRequestListSchema.parse(b),
  );

export const loadRequest = (id: string, language: string): Promise<Result<PaymentRequestDetail>> =>
  request(withLang(PAYMENT_REQUESTS_ENDPOINTS.request(id), language), (b) => PaymentRequestDetailSchema.parse(b));

export interface NewRequest {
  topicId: number;
  subTopicId: number | null;
  transactionId: string | null;
  message: string;
}

/** `idempotencyKey` makes a retried submit (after a network error) the same request. */
export const openRequest = (input: NewRequest, language: string, idempotencyKey: string): Promise<Result<PaymentRequestDetail>> =>
  post(withLang(PAYMENT_REQUESTS_ENDPOINTS.requests, language), input, (b) => PaymentRequestDetailSchema.parse(b), idempotencyKey);

export const sendReply = (id: string, message: string, language: string, idempotencyKey: string): Promise<Result<PaymentRequestDetail>> =>
  post(withLang(PAYMENT_REQUESTS_ENDPOINTS.messages(id), language), { message }, (b) => PaymentRequestDetailSchema.parse(b), idempotencyKey);

export const closeRequest = (id: string, language: string): Promise<Result<PaymentRequestDetail>> =>
  post(withLang(PAYMENT_REQUESTS_ENDPOINTS.close(id), language), {}, (b) => PaymentRequestDetailSchema.parse(b));

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
