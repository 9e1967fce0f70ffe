/**
 * The limit service (issue 12, decision 0019): the player's limits and their changes by the
 * domain policy (packages/domain protection/policy.ts), the append-only audit, session time,
 * the reality check, and the checks where money moves:
 *
 * - deposits: `checkDeposit` runs inside the deposit's insert transaction after locking the
 *   player's `player_protection` row, counting every deposit not failed in the rolling periods;
 * - bets: `betGate` (one query, before the placement's unit) refuses exclusions and an ended
 *   session and says whether a wagering or loss limit is in force; only then `checkBet` runs
 *   inside the placement's ledger unit: the same row lock, then the stakes and net losses of
 *   every currency account of the player from the ledger's coupon postings.
 * Money limits are whole units of `player_protection.currency`; other currencies count
 * converted by SPEC §9's initial stakes, rounded up.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type {
  LimitChange,
  LimitAuditEntry,
  OpsPlayerLimits,
  PlayerLimit,
  PlayerLimits,
  RealityCheckState,
  SetLimitsResponse,
  SiteConfig,
  TestAnswersResponse,
  LimitActionResponse,
  LimitPingResponse,
  LimitQuestion,
} from '@betsite/contracts';
import type { Database } from '@betsite/db';
import {
  allowance,
  approveAt as approveAtOf,
  changeLimit,
  checkSpend,
  confirmLimit,
  convertByInitialStakes,
  dayStart,
  DEPOSIT_TIMEOUT,
  DEPOSIT_TYPES,
  emptyLimit,
  extraLimitsLocked,
  familyOf,
  LOSS_TYPES,
  limitState,
  minorPerUnit,
  needsApproval,
  nextRealityCheck,
  noneValue,
  periodMs,
  REALITY_CHECK,
  recordPing,
  rejectLimit,
  SELF_EXCLUSION,
  SESSION_HOURS,
  sessionEnded,
  sessionRemainingSeconds,
  valueInForce,
  WAGER_TYPES,
  type ChangeOutcome,
  type LimitRecord,
  type SessionUsage,
  type Usage,
} from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '@betsite/domain';

type Db = Kysely<Database>;
type Actor = 'player' | 'operator' | 'system';

export const LimitErrorCode = {
  depositLimit: 'deposit_limit_exceeded',
  wagerLimit: 'wager_limit_exceeded',
  lossLimit: 'loss_limit_exceeded',
  selfExcluded: 'self_excluded',
  depositTimeout: 'deposit_timeout',
  sessionLimit: 'session_limit_reached',
  invalidValue: 'limit_value_invalid',
  forbidden: 'limit_change_forbidden',
} as const;

const sec = (d: Date | number | null): number | null => (d === null ? null : Math.floor((typeof d === 'number' ? d : d.getTime()) / 1000));

/** The questionnaire before a loosening change (site.protection.questionnaireRequired); answer 1 is the expected one. */
const QUESTIONS: Record<'en' | 'ru', LimitQuestion[]> = {
  en: [
    { id: 1, text: 'Do you understand that a raised or removed limit applies only after 24 hours and your confirmation?', answers: [{ id: 1, text: 'Yes' }, { id: 2, text: 'No' }] },
    { id: 2, text: 'Do you want to raise the limit to win back money you lost?', answers: [{ id: 1, text: 'No' }, { id: 2, text: 'Yes' }] },
    { id: 3, text: 'Has gambling kept you from work, study or family in the last month?', answers: [{ id: 1, text: 'No' }, { id: 2, text: 'Yes' }] },
  ],
  ru: [
    { id: 1, text: 'Вы понимаете, что повышенный или снятый лимит действует только через 24 часа и после вашего подтверждения?', answers: [{ id: 1, text: 'Да' }, { id: 2, text: 'Нет' }] },
    { id: 2, text: 'Вы хотите повысить лимит, чтобы отыграть проигранные деньги?', answers: [{ id: 1, text: 'Нет' }, { id: 2, text: 'Да' }] },
    { id: 3, text: 'Мешала ли игра вашей работе, учёбе или семье в последний месяц?', answers: [{ id: 1, text: 'Нет' }, { id: 2, text: 'Да' }] },
  ],
};
const EXPECTED_ANSWER = 1;

