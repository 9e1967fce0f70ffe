/**
 * The limit service (issue 12; SPEC §3 responsible-gaming limit, §4 limit states, §7 calls,
 * §8 save answers, §9 values) and the reality check. Paths exactly as SPEC §7 gives them:
 *
 *   GET    /limit-service-api/api/external/web/v3/availablelimits   types, measures, allowed values
 *   GET    /limit-service-api/api/external/web/v3/limits            the player's limits now
 *   POST   /limit-service-api/api/external/web/v3/limits            set / raise / lower / remove
 *   POST   /limit-service-api/api/external/web/v3/testanswers       answers to the questionnaire
 *   POST   /limit-service-api/api/external/web/v3/limitaction       confirm or reject a due change
 *   DELETE /limit-service-api/api/external/web/v3/limit             reject (drop) pending changes
 *   GET    /limit-service-api/api/external/web/v3/reasons/selfexclude
 *   POST   /limit-service-api/api/external/web/v3/ping              session limit heartbeat
 *   POST   /limit-service-api/api/external/web/v3/selfblock         the self-block call
 *   POST   /web-api/api/web/user/v1/reality-check                    the player's reality-check choice
 *   GET    /ops-api/v1/players/:id/limits                            operator: limits + audit trail
 *
 * Which of limitaction (POST) and limit (DELETE) the browser uses is `site.protection.limitActionMode`;
 * the server serves both. Times are epoch SECONDS (SPEC: startedAt, endsAt, approval due in
 * seconds) except where named `…Ms`.
 *
 * Money limits (deposit 20–22, wagering 1–3, loss 10–12) are whole units of the limit's
 * `currency` (the player's main account currency); amounts in the player's other currencies
 * count converted by SPEC §9's initial stakes (decision 0019).
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

const BASE = '/limit-service-api/api/external/web/v3';

export const LIMITS_API = {
  base: BASE,
  availableLimits: `${BASE}/availablelimits`,
  limits: `${BASE}/limits`,
  testAnswers: `${BASE}/testanswers`,
  limitAction: `${BASE}/limitaction`,
  limit: `${BASE}/limit`,
  selfExcludeReasons: `${BASE}/reasons/selfexclude`,
  ping: `${BASE}/ping`,
  selfBlock: `${BASE}/selfblock`,
  realityCheck: '/web-api/api/web/user/v1/reality-check',
  opsPlayerLimits: '/ops-api/v1/players/:id/limits',
} as const;

/** SPEC §3 limit type numbers. */
export const LIMIT_TYPE = {
  depositDay: 20,
  depositWeek: 21,
  depositMonth: 22,
  wagerDay: 1,
  wagerWeek: 2,
  wagerMonth: 3,
  lossDay: 10,
  lossWeek: 11,
  lossMonth: 12,
  /** Self-exclusion or time period (time-out): no bets, deposits or casino play; login, withdrawals and history stay. */
  selfExclusion: 30,
  /** Session hours per day. */
  sessionHours: 31,
  /** Reality check every N minutes. */
  realityCheck: 32,
  /** Deposit time-out: no deposits for N days. */
  depositTimeout: 33,
  /** Extra-limits lock: read-only, value 1 while a change of 30/31/33 is pending or a self-exclusion runs. */
  extraLock: 37,
} as const;

export const LIMIT_TYPES = [20, 21, 22, 1, 2, 3, 10, 11, 12, 30, 31, 32, 33, 37] as const;
export const LimitTypeSchema = z.literal(LIMIT_TYPES);
export type LimitType = (typeof LIMIT_TYPES)[number];

export const DEPOSIT_LIMIT_TYPES = [20, 21, 22] as const;
export const WAGER_LIMIT_TYPES = [1, 2, 3] as const;
export const LOSS_LIMIT_TYPES = [10, 11, 12] as const;
/** Types a player may set through POST limits (37 is the server's). */
export const SETTABLE_LIMIT_TYPES = [20, 21, 22, 1, 2, 3, 10, 11, 12, 30, 31, 32, 33] as const;
export const SettableLimitTypeSchema = z.literal(SETTABLE_LIMIT_TYPES);
export type SettableLimitType = (typeof SETTABLE_LIMIT_TYPES)[number];

