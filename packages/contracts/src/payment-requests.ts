/**
 * Payment requests (issue 3, SPEC §2 office payment/requests, payment/create-request/{topicId},
 * payment/{topicId}/transactions/{transactionId?}, payment/{topicId}/{subTopicId}): a player
 * asks about a payment problem under a topic ("Deposit not credited" …) and sub-topic,
 * optionally about one of their own payments, and talks it through with an operator.
 *
 * A request is `open` (waiting for the operator), `answered` (the operator replied; a player
 * reply makes it open again) or `closed` (by the player or the operator; final).
 */
import { z } from 'zod';
import { PaymentSchema } from './payments.ts';
import { text } from './text.ts';

export const PAYMENT_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export const PaymentRequestStatusSchema = z.enum(PAYMENT_REQUEST_STATUSES);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatusSchema>;

/** Whether a topic is about one of the player's payments. */
export const TopicTransactionSchema = z.enum(['required', 'optional', 'none']);
export type TopicTransaction = z.infer<typeof TopicTransactionSchema>;

export const PAYMENT_REQUEST_LIMITS = {
  /** The first message must say what happened. */
  messageMin: 10,
  messageMax: 2000,
  /** Requests not yet closed, per player. */
  maxOpen: 5,
} as const;

/** Error codes of the payment-requests API (the `code` of `ApiErrorSchema`); see also `PaymentErrorCode`. */
export const PaymentRequestErrorCode = {
  /** The sub-topic belongs to another topic (422). */
  subtopicMismatch: 'subtopic_mismatch',
  /** The topic is about a payment and none was chosen (422). */
  transactionRequired: 'transaction_required',
  /** The payment is the player's but not one this topic is about (422). */
  transactionNotEligible: 'transaction_not_eligible',
  /** A request about this payment is already open; `details.requestId` names it (409). */
  requestExists: 'request_exists',
  /** Too many requests not yet closed (422). */
  tooManyOpen: 'too_many_open_requests',
  /** The request is closed: no more replies (409). */
  requestClosed: 'request_closed',
} as const;

const LanguageSchema = text()
  .regex(/^[A-Za-z]{2}$/)
  .transform((l) => l.toLowerCase());

const IdNumberSchema = z.coerce.number().int().min(1).max(32_767);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const messageText = (min: number) =>
  text()
    .trim()
    .min(min, { message: `At least ${min} characters` })
    .max(PAYMENT_REQUEST_LIMITS.messageMax, { message: `At most ${PAYMENT_REQUEST_LIMITS.messageMax} characters` });

/** `?lang=` of the answers that carry topic names (default English). */
export const PaymentTopicsQuerySchema = z.object({ lang: LanguageSchema.optional() }).strict();

export const PaymentSubtopicSchema = z.object({
  id: z.number().int(),
  code: text(),
  name: text(),
});
export type PaymentSubtopic = z.infer<typeof PaymentSubtopicSchema>;

export const PaymentTopicSchema = z.object({
  id: z.number().int(),
  code: text(),
  name: text(),
  transaction: TopicTransactionSchema,
  subtopics: z.array(PaymentSubtopicSchema),
});
export type PaymentTopic = z.infer<typeof PaymentTopicSchema>;

/** `GET /web-api/office/v1/payment/topics?lang=`. */
export const PaymentTopicListSchema = z.object({ topics: z.array(PaymentTopicSchema) });
export type PaymentTopicList = z.infer<typeof PaymentTopicListSchema>;

export const PaymentTopicParamsSchema = z.object({ topicId: IdNumberSchema }).strict();

/** `GET /web-api/office/v1/payment/topics/{topicId}/transactions`: the player's payments this topic is about, newest first. */
export const PaymentTopicTransactionsSchema = z.object({ transactions: z.array(PaymentSchema) });
export type PaymentTopicTransactions = z.infer<typeof PaymentTopicTransactionsSchema>;

/** `POST /web-api/office/v1/payment/requests` (with an `Idempotency-Key` header). */
export const CreatePaymentRequestSchema = z
  .object({
    topicId: z.number().int().min(1).max(32_767),
    subTopicId: z.number().int().min(1).max(32_767).nullable().optional(),
    transactionId: text().regex(UUID, { message: 'Not a transaction id' }).nullable().optional(),
    message: messageText(PAYMENT_REQUEST_LIMITS.messageMin),
  })
  .strict();
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequestSchema>;

/** `POST /web-api/office/v1/payment/requests/{id}/messages` (with an `Idempotency-Key` header). */
export const PaymentRequestReplySchema = z.object({ message: messageText(1) }).strict();
export type PaymentRequestReply = z.input<typeof PaymentRequestReplySchema>;

export const PaymentRequestMessageSchema = z.object({
  id: text(),
  author: z.enum(['player', 'operator']),
  body: text(),
  createdAt: z.iso.datetime(),
});
export type PaymentRequestMessage = z.infer<typeof PaymentRequestMessageSchema>;

const TopicRefSchema = z.object({ id: z.number().int(), code: text(), name: text() });

export const PaymentRequestSummarySchema = z.object({
  id: text(),
  /** The number the player quotes to support. */
  number: z.number().int(),
  status: PaymentRequestStatusSchema,
  topic: TopicRefSchema,
  subTopic: TopicRefSchema.nullable(),
  transactionId: text().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type PaymentRequestSummary = z.infer<typeof PaymentRequestSummarySchema>;

export const PaymentRequestDetailSchema = PaymentRequestSummarySchema.extend({
  /** Oldest first; the first is the player's opening message. */
  messages: z.array(PaymentRequestMessageSchema),
  /** The payment the request is about, as the player sees it. */
  transaction: PaymentSchema.nullable(),
});
export type PaymentRequestDetail = z.infer<typeof PaymentRequestDetailSchema>;

/** `GET /web-api/office/v1/payment/requests?limit=&before=&lang=`. */
export const PaymentRequestListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** `nextCursor` of the previous page. */
    before: text().max(200).optional(),
    lang: LanguageSchema.optional(),
  })
  .strict();

export const PaymentRequestListSchema = z.object({
  /** Newest first. */
  requests: z.array(PaymentRequestSummarySchema),
  nextCursor: text().nullable(),
});
export type PaymentRequestList = z.infer<typeof PaymentRequestListSchema>;

/** `GET /ops-api/v1/payment-requests?status=&limit=` (default: open ones, oldest first — the queue). */
export const OpsPaymentRequestQuerySchema = z
  .object({
    status: PaymentRequestStatusSchema.default('open'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

export const OpsPaymentRequestSummarySchema = PaymentRequestSummarySchema.extend({ userId: text() });
export type OpsPaymentRequestSummary = z.infer<typeof OpsPaymentRequestSummarySchema>;
export const OpsPaymentRequestListSchema = z.object({ requests: z.array(OpsPaymentRequestSummarySchema) });
export type OpsPaymentRequestList = z.infer<typeof OpsPaymentRequestListSchema>;
export const OpsPaymentRequestSchema = PaymentRequestDetailSchema.extend({ userId: text() });
export type OpsPaymentRequest = z.infer<typeof OpsPaymentRequestSchema>;

/** `POST /ops-api/v1/payment-requests/{id}/answer`: the operator's reply, optionally closing the request. */
export const OpsPaymentRequestAnswerSchema = z
  .object({
    message: messageText(1),
    close: z.boolean().default(false),
  })
  .strict();
