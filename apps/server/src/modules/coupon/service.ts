/**
 * The coupon service (issue 11): quotes a draft, places a coupon, accepts or refuses live
 * coupons after their delay, settles coupons whose selections are all settled, and lists
 * the player's bets.
 *
 * Money follows decision 0013: a coupon row and the stake it charges commit in one SQL
 * transaction (`coupon:{id}:stake`, player → house-bets); a refusal after the live delay
 * returns it in the transaction that marks the coupon refused (`coupon:{id}:refund`); the
 * settlement posts the payout in the transaction that marks it settled
 * (`coupon:{id}:payout`). The house side is the house-bets shard of the coupon id (decision
 * 0015), so placements do not queue on one row. The coupon id is the placement's
 * idempotency key: a retry answers the stored coupon, the same id with another body is 409.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  dependentSelectionIds,
  insurancePaybackAmount,
  isCurrencyCode,
  minor,
  mayPlay,
  quoteCoupon,
  resolveCurrency,
  settleCoupon,
  takenCoef,
  validTypes,
  withBettingSettings,
  type BetStatus,
  type ChangeCoefAction,
  type CouponDraft,
  type CurrencyCode,
} from '@betsite/domain';
import {
  CouponErrorCode,
  type Coupon,
  type CouponBetState,
  type CouponHistory,
  type CouponQuote,
  type CouponQuoteAsked,
  type CouponSubmitted,
} from '@betsite/contracts';
import type { CouponsTable, Database } from '@betsite/db';
import type { SiteConfig } from '@betsite/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { decodeHistoryCursor, encodeHistoryCursor } from '../../lib/history-cursor.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { InsufficientFundsError } from '../ledger/errors.ts';
import { isUuid, type Movement } from '../ledger/movement.ts';
import { daysToActivate } from '../user-config/service.ts';
import { betKey, loadBets, type BetRef, type BetState } from './bets.ts';
import { draftOf, fromThousandths, money, placedDraft, planOf, toThousandths } from './draft.ts';
import { assessVip, reviewColumns, reviewOf, vipSettingsOf } from './vip.ts';

type CouponRow = Selectable<CouponsTable>;
/** A selection as a coupon shows it: stored fields with the game's names and score. */
interface ShownSelection {
  game_id: number;
  outcome_key: string;
  coef: number;
  block_id: number | null;
  is_banker: boolean;
  status: number;
  home: string | null;
  away: string | null;
  outcome_name: string | null;
  score_home: number | null;
  score_away: number | null;
  game_status: number | null;
}
type Submit = CouponSubmitted;
type QuoteRequest = CouponQuoteAsked;

/** Job kind: accept or refuse a pending live coupon at its time (payload `{ couponId }`). */
export const ACCEPT_COUPON_JOB = 'coupons.accept';
const BATCH = 500;
/** A sweep settles batch after batch for at most this long; the next sweep goes on. */
const SWEEP_BUDGET_MS = 4_000;
/** How often a sweep looks at every accepted coupon rather than those whose selections it just settled. */
const FULL_SCAN_EVERY_MS = 60_000;

export interface CouponServiceDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  logger: FastifyBaseLogger;
  ledger: Ledger;
  /**
   * The site's config (cached by its service): the e-mail activation period that decides who
   * may bet, and the betting settings (limits, live delay, anti-express margin, vip review).
   */
  siteConfig: () => Promise<SiteConfig>;
  schedule?: (kind: string, input: { at: Date; payload: { couponId: string } }) => Promise<unknown>;
  /** Called after a coupon placed into vip review committed (schedules its time-out). */
  onReview?: (row: Selectable<CouponsTable>) => Promise<void>;
  /** Responsible-gaming limits (modules/limits): asked before the placement, and inside its unit when a money limit is in force. */
  limits?: CouponLimits;
}

/** What placement asks the limit service: one query before the unit, the locked check inside it. */
export interface CouponLimits {
  betGate(userId: string): Promise<{ checkInUnit: boolean }>;
  checkBet(db: Kysely<Database>, userId: string, currency: string, amount: bigint): Promise<void>;
}