/**
 * Site config `protection` (site-config.ts): which call rejects a change (SPEC §7 "by
 * configuration") and whether a questionnaire comes before a limit change.
 */
export const ProtectionSettingsSchema = z.object({
  limitActionMode: z.enum(['limitaction', 'delete']),
  questionnaireRequired: z.boolean(),
});
export type ProtectionSettings = z.infer<typeof ProtectionSettingsSchema>;
export const DEFAULT_PROTECTION_SETTINGS: ProtectionSettings = { limitActionMode: 'limitaction', questionnaireRequired: false };

/** SPEC §9 values. */
export const LIMIT_VALUES = {
  /** Money limits: "no limit" (setting it removes the limit, a raise). */
  noLimit: 999_999_999,
  /** Session/reality-check: "not set" (setting it removes the limit, a raise). */
  notSet: -1,
  selfExclusionDays: [1, 7, 30, 90, 180, 360, 365, 720, 730, 1080, 1095, 1800, 1825],
  sessionHours: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
  realityCheckMinutes: [5, 10, 15, 30, 45, 60],
  timeoutDays: [1, 7, 30],
  /** Reality-check timer step at most 5 minutes (the browser rechecks popup_show_at each step). */
  realityCheckStepMs: 5 * 60_000,
  /** Session ping every 30 s. */
  pingIntervalMs: 30_000,
  /** A raise or removal waits this long, then needs the player's confirmation. */
  approvalDelaySeconds: 86_400,
} as const;

export const LimitStateSchema = z.enum(['PENDING', 'ACTIVE', 'INACTIVE']);
export type LimitState = z.infer<typeof LimitStateSchema>;

export const LimitMeasureSchema = z.enum(['currency', 'days', 'hours', 'minutes', 'flag']);
export type LimitMeasure = z.infer<typeof LimitMeasureSchema>;

/**
 * One limit as GET limits / POST limits / testanswers answer it (SPEC §3 fields plus the
 * pending change). A type the player never set is absent from the list.
 */
export const PlayerLimitSchema = z.object({
  limitType: LimitTypeSchema,
  /** The value in force (999999999 / −1 when none is in force but a change is pending). */
  limitValue: z.number().int(),
  /** ACTIVE: in force; PENDING: only a change waits (nothing in force yet); INACTIVE: ended or removed. */
  limitState: LimitStateSchema,
  /** True when the pending change is due and waits for the player's confirm or reject (SPEC §4 non-closable dialog). */
  needApprove: z.boolean(),
  /** When the value in force started (epoch seconds), null if none. */
  startedAt: z.number().int().nullable(),
  /** Self-exclusion / time-outs: when they end (epoch seconds); null otherwise. */
  endsAt: z.number().int().nullable(),
  /** Money limits: what is left in the rolling period, in major units of `currency` (may have decimals); null for other types. */
  limitBalance: z.number().nullable(),
  measure: LimitMeasureSchema,
  /** Money limits: ISO code the value is in; null otherwise. */
  currency: text().nullable(),
  /** A raise or removal waiting (999999999 / −1 for a removal); null when none. */
  pendingValue: z.number().int().nullable(),
  /** When the pending change may be confirmed (epoch seconds: asked at + 86400); null when none. */
  approveAt: z.number().int().nullable(),
  /** Self-exclusion reason id, when one was given. */
  selfExcludeReason: z.number().int().nullable(),
});
export type PlayerLimit = z.infer<typeof PlayerLimitSchema>;

/** GET limits */
export const PlayerLimitsSchema = z.object({
  limitsData: z.array(PlayerLimitSchema),
  /** Self-exclusion / time-out running now (type 30 active, or 37). */
  selfExcluded: z.boolean(),
  /** The extra-limits section (30, 31, 33) is locked (pending change or self-exclusion): SPEC §5 lock. */
  extraLimitsLocked: z.boolean(),
});
export type PlayerLimits = z.infer<typeof PlayerLimitsSchema>;