export const SELF_EXCLUDE_REASONS: Record<'en' | 'ru', { id: number; selfExcludeReason: string }[]> = {
  en: [
    { id: 1, selfExcludeReason: 'I spend too much time gambling' },
    { id: 2, selfExcludeReason: 'I spend too much money gambling' },
    { id: 3, selfExcludeReason: 'I want a break' },
    { id: 4, selfExcludeReason: 'Another reason' },
  ],
  ru: [
    { id: 1, selfExcludeReason: 'Я трачу на игру слишком много времени' },
    { id: 2, selfExcludeReason: 'Я трачу на игру слишком много денег' },
    { id: 3, selfExcludeReason: 'Хочу сделать перерыв' },
    { id: 4, selfExcludeReason: 'Другая причина' },
  ],
};

export const LIMIT_NAMES: Record<'en' | 'ru', Record<number, string>> = {
  en: { 20: 'Deposit limit, 24 hours', 21: 'Deposit limit, 7 days', 22: 'Deposit limit, 30 days', 1: 'Wagering limit, 24 hours', 2: 'Wagering limit, 7 days', 3: 'Wagering limit, 30 days', 10: 'Loss limit, 24 hours', 11: 'Loss limit, 7 days', 12: 'Loss limit, 30 days', 30: 'Self-exclusion', 31: 'Session limit', 32: 'Reality check', 33: 'Deposit time-out' },
  ru: { 20: 'Лимит депозита, 24 часа', 21: 'Лимит депозита, 7 дней', 22: 'Лимит депозита, 30 дней', 1: 'Лимит ставок, 24 часа', 2: 'Лимит ставок, 7 дней', 3: 'Лимит ставок, 30 дней', 10: 'Лимит проигрыша, 24 часа', 11: 'Лимит проигрыша, 7 дней', 12: 'Лимит проигрыша, 30 дней', 30: 'Самоисключение', 31: 'Лимит сессии', 32: 'Проверка реальности', 33: 'Тайм-аут депозитов' },
};

export const langOf = (value: string | undefined): 'en' | 'ru' => (value?.toLowerCase().startsWith('ru') ? 'ru' : 'en');

interface Protection {
  currency: string;
  session: SessionUsage | null;
  realityShowAt: Date | null;
  realityDoNotShow: boolean;
  questionnaireToken: string | null;
  questionnaireChanges: LimitChange[] | null;
}

interface State {
  protection: Protection;
  records: LimitRecord[];
}

/** What the placement needs to know before its unit (one query). */
export interface BetGate {
  /** A wagering or loss limit is in force: check inside the unit. */
  checkInUnit: boolean;
}

export interface LimitsServiceDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  siteConfig: () => Promise<SiteConfig>;
  /** Ends every session of the player (session limit used up, reality check log out). */
  endSessions: (userId: string) => Promise<void>;
}

export type LimitsService = ReturnType<typeof createLimitsService>;

/** One query: the player's protection row joined to their limits (null when none was ever set). */
async function loadState(db: Db, userId: string, lock = false): Promise<State | null> {
  const locked = lock ? sql` for update of p` : sql``;
  const { rows } = await sql<{
    currency: string;
    session_day: Date | null;
    session_used_seconds: number;
    session_last_ping_at: Date | null;
    reality_show_at: Date | null;
    reality_do_not_show: boolean;
    questionnaire_token: string | null;
    questionnaire_changes: unknown;
    limit_type: number | null;
    value: number | null;
    started_at: Date | null;
    ends_at: Date | null;
    pending_value: number | null;
    pending_since: Date | null;
    reason: number | null;
  }>`select p.currency, p.session_day, p.session_used_seconds, p.session_last_ping_at, p.reality_show_at, p.reality_do_not_show,
        p.questionnaire_token, p.questionnaire_changes,
        l.limit_type, l.value, l.started_at, l.ends_at, l.pending_value, l.pending_since, l.reason
      from player_protection p left join player_limits l on l.user_id = p.user_id
      where p.user_id = ${userId}${locked}`.execute(db);
  const first = rows[0];
  if (!first) return null;
  const protection: Protection = {
    currency: first.currency,
    session: first.session_day ? { day: first.session_day.getTime(), usedSeconds: first.session_used_seconds, lastPingAt: first.session_last_ping_at?.getTime() ?? null } : null,
    realityShowAt: first.reality_show_at,
    realityDoNotShow: first.reality_do_not_show,
    questionnaireToken: first.questionnaire_token,
    questionnaireChanges: Array.isArray(first.questionnaire_changes) ? (first.questionnaire_changes as LimitChange[]) : null,
  };
  const records = rows
    .filter((r) => r.limit_type !== null)
    .map((r) => ({
      type: r.limit_type!,
      value: r.value,
      startedAt: r.started_at?.getTime() ?? null,
      endsAt: r.ends_at?.getTime() ?? null,
      pendingValue: r.pending_value,
      pendingSince: r.pending_since?.getTime() ?? null,
      reason: r.reason,
    }));
  return { protection, records };
}

