/**
 * Responsible-gaming policy (issue 12, decision 0019), pure: what a limit change does, what
 * is in force, what is left to deposit / wager / lose, session time and the reality check.
 *
 * - A new or lower limit applies at once (and drops a pending raise of the same type).
 * - A raise or removal waits PENDING 24 h, then applies only when the player confirms; reject drops it.
 * - Self-exclusion (30) and deposit time-out (33) start at once, end at start + days and cannot
 *   be shortened or removed while they run; a longer one replaces them at once.
 * - Overlapping limits (24 h / 7 d / 30 d): the smallest allowance wins.
 * Times are epoch milliseconds.
 */
import { initialStake } from '../money/stakes.ts';
import { resolveCurrency } from '../money/currencies.ts';

export const NO_LIMIT = 999_999_999;
export const NOT_SET = -1;
export const APPROVAL_DELAY_MS = 86_400_000;
const DAY_MS = 86_400_000;

export const DEPOSIT_TYPES = [20, 21, 22] as const;
export const WAGER_TYPES = [1, 2, 3] as const;
export const LOSS_TYPES = [10, 11, 12] as const;
export const SELF_EXCLUSION = 30;
export const SESSION_HOURS = 31;
export const REALITY_CHECK = 32;
export const DEPOSIT_TIMEOUT = 33;
export const EXTRA_LOCK = 37;

export const SELF_EXCLUSION_DAYS = [1, 7, 30, 90, 180, 360, 365, 720, 730, 1080, 1095, 1800, 1825] as const;
export const TIMEOUT_DAYS = [1, 7, 30] as const;
export const REALITY_CHECK_MINUTES = [5, 10, 15, 30, 45, 60] as const;

export type LimitFamily = 'deposit' | 'wager' | 'loss' | 'exclusion' | 'session' | 'reality';

export function familyOf(type: number): LimitFamily | null {
  if ((DEPOSIT_TYPES as readonly number[]).includes(type)) return 'deposit';
  if ((WAGER_TYPES as readonly number[]).includes(type)) return 'wager';
  if ((LOSS_TYPES as readonly number[]).includes(type)) return 'loss';
  if (type === SELF_EXCLUSION || type === DEPOSIT_TIMEOUT) return 'exclusion';
  if (type === SESSION_HOURS) return 'session';
  if (type === REALITY_CHECK) return 'reality';
  return null;
}

/** The rolling period of a money limit: 24 h, 7 days, 30 days. */
export function periodMs(type: number): number {
  const index = [DEPOSIT_TYPES, WAGER_TYPES, LOSS_TYPES].map((list) => (list as readonly number[]).indexOf(type)).find((i) => i >= 0);
  if (index === undefined) throw new Error(`limit type ${type} has no period`);
  return [DAY_MS, 7 * DAY_MS, 30 * DAY_MS][index]!;
}

/** The value that means "none" for a type (removal). */
export function noneValue(type: number): number {
  const family = familyOf(type);
  return family === 'session' || family === 'reality' ? NOT_SET : NO_LIMIT;
}

/** Whether `value` is allowed for `type` (SPEC §9). */
export function isValidLimitValue(type: number, value: number): boolean {
  if (!Number.isSafeInteger(value)) return false;
  switch (familyOf(type)) {
    case 'deposit':
    case 'wager':
    case 'loss':
      return value >= 1 && value <= NO_LIMIT;
    case 'session':
      return value === NOT_SET || (value >= 1 && value <= 24);
    case 'reality':
      return value === NOT_SET || (REALITY_CHECK_MINUTES as readonly number[]).includes(value);
    case 'exclusion':
      return type === SELF_EXCLUSION ? (SELF_EXCLUSION_DAYS as readonly number[]).includes(value) : (TIMEOUT_DAYS as readonly number[]).includes(value);
    default:
      return false;
  }
}

/** One stored limit. `value` null: none in force. */
export interface LimitRecord {
  type: number;
  value: number | null;
  startedAt: number | null;
  /** Exclusions: when they end. */
  endsAt: number | null;
  /** A raise or removal waiting (the type's none value for a removal). */
  pendingValue: number | null;
  pendingSince: number | null;
  reason: number | null;
}

export function emptyLimit(type: number): LimitRecord {
  return { type, value: null, startedAt: null, endsAt: null, pendingValue: null, pendingSince: null, reason: null };
}

export type LimitState = 'PENDING' | 'ACTIVE' | 'INACTIVE';

/** The value in force at `now` (null: none). Exclusions are in force until they end. */
export function valueInForce(record: LimitRecord, now: number): number | null {
  if (record.value === null) return null;
  if (familyOf(record.type) === 'exclusion') return record.endsAt !== null && record.endsAt > now ? record.value : null;
  return record.value;
}

