/**
 * The live transport (ARCHITECTURE "Live data"): one WebSocket per tab at `LIVE_WS_PATH`,
 * JSON text frames both ways.
 *
 * A topic is `family` or `family:arg:arg…` (`balance`, `test:demo`, later `game:123`,
 * `sport:1:live`). Subscribing answers a `snapshot` (the whole state and its sequence
 * number) or, when the client resumes with `fromSeq`, a `resumed` followed by the deltas it
 * missed; then `delta`s follow, each with the next sequence number of its topic. Deltas
 * set state (they carry new values, not increments), so applying one the snapshot already
 * reflects does no harm. A sequence number is an opaque integer: the client keeps the last
 * one it applied per topic and sends it back as `fromSeq` after a reconnect.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const LIVE_WS_PATH = '/web-api/live/v1/ws';

/** Limits the server applies to every connection. */
export const LIVE_LIMITS = {
  /** Topics one connection may hold at once. */
  maxSubscriptions: 200,
  /** Longest client message (characters); longer ones answer `message_too_large`. */
  maxMessageLength: 4096,
  /** Longest topic name. */
  maxTopicLength: 128,
} as const;

/** The `code` of an `error` message. */
export const LiveErrorCode = {
  /** Not JSON, or not one of the client messages. */
  invalidMessage: 'invalid_message',
  messageTooLarge: 'message_too_large',
  /** No such topic family, or arguments it does not accept. */
  unknownTopic: 'unknown_topic',
  /** The topic needs a logged-in player (or another player's data was asked for). */
  forbidden: 'forbidden',
  tooManySubscriptions: 'too_many_subscriptions',
  /** The client sends messages too fast; this one was dropped. */
  rateLimited: 'rate_limited',
  /** The topic's state could not be loaded; subscribe again later. */
  snapshotFailed: 'snapshot_failed',
  /** The session behind the connection ended (logout, expiry): its private topics are closed. */
  sessionEnded: 'session_ended',
  /** The `auth` token names no live session. */
  authFailed: 'auth_failed',
  /** An `auth` on a connection that already has a player. */
  alreadyAuthenticated: 'already_authenticated',
} as const;
export type LiveErrorCode = (typeof LiveErrorCode)[keyof typeof LiveErrorCode];

/** `family` or `family:arg:…`; family in lower case, arguments of letters, digits, `_ . -`. */
export const LiveTopicSchema = text()
  .max(LIVE_LIMITS.maxTopicLength)
  .regex(/^[a-z][a-z0-9-]{0,31}(:[A-Za-z0-9_.-]{1,64})*$/, 'Not a topic name');

/** A sequence number: a non-negative safe integer. */
export const LiveSeqSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const LiveSubscribeSchema = z
  .object({
    type: z.literal('subscribe'),
    topic: LiveTopicSchema,
    /** The last sequence number the client applied: answer the deltas after it instead of a snapshot. */
    fromSeq: LiveSeqSchema.optional(),
  })
  .strict();
export const LiveUnsubscribeSchema = z.object({ type: z.literal('unsubscribe'), topic: LiveTopicSchema }).strict();
export const LivePingSchema = z.object({ type: z.literal('ping') }).strict();
/** For clients without the session cookie (apps, tools): the session token, as in `X-Auth`. */
export const LiveAuthSchema = z.object({ type: z.literal('auth'), token: text().min(1).max(256) }).strict();

export const LiveClientMessageSchema = z.discriminatedUnion('type', [LiveSubscribeSchema, LiveUnsubscribeSchema, LivePingSchema, LiveAuthSchema]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

export const LiveSnapshotSchema = z.object({ type: z.literal('snapshot'), topic: text(), seq: LiveSeqSchema, data: z.unknown() });
export const LiveDeltaSchema = z.object({ type: z.literal('delta'), topic: text(), seq: LiveSeqSchema, data: z.unknown() });
/** Answer to a `subscribe` with `fromSeq` the server can continue: the missed deltas follow. */
export const LiveResumedSchema = z.object({ type: z.literal('resumed'), topic: text(), seq: LiveSeqSchema });
export const LivePongSchema = z.object({ type: z.literal('pong') });
export const LiveErrorSchema = z.object({
  type: z.literal('error'),
  code: text(),
  message: text(),
  /** Set when the error ends or refuses a subscription. */
  topic: text().optional(),
});

export const LiveServerMessageSchema = z.discriminatedUnion('type', [LiveSnapshotSchema, LiveDeltaSchema, LiveResumedSchema, LivePongSchema, LiveErrorSchema]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveSnapshot<T = unknown> = Omit<z.infer<typeof LiveSnapshotSchema>, 'data'> & { data: T };
export type LiveDelta<T = unknown> = Omit<z.infer<typeof LiveDeltaSchema>, 'data'> & { data: T };
export type LiveError = z.infer<typeof LiveErrorSchema>;

/**
 * Topic `balance` (private: the connection's own player only). Snapshot: the accounts
 * answer (`AccountsResponseSchema`). Delta: SPEC §3 balance-change event, one account.
 */
export const LIVE_BALANCE_TOPIC = 'balance';
export const LiveBalanceDeltaSchema = z.object({
  account_id: z.uuid(),
  /** Minor units, integer text. */
  new_balance: text().regex(/^-?\d+$/),
  /** The ledger entry that moved it (integer text): entry ids grow per account, so the browser keeps the newest. */
  entry_id: text().regex(/^\d+$/),
});
export type LiveBalanceDelta = z.infer<typeof LiveBalanceDeltaSchema>;

/**
 * Topics `test:{name}` exist only on a server with OPS_TOKEN: the operator publishes to them
 * (`POST /ops-api/v1/live/publish`, `POST /ops-api/v1/live/load`) to check and measure the
 * transport. Snapshot `{ name }`.
 */
export const LIVE_TEST_FAMILY = 'test';
export const LiveTestNameSchema = text().regex(/^[A-Za-z0-9_.-]{1,64}$/);

export const LiveOpsPublishSchema = z.object({ name: LiveTestNameSchema, data: z.unknown() }).strict();
export type LiveOpsPublish = z.input<typeof LiveOpsPublishSchema>;
export const LiveOpsPublishedSchema = z.object({ topic: text(), seq: LiveSeqSchema });
export type LiveOpsPublished = z.infer<typeof LiveOpsPublishedSchema>;

/**
 * A synthetic load: `perSecond` deltas spread over topics `test:{prefix}{0..topics-1}` for
 * `seconds`, each delta `{ i, sentAt }` (`sentAt`: epoch milliseconds with fractions, taken
 * just before publishing). Answered when the run ends, with the sequence range per topic.
 */
export const LiveOpsLoadSchema = z
  .object({
    prefix: LiveTestNameSchema.default('load'),
    topics: z.number().int().min(1).max(10_000),
    perSecond: z.number().int().min(1).max(100_000),
    seconds: z.number().min(0.1).max(600),
  })
  .strict();
export type LiveOpsLoad = z.input<typeof LiveOpsLoadSchema>;
export const LiveOpsLoadResultSchema = z.object({
  published: z.number().int(),
  /** Per topic: the first and last sequence number published in this run. */
  ranges: z.record(text(), z.tuple([LiveSeqSchema, LiveSeqSchema])),
  /** How late the publisher ran behind its schedule at the worst moment (ms). */
  maxLagMs: z.number(),
});
export type LiveOpsLoadResult = z.infer<typeof LiveOpsLoadResultSchema>;
export interface LiveLoadDelta {
  i: number;
  sentAt: number;
}