/** Sums of `rows` (currency, three period sums as text) into usage per type, in minor units of `currency`. */
function usageOf(rows: readonly { currency: string; p1: string; p7: string; p30: string }[], types: readonly number[], currency: string): Map<number, bigint> {
  const usage = new Map<number, bigint>(types.map((t) => [t, 0n]));
  for (const row of rows) {
    const sums = [row.p1, row.p7, row.p30].map((s) => convertByInitialStakes(BigInt(s), row.currency.trim(), currency));
    types.forEach((t, i) => usage.set(t, usage.get(t)! + sums[i]!));
  }
  return usage;
}

/** Deposits not failed in the last 24 h / 7 d / 30 d per currency. */
async function depositUsage(db: Db, userId: string, currency: string, now: number): Promise<Usage> {
  const [d1, d7, d30] = DEPOSIT_TYPES.map((t) => new Date(now - periodMs(t)));
  const { rows } = await sql<{ currency: string; p1: string; p7: string; p30: string }>`
    select currency,
      coalesce(sum(amount) filter (where created_at > ${d1}), 0)::text as p1,
      coalesce(sum(amount) filter (where created_at > ${d7}), 0)::text as p7,
      coalesce(sum(amount), 0)::text as p30
    from payments
    where user_id = ${userId} and direction = 'deposit' and status not in ('failed', 'cancelled', 'expired', 'rejected') and created_at > ${d30}
    group by currency`.execute(db);
  return usageOf(rows, DEPOSIT_TYPES, currency);
}

/**
 * Stakes (wagering) and net losses (stakes + premiums − payouts − refunds − cash-outs −
 * paybacks) from the coupon postings of every currency account of the player, per period.
 */
async function betUsage(db: Db, userId: string, currency: string, now: number): Promise<{ wager: Usage; loss: Usage }> {
  const [d1, d7, d30] = WAGER_TYPES.map((t) => new Date(now - periodMs(t)));
  const { rows } = await sql<{ currency: string; w1: string; w7: string; w30: string; l1: string; l7: string; l30: string }>`
    select a.currency,
      coalesce(sum(-e.amount) filter (where t.idempotency_key like '%:stake' and e.created_at > ${d1}), 0)::text as w1,
      coalesce(sum(-e.amount) filter (where t.idempotency_key like '%:stake' and e.created_at > ${d7}), 0)::text as w7,
      coalesce(sum(-e.amount) filter (where t.idempotency_key like '%:stake'), 0)::text as w30,
      coalesce(sum(-e.amount) filter (where e.created_at > ${d1}), 0)::text as l1,
      coalesce(sum(-e.amount) filter (where e.created_at > ${d7}), 0)::text as l7,
      coalesce(sum(-e.amount), 0)::text as l30
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id and e.created_at > ${d30}
    join ledger_transactions t on t.id = e.transaction_id
    where a.owner_id = ${userId} and a.kind in ('player-main', 'player-currency')
      -- Casino rounds wager and lose like bets (decision 0022: stakes are casino:...:stake).
      and (t.idempotency_key like 'coupon:%' or t.idempotency_key like 'casino:%')
    group by a.currency`.execute(db);
  return {
    wager: usageOf(rows.map((r) => ({ currency: r.currency, p1: r.w1, p7: r.w7, p30: r.w30 })), WAGER_TYPES, currency),
    loss: usageOf(rows.map((r) => ({ currency: r.currency, p1: r.l1, p7: r.l7, p30: r.l30 })), LOSS_TYPES, currency),
  };
}