export function limitState(record: LimitRecord, now: number): LimitState {
  if (valueInForce(record, now) !== null) return 'ACTIVE';
  if (record.pendingValue !== null) return 'PENDING';
  return 'INACTIVE';
}

/** When the pending change may be confirmed; null when none. */
export function approveAt(record: LimitRecord): number | null {
  return record.pendingSince === null ? null : record.pendingSince + APPROVAL_DELAY_MS;
}

export function needsApproval(record: LimitRecord, now: number): boolean {
  const due = approveAt(record);
  return due !== null && now >= due;
}

export type ChangeOutcome =
  | { ok: true; record: LimitRecord; effect: 'applied' | 'pending' | 'unchanged' }
  | { ok: false; code: 'limit_value_invalid' | 'limit_change_forbidden'; message: string };

/**
 * A player's change of one limit. `value` the type's none value removes the limit (a raise).
 */
export function changeLimit(current: LimitRecord, value: number, now: number, reason: number | null = null): ChangeOutcome {
  const { type } = current;
  if (!isValidLimitValue(type, value)) return { ok: false, code: 'limit_value_invalid', message: `${value} is not a value for limit ${type}` };
  if (familyOf(type) === 'exclusion') {
    const endsAt = now + value * DAY_MS;
    const running = valueInForce(current, now) !== null;
    if (running && endsAt < current.endsAt!) return { ok: false, code: 'limit_change_forbidden', message: 'A running self-exclusion or time-out cannot be shortened' };
    if (running && endsAt === current.endsAt) return { ok: true, record: current, effect: 'unchanged' };
    return { ok: true, record: { ...current, value, startedAt: now, endsAt, pendingValue: null, pendingSince: null, reason: reason ?? current.reason }, effect: 'applied' };
  }
  const none = noneValue(type);
  const inForce = valueInForce(current, now);
  if (value === none) {
    if (inForce === null) return { ok: true, record: { ...current, pendingValue: null, pendingSince: null }, effect: current.pendingValue === null ? 'unchanged' : 'applied' };
    return pending(current, value, now);
  }
  if (inForce === null || value < inForce) {
    return { ok: true, record: { ...current, value, startedAt: now, endsAt: null, pendingValue: null, pendingSince: null }, effect: 'applied' };
  }
  if (value === inForce) {
    // Asking for what is in force cancels a waiting raise.
    return { ok: true, record: { ...current, pendingValue: null, pendingSince: null }, effect: 'unchanged' };
  }
  return pending(current, value, now);
}

function pending(current: LimitRecord, value: number, now: number): ChangeOutcome {
  // Asking the same raise again keeps its place in the 24 h wait; another value restarts it.
  if (current.pendingValue === value) return { ok: true, record: current, effect: 'unchanged' };
  return { ok: true, record: { ...current, pendingValue: value, pendingSince: now }, effect: 'pending' };
}

/** The player's confirm of a due change: the pending value applies. */
export function confirmLimit(current: LimitRecord, now: number): ChangeOutcome {
  if (current.pendingValue === null) return { ok: false, code: 'limit_change_forbidden', message: 'No change waits for confirmation' };
  if (!needsApproval(current, now)) return { ok: false, code: 'limit_change_forbidden', message: 'The change can be confirmed only 24 hours after it was asked' };
  const removal = current.pendingValue === noneValue(current.type);
  return {
    ok: true,
    record: { ...current, value: removal ? null : current.pendingValue, startedAt: removal ? null : now, pendingValue: null, pendingSince: null },
    effect: 'applied',
  };
}

/** The player's reject: the pending change is dropped (any time). */
export function rejectLimit(current: LimitRecord): ChangeOutcome {
  if (current.pendingValue === null) return { ok: true, record: current, effect: 'unchanged' };
  return { ok: true, record: { ...current, pendingValue: null, pendingSince: null }, effect: 'applied' };
}

/** The extra-limits lock (type 37): a change of 30/31/33 is pending or an exclusion runs. */
export function extraLimitsLocked(records: readonly LimitRecord[], now: number): boolean {
  return records.some((r) => (r.type === SELF_EXCLUSION && valueInForce(r, now) !== null) || ([SELF_EXCLUSION, SESSION_HOURS, DEPOSIT_TIMEOUT].includes(r.type) && r.pendingValue !== null));
}

// ── Money ───────────────────────────────────────────────────────────────────────────────

/** Minor units per major unit of `currency`. */
export function minorPerUnit(currency: string): bigint {
  return 10n ** BigInt(resolveCurrency(currency).exponent);
}

