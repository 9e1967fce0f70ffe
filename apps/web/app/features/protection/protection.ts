/**
 * What the browser decides about player protection (issue 12, decision 0019), pure: the
 * office sections and what each limit row shows, the SPEC §8 save answers, the refusal
 * texts where money moves, and when the approval and reality-check dialogs are due.
 * Constants come from the domain; the contracts give types only (zod stays out of the
 * browser bundle).
 */
import type { LimitPingResponse, PlayerLimit, PlayerLimits, RealityCheckState } from '@betsite/contracts';
import {
  APPROVAL_DELAY_MS,
  DEPOSIT_TIMEOUT,
  DEPOSIT_TYPES,
  EXTRA_LOCK,
  LOSS_TYPES,
  NO_LIMIT,
  NOT_SET,
  REALITY_CHECK,
  SELF_EXCLUSION,
  SESSION_HOURS,
  WAGER_TYPES,
  changeLimit,
  familyOf,
  type LimitRecord,
} from '@betsite/domain';

/** SPEC §9: the reality-check timer runs in steps of at most 5 minutes (rechecked from the stored time). */
export const STEP_MS = 5 * 60_000;
/** SPEC §9: the limit ping every 30 s while a session limit applies. */
export const PING_MS = 30_000;
/** A due time the browser's clock already passed but the server does not call due yet: ask again after this. */
export const RECHECK_MS = 30_000;

export const SESSION_HOUR_VALUES = Array.from({ length: 24 }, (_, i) => i + 1);

export type SectionId = 'deposit' | 'wager' | 'loss' | 'extra' | 'reality';

/** The office sections of SPEC §3 "Responsible-gaming limit", in page order. */
export const SECTIONS: readonly { id: SectionId; types: readonly number[] }[] = [
  { id: 'deposit', types: DEPOSIT_TYPES },
  { id: 'extra', types: [DEPOSIT_TIMEOUT, SELF_EXCLUSION, SESSION_HOURS] },
  { id: 'reality', types: [REALITY_CHECK] },
  { id: 'wager', types: WAGER_TYPES },
  { id: 'loss', types: LOSS_TYPES },
];

export const isMoneyType = (type: number): boolean => ['deposit', 'wager', 'loss'].includes(familyOf(type) ?? '');
/** The value that removes a limit (SPEC §9: 999999999 money / days, −1 session and reality check). */
export const noneValueOf = (type: number): number => (type === SESSION_HOURS || type === REALITY_CHECK ? NOT_SET : NO_LIMIT);
export const isNone = (type: number, value: number | null): boolean => value === null || value === noneValueOf(type) || value === NO_LIMIT || value === NOT_SET;

export type RowState = 'active' | 'pending' | 'none';

/** One limit as a row of the office section shows it. */
export interface LimitRow {
  type: number;
  state: RowState;
  /** The value in force, null when none. */
  value: number | null;
  /** Money limits: what is left in the rolling period. */
  left: number | null;
  currency: string | null;
  /** A raise or removal waiting: the new value (null when it removes the limit). */
  pending: { value: number | null; approveAt: number | null; due: boolean } | null;
  /** Exclusions: when they end (epoch s). */
  endsAt: number | null;
}

export function limitRow(type: number, limits: readonly PlayerLimit[]): LimitRow {
  const found = limits.find((l) => l.limitType === type && l.limitState !== 'INACTIVE');
  if (!found) return { type, state: 'none', value: null, left: null, currency: null, pending: null, endsAt: null };
  const value = isNone(type, found.limitValue) || found.limitState === 'PENDING' ? null : found.limitValue;
  const pending =
    found.pendingValue === null ? null : { value: isNone(type, found.pendingValue) ? null : found.pendingValue, approveAt: found.approveAt, due: found.needApprove };
  return {
    type,
    state: value !== null ? 'active' : pending ? 'pending' : 'none',
    value,
    left: found.limitBalance,
    currency: found.currency,
    pending,
    endsAt: found.endsAt,
  };
}

/** SPEC §4: the player is self-excluded (the server says so, or a type-30 exclusion runs), and until when. */
export function selfExclusionOf(limits: PlayerLimits | null): { endsAt: number | null } | null {
  if (!limits) return null;
  const exclusion = limits.limitsData.find((l) => l.limitType === SELF_EXCLUSION && l.limitState === 'ACTIVE');
  if (!limits.selfExcluded && !exclusion) return null;
  return { endsAt: exclusion?.endsAt ?? null };
}