/** Net of the player's bets since `since` (payouts − stakes), minor units of `currency`. */
async function netSince(db: Db, userId: string, currency: string, since: Date): Promise<bigint> {
  const { rows } = await sql<{ currency: string; net: string }>`
    select a.currency, coalesce(sum(e.amount), 0)::text as net
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id and e.created_at >= ${since}
    join ledger_transactions t on t.id = e.transaction_id
    where a.owner_id = ${userId} and a.kind in ('player-main', 'player-currency')
      and (t.idempotency_key like 'coupon:%' or t.idempotency_key like 'casino:%')
    group by a.currency`.execute(db);
  // A loss converts rounded up, a win rounded down: never shows the player better off than they are.
  return rows.reduce((sum, r) => {
    const n = BigInt(r.net);
    // convert(−x) rounds toward zero: −convert(−n) is a loss rounded up and a win rounded down.
    return sum - convertByInitialStakes(-n, r.currency.trim(), currency);
  }, 0n);
}

const major = (minor: bigint, currency: string): number => Number(minor) / Number(minorPerUnit(currency));

function refusal(code: string, message: string, left: bigint, limitType: number, currency: string): AppError {
  return new AppError(422, code, message, { limitType, allowance: major(left, currency), allowanceMinor: left.toString(), currency });
}

