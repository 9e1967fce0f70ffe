/**
 * Cash-out: what the house offers for an open coupon at current odds.
 *
 * Fair value = the expected payout, each open selection winning with its implied
 * probability 1/coef at the current coef (losing otherwise), settled selections as they
 * are; the offer is fair value × (1 − margin), floored. Exact: probabilities are the
 * rationals 1000/C′, so the expectation is a fraction over Π C′ and only the offer is
 * floored.
 *
 * - Line types whose lines are independent bets (single, express, system, lucky, patent,
 *   multiple singles, a multi-bet without lobby): by linearity, Σ over lines of
 *   P(the line's open selections win) × its return then — unless a max payout could cap a
 *   sum of several lines, where the expectation of the capped sum is taken by scenarios.
 * - Chain, conditional, anti-express, a multi-bet with a lobby (order, recomputed coefs,
 *   a floored product): every win/lose scenario of the open selections, settled as
 *   settlement would, weighted by its probability — offered for at most 12 open selections.
 *
 * Not offered (null): a lost selection (status 0), nothing open, an open selection without
 * a current coef, too many open selections for the scenario types, or an offer of zero.
 */
import { MAX_MINOR, minor, type Minor } from '../money/minor.ts';
import { BET_STATUS } from '../sports/settlement.ts';
import { marginPpm, OPEN, winFactor } from './factors.ts';
import { DEFAULT_MARGIN } from '../odds/margin.ts';
import { sumLines } from './lines.ts';
import { blockFactor, multiBetLines } from './multi-bet.ts';
import type { CouponPlan } from './plan.ts';
import { evaluatePlan, finishPayout, placedPlan, selectionFactors, type CouponStatuses } from './settle.ts';
import { COUPON_BOUNDS, type CouponDraft } from './types.ts';

/** Open selections a scenario-priced coupon may have (2^12 settlements). */
export const MAX_CASH_OUT_SCENARIO_SELECTIONS = 12;

export function cashOutOffer(
  coupon: CouponDraft,
  currentCoefs: Readonly<Record<string, number>>,
  statuses: CouponStatuses,
  margin: number = DEFAULT_MARGIN,
): Minor | null {
  const plan = placedPlan(coupon);
  const ppm = marginPpm(margin);
  const ids = plan.ids;
  if (ids.some((id) => Object.hasOwn(statuses, id) && statuses[id] === BET_STATUS.lose)) return null;
  const factors = selectionFactors(coupon, statuses);
  const open = factors.flatMap((h, i) => (h === OPEN ? [i] : []));
  if (open.length === 0) return null;
  const current = new Map<number, bigint>();
  for (const i of open) {
    const id = ids[i] as string;
    const coef = Object.hasOwn(currentCoefs, id) ? currentCoefs[id] : undefined;
    if (coef === undefined || !Number.isInteger(coef) || coef < COUPON_BOUNDS.minCoef || coef > COUPON_BOUNDS.maxCoef) return null;
    current.set(i, BigInt(coef));
  }
  const denominator = open.reduce((d, i) => d * (current.get(i) as bigint), 1n);
  const expected = linearExpectation(plan, factors, open, current, denominator) ?? scenarioExpectation(plan, factors, open, current);
  if (expected === null) return null;
  const offer = (expected * (1_000_000n - ppm)) / (denominator * 1_000_000n);
  return offer > 0n ? minor(offer) : null;
}

/** Factors with every open selection winning. */
const allWin = (plan: CouponPlan, factors: readonly number[]) =>
  factors.map((h, i) => (h === OPEN ? winFactor(plan.coefs[i] as number) : h));

/**
 * Σ_lines return × Π_{open in line} 1000 × Π_{open not in line} C′ — the expectation times
 * Π C′ — for types whose lines are independent; null where it does not apply.
 */
function linearExpectation(
  plan: CouponPlan,
  factors: readonly number[],
  open: readonly number[],
  current: ReadonlyMap<number, bigint>,
  denominator: bigint,
): bigint | null {
  const won = allWin(plan, factors);
  const weight = (members: Iterable<number>): bigint => {
    let inLine = 1n;
    let thousands = 1n;
    for (const i of members) {
      const c = current.get(i);
      if (c !== undefined) {
        inLine *= c;
        thousands *= 1000n;
      }
    }
    return (thousands * denominator) / inLine;
  };
  if (plan.kind === 'lines' && plan.lines === 1) {
    // Single or express: it pays only if every open selection wins (bonus, hyper-bonus and cap included).
    const payout = finishPayout(plan, evaluatePlan(plan, won, false)).payout ?? 0n;
    return payout * weight(open);
  }
  if (plan.kind === 'singles') {
    const evaluation = evaluatePlan(plan, won, true);
    return evaluation.lines.reduce((sum, line, i) => sum + (line.payout ?? 0n) * weight([i]), 0n);
  }
  const lineTypes = plan.kind === 'lines' || (plan.kind === 'multi-bet' && plan.lobby === null);
  if (!lineTypes) return null;
  // A cap (the max payout, or the bigint range) that could bind makes the sum nonlinear.
  const cap = plan.maxPayout !== null && plan.maxPayout < MAX_MINOR ? plan.maxPayout : MAX_MINOR;
  if ((evaluatePlan(plan, won, false).raw ?? 0n) > cap) return null;
  let sum = 0n;
  if (plan.kind === 'lines') {
    const fixed = plan.fixed;
    sumLines(
      plan.items.map((i) => won[i] as number),
      fixed.map((i) => won[i] as number),
      plan.kMin,
      plan.kMax,
      plan.unit,
      (items, _factor, ret) => {
        if (ret) sum += ret * weight([...fixed, ...items.map((j) => plan.items[j] as number)]);
      },
    );
  } else if (plan.kind === 'multi-bet') {
    multiBetLines(
      plan.blocks.map((b) => blockFactor(b, won)),
      plan.k,
      plan.unit,
      (items, _factor, ret) => {
        if (ret) sum += ret * weight(items.flatMap((j) => plan.blocks[j]?.members ?? []));
      },
    );
  }
  return sum;
}

/** Σ over win/lose scenarios of the open selections of weight × payout (the expectation times Π C′). */
function scenarioExpectation(
  plan: CouponPlan,
  factors: readonly number[],
  open: readonly number[],
  current: ReadonlyMap<number, bigint>,
): bigint | null {
  if (open.length > MAX_CASH_OUT_SCENARIO_SELECTIONS) return null;
  const scenario = [...factors];
  let sum = 0n;
  for (let mask = 0; mask < 2 ** open.length; mask++) {
    let weight = 1n;
    open.forEach((i, bit) => {
      const wins = ((mask >> bit) & 1) === 1;
      scenario[i] = wins ? winFactor(plan.coefs[i] as number) : 0;
      weight *= wins ? 1000n : (current.get(i) as bigint) - 1000n;
    });
    const payout = finishPayout(plan, evaluatePlan(plan, scenario, false)).payout ?? 0n;
    sum += weight * payout;
  }
  return sum;
}