/** The extra-limits section (33, 30, 31) is read-only while a change waits or a self-exclusion runs (SPEC §5 lock, type 37). */
export const extraLocked = (limits: PlayerLimits | null): boolean =>
  limits !== null && (limits.extraLimitsLocked || limits.limitsData.some((l) => l.limitType === EXTRA_LOCK && l.limitState === 'ACTIVE'));

/** Changes due now: the SPEC §4 non-closable approval dialog asks about these. */
export const dueChanges = (limits: readonly PlayerLimit[]): PlayerLimit[] => limits.filter((l) => l.needApprove && l.pendingValue !== null);

/**
 * When to look at the limits again while a change waits (SPEC §4 "before that, a timer
 * refreshes limits and re-schedules"): at the earliest due time, in steps of at most 5
 * minutes, so a clock that drifted is corrected; null when nothing waits.
 */
export function approvalRecheckIn(limits: readonly PlayerLimit[], nowMs: number): number | null {
  const times = limits.filter((l) => l.pendingValue !== null && !l.needApprove && l.approveAt !== null).map((l) => l.approveAt! * 1000);
  if (times.length === 0) return null;
  const wait = Math.min(...times) - nowMs;
  return wait <= 0 ? RECHECK_MS : Math.min(wait, STEP_MS);
}

/** The server's time as the reality-check answer implies it (session start + elapsed), else the browser's. */
export function serverNowMs(state: RealityCheckState, browserNowMs: number): number {
  const { session_started_at: started, elapsed_seconds: elapsed } = state.data.attributes;
  return started === null ? browserNowMs : (started + elapsed) * 1000;
}

/**
 * The reality check: shown now (`'show'`), asked again after `ms` (at most one step), or
 * off (null). Measured against the server's time, so a browser clock that is off does not
 * show it early or late.
 */
export function realityCheckPlan(state: RealityCheckState | null, browserNowMs: number): 'show' | { ms: number } | null {
  if (!state) return null;
  const { popup_show_at: showAt, interval_minutes: interval, do_not_show_again: never } = state.data.attributes;
  if (showAt === null || interval === null || never) return null;
  const wait = showAt * 1000 - serverNowMs(state, browserNowMs);
  return wait <= 0 ? 'show' : { ms: Math.min(wait, STEP_MS) };
}

/** The session-limit ping: null = keep pinging, else the notice (SPEC §4/§8 "session limit ended, visit tomorrow"). */
export const sessionNotice = (answer: LimitPingResponse | null): { nextAllowedAt: number | null } | null =>
  answer?.sessionEnded ? { nextAllowedAt: answer.nextAllowedAt } : null;

/** A session limit applies (the browser pings while it does). */
export const sessionLimitApplies = (limits: PlayerLimits | null): boolean =>
  limits?.limitsData.some((l) => l.limitType === SESSION_HOURS && l.limitState === 'ACTIVE' && !isNone(SESSION_HOURS, l.limitValue)) ?? false;

/** A reality check is set (the browser reads its stored next-show time). */
export const realityCheckApplies = (limits: PlayerLimits | null): boolean =>
  limits?.limitsData.some((l) => l.limitType === REALITY_CHECK && l.limitState === 'ACTIVE' && !isNone(REALITY_CHECK, l.limitValue)) ?? false;

/** SPEC §8 "Save response 200 / 204 / 400 / 401 / 403: saved / action saved / error / unauthorized / forbidden" (office keys). */
export function saveAnswerKey(status: number, network = false): string {
  if (network) return 'main:main_network_error';
  switch (status) {
    case 200:
      return 'responsible_saved';
    case 204:
      return 'responsible_action_saved';
    case 400:
      return 'responsible_save_error';
    case 401:
      return 'responsible_save_unauthorized';
    default:
      // SPEC §8 "Limit save failure: status and title from the server, default forbidden".
      return 'responsible_save_forbidden';
  }
}

/**
 * A whole amount of the limit's currency typed by the player: digits only (spaces allowed),
 * 1 … 999999998; null when it is not one.
 */
export function parseLimitAmount(input: string): number | null {
  const clean = input.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,9}$/.test(clean)) return null;
  const value = Number(clean);
  return value >= 1 && value < NO_LIMIT ? value : null;
}

