/**
 * Anti-express (type 6): wins when at least one selection loses.
 *
 *   coef = 1 + (fair − 1) × (1 − margin),  fair = 1 / (1 − 1/Π coef)
 *
 * rounded half up to 3 decimals and at least 1.01 (margin 5% unless given). Exactly, with
 * thousandths C_i, D = 1000ⁿ and P = Π C_i: fair − 1 = D / (P − D), so
 *   coef = 1000 + round(1000 × (1 − margin) × D / (P − D)) thousandths.
 *
 * At settlement a returned selection counts as 1.00: the coef is recomputed from the
 * others; every selection returned gives the stake back; no loss (all won or returned) pays
 * nothing. Quarter lines are refused, so the half statuses (4, 5, 6) should not occur; if
 * they do, the stake is split as a quarter line splits it: each such selection is two
 * halves (4 = win + return, 5 = lose + return, 6 = lose + win), every combination of
 * halves is an equal share of the stake, and the shares' factors are averaged exactly.
 */
import { divRoundHalfUp, marginPpm, OPEN } from './factors.ts';

export const DEFAULT_ANTI_EXPRESS_MARGIN = 0.05;
/** The anti-express coef is at least 1.01. */
export const MIN_ANTI_EXPRESS_COEF = 1010n;
/** More half-status selections than this in one anti-express are refused (2^n shares). */
const MAX_SPLIT = 20;

function antiCoef(coefs: readonly number[], ppm: bigint): bigint {
  let product = 1n;
  let unit = 1n;
  for (const coef of coefs) {
    product *= BigInt(coef);
    unit *= 1000n;
  }
  if (product <= unit) throw new RangeError('an anti-express needs coefficients above 1');
  const coef = 1000n + divRoundHalfUp(1000n * (1_000_000n - ppm) * unit, 1_000_000n * (product - unit));
  return coef < MIN_ANTI_EXPRESS_COEF ? MIN_ANTI_EXPRESS_COEF : coef;
}

/** The anti-express coef (thousandths) of selections with coefs `coefs` (thousandths). */
export function antiExpressCoef(coefs: readonly number[], margin = DEFAULT_ANTI_EXPRESS_MARGIN): number {
  return Number(antiCoef(coefs, marginPpm(margin)));
}

type Half = 'W' | 'R' | 'L';

/** A selection's two halves from its factor h (1/2000) and coef C (C ≥ 1010 keeps them apart). */
function halves(h: number, coef: number): readonly [Half, Half] {
  if (h === 2 * coef) return ['W', 'W'];
  if (h === 0) return ['L', 'L'];
  if (h === 2000) return ['R', 'R'];
  if (h === coef + 1000) return ['W', 'R'];
  if (h === 1000) return ['L', 'R'];
  if (h === coef) return ['L', 'W'];
  throw new RangeError(`factor ${h} is no status of coef ${coef}`);
}

/**
 * The settled factor of an anti-express as sum / shares thousandths (shares = 2^halves);
 * null while a selection is open. The payout is ⌊stake × sum / (1000 × shares)⌋.
 */
export function antiExpressFactor(
  factors: readonly number[],
  coefs: readonly number[],
  margin: number | bigint = DEFAULT_ANTI_EXPRESS_MARGIN,
): { sum: bigint; shares: bigint } | null {
  if (factors.includes(OPEN)) return null;
  const ppm = typeof margin === 'bigint' ? margin : marginPpm(margin);
  const split = factors.map((h, i) => halves(h, coefs[i] as number));
  const splitAt = split.flatMap(([a, b], i) => (a === b ? [] : [i]));
  if (splitAt.length > MAX_SPLIT) throw new RangeError(`${splitAt.length} half statuses in one anti-express`);
  let sum = 0n;
  for (let mask = 0; mask < 2 ** splitAt.length; mask++) {
    const outcome = split.map(([a]) => a);
    splitAt.forEach((i, bit) => {
      outcome[i] = (split[i] as readonly [Half, Half])[(mask >> bit) & 1] as Half;
    });
    if (outcome.includes('L')) sum += antiCoef(coefs.filter((_, i) => outcome[i] !== 'R'), ppm);
    else if (outcome.every((o) => o === 'R')) sum += 1000n;
  }
  return { sum, shares: 2n ** BigInt(splitAt.length) };
}