/** GET availablelimits (language header `Accept-Language` / `lng` query picks the names). */
export const AvailableLimitSchema = z.object({
  type: LimitTypeSchema,
  measure: LimitMeasureSchema,
  /** Allowed values; empty for money limits (any whole amount 1..999999998, or 999999999). */
  availableValues: z.array(z.number().int()),
  name: text(),
  currency: text().nullable(),
});
export const AvailableLimitsSchema = z.object({ limits: z.array(AvailableLimitSchema) });
export type AvailableLimits = z.infer<typeof AvailableLimitsSchema>;

export const LimitChangeSchema = z
  .object({
    limitType: SettableLimitTypeSchema,
    limitValue: z.number().int().min(-1).max(LIMIT_VALUES.noLimit),
    /** Type 30 only: a reason id from reasons/selfexclude. */
    selfExcludeReason: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type LimitChange = z.infer<typeof LimitChangeSchema>;

/** POST limits */
export const SetLimitsRequestSchema = z.object({ limits: z.array(LimitChangeSchema).min(1).max(14) }).strict();
export type SetLimitsRequest = z.infer<typeof SetLimitsRequestSchema>;

export const LimitQuestionSchema = z.object({
  id: z.number().int(),
  text: text(),
  answers: z.array(z.object({ id: z.number().int(), text: text() })),
});
export type LimitQuestion = z.infer<typeof LimitQuestionSchema>;

/**
 * POST limits answer (200). `status` 'applied': every change took effect or is PENDING (see
 * limitsData); 'questions': the site asks the questionnaire first — nothing changed yet,
 * send the answers with tokenGuid to testanswers.
 */
export const SetLimitsResponseSchema = z.object({
  status: z.enum(['applied', 'questions']),
  data: z.object({
    questions: z.array(LimitQuestionSchema),
    tokenGuid: text().nullable(),
    limitsData: z.array(PlayerLimitSchema),
  }),
});
export type SetLimitsResponse = z.infer<typeof SetLimitsResponseSchema>;

/** POST testanswers */
export const TestAnswersRequestSchema = z
  .object({
    tokenGuid: z.uuid(),
    answers: z.array(z.object({ questionId: z.number().int(), answerId: z.number().int() }).strict()).min(1).max(50),
  })
  .strict();
export type TestAnswersRequest = z.infer<typeof TestAnswersRequestSchema>;

/** testanswers answer: success false → nothing changed (questionsResult says which answers failed). */
export const TestAnswersResponseSchema = z.object({
  questionsResult: z.array(z.object({ questionId: z.number().int(), correct: z.boolean() })),
  success: z.boolean(),
  limitsData: z.array(PlayerLimitSchema),
});
export type TestAnswersResponse = z.infer<typeof TestAnswersResponseSchema>;

/** POST limitaction: confirm or reject the due pending change(s) of the listed types (all due ones when omitted). */
export const LimitActionRequestSchema = z
  .object({
    action: z.enum(['confirm', 'reject']),
    limitTypes: z.array(SettableLimitTypeSchema).min(1).max(14).optional(),
  })
  .strict();
export type LimitActionRequest = z.infer<typeof LimitActionRequestSchema>;

/** DELETE limit: drop the pending change(s) of the listed types (all when omitted); same as reject. */
export const DeleteLimitQuerySchema = z
  .object({ limitType: z.coerce.number().int().optional() })
  .strict();

/** limitaction / limit answer: status code and a title the browser shows (SPEC §8). */
export const LimitActionResponseSchema = z.object({
  status: z.number().int(),
  title: text(),
  limitsData: z.array(PlayerLimitSchema),
});
export type LimitActionResponse = z.infer<typeof LimitActionResponseSchema>;

/** GET reasons/selfexclude */
export const SelfExcludeReasonsSchema = z.object({
  reasons: z.array(z.object({ id: z.number().int(), selfExcludeReason: text() })),
});
export type SelfExcludeReasons = z.infer<typeof SelfExcludeReasonsSchema>;

/**
 * POST ping answer. `sessionEnded` true: the session limit is used up — the browser shows the
 * SPEC §8 notice ("session limit ended, visit tomorrow") and logs out (the server already ended
 * the session). Hours and times while a limit applies; all null when no session limit is set.
 */
export const LimitPingResponseSchema = z.object({
  sessionEnded: z.boolean(),
  /** Session limit in hours, null when not set. */
  limitHours: z.number().int().nullable(),
  usedSeconds: z.number().int().nullable(),
  remainingSeconds: z.number().int().nullable(),
  /** When play is allowed again (epoch seconds; next day start UTC) once ended. */
  nextAllowedAt: z.number().int().nullable(),
});
export type LimitPingResponse = z.infer<typeof LimitPingResponseSchema>;

/** POST selfblock: an immediate self-exclusion for `days` (SPEC §9 self-exclusion days). */
export const SelfBlockRequestSchema = z
  .object({ days: z.number().int().min(1).max(1825), selfExcludeReason: z.number().int().min(1).max(1000).optional() })
  .strict();
export const SelfBlockResponseSchema = z.object({ success: z.boolean(), endsAt: z.number().int() });

/** POST reality-check (JSON:API-ish body as SPEC §7 shows). */
export const RealityCheckRequestSchema = z
  .object({
    data: z
      .object({
        attributes: z
          .object({
            action: z.enum(['continue', 'log_out', 'nothing']),
            do_not_show_again: z.boolean().default(false),
            /** The browser's proposed next show time (epoch seconds); the server clamps it to now + interval. */
            popup_show_at: z.number().int().min(0).optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type RealityCheckRequest = z.infer<typeof RealityCheckRequestSchema>;

/**
 * The reality-check state: answered by POST reality-check and by GET reality-check (read on
 * reload, so the timer survives it). `popup_show_at` null: no check (off, or do-not-show-again).
 */
export const RealityCheckStateSchema = z.object({
  data: z.object({
    attributes: z.object({
      /** Interval in minutes (type 32), null when off. */
      interval_minutes: z.number().int().nullable(),
      /** Next show time, epoch seconds. */
      popup_show_at: z.number().int().nullable(),
      do_not_show_again: z.boolean(),
      /** Session start (epoch seconds) and what the player's bets moved since (net, major units of `currency`: payouts − stakes). */
      session_started_at: z.number().int().nullable(),
      elapsed_seconds: z.number().int(),
      net_position: z.number(),
      currency: text().nullable(),
      /** log_out: the server ended the session. */
      logged_out: z.boolean(),
    }),
  }),
});
export type RealityCheckState = z.infer<typeof RealityCheckStateSchema>;

/** Ops view: one audit row (append-only). Times epoch ms. */
export const LimitAuditEntrySchema = z.object({
  id: z.number().int(),
  limitType: LimitTypeSchema,
  /** 'player' | 'operator' | 'system' (a pending change applied or an exclusion ended). */
  actor: text(),
  action: text(),
  oldValue: z.number().int().nullable(),
  newValue: z.number().int().nullable(),
  state: LimitStateSchema,
  at: z.number().int(),
});
export type LimitAuditEntry = z.infer<typeof LimitAuditEntrySchema>;

export const OpsPlayerLimitsSchema = z.object({
  userId: z.uuid(),
  limitsData: z.array(PlayerLimitSchema),
  audit: z.array(LimitAuditEntrySchema),
});
export type OpsPlayerLimits = z.infer<typeof OpsPlayerLimitsSchema>;

/**
 * Error codes of refusals where money moves (422 with `details`):
 *   deposit_limit_exceeded   details { limitType, allowance (major units), allowanceMinor (text), currency }
 *   wager_limit_exceeded     same
 *   loss_limit_exceeded      same
 *   self_excluded            details { endsAt (epoch s) } — bets, deposits, casino
 *   deposit_timeout          details { endsAt } — deposits
 *   session_limit_reached    details { nextAllowedAt } — bets (and the session ends)
 * Limit-service refusals: 400 invalid_request / limit_value_invalid, 403 limit_change_forbidden
 * (shortening a running self-exclusion or time-out, a locked section, nothing due to confirm), 404 not_found.
 */
export const LIMIT_ERROR_CODES = [
  'deposit_limit_exceeded',
  'wager_limit_exceeded',
  'loss_limit_exceeded',
  'self_excluded',
  'deposit_timeout',
  'session_limit_reached',
  'limit_value_invalid',
  'limit_change_forbidden',
] as const;

const AUTH_ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema } as const;

export const LIMITS_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: LIMITS_API.availableLimits,
    summary: 'Limit types the player may set',
    description: 'Type, measure, allowed values (SPEC §9) and a name in the request language.',
    tag: 'limits',
    auth: 'player',
    responses: { 200: AvailableLimitsSchema, 401: ApiErrorSchema },
  },
  {
    method: 'GET',
    path: LIMITS_API.limits,
    summary: 'My limits',
    description: 'Each limit: value in force, state, pending change and when it may be confirmed, the allowance left in the rolling period.',
    tag: 'limits',
    auth: 'player',
    responses: { 200: PlayerLimitsSchema, 401: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.limits,
    summary: 'Set, lower, raise or remove limits',
    description:
      'A new or lower limit applies at once; a raise or removal (999999999 / −1) is PENDING for 24 h, then needs confirm (limitaction). Self-exclusion and time-outs start at once and cannot be shortened (403). When the site asks a questionnaire, status `questions` with tokenGuid and nothing changes until testanswers.',
    tag: 'limits',
    auth: 'player',
    body: SetLimitsRequestSchema,
    responses: { 200: SetLimitsResponseSchema, ...AUTH_ERRORS, 403: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.testAnswers,
    summary: 'Answer the limit questionnaire',
    tag: 'limits',
    auth: 'player',
    body: TestAnswersRequestSchema,
    responses: { 200: TestAnswersResponseSchema, ...AUTH_ERRORS, 403: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.limitAction,
    summary: 'Confirm or reject a due limit change',
    description: 'confirm applies a pending raise/removal once its 24 h passed (403 before); reject drops it (any time).',
    tag: 'limits',
    auth: 'player',
    body: LimitActionRequestSchema,
    responses: { 200: LimitActionResponseSchema, ...AUTH_ERRORS, 403: ApiErrorSchema },
  },
  {
    method: 'DELETE',
    path: LIMITS_API.limit,
    summary: 'Drop pending limit changes',
    description: 'The DELETE form of reject (site.protection.limitActionMode = "delete").',
    tag: 'limits',
    auth: 'player',
    query: DeleteLimitQuerySchema,
    responses: { 200: LimitActionResponseSchema, ...AUTH_ERRORS },
  },
  {
    method: 'GET',
    path: LIMITS_API.selfExcludeReasons,
    summary: 'Self-exclusion reasons',
    tag: 'limits',
    auth: 'player',
    responses: { 200: SelfExcludeReasonsSchema, 401: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.ping,
    summary: 'Session-limit heartbeat',
    description: 'Every 30 s while a session limit applies: counts the session time; sessionEnded true once the hours are used (the session is ended; the browser shows the notice and logs out).',
    tag: 'limits',
    auth: 'player',
    responses: { 200: LimitPingResponseSchema, 401: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.selfBlock,
    summary: 'Self-block now',
    tag: 'limits',
    auth: 'player',
    body: SelfBlockRequestSchema,
    responses: { 200: SelfBlockResponseSchema, ...AUTH_ERRORS, 403: ApiErrorSchema },
  },
  {
    method: 'GET',
    path: LIMITS_API.realityCheck,
    summary: 'Reality-check state',
    description: 'Interval, stored next show time, elapsed session time and net position (survives a reload).',
    tag: 'limits',
    auth: 'player',
    responses: { 200: RealityCheckStateSchema, 401: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: LIMITS_API.realityCheck,
    summary: 'Report the reality-check choice',
    description: 'continue: next show at now + interval; do_not_show_again stops repeats; log_out ends the session; nothing: shown again at the next interval.',
    tag: 'limits',
    auth: 'player',
    body: RealityCheckRequestSchema,
    responses: { 200: RealityCheckStateSchema, ...AUTH_ERRORS },
  },
  {
    method: 'GET',
    path: LIMITS_API.opsPlayerLimits,
    summary: 'A player’s limits and audit trail',
    tag: 'ops',
    auth: 'operator',
    params: z.object({ id: z.uuid() }),
    responses: { 200: OpsPlayerLimitsSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
];
