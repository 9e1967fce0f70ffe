/**
 * What the payment-request pages show, from the url alone (SPEC §2 office routes):
 *
 *   payment/requests[?request={id}]                           the list and the topics; one request
 *   payment/create-request/{topicId}[?sub=&transaction=]      the form for a topic
 *   payment/{topicId}/{subTopicId}[?transaction=]             the form with the sub-topic chosen
 *   payment/{topicId}/transactions[?sub=]                     which transaction it is about
 *   payment/{topicId}/transactions/{transactionId}[?sub=]     the form with the transaction chosen
 *
 * Everything the player chose lives in the url, so back/forward and reloads keep it.
 */
import { PAYMENT_REQUEST_LIMITS, type PaymentRequestStatus } from '@betsite/contracts';
import type { Failure } from './api.ts';

export type Screen =
  | { kind: 'home'; requestId: string | null }
  | { kind: 'form'; topicId: number; subTopicId: number | null; transactionId: string | null }
  | { kind: 'picker'; topicId: number; subTopicId: number | null }
  /** An id in the url that cannot be one. */
  | { kind: 'invalid' };

const ID = /^[1-9]\d{0,4}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A positive small integer id, null when absent, undefined when malformed. */
function idOf(value: string | null | undefined): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  return ID.test(value) ? Number(value) : undefined;
}

function uuidOf(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  return UUID.test(value) ? value.toLowerCase() : undefined;
}

export function screenOf(routeName: string, params: Readonly<Record<string, string | undefined>>, search: URLSearchParams): Screen {
  if (routeName === 'office-payment-requests') return { kind: 'home', requestId: uuidOf(search.get('request')) ?? null };
  const topicId = idOf(params.topicId);
  if (!topicId) return { kind: 'invalid' };
  const subTopicId = idOf(routeName === 'office-payment-subtopic' ? params.subTopicId : search.get('sub'));
  const transactionId = uuidOf(routeName === 'office-payment-transactions' ? params.transactionId : search.get('transaction'));
  if (subTopicId === undefined || transactionId === undefined) return { kind: 'invalid' };
  if (routeName === 'office-payment-transactions' && transactionId === null) return { kind: 'picker', topicId, subTopicId };
  return { kind: 'form', topicId, subTopicId, transactionId };
}

/** Why a message cannot be sent yet, or null. */
export function messageProblem(text: string, min: number = PAYMENT_REQUEST_LIMITS.messageMin): 'short' | 'long' | null {
  const length = text.trim().length;
  if (length < min) return 'short';
  if (length > PAYMENT_REQUEST_LIMITS.messageMax) return 'long';
  return null;
}

const EXPLAINED = new Set([
  'request_exists',
  'too_many_open_requests',
  'transaction_required',
  'transaction_not_eligible',
  'subtopic_mismatch',
  'too_many_requests',
  'request_closed',
  'idempotency_conflict',
]);

/** The dictionary key that explains a failed call, or null to show the server's own message. */
export function failureKey(failure: Pick<Failure, 'status' | 'code'>): string | null {
  if (failure.status === null) return 'main:main_network_error';
  if (failure.code && EXPLAINED.has(failure.code)) return `preq_error_${failure.code}`;
  if (failure.status === 404) return 'preq_error_not_found';
  if (failure.status === 401) return 'preq_error_unauthorized';
  return null;
}

/** The request a 409 `request_exists` names, to link to it. */
export function existingRequestOf(failure: Pick<Failure, 'code' | 'details'>): { requestId: string; number: number } | null {
  if (failure.code !== 'request_exists' || typeof failure.details !== 'object' || failure.details === null) return null;
  const { requestId, number } = failure.details as { requestId?: unknown; number?: unknown };
  return typeof requestId === 'string' && typeof number === 'number' ? { requestId, number } : null;
}

/** Whether the player can still write in a request. */
export const canReply = (status: PaymentRequestStatus) => status !== 'closed';