/** A limit value (whole major units) in minor units. */
export function limitMinor(value: number, currency: string): bigint {
  return BigInt(value) * minorPerUnit(currency);
}

/**
 * `amount` minor units of `from` in minor units of `to`, by SPEC §9's initial stakes (the only
 * per-currency scale the site has); rounded up, so a conversion never lets more through.
 */
export function convertByInitialStakes(amount: bigint, from: string, to: string): bigint {
  if (resolveCurrency(from).code === resolveCurrency(to).code) return amount;
  const num = amount * initialStake(to);
  const den = initialStake(from);
  const q = num / den;
  return num % den === 0n ? q : num > 0n ? q + 1n : q;
}

/** What was spent per money limit type in its rolling period, in minor units of the limit currency. */
export type Usage = ReadonlyMap<number, bigint>;

export interface Allowance {
  /** The binding limit (smallest allowance). */
  type: number;
  /** Minor units left, never below 0. */
  left: bigint;
}

/**
 * The smallest allowance over the money limits of `types` in force: limit − used in its
 * period (losses below 0, i.e. winnings, never raise it above the limit). Null when none.
 */
export function allowance(records: readonly LimitRecord[], types: readonly number[], usage: Usage, currency: string, now: number): Allowance | null {
  let best: Allowance | null = null;
  for (const record of records) {
    if (!types.includes(record.type)) continue;
    const value = valueInForce(record, now);
    if (value === null) continue;
    const used = usage.get(record.type) ?? 0n;
    let left = limitMinor(value, currency) - (used > 0n ? used : 0n);
    if (left < 0n) left = 0n;
    if (best === null || left < best.left) best = { type: record.type, left };
  }
  return best;
}

export type SpendCheck = { ok: true } | { ok: false; code: string; limitType: number; left: bigint; endsAt?: number };

/** Whether `amount` (minor units of the limit currency) fits the money limits of `types`. */
export function checkSpend(records: readonly LimitRecord[], types: readonly number[], usage: Usage, currency: string, amount: bigint, now: number, code: string): SpendCheck {
  const a = allowance(records, types, usage, currency, now);
  if (a === null || amount <= a.left) return { ok: true };
  return { ok: false, code, limitType: a.type, left: a.left };
}

/** A running self-exclusion / time-out (type 30) or deposit time-out (33): its end, or null. */
export function exclusionEnd(records: readonly LimitRecord[], type: number, now: number): number | null {
  const record = records.find((r) => r.type === type);
  return record && valueInForce(record, now) !== null ? record.endsAt : null;
}

// ── Session and reality check ───────────────────────────────────────────────────────────

/** Start of the UTC day of `now`. */
export function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

export interface SessionUsage {
  /** The UTC day the seconds count for. */
  day: number;
  usedSeconds: number;
  lastPingAt: number | null;
}

/** Longest gap a ping counts (the browser pings every 30 s; a longer gap was time away). */
export const PING_GAP_CAP_MS = 60_000;

/** A ping at `now`: the time since the last ping of the same day counts, capped. */
export function recordPing(usage: SessionUsage | null, now: number): SessionUsage {
  const day = dayStart(now);
  if (!usage || usage.day !== day) return { day, usedSeconds: 0, lastPingAt: now };
  const gap = usage.lastPingAt === null ? 0 : Math.max(0, Math.min(now - usage.lastPingAt, PING_GAP_CAP_MS));
  return { day, usedSeconds: usage.usedSeconds + Math.floor(gap / 1000), lastPingAt: now };
}

/** Whether today's session hours are used up (play refused until the next UTC day). */
export function sessionEnded(limitHours: number | null, usage: SessionUsage | null, now: number): boolean {
  if (limitHours === null || !usage || usage.day !== dayStart(now)) return false;
  return usage.usedSeconds >= limitHours * 3600;
}

export function sessionRemainingSeconds(limitHours: number, usage: SessionUsage | null, now: number): number {
  const used = usage && usage.day === dayStart(now) ? usage.usedSeconds : 0;
  return Math.max(0, limitHours * 3600 - used);
}

export type RealityAction = 'continue' | 'log_out' | 'nothing';

/**
 * The next reality-check time after the player's answer (null: none). A browser-proposed time
 * is kept within (now, now + interval]: never later than the interval, never in the past.
 */
export function nextRealityCheck(intervalMinutes: number | null, action: RealityAction, doNotShowAgain: boolean, now: number, proposed?: number): number | null {
  if (intervalMinutes === null || action === 'log_out' || doNotShowAgain) return null;
  const latest = now + intervalMinutes * 60_000;
  if (proposed === undefined) return latest;
  return Math.min(latest, Math.max(now + 1000, proposed));
}