export interface CouponService {
  quote(userId: string | null, request: QuoteRequest): Promise<CouponQuote>;
  /** 201 with the coupon when created; 200 with the stored one for a retry. */
  place(userId: string, submit: Submit): Promise<{ coupon: Coupon; created: boolean }>;
  /** Accepts or refuses a pending coupon due now; true when this call decided it. */
  accept(couponId: string, now: Date): Promise<boolean>;
  /** Pending coupons past their time (a lost job) and accepted coupons whose selections all settled; how many it finished. */
  sweep(now: Date): Promise<{ accepted: number; settled: number }>;
  history(userId: string, query: { status: 'open' | 'settled' | 'all'; limit: number; before?: string | undefined }): Promise<CouponHistory>;
  get(userId: string, id: string): Promise<Coupon>;
}

const requestHash = (submit: Submit) => createHash('sha256').update(JSON.stringify({ ...submit, coef: undefined, coefViewId: undefined, isOneClick: undefined })).digest('hex');

export function createCouponService({ db, clock, logger, ledger, siteConfig, schedule, onReview, limits }: CouponServiceDeps): CouponService {
  const now = () => new Date(clock.now());
  /** Coupons whose selections this node settled and that it has not paid yet. */
  const candidates = new Set<string>();
  let lastFullScan: number | null = null;

  /**
   * The player's account to bet from (the one asked: theirs, main or currency; else the active
   * one; else main) and whether they may bet now (SPEC §6: a ban, an overdue e-mail
   * confirmation) — one query, as placement is the hottest call there is.
   */
  async function stakeAccount(userId: string, accountId: string | undefined): Promise<{ id: string; currency: CurrencyCode; mayBet: boolean }> {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('ledger_accounts as a', (join) => join.onRef('a.owner_id', '=', 'u.id').on('a.kind', 'in', ['player-main', 'player-currency']))
      .leftJoin('account_preferences as p', 'p.user_id', 'u.id')
      .select(['a.id', 'a.kind', 'a.currency', 'p.active_account_id', 'u.ban_level', 'u.registration_type', 'u.email', 'u.email_verified_at', 'u.created_at'])
      .where('u.id', '=', userId)
      .execute();
    const accounts = rows.filter((a) => a.id !== null);
    const wanted = accountId ?? rows[0]?.active_account_id ?? accounts.find((a) => a.kind === 'player-main')?.id;
    const account = accounts.find((a) => a.id === wanted?.toLowerCase()) ?? (accountId ? undefined : accounts.find((a) => a.kind === 'player-main'));
    if (!account?.id || !account.currency || !isCurrencyCode(account.currency)) throw notFound('No such account');
    const user = { registrationType: account.registration_type, email: account.email, emailVerifiedAt: account.email_verified_at, createdAt: account.created_at };
    const mayBet = mayPlay({ banLevel: account.ban_level, remainingDaysToActivate: daysToActivate(user, await siteConfig(), clock.now()) });
    return { id: account.id, currency: account.currency, mayBet };
  }

  function betStates(bets: readonly BetRef[], states: ReadonlyMap<string, BetState>, dependent: ReadonlySet<string>): CouponBetState[] {
    return bets.map((bet) => {
      const state = states.get(betKey(bet));
      return {
        gameId: bet.gameId,
        outcomeKey: bet.outcomeKey,
        coef: state ? fromThousandths(state.coef) : null,
        isBlocked: !state || state.blocked || state.finished,
        isDepend: dependent.has(betKey(bet)),
        isLive: state?.live ?? false,
        finished: state?.finished ?? false,
      };
    });
  }

  async function toCoupon(row: CouponRow): Promise<Coupon> {
    return (await toCoupons([row]))[0]!;
  }

  async function toCoupons(rows: CouponRow[]): Promise<Coupon[]> {
    if (rows.length === 0) return [];
    const selections: (ShownSelection & { coupon_id: string })[] = await db
      .selectFrom('coupon_selections as s')
      .leftJoin('games as g', 'g.id', 's.game_id')
      .leftJoin('teams as h', 'h.id', 'g.home_team_id')
      .leftJoin('teams as a', 'a.id', 'g.away_team_id')
      .leftJoin('outcomes as o', (join) => join.onRef('o.game_id', '=', 's.game_id').onRef('o.key', '=', 's.outcome_key'))
      .select(['s.coupon_id', 's.position', 's.game_id', 's.outcome_key', 's.coef', 's.block_id', 's.is_banker', 's.status', 'h.name as home', 'a.name as away', 'o.name as outcome_name', 'g.score_home', 'g.score_away', 'g.status as game_status'])
      .where('s.coupon_id', 'in', rows.map((r) => r.id))
      .orderBy('s.coupon_id')
      .orderBy('s.position')
      .execute();
    return rows.map((row) => couponOf(row, selections.filter((s) => s.coupon_id === row.id)));
  }

  /** The coupon as the API shows it, from its row and its selections (in their order). */
  function couponOf(row: CouponRow, selections: readonly ShownSelection[]): Coupon {
      const currency = row.currency as CurrencyCode;
      return {
        id: row.id,
        typeId: row.type_id,
        status: row.status,
        currency,
        amount: money(row.amount, currency),
        unitStake: money(row.unit_stake, currency),
        lines: row.lines,
        coef: fromThousandths(Number(row.coef)),
        possibleWin: money(row.possible_win, currency),
        payout: row.payout === null ? null : money(row.payout, currency),
        isLive: row.is_live,
        systemValue: row.system_value,
        acceptAt: row.status === 'pending' && row.accept_at ? row.accept_at.toISOString() : null,
        refusal: row.refusal && typeof row.refusal.code === 'string' ? { code: row.refusal.code } : null,
        insurance: row.insured_amount !== null && row.insurance_premium !== null ? { amount: money(row.insured_amount, currency), premium: money(row.insurance_premium, currency) } : null,
        review: reviewOf(row, clock.now()),
        createdAt: row.created_at.toISOString(),
        settledAt: row.settled_at?.toISOString() ?? null,
        bets: selections.map((s) => ({
            gameId: s.game_id,
            outcomeKey: s.outcome_key,
            coef: fromThousandths(s.coef),
            blockId: s.block_id,
            isBanker: s.is_banker,
            status: s.status,
            home: s.home,
            away: s.away,
            outcomeName: s.outcome_name,
            score: s.game_status !== null && s.game_status > 1 ? `${s.score_home}:${s.score_away}` : null,
          })),
      };
  }

  async function stored(id: string): Promise<CouponRow | undefined> {
    return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A refusal with the bets' current states, so the slip can show them. */
  const refusal = (status: number, code: string, message: string, bets: CouponBetState[]) => new AppError(status, code, message, { bets });

  /** The coefs a placement takes (the domain's changeCoefAction rule); null when the player's choice refuses a change. */
  function takenCoefs(bets: readonly { gameId: number; outcomeKey: string; coef: number }[], states: ReadonlyMap<string, BetState>, action: ChangeCoefAction): Map<string, number> | null {
    const taken = new Map<string, number>();
    for (const bet of bets) {
      const coef = takenCoef(toThousandths(bet.coef), states.get(betKey(bet))!.coef, action);
      if (coef === null) return null;
      taken.set(betKey(bet), coef);
    }
    return taken;
  }

  /** Accepts (no money moves) or refuses (the stake back, in the same transaction) a pending coupon. */
  async function decide(row: CouponRow): Promise<boolean> {
    const selections = await db.selectFrom('coupon_selections').selectAll().where('coupon_id', '=', row.id).orderBy('position').execute();
    const states = await loadBets(db, selections.map((s) => ({ gameId: s.game_id, outcomeKey: s.outcome_key })));
    let code: string | null = null;
    for (const s of selections) {
      const state = states.get(betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }));
      if (!state || state.blocked || state.finished) code = CouponErrorCode.selectionUnavailable;
      else if (state.coef < s.coef && row.change_coef_action !== 1) code = CouponErrorCode.coefChanged;
      else if (row.drop_on_score_change && s.is_live && (state.scoreHome !== s.score_home || state.scoreAway !== s.score_away)) code = CouponErrorCode.scoreChanged;
      if (code) break;
    }
    if (!code) {
      const accepted = await db.updateTable('coupons').set({ status: 'accepted', updated_at: now() }).where('id', '=', row.id).where('status', '=', 'pending').executeTakeFirst();
      return accepted.numUpdatedRows === 1n;
    }
    const house = await ledger.houseAccount('house-bets', row.currency as CurrencyCode, row.id);
    const refusedCode = code;
    return ledger.unit(async (unit) => {
      const refused = await unit.db
        .updateTable('coupons')
        .set({ status: 'refused', refusal: JSON.stringify({ code: refusedCode }), payout: row.amount, settled_at: unit.now, updated_at: unit.now })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (refused.numUpdatedRows !== 1n) return false;
      await unit.post({
        idempotencyKey: `coupon:${row.id}:refund`,
        kind: 'bet-refund',
        entries: [
          { accountId: house.id, amount: -row.amount },
          { accountId: row.account_id, amount: row.amount },
        ],
        metadata: { couponId: row.id, reason: refusedCode },
      });
      logger.info({ couponId: row.id, reason: refusedCode }, 'live coupon refused after its delay; stake returned');
      return true;
    });
  }

  /**
   * Pays accepted coupons whose selections are all settled, each once: in one transaction the
   * batch is locked (skipping rows another node holds) and marked settled (only rows still
   * `accepted`: a cash-out may have taken one) and the payouts of the rows it marked are posted — the statements of one
   * settlement for the whole batch (decision 0017). Answers how many it settled.
   */
  async function settleBatch(rows: readonly CouponRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const selections = await db.selectFrom('coupon_selections').selectAll().where('coupon_id', 'in', rows.map((r) => r.id)).orderBy('coupon_id').orderBy('position').execute();
    const payouts = new Map<string, bigint>();
    for (const row of rows) {
      const own = selections.filter((s) => s.coupon_id === row.id);
      const statuses = Object.fromEntries(own.map((s) => [betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }), s.status as BetStatus]));
      const { payout } = settleCoupon(placedDraft(row.plan, own), statuses, { detail: false });
      if (payout !== null) payouts.set(row.id, payout);
    }
    if (payouts.size === 0) return 0;
    const houses = new Map<string, string>();
    for (const row of rows) if (payouts.has(row.id)) houses.set(row.id, (await ledger.houseAccount('house-bets', row.currency as CurrencyCode, row.id)).id);
    return ledger.unit(async (unit) => {
      // Rows another node is settling now are skipped (it pays them): concurrent sweeps take disjoint batches and never wait on each other.
      const mine = await unit.db.selectFrom('coupons').select(['id', 'insured_amount']).where('id', 'in', [...payouts.keys()]).where('status', '=', 'accepted').orderBy('id').forUpdate().skipLocked().execute();
      if (mine.length === 0) return 0;
      // Arrays, not VALUES: the planner probes the primary key per row instead of hashing the whole table.
      const ids = mine.map((r) => r.id);
      const amounts = ids.map((id) => String(payouts.get(id)!));
      const marked = await sql<{ id: string }>`
        update coupons as c set status = 'settled', payout = v.payout, settled_at = ${unit.now}, updated_at = ${unit.now}
        from unnest(${ids}::uuid[], ${amounts}::bigint[]) as v(id, payout)
        where c.id = v.id and c.status = 'accepted'
        returning c.id`.execute(unit.db);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const insuredAmounts = new Map(mine.map((r) => [r.id, r.insured_amount]));
      const movements: Movement[] = [];
      for (const { id } of marked.rows) {
        const row = byId.get(id)!;
        const payout = payouts.get(id)!;
        const house = houses.get(id)!;
        const pay = (key: string, kind: string, amount: bigint) =>
          movements.push({ idempotencyKey: `coupon:${id}:${key}`, kind, entries: [{ accountId: house, amount: -amount }, { accountId: row.account_id, amount }], metadata: { couponId: id } });
        if (payout > 0n) pay('payout', 'bet-payout', payout);
        // Insurance: a lost insured coupon gets its insured part back, in this unit. The insured
        // amount as read under the lock: an insurance bought after `rows` was read is paid back too.
        const insured = insuredAmounts.get(id) ?? null;
        const back = insurancePaybackAmount(insured === null ? null : minor(insured), minor(payout));
        if (back > 0n) pay('insurance-payback', 'bet-insurance-payback', back);
      }
      await unit.postMany(movements);
      return marked.rows.length;
    });
  }

  /**
   * What a placement may charge: the player may bet, every selection can be played, the odds
   * taken by the player's changeCoefAction (and exactCoef), and the domain's quote of the
   * coupon without errors. Throws the refusal otherwise.
   */
  async function checkPlacement(userId: string, submit: Submit) {
    const account = await stakeAccount(userId, submit.accountId);
    if (!account.mayBet) throw new AppError(403, CouponErrorCode.notAllowed, 'Betting is not available for this account now');
    // Responsible gaming (issue 12): exclusions and an ended session refused here; money limits checked in the unit.
    const gate = limits ? await limits.betGate(userId) : null;
    // Refused, not ignored: a player who typed a code must not think it was applied.
    if (submit.promoCode !== undefined && submit.promoCode.trim() !== '') throw new AppError(422, CouponErrorCode.promoCodeUnknown, 'No such promo code');
    const states = await loadBets(db, submit.bets);
    const current = () => betStates(submit.bets, states, new Set());
    if (submit.bets.some((b) => { const s = states.get(betKey(b)); return !s || s.blocked || s.finished; })) {
      throw refusal(409, CouponErrorCode.selectionUnavailable, 'A selection can no longer be played', current());
    }
    const coefs = takenCoefs(submit.bets, states, submit.changeCoefAction);
    if (!coefs) throw refusal(409, CouponErrorCode.coefChanged, 'The odds have changed', current());
    const betting = (await siteConfig()).betting;
    const draft: CouponDraft = withBettingSettings(draftOf(submit, states, account.currency, coefs), betting);
    const quote = quoteCoupon(draft);
    // A vip bet above the max goes to review instead of being refused (vip.ts).
    const { review, errors } = assessVip(submit.isVipBet, draft, quote);
    if (errors.length > 0 || quote.possibleWin === null) {
      throw new AppError(422, CouponErrorCode.invalidCoupon, 'This coupon cannot be placed as it is', { errors: errors.map((e) => ({ code: e.code, ...(e.reason ? { reason: e.reason } : {}) })) });
    }
    if (submit.exactCoef !== undefined && quote.totalCoef !== toThousandths(submit.exactCoef)) {
      throw refusal(409, CouponErrorCode.coefChanged, 'The total odds are not the exact odds asked for', current());
    }
    return { account, states, coefs, draft, quote, review, betting, gate };
  }

  return {
    async quote(userId, request) {
      const currency = userId ? (await stakeAccount(userId, request.accountId)).currency : resolveCurrency(undefined).code;
      const states = await loadBets(db, request.bets);
      const draft = withBettingSettings(draftOf(request, states, currency), (await siteConfig()).betting);
      const quote = quoteCoupon(draft);
      // The quote of a vip bet shows no "above the max" (an unavailable vip bet shows the max as any coupon).
      const { errors } = assessVip(request.isVipBet === true && quote.vipBetAvailable, draft, quote);
      const dependent = new Set(dependentSelectionIds(draft.selections));
      return {
        typeId: quote.typeId,
        types: validTypes(draft.selections).map((t) => (t.allowed ? { typeId: t.typeId, allowed: true } : { typeId: t.typeId, allowed: false, reason: t.reason })),
        lines: quote.lines,
        unitStake: quote.unitStake === null ? null : money(quote.unitStake, currency),
        charged: money(quote.charged, currency),
        coef: quote.totalCoef === null ? null : fromThousandths(quote.totalCoef),
        possibleWin: quote.possibleWin === null ? null : money(quote.possibleWin, currency),
        currency,
        minAmount: money(draft.limits?.minAmount ?? 1n, currency),
        maxAmount: draft.limits?.maxAmount ? money(draft.limits.maxAmount, currency) : null,
        amountStep: money(quote.amountStep, currency),
        initialAmount: money(quote.initialAmount, currency),
        systemOptions: quote.systemOptions.map((o) => ({ value: o.value, offset: o.offset, minBetAmount: money(o.minBetAmount, currency), combo: o.combo })),
        bonusBet: { offered: quote.bonusBet.offered, coef: quote.bonusBet.offered ? fromThousandths(quote.bonusBet.coef) : null },
        vipBetAvailable: quote.vipBetAvailable,
        bets: betStates(request.bets, states, dependent),
        errors: errors.map((e) => ({
          code: e.code,
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.selectionIds ? { selectionIds: [...e.selectionIds] } : {}),
          ...(e.blockId === undefined ? {} : { blockId: e.blockId }),
          ...(e.limit === undefined ? {} : { limit: money(e.limit, currency) }),
        })),
      };
    },

    async place(userId, asked) {
      // The id as the database stores it: the ledger keys and the house shard of every later
      // posting use the stored id, so the stake's must too (a client may send capitals).
      const submit = { ...asked, id: asked.id.toLowerCase() };
      const hash = requestHash(submit);
      /** A retry of a stored coupon: its answer, or 409 for another body (also when a concurrent request with this id won). */
      const retried = (row: CouponRow) => {
        if (row.user_id !== userId || row.request_hash !== hash) throw new AppError(409, CouponErrorCode.idempotencyConflict, 'This coupon id was already used for another coupon');
        return toCoupon(row).then((coupon) => ({ coupon, created: false }));
      };
      // No read of the id first: a retry is rare, so it is found by the insert's conflict, or
      // by a refusal below (the odds may have moved since the first answer).
      const checked = await checkPlacement(userId, submit).catch(async (error: unknown) => {
        const existing = await stored(submit.id);
        if (existing) return existing;
        throw error;
      });
      if (!('draft' in checked)) return retried(checked);
      const { account, states, coefs, draft, quote, review, betting, gate } = checked;
      const delayMs = betting.liveAcceptDelayMs;
      const live = draft.selections.some((s) => s.isLive === true);
      const at = now();
      const pending = live && delayMs > 0;
      const acceptAt = pending ? new Date(at.getTime() + delayMs) : null;
      const house = await ledger.houseAccount('house-bets', account.currency, submit.id);
      const charged = quote.charged;
      const selections = submit.bets.map((bet, position) => {
        const state = states.get(betKey(bet))!;
        return {
          coupon_id: submit.id,
          position,
          game_id: bet.gameId,
          outcome_key: bet.outcomeKey,
          coef: coefs.get(betKey(bet))!,
          block_id: bet.blockId ?? null,
          is_banker: bet.isBanker === true,
          is_live: state.live,
          score_home: state.live ? state.scoreHome : null,
          score_away: state.live ? state.scoreAway : null,
        };
      });
      let row: CouponRow | undefined;
      try {
        row = await ledger.unit(async (unit) => {
          // Under the player's limits row lock: concurrent bets cannot both pass a wagering or loss limit.
          if (gate?.checkInUnit) await limits!.checkBet(unit.db, userId, account.currency, charged);
          const inserted = await unit.db
            .insertInto('coupons')
            .values({
              id: submit.id,
              user_id: userId,
              account_id: account.id,
              currency: account.currency,
              type_id: draft.typeId,
              system_value: draft.typeId === 2 || draft.typeId === 4 ? (draft.systemValue ?? 2) : null,
              amount: charged,
              unit_stake: quote.unitStake ?? charged,
              lines: quote.lines,
              coef: BigInt(quote.totalCoef ?? 0),
              possible_win: quote.possibleWin ?? 0n,
              change_coef_action: submit.changeCoefAction,
              exact_coef: submit.exactCoef === undefined ? null : toThousandths(submit.exactCoef),
              drop_on_score_change: submit.isDropOnScoreChange,
              is_live: live,
              status: review ? 'review' : pending ? 'pending' : 'accepted',
              ...(review ? reviewColumns(quote.charged, at, vipSettingsOf(betting)) : {}),
              plan: JSON.stringify(planOf(draft)),
              request_hash: hash,
              accept_at: acceptAt,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!inserted) return undefined;
          await unit.db.insertInto('coupon_selections').values(selections).execute();
          await unit.post({
            idempotencyKey: `coupon:${submit.id}:stake`,
            kind: 'bet',
            entries: [
              { accountId: account.id, amount: -charged },
              { accountId: house.id, amount: charged },
            ],
            metadata: { couponId: submit.id, typeId: draft.typeId },
          });
          return inserted;
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          throw new AppError(422, CouponErrorCode.insufficientFunds, 'Not enough money on the account for this stake', { charged: money(charged, account.currency) });
        }
        throw error;
      }
      if (!row) {
        const winner = await stored(submit.id);
        if (!winner) throw new Error(`coupon ${submit.id} vanished`);
        return retried(winner);
      }
      logger.info({ couponId: row.id, typeId: row.type_id, amount: String(row.amount), status: row.status }, 'coupon placed');
      if (review && onReview) await onReview(row);
      if (pending && acceptAt && schedule) {
        await schedule(ACCEPT_COUPON_JOB, { at: acceptAt, payload: { couponId: row.id } }).catch((err: unknown) =>
          logger.warn({ err, couponId: row.id }, 'acceptance not scheduled; the sweep will decide the coupon'),
        );
      }
      // The answer from what was just written: no reads after the commit.
      const shown = selections.map((s): ShownSelection => {
        const state = states.get(betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }))!;
        return { ...s, status: -2, home: state.home, away: state.away, outcome_name: state.outcomeName, score_home: state.scoreHome, score_away: state.scoreAway, game_status: state.gameStatus };
      });
      return { coupon: couponOf(row, shown), created: true };
    },

    async accept(couponId, at) {
      if (!isUuid(couponId)) return false;
      const row = await db.selectFrom('coupons').selectAll().where('id', '=', couponId).where('status', '=', 'pending').executeTakeFirst();
      if (!row || (row.accept_at && row.accept_at > at)) return false;
      return decide(row);
    },

    async sweep(at) {
      let accepted = 0;
      const due = await db.selectFrom('coupons').selectAll().where('status', '=', 'pending').where('accept_at', '<=', at).orderBy('accept_at').limit(BATCH).execute();
      for (const row of due) if (await decide(row)) accepted++;

      // Settled outcomes reach the selections still waiting for them; their coupons are the
      // candidates to pay (with those a previous run had no time for).
      const touched = await sql<{ coupon_id: string }>`
        update coupon_selections s set status = o.status
        from outcomes o
        where s.status < 0 and o.game_id = s.game_id and o.key = s.outcome_key and o.status >= 0
        returning s.coupon_id`.execute(db);
      for (const { coupon_id } of touched.rows) candidates.add(coupon_id);
      // Now and then every accepted coupon is looked at: one whose selections a crashed node
      // updated but did not pay, or a cash-out that left one accepted.
      const full = lastFullScan === null || at.getTime() - lastFullScan >= FULL_SCAN_EVERY_MS;
      if (full) lastFullScan = at.getTime();
      const ready = () => {
        let query = db
          .selectFrom('coupons as c')
          .selectAll('c')
          .where('c.status', '=', 'accepted')
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('coupon_selections as s').select('s.position').whereRef('s.coupon_id', '=', 'c.id').where('s.status', '<', 0))));
        if (!full) query = query.where('c.id', 'in', [...candidates].slice(0, BATCH));
        return query.limit(BATCH).execute();
      };
      // Batch after batch until none is left or the time is up (the next run goes on).
      let settled = 0;
      const started = performance.now();
      while (full || candidates.size > 0) {
        const asked = full ? [] : [...candidates].slice(0, BATCH);
        const rows = await ready();
        const done = await settleBatch(rows);
        settled += done;
        for (const id of asked) candidates.delete(id);
        for (const row of rows) candidates.delete(row.id);
        // Out of time; or, looking at all, done or the rest is another node's now.
        if (performance.now() - started > SWEEP_BUDGET_MS || (full && (rows.length < BATCH || done === 0))) break;
      }
      return { accepted, settled };
    },

    async history(userId, { status, limit, before }) {
      let query = db.selectFrom('coupons').selectAll().where('user_id', '=', userId);
      if (status === 'open') query = query.where('status', 'in', ['pending', 'accepted', 'review']);
      if (status === 'settled') query = query.where('status', 'in', ['settled', 'refused', 'sold']);
      const cursor = before === undefined ? null : decodeHistoryCursor(before);
      if (cursor) query = query.where((eb) => eb.or([eb('created_at', '<', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '<', cursor.id)])]));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { coupons: await toCoupons(page), nextCursor: rows.length > limit && last ? encodeHistoryCursor(last) : null };
    },

    async get(userId, id) {
      const row = isUuid(id) ? await stored(id) : undefined;
      if (!row || row.user_id !== userId) throw notFound('No such coupon');
      return toCoupon(row);
    },
  };
}
