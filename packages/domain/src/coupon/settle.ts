/**
 * Settlement: what a coupon pays once every selection is settled, per type, with each
 * line's detail for the history view.
 *
 * Each selection's factor comes from its SPEC status (factors.ts); a line's factor is the
 * product rounded half up to 3 decimals and its return ⌊stake × factor⌋. The payout is null
 * while any selection is unsettled (−2, −1); lines already decided still show their return.
 * An express the player took as a bonus bet pays the bonus coef when every selection wins;
 * an express also earns its hyper-bonus; the payout is capped at the coupon's max payout
 * (each single of multiple singles is a coupon of its own and is capped alone).
 */
import { minor, MAX_MINOR, type Minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import { stateOf, type LegState, type AccountLeg } from './account.ts';
import { antiExpressFactor } from './anti-express.ts';
import { hyperBonusAmount } from './bonus.ts';
import { settleChain } from './chain.ts';
import { settleConditional } from './conditional.ts';
import { applyFactor, divRoundHalfUp, lineFactor, OPEN, selectionFactor } from './factors.ts';
import { sumLines, type LineVisitor } from './lines.ts';
import { applyLobby, blockFactor, multiBetLines } from './multi-bet.ts';
import { planCoupon, type CouponPlan } from './plan.ts';
import type { CouponDraft } from './types.ts';

/** One line of a settled (or settling) coupon: an express of a system, a leg of a chain … */
export interface CouponLine {
  readonly selectionIds: readonly string[];
  /** What it staked; null while an earlier leg of a chain or conditional is open. */
  readonly stake: Minor | null;
  /** Its factor in thousandths (1850 = 1.850); null while open. */
  readonly factor: number | null;
  /** Its return; null while open. */
  readonly payout: Minor | null;
  readonly state: LegState;
  /** Chain and conditional: the account after this leg. */
  readonly accountAfter?: Minor | null;
}

export interface CouponSettlement {
  /** What the coupon pays, capped, hyper-bonus included; null while any selection is unsettled. */
  readonly payout: Minor | null;
  readonly charged: Minor;
  readonly lines: readonly CouponLine[];
  /** Multi-bet with a lobby: the lobby as a line staking the system's total return. */
  readonly lobby: CouponLine | null;
  readonly hyperBonus: Minor;
  readonly isCapped: boolean;
}

/** Statuses by selection id; a selection without one is not calculated yet (−2). */
export type CouponStatuses = Readonly<Record<string, BetStatus>>;

/** What a plan yields under the selections' factors (1/2000, OPEN while unsettled), before hyper-bonus and cap. */
export interface Evaluation {
  readonly raw: bigint | null;
  readonly lines: CouponLine[];
  readonly lobby: CouponLine | null;
  /** Σ of the line factors (lines, multi-bet) or the one factor (anti-express); for the quote's coef. */
  readonly factorSum: bigint | null;
  /** Multi-bet: the lobby's factor. */
  readonly lobbyFactor: bigint | null;
  /** Multiple singles: some single hit the max payout. */
  readonly cappedSingles: boolean;
}

const m = (value: bigint): Minor => minor(value > MAX_MINOR ? MAX_MINOR : value);
const mOrNull = (value: bigint | null): Minor | null => (value === null ? null : m(value));

function line(selectionIds: readonly string[], stake: bigint | null, factor: bigint | null, ret: bigint | null): CouponLine {
  return {
    selectionIds,
    stake: mOrNull(stake),
    factor: factor === null ? null : Number(factor),
    payout: mOrNull(ret),
    state: stateOf(factor),
  };
}

function accountLines(legs: readonly AccountLeg[], ids: readonly (readonly string[])[]): CouponLine[] {
  return legs.map((leg, i) => ({
    selectionIds: ids[i] ?? [],
    stake: mOrNull(leg.stake),
    factor: leg.factor === null ? null : Number(leg.factor),
    payout: mOrNull(leg.ret),
    state: leg.state,
    accountAfter: mOrNull(leg.accountAfter),
  }));
}

/** Evaluates `plan` under `factors` (one per selection, 1/2000 or OPEN). */
export function evaluatePlan(plan: CouponPlan, factors: readonly number[], detail: boolean): Evaluation {
  const open = factors.includes(OPEN);
  const ids = plan.ids;
  const lines: CouponLine[] = [];
  switch (plan.kind) {
    case 'lines': {
      if (plan.bonusCoef !== null && plan.items.every((i) => factors[i] === 2 * (plan.coefs[i] as number))) {
        const ret = applyFactor(plan.unit, plan.bonusCoef);
        if (detail) lines.push(line(ids, plan.unit, plan.bonusCoef, ret));
        return { lobby: null, lobbyFactor: null, cappedSingles: false, raw: ret, lines, factorSum: plan.bonusCoef };
      }
      const fixedIds = plan.fixed.map((i) => ids[i] as string);
      const visit: LineVisitor | undefined = detail
        ? (items, factor, ret) => lines.push(line([...fixedIds, ...items.map((j) => ids[plan.items[j] as number] as string)], plan.unit, factor, ret))
        : undefined;
      const sums = sumLines(
        plan.items.map((i) => factors[i] as number),
        plan.fixed.map((i) => factors[i] as number),
        plan.kMin,
        plan.kMax,
        plan.unit,
        visit,
      );
      return { lobby: null, lobbyFactor: null, cappedSingles: false, raw: open ? null : sums.total, lines, factorSum: open ? null : sums.factorSum };
    }
    case 'singles': {
      let total: bigint | null = 0n;
      let cappedSingles = false;
      plan.stakes.forEach((stake, i) => {
        const factor = lineFactor([factors[i] as number]);
        let ret = factor === null ? null : applyFactor(stake, factor);
        if (ret !== null && plan.maxPayout !== null && ret > plan.maxPayout) {
          ret = plan.maxPayout;
          cappedSingles = true;
        }
        if (detail) lines.push(line([ids[i] as string], stake, factor, ret));
        total = total === null || ret === null ? null : total + ret;
      });
      return { lobby: null, lobbyFactor: null, raw: total, lines, factorSum: null, cappedSingles };
    }
    case 'chain': {
      const run = settleChain(
        plan.unit,
        factors.map((h) => lineFactor([h])),
      );
      return {
        lobby: null,
        lobbyFactor: null,
        cappedSingles: false,
        raw: open ? null : run.account,
        lines: detail ? accountLines(run.legs, ids.map((id) => [id])) : lines,
        factorSum: null,
      };
    }
    case 'conditional': {
      const run = settleConditional(
        plan.first,
        plan.later,
        plan.blocks.map((b) => blockFactor(b, factors)),
      );
      const blockIds = plan.blocks.map((b) => b.members.map((i) => ids[i] as string));
      return { lobby: null, lobbyFactor: null, cappedSingles: false, raw: open ? null : run.account, lines: detail ? accountLines(run.legs, blockIds) : lines, factorSum: null };
    }
    case 'multi-bet': {
      const blockIds = plan.blocks.map((b) => b.members.map((i) => ids[i] as string));
      const visit: LineVisitor | undefined = detail
        ? (items, factor, ret) => lines.push(line(items.flatMap((j) => blockIds[j] ?? []), plan.unit, factor, ret))
        : undefined;
      const sums = multiBetLines(
        plan.blocks.map((b) => blockFactor(b, factors)),
        plan.k,
        plan.unit,
        visit,
      );
      const systemOpen = sums.openLines > 0 || plan.blocks.some((b) => b.members.some((i) => factors[i] === OPEN));
      const total = systemOpen ? null : sums.total;
      if (!plan.lobby) return { lobby: null, lobbyFactor: null, cappedSingles: false, raw: total, lines, factorSum: systemOpen ? null : sums.factorSum };
      const lobbyFactor = blockFactor(plan.lobby, factors);
      const raw = total === null || lobbyFactor === null ? null : applyLobby(total, lobbyFactor);
      const lobby = line(
        plan.lobby.members.map((i) => ids[i] as string),
        total,
        lobbyFactor,
        raw,
      );
      return { raw, lines, lobby, lobbyFactor, factorSum: systemOpen ? null : sums.factorSum, cappedSingles: false };
    }
    case 'anti-express': {
      const f = antiExpressFactor(factors, plan.coefs, plan.marginPpm);
      const raw = f === null ? null : (plan.unit * f.sum) / (1000n * f.shares);
      const factor = f === null ? null : divRoundHalfUp(f.sum, f.shares);
      if (detail) lines.push(line(ids, plan.unit, factor, raw));
      return { lobby: null, lobbyFactor: null, cappedSingles: false, raw, lines, factorSum: factor };
    }
  }
}

/** Hyper-bonus (express) and the max payout cap on a raw payout. */
export function finishPayout(plan: CouponPlan, evaluation: Evaluation): { payout: Minor | null; hyperBonus: Minor; isCapped: boolean } {
  const raw = evaluation.raw;
  if (raw === null) return { payout: null, hyperBonus: minor(0n), isCapped: false };
  const hyper = plan.typeId === 1 ? hyperBonusAmount(plan.hyperBonus, plan.charged, raw) : 0n;
  let payout = raw + hyper;
  let isCapped = evaluation.cappedSingles;
  if (plan.kind !== 'singles' && plan.maxPayout !== null && payout > plan.maxPayout) {
    payout = plan.maxPayout;
    isCapped = true;
  }
  if (payout > MAX_MINOR) {
    payout = MAX_MINOR;
    isCapped = true;
  }
  return { payout: minor(payout), hyperBonus: minor(hyper), isCapped };
}

/** The factor of each selection of `coupon` under `statuses` (1/2000, OPEN while unsettled). */
export function selectionFactors(coupon: CouponDraft, statuses: CouponStatuses): number[] {
  return coupon.selections.map((s) => selectionFactor(Object.hasOwn(statuses, s.id) ? (statuses[s.id] as BetStatus) : -2, s.coef));
}

/** Plans a coupon that must be whole (a placed coupon): throws on a draft with errors. */
export function placedPlan(coupon: CouponDraft): CouponPlan {
  const { plan, errors } = planCoupon(coupon);
  if (!plan || errors.length > 0) {
    throw new RangeError(`not a placed coupon: ${errors.map((e) => e.code).join(', ')}`);
  }
  return plan;
}

/**
 * Settles a placed coupon: the payout (null while any selection is unsettled) and, unless
 * `detail` is false, each line. Throws RangeError for a coupon whose structure or amounts
 * are invalid (site limits and type availability are the quote's business, not this).
 */
export function settleCoupon(coupon: CouponDraft, statuses: CouponStatuses, options: { detail?: boolean } = {}): CouponSettlement {
  const plan = placedPlan(coupon);
  const evaluation = evaluatePlan(plan, selectionFactors(coupon, statuses), options.detail ?? true);
  const { payout, hyperBonus, isCapped } = finishPayout(plan, evaluation);
  return { payout, charged: minor(plan.charged), lines: evaluation.lines, lobby: evaluation.lobby, hyperBonus, isCapped };
}