/** The row as the domain's limit record (times in ms; a removal waits as the type's none value). */
function recordOf(row: LimitRow): LimitRecord {
  const approveAtS = row.pending?.approveAt ?? null;
  return {
    type: row.type,
    value: row.value,
    startedAt: null,
    endsAt: row.endsAt === null ? null : row.endsAt * 1000,
    pendingValue: row.pending ? (row.pending.value ?? noneValueOf(row.type)) : null,
    pendingSince: approveAtS === null ? null : approveAtS * 1000 - APPROVAL_DELAY_MS,
    reason: null,
  };
}

/**
 * What a changed value will do (the row says it before the player saves), decided by the
 * domain's `changeLimit` as the server decides it: apply at once, wait 24 h for
 * confirmation, nothing, or be refused (a running exclusion is never shortened; a value
 * the type does not take).
 */
export function changeEffect(row: LimitRow, next: number, nowMs: number = Date.now()): 'at_once' | 'pending' | 'same' | 'forbidden' {
  const outcome = changeLimit(recordOf(row), next, nowMs);
  if (!outcome.ok) return 'forbidden';
  return outcome.effect === 'applied' ? 'at_once' : outcome.effect === 'pending' ? 'pending' : 'same';
}

/** Drop the pending change of `types` from the tab's copy (SPEC §4: after a reject, unless 401/403). */
export function withoutPending(limits: PlayerLimits, types: readonly number[]): PlayerLimits {
  return {
    ...limits,
    limitsData: limits.limitsData
      .map((l) => (types.includes(l.limitType) ? { ...l, pendingValue: null, approveAt: null, needApprove: false } : l))
      .filter((l) => !(types.includes(l.limitType) && l.limitState === 'PENDING')),
  };
}

export type LimitRefusalCode = 'deposit_limit_exceeded' | 'wager_limit_exceeded' | 'loss_limit_exceeded' | 'self_excluded' | 'deposit_timeout' | 'session_limit_reached';
const REFUSAL_CODES: readonly string[] = ['deposit_limit_exceeded', 'wager_limit_exceeded', 'loss_limit_exceeded', 'self_excluded', 'deposit_timeout', 'session_limit_reached'];

export interface LimitRefusal {
  code: LimitRefusalCode;
  /** `main` key of the text. */
  key: string;
  limitType: number | null;
  /** Money limits: what is left, in major units of `currency`. */
  allowance: number | null;
  currency: string | null;
  /** Exclusions: when they end; session limit: when play is allowed again (epoch s). */
  until: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A refusal where money moves because of a limit (contracts LIMIT_ERROR_CODES); null for any other answer. */
export function limitRefusalOf(code: string | null, body: unknown): LimitRefusal | null {
  if (code === null || !REFUSAL_CODES.includes(code)) return null;
  const raw = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : null;
  const details = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    code: code as LimitRefusalCode,
    key: `protection_refused_${code}`,
    limitType: num(details['limitType']),
    allowance: num(details['allowance']),
    currency: typeof details['currency'] === 'string' ? details['currency'] : null,
    until: num(details['endsAt']) ?? num(details['nextAllowedAt']),
  };
}

/** An amount of `currency` for the player (Intl when the code is one, else "123 XYZ"). */
export function formatAmount(value: number, currency: string | null, locale: string, signed = false): string {
  const sign = signed ? ({ signDisplay: 'exceptZero' } as const) : {};
  if (!currency) return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, ...sign }).format(value);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, ...(Number.isInteger(value) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }), ...sign }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/**
 * An epoch-seconds time for the player: date and time in their locale, in the site's time
 * zone setting (whole hours from UTC, the header's selector) when given, else the browser's.
 */
export function formatTime(epochSeconds: number, locale: string, timeZoneHours?: number): string {
  if (timeZoneHours === undefined) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochSeconds * 1000));
  const shifted = new Date(epochSeconds * 1000 + timeZoneHours * 3_600_000);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(shifted);
}

/** Elapsed session time as hours and minutes ("1 h 05 min" style parts for the dictionary). */
export function elapsedParts(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

type T = (key: string, vars?: Record<string, unknown>) => string;

/** The sentence a refusal shows (top-up page, bet slip), with the amount left or the end time. */
export function limitRefusalText(refusal: LimitRefusal, t: T, locale: string, timeZoneHours?: number): string {
  const limit = refusal.limitType === null ? '' : t(`main:protection_limit_${refusal.limitType}`);
  const left = refusal.allowance === null ? '' : formatAmount(refusal.allowance, refusal.currency, locale);
  const until = refusal.until === null ? '' : formatTime(refusal.until, locale, timeZoneHours);
  return t(`main:${refusal.key}`, { limit, left, until });
}