export function createLimitsService({ db, clock, logger, siteConfig, endSessions }: LimitsServiceDeps) {
  const nowMs = () => clock.now();

  async function mainCurrency(executor: Db, userId: string): Promise<string> {
    const row = await executor.selectFrom('ledger_accounts').select('currency').where('owner_id', '=', userId).where('kind', '=', 'player-main').executeTakeFirst();
    if (row) return row.currency.trim();
    const user = await executor.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
    return user?.currency?.trim() ?? 'EUR';
  }

  /** The protection row (created on the first change), locked for the rest of `trx`. */
  async function lockedState(trx: Transaction<Database>, userId: string, now: number): Promise<State> {
    const found = await loadState(trx, userId, true);
    if (found) return found;
    await trx
      .insertInto('player_protection')
      .values({ user_id: userId, currency: await mainCurrency(trx, userId), updated_at: new Date(now) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await loadState(trx, userId, true))!;
  }

  async function save(trx: Transaction<Database>, userId: string, before: LimitRecord, after: LimitRecord, action: string, actor: Actor, now: number): Promise<void> {
    const at = new Date(now);
    const d = (ms: number | null) => (ms === null ? null : new Date(ms));
    const columns = { value: after.value, started_at: d(after.startedAt), ends_at: d(after.endsAt), pending_value: after.pendingValue, pending_since: d(after.pendingSince), reason: after.reason, updated_at: at };
    await trx
      .insertInto('player_limits')
      .values({ user_id: userId, limit_type: after.type, ...columns })
      .onConflict((oc) => oc.columns(['user_id', 'limit_type']).doUpdateSet(columns))
      .execute();
    const oldValue = valueInForce(before, now);
    const newValue = after.pendingValue ?? valueInForce(after, now) ?? (action === 'confirmed' ? noneValue(after.type) : null);
    await trx.insertInto('player_limit_audit').values({ user_id: userId, limit_type: after.type, actor, action, old_value: oldValue, new_value: newValue, state: limitState(after, now), at }).execute();
  }

  function actionOf(before: LimitRecord, after: LimitRecord, now: number): string {
    if (familyOf(after.type) === 'exclusion') return valueInForce(before, now) === null ? 'started' : 'extended';
    if (after.pendingValue !== null) return after.pendingValue === noneValue(after.type) ? 'removal_requested' : 'raise_requested';
    if (before.pendingValue !== null && after.pendingValue === null && after.value === before.value) return 'pending_dropped';
    return valueInForce(before, now) === null ? 'set' : 'lowered';
  }

  function fail(outcome: Extract<ChangeOutcome, { ok: false }>): AppError {
    return new AppError(outcome.code === 'limit_value_invalid' ? 400 : 403, outcome.code, outcome.message);
  }

  /** Applies `changes` in `trx`; throws (rolling back) at the first refused one. */
  async function apply(trx: Transaction<Database>, userId: string, state: State, changes: readonly LimitChange[], actor: Actor, now: number): Promise<void> {
    for (const change of changes) {
      const index = state.records.findIndex((r) => r.type === change.limitType);
      const before = index >= 0 ? state.records[index]! : emptyLimit(change.limitType);
      const outcome = changeLimit(before, change.limitValue, now, change.selfExcludeReason ?? null);
      if (!outcome.ok) throw fail(outcome);
      if (outcome.effect === 'unchanged' && outcome.record === before) continue;
      await save(trx, userId, before, outcome.record, actionOf(before, outcome.record, now), actor, now);
      if (index >= 0) state.records[index] = outcome.record;
      else state.records.push(outcome.record);
      if (change.limitType === REALITY_CHECK) await resetRealityCheck(trx, userId, outcome.record, now);
    }
  }

  async function resetRealityCheck(trx: Transaction<Database>, userId: string, record: LimitRecord, now: number): Promise<void> {
    const interval = valueInForce(record, now);
    await trx
      .updateTable('player_protection')
      .set({ reality_show_at: interval === null ? null : new Date(now + interval * 60_000), reality_do_not_show: false, updated_at: new Date(now) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** The limits as the API answers them, with the allowances left. */
  async function view(executor: Db, userId: string, state: State | null, now: number): Promise<PlayerLimit[]> {
    if (!state) return [];
    const { currency } = state.protection;
    const money = state.records.filter((r) => ['deposit', 'wager', 'loss'].includes(familyOf(r.type) ?? '') && valueInForce(r, now) !== null);
    const deposits = money.some((r) => familyOf(r.type) === 'deposit') ? await depositUsage(executor, userId, currency, now) : new Map<number, bigint>();
    const bets = money.some((r) => familyOf(r.type) !== 'deposit') ? await betUsage(executor, userId, currency, now) : { wager: new Map<number, bigint>(), loss: new Map<number, bigint>() };
    const usage = new Map<number, bigint>([...deposits, ...bets.wager, ...bets.loss]);
    const list: PlayerLimit[] = state.records
      .filter((r) => r.value !== null || r.pendingValue !== null)
      .sort((a, b) => a.type - b.type)
      .map((r) => {
        const family = familyOf(r.type)!;
        const isMoney = family === 'deposit' || family === 'wager' || family === 'loss';
        const inForce = valueInForce(r, now);
        const left = isMoney && inForce !== null ? allowance([r], [r.type], usage, currency, now)!.left : null;
        return {
          limitType: r.type as PlayerLimit['limitType'],
          limitValue: inForce ?? noneValue(r.type),
          limitState: limitState(r, now),
          needApprove: needsApproval(r, now),
          startedAt: inForce === null ? null : sec(r.startedAt),
          endsAt: family === 'exclusion' && inForce !== null ? sec(r.endsAt) : null,
          limitBalance: left === null ? null : major(left, currency),
          measure: (isMoney ? 'currency' : family === 'exclusion' ? 'days' : family === 'session' ? 'hours' : 'minutes') as PlayerLimit['measure'],
          currency: isMoney ? currency : null,
          pendingValue: r.pendingValue,
          approveAt: sec(approveAtOf(r)),
          selfExcludeReason: r.type === SELF_EXCLUSION ? r.reason : null,
        };
      })
      .filter((l) => l.limitState !== 'INACTIVE');
    if (extraLimitsLocked(state.records, now)) {
      list.push({ limitType: 37, limitValue: 1, limitState: 'ACTIVE', needApprove: false, startedAt: null, endsAt: null, limitBalance: null, measure: 'flag', currency: null, pendingValue: null, approveAt: null, selfExcludeReason: null });
    }
    return list;
  }

  async function limits(userId: string): Promise<PlayerLimits> {
    const now = nowMs();
    const state = await loadState(db, userId);
    return {
      limitsData: await view(db, userId, state, now),
      selfExcluded: state !== null && valueInForce(state.records.find((r) => r.type === SELF_EXCLUSION) ?? emptyLimit(SELF_EXCLUSION), now) !== null,
      extraLimitsLocked: state !== null && extraLimitsLocked(state.records, now),
    };
  }

  /** Whether `change` loosens (a raise or removal that would wait): those go through the questionnaire. */
  function loosens(state: State, change: LimitChange, now: number): boolean {
    const before = state.records.find((r) => r.type === change.limitType) ?? emptyLimit(change.limitType);
    const outcome = changeLimit(before, change.limitValue, now);
    return outcome.ok && outcome.effect === 'pending';
  }

  const service = {
    limits,

    async setLimits(userId: string, changes: readonly LimitChange[], language: 'en' | 'ru', actor: Actor = 'player'): Promise<SetLimitsResponse> {
      const types = changes.map((c) => c.limitType);
      if (new Set(types).size !== types.length) throw new AppError(400, LimitErrorCode.invalidValue, 'Each limit type at most once a request');
      const { questionnaireRequired } = (await siteConfig()).protection;
      const now = nowMs();
      const token = await db.transaction().execute(async (trx) => {
        const state = await lockedState(trx, userId, now);
        // Only loosening changes wait for the questionnaire: a tighter limit is never held up.
        const held = questionnaireRequired && actor === 'player' ? changes.filter((c) => loosens(state, c, now)) : [];
        await apply(trx, userId, state, changes.filter((c) => !held.includes(c)), actor, now);
        if (held.length === 0) return null;
        const guid = randomUUID();
        await trx.updateTable('player_protection').set({ questionnaire_token: guid, questionnaire_changes: JSON.stringify(held), updated_at: new Date(now) }).where('user_id', '=', userId).execute();
        return guid;
      });
      const after = await loadState(db, userId);
      return {
        status: token ? 'questions' : 'applied',
        data: { questions: token ? QUESTIONS[language] : [], tokenGuid: token, limitsData: await view(db, userId, after, now) },
      };
    },

    async testAnswers(userId: string, tokenGuid: string, answers: readonly { questionId: number; answerId: number }[]): Promise<TestAnswersResponse> {
      const now = nowMs();
      const result = await db.transaction().execute(async (trx) => {
        const state = await lockedState(trx, userId, now);
        if (state.protection.questionnaireToken !== tokenGuid || !state.protection.questionnaireChanges) return null;
        const given = new Map(answers.map((a) => [a.questionId, a.answerId]));
        const questionsResult = QUESTIONS.en.map((q) => ({ questionId: q.id, correct: given.get(q.id) === EXPECTED_ANSWER }));
        const success = questionsResult.every((q) => q.correct);
        if (success) await apply(trx, userId, state, state.protection.questionnaireChanges, 'player', now);
        // One try a questionnaire: a failed one is asked again with the next change.
        await trx.updateTable('player_protection').set({ questionnaire_token: null, questionnaire_changes: null, updated_at: new Date(now) }).where('user_id', '=', userId).execute();
        return { questionsResult, success };
      });
      if (!result) throw new AppError(404, 'not_found', 'No questionnaire waits under this token');
      return { ...result, limitsData: await view(db, userId, await loadState(db, userId), now) };
    },

    /** confirm: applies the due pending changes of `types` (all due when omitted); reject: drops them. */
    async limitAction(userId: string, action: 'confirm' | 'reject', types: readonly number[] | undefined, language: 'en' | 'ru'): Promise<LimitActionResponse> {
      const now = nowMs();
      await db.transaction().execute(async (trx) => {
        const state = await lockedState(trx, userId, now);
        const chosen = state.records.filter((r) => r.pendingValue !== null && (!types || types.includes(r.type)));
        const targets = action === 'confirm' ? chosen.filter((r) => needsApproval(r, now)) : chosen;
        if (action === 'confirm' && targets.length === 0) {
          throw new AppError(403, LimitErrorCode.forbidden, chosen.length > 0 ? 'The change can be confirmed only 24 hours after it was asked' : 'No change waits for confirmation');
        }
        for (const record of targets) {
          const outcome = action === 'confirm' ? confirmLimit(record, now) : rejectLimit(record);
          if (!outcome.ok) throw fail(outcome);
          await save(trx, userId, record, outcome.record, action === 'confirm' ? 'confirmed' : 'rejected', 'player', now);
          if (record.type === REALITY_CHECK) await resetRealityCheck(trx, userId, outcome.record, now);
        }
      });
      const title = action === 'confirm' ? (language === 'ru' ? 'Лимит подтверждён' : 'Limit confirmed') : language === 'ru' ? 'Изменение лимита отменено' : 'Limit change cancelled';
      return { status: 200, title, limitsData: await view(db, userId, await loadState(db, userId), now) };
    },

    async selfBlock(userId: string, days: number, reason: number | undefined): Promise<{ success: boolean; endsAt: number }> {
      await service.setLimits(userId, [{ limitType: SELF_EXCLUSION, limitValue: days, ...(reason === undefined ? {} : { selfExcludeReason: reason }) }], 'en', 'player');
      const record = (await loadState(db, userId))!.records.find((r) => r.type === SELF_EXCLUSION)!;
      return { success: true, endsAt: sec(record.endsAt)! };
    },

    /** The session heartbeat: counts today's session time; ends every session once the hours are used. */
    async ping(userId: string): Promise<LimitPingResponse> {
      const now = nowMs();
      const none: LimitPingResponse = { sessionEnded: false, limitHours: null, usedSeconds: null, remainingSeconds: null, nextAllowedAt: null };
      const result = await db.transaction().execute(async (trx) => {
        const state = await loadState(trx, userId, true);
        const hours = state ? valueInForce(state.records.find((r) => r.type === SESSION_HOURS) ?? emptyLimit(SESSION_HOURS), now) : null;
        if (!state || hours === null) return none;
        const usage = recordPing(state.protection.session, now);
        await trx
          .updateTable('player_protection')
          .set({ session_day: new Date(usage.day), session_used_seconds: usage.usedSeconds, session_last_ping_at: new Date(now), updated_at: new Date(now) })
          .where('user_id', '=', userId)
          .execute();
        const ended = sessionEnded(hours, usage, now);
        return { sessionEnded: ended, limitHours: hours, usedSeconds: usage.usedSeconds, remainingSeconds: sessionRemainingSeconds(hours, usage, now), nextAllowedAt: ended ? sec(dayStart(now) + 86_400_000) : null };
      });
      if (result.sessionEnded) {
        await endSessions(userId);
        logger.info({ userId }, 'session limit used up: sessions ended');
      }
      return result;
    },

    async realityCheck(userId: string, sessionStartedAt: Date | null): Promise<RealityCheckState> {
      const now = nowMs();
      const state = await loadState(db, userId);
      return realityState(userId, state, sessionStartedAt, now, false);
    },

    async reportRealityCheck(userId: string, sessionStartedAt: Date | null, answer: { action: 'continue' | 'log_out' | 'nothing'; do_not_show_again: boolean; popup_show_at?: number | undefined }): Promise<RealityCheckState> {
      const now = nowMs();
      const state = await db.transaction().execute(async (trx) => {
        const found = await loadState(trx, userId, true);
        if (!found) return null;
        const interval = valueInForce(found.records.find((r) => r.type === REALITY_CHECK) ?? emptyLimit(REALITY_CHECK), now);
        const next = nextRealityCheck(interval, answer.action, answer.do_not_show_again, now, answer.popup_show_at === undefined ? undefined : answer.popup_show_at * 1000);
        const doNotShow = answer.do_not_show_again || found.protection.realityDoNotShow;
        await trx
          .updateTable('player_protection')
          .set({ reality_show_at: answer.action === 'log_out' ? found.protection.realityShowAt : next === null ? null : new Date(next), reality_do_not_show: doNotShow, updated_at: new Date(now) })
          .where('user_id', '=', userId)
          .execute();
        return loadState(trx, userId);
      });
      logger.info({ userId, action: answer.action, doNotShowAgain: answer.do_not_show_again }, 'reality check answered');
      if (answer.action === 'log_out') await endSessions(userId);
      return realityState(userId, state, sessionStartedAt, now, answer.action === 'log_out');
    },

    async opsView(userId: string): Promise<OpsPlayerLimits | null> {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) return null;
      const now = nowMs();
      const audit = await db.selectFrom('player_limit_audit').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(500).execute();
      return {
        userId,
        limitsData: await view(db, userId, await loadState(db, userId), now),
        audit: audit.map(
          (a): LimitAuditEntry => ({ id: Number(a.id), limitType: a.limit_type as LimitAuditEntry['limitType'], actor: a.actor, action: a.action, oldValue: a.old_value, newValue: a.new_value, state: a.state, at: a.at.getTime() }),
        ),
      };
    },

    /** Deposits: inside the deposit's transaction, before its row is inserted. Throws the refusal. */
    async checkDeposit(trx: Db, userId: string, currency: string, amount: bigint): Promise<void> {
      const now = nowMs();
      const state = await loadState(trx, userId, true);
      if (!state) return;
      const excludedUntil = exclusionEndOf(state, SELF_EXCLUSION, now);
      if (excludedUntil !== null) throw new AppError(422, LimitErrorCode.selfExcluded, 'Deposits are closed while your self-exclusion lasts', { endsAt: sec(excludedUntil) });
      const timeoutUntil = exclusionEndOf(state, DEPOSIT_TIMEOUT, now);
      if (timeoutUntil !== null) throw new AppError(422, LimitErrorCode.depositTimeout, 'Deposits are closed while your deposit time-out lasts', { endsAt: sec(timeoutUntil) });
      if (!state.records.some((r) => familyOf(r.type) === 'deposit' && valueInForce(r, now) !== null)) return;
      const limitCurrency = state.protection.currency;
      const usage = await depositUsage(trx, userId, limitCurrency, now);
      const check = checkSpend(state.records, DEPOSIT_TYPES, usage, limitCurrency, convertByInitialStakes(amount, currency, limitCurrency), now, LimitErrorCode.depositLimit);
      if (!check.ok) throw refusal(check.code, 'This deposit is above what your deposit limit allows now', check.left, check.limitType, limitCurrency);
    },

    /**
     * Bets, before the placement's unit: one query. Refuses exclusions and an ended session.
     * `executor`: the caller's transaction when it asks from inside its unit (the casino wallet).
     */
    async betGate(userId: string, executor: Db = db): Promise<BetGate> {
      const now = nowMs();
      const state = await loadState(executor, userId);
      if (!state) return { checkInUnit: false };
      const excludedUntil = exclusionEndOf(state, SELF_EXCLUSION, now);
      if (excludedUntil !== null) throw new AppError(422, LimitErrorCode.selfExcluded, 'Betting is closed while your self-exclusion lasts', { endsAt: sec(excludedUntil) });
      const hours = valueInForce(state.records.find((r) => r.type === SESSION_HOURS) ?? emptyLimit(SESSION_HOURS), now);
      if (sessionEnded(hours, state.protection.session, now)) {
        throw new AppError(422, LimitErrorCode.sessionLimit, 'Your session limit for today is used up; come back tomorrow', { nextAllowedAt: sec(dayStart(now) + 86_400_000) });
      }
      return { checkInUnit: state.records.some((r) => (familyOf(r.type) === 'wager' || familyOf(r.type) === 'loss') && valueInForce(r, now) !== null) };
    },

    /** Bets, inside the placement's unit (only when `betGate` said so): lock, usage, check. */
    async checkBet(trx: Db, userId: string, currency: string, amount: bigint): Promise<void> {
      const now = nowMs();
      const state = await loadState(trx, userId, true);
      if (!state) return;
      const limitCurrency = state.protection.currency;
      const stake = convertByInitialStakes(amount, currency, limitCurrency);
      const { wager, loss } = await betUsage(trx, userId, limitCurrency, now);
      for (const [types, usage, code, what] of [
        [WAGER_TYPES, wager, LimitErrorCode.wagerLimit, 'wagering'],
        [LOSS_TYPES, loss, LimitErrorCode.lossLimit, 'loss'],
      ] as const) {
        // A stake can be lost whole: it must fit what is left of the loss limit too.
        const check = checkSpend(state.records, types, usage, limitCurrency, stake, now, code);
        if (!check.ok) throw refusal(check.code, `This stake is above what your ${what} limit allows now`, check.left, check.limitType, limitCurrency);
      }
    },
  };
  return service;

  async function realityState(userId: string, state: State | null, sessionStartedAt: Date | null, now: number, loggedOut: boolean): Promise<RealityCheckState> {
    const interval = state ? valueInForce(state.records.find((r) => r.type === REALITY_CHECK) ?? emptyLimit(REALITY_CHECK), now) : null;
    const currency = state?.protection.currency ?? (await mainCurrency(db, userId));
    const net = sessionStartedAt ? await netSince(db, userId, currency, sessionStartedAt) : 0n;
    const showAt = interval !== null && state && !state.protection.realityDoNotShow ? state.protection.realityShowAt : null;
    return {
      data: {
        attributes: {
          interval_minutes: interval,
          popup_show_at: showAt ? sec(showAt) : null,
          do_not_show_again: state?.protection.realityDoNotShow ?? false,
          session_started_at: sessionStartedAt ? sec(sessionStartedAt) : null,
          elapsed_seconds: sessionStartedAt ? Math.max(0, Math.floor((now - sessionStartedAt.getTime()) / 1000)) : 0,
          net_position: major(net, currency),
          currency,
          logged_out: loggedOut,
        },
      },
    };
  }
}

function exclusionEndOf(state: State, type: number, now: number): number | null {
  const record = state.records.find((r) => r.type === type);
  return record && valueInForce(record, now) !== null ? record.endsAt : null;
}

