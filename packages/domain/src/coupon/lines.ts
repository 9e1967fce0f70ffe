/**
 * Lines: the combinations a coupon type bets on, and the sum of their returns.
 *
 * A system k of n bets C(n, k) expresses, a lucky every non-empty subset, a patent every
 * subset of two or more. Their returns do not add up in closed form: each line's factor is
 * rounded to 3 decimals and each return floored, so Σ ⌊unit × round(Π f)⌋ is not a function
 * of the elementary symmetric sums. `sumLines` walks the combinations depth first instead,
 * carrying the prefix product, so a line costs about one multiplication and nothing is
 * allocated; the rounding is exact:
 *
 * - product below 2^53 and k ≤ 8 (S_k exact as a double): integer arithmetic in doubles;
 * - otherwise the double quotient Π h / S_k, whose relative error is below (k + 1)·2^−53,
 *   decides the rounding unless it lies within twice that of a half (or the value is huge);
 * - those few lines are redone in bigint.
 *
 * Returns ⌊unit × F / 1000⌋ are taken in doubles while unit × F < 2^53, else in bigint, and
 * summed exactly (a double accumulator flushed into a bigint before it leaves 2^52).
 */
import { OPEN, roundLine, SCALE } from './factors.ts';

const TWO52 = 2 ** 52;
const TWO53 = 2 ** 53;
const EPS = 2 ** -52;
const BIG_TWO52 = 2n ** 52n;
const BIG_TWO53 = 2n ** 53n;

/** C(n, k), exact up to n = 50 (every step stays below 2^53). */
export function binomial(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || k > n) return 0;
  const small = Math.min(k, n - k);
  let result = 1;
  // result = C(n − small + i, i) after step i: always an integer.
  for (let i = 1; i <= small; i++) result = (result * (n - small + i)) / i;
  return result;
}

/** Lines of a system k of n with b bankers: C(n − b, k − b). */
export const systemLineCount = (n: number, k: number, bankers = 0): number => binomial(n - bankers, k - bankers);
/** Lucky: every combination, singles included: 2ⁿ − 1. */
export const luckyLineCount = (n: number): number => 2 ** n - 1;
/** Patent: every combination of two or more: 2ⁿ − n − 1. */
export const patentLineCount = (n: number): number => 2 ** n - n - 1;

/**
 * Called for each line: the indices of its items (not the fixed ones), its rounded factor
 * in thousandths and its return; both null while the line holds an OPEN factor.
 */
export type LineVisitor = (items: readonly number[], factor: bigint | null, ret: bigint | null) => void;

export interface LineSums {
  /** Σ of the settled lines' returns. */
  readonly total: bigint;
  /** Σ of the settled lines' factors (thousandths). */
  readonly factorSum: bigint;
  /** Lines holding an OPEN factor (only counted when visited or when something is open). */
  readonly openLines: number;
}

/**
 * The lines made of every `fixed` factor (bankers) plus kMin … kMax of the `items`, each
 * staked `unit`: Σ ⌊unit × F_line / 1000⌋. Factors are in 1/2000 (factors.ts), OPEN for an
 * unsettled selection. Without a visitor and with nothing open, lines through a zero
 * factor are skipped (they return nothing).
 */
export function sumLines(
  items: readonly number[],
  fixed: readonly number[],
  kMin: number,
  kMax: number,
  unit: bigint,
  visit?: LineVisitor,
): LineSums {
  const n = items.length;
  if (!(kMin >= 1 && kMin <= kMax && kMax <= n)) throw new RangeError(`lines of ${kMin}…${kMax} of ${n}`);
  let fixedProduct = 1;
  let fixedOpen = 0;
  for (const h of fixed) {
    if (h === OPEN) fixedOpen++;
    else fixedProduct *= h;
  }
  const walker = new LineWalker(items, fixed, kMin, kMax, unit, visit, fixedOpen > 0 || items.includes(OPEN));
  if (walker.prune && fixedProduct === 0) return { total: 0n, factorSum: 0n, openLines: 0 };
  walker.walk(0, 0, fixedProduct, fixedOpen);
  return walker.sums();
}

/** The depth-first walk of `sumLines` (a class, not closures: nothing is created per line). */
class LineWalker {
  readonly prune: boolean;
  private readonly n: number;
  private readonly b: number;
  private readonly unitNumber: number;
  private readonly stack: number[];
  private total = 0;
  private totalBig = 0n;
  private factors = 0;
  private factorsBig = 0n;
  private openLines = 0;

  constructor(
    private readonly items: readonly number[],
    private readonly fixed: readonly number[],
    private readonly kMin: number,
    private readonly kMax: number,
    private readonly unit: bigint,
    private readonly visit: LineVisitor | undefined,
    anyOpen: boolean,
  ) {
    this.n = items.length;
    this.b = fixed.length;
    this.prune = visit === undefined && !anyOpen;
    this.unitNumber = unit >= 0n && unit < BIG_TWO53 ? Number(unit) : -1;
    this.stack = new Array<number>(kMax).fill(0);
  }

  sums(): LineSums {
    return { total: this.totalBig + BigInt(this.total), factorSum: this.factorsBig + BigInt(this.factors), openLines: this.openLines };
  }

  walk(start: number, depth: number, product: number, open: number): void {
    if (depth >= this.kMin) this.leaf(depth, product, open);
    if (depth === this.kMax) return;
    const last = this.n - Math.max(1, this.kMin - depth);
    const items = this.items;
    for (let i = start; i <= last; i++) {
      const h = items[i] as number;
      if (h === 0 && this.prune) continue;
      this.stack[depth] = i;
      if (h === OPEN) this.walk(i + 1, depth + 1, product, open + 1);
      else this.walk(i + 1, depth + 1, product * h, open);
    }
  }

  private leaf(depth: number, product: number, open: number): void {
    if (open > 0) {
      this.openLines++;
      this.visit?.(this.stack.slice(0, depth), null, null);
      return;
    }
    if (product === 0) return this.settled(depth, 0, null);
    const k = depth + this.b;
    if (k <= 8 && product < TWO53) {
      // Exact: the product and S_k are integers below 2^53 (S_8 = 2^8 · 10^21 = 2^29 · 5^21).
      const scale = SCALE[k] as number;
      const rest = product % scale;
      return this.settled(depth, (product - rest) / scale + (2 * rest >= scale ? 1 : 0), null);
    }
    const value = product / (SCALE[k] as number);
    const whole = Math.floor(value);
    const fraction = value - whole;
    if (value < TWO52 && Math.abs(fraction - 0.5) > value * (k + 2) * EPS) {
      return this.settled(depth, fraction > 0.5 ? whole + 1 : whole, null);
    }
    const exact = this.exactFactor(depth);
    return exact < BIG_TWO52 ? this.settled(depth, Number(exact), null) : this.settled(depth, 0, exact);
  }

  private exactFactor(depth: number): bigint {
    let product = 1n;
    for (const h of this.fixed) product *= BigInt(h);
    for (let i = 0; i < depth; i++) product *= BigInt(this.items[this.stack[i] as number] as number);
    return roundLine(product, depth + this.b);
  }

  private settled(depth: number, factor: number, factorBig: bigint | null): void {
    let ret = -1;
    let retBig = 0n;
    if (factorBig === null) {
      this.factors += factor;
      if (this.factors >= TWO52) {
        this.factorsBig += BigInt(this.factors);
        this.factors = 0;
      }
      const x = this.unitNumber * factor;
      if (this.unitNumber >= 0 && x < TWO53) {
        const rest = x % 1000;
        ret = (x - rest) / 1000;
      } else retBig = (this.unit * BigInt(factor)) / 1000n;
    } else {
      this.factorsBig += factorBig;
      retBig = (this.unit * factorBig) / 1000n;
    }
    if (ret >= 0 && ret < TWO52) {
      this.total += ret;
      if (this.total >= TWO52) {
        this.totalBig += BigInt(this.total);
        this.total = 0;
      }
    } else this.totalBig += ret >= 0 ? BigInt(ret) : retBig;
    if (this.visit) {
      this.visit(this.stack.slice(0, depth), factorBig ?? BigInt(factor), ret >= 0 ? BigInt(ret) : retBig);
    }
  }
}

/**
 * The same sum by plain bigint enumeration (null items are OPEN): the reference `sumLines`
 * is tested against, and the path for factors too large for doubles (a multi-bet's blocks
 * of absurd coefficients).
 */
export function sumLinesExact(
  items: readonly (bigint | null)[],
  fixed: readonly (bigint | null)[],
  kMin: number,
  kMax: number,
  unit: bigint,
  visit?: LineVisitor,
): LineSums {
  const n = items.length;
  if (!(kMin >= 1 && kMin <= kMax && kMax <= n)) throw new RangeError(`lines of ${kMin}…${kMax} of ${n}`);
  const stack: number[] = [];
  let total = 0n;
  let factorSum = 0n;
  let openLines = 0;
  const walk = (start: number, product: bigint | null): void => {
    const depth = stack.length;
    if (depth >= kMin) {
      if (product === null) {
        openLines++;
        visit?.(stack.slice(), null, null);
      } else {
        const factor = roundLine(product, depth + fixed.length);
        const ret = (unit * factor) / 1000n;
        factorSum += factor;
        total += ret;
        visit?.(stack.slice(), factor, ret);
      }
    }
    if (depth === kMax) return;
    for (let i = start; i < n; i++) {
      const h = items[i] as bigint | null;
      stack.push(i);
      walk(i + 1, product === null || h === null ? null : product * h);
      stack.pop();
    }
  };
  walk(0, fixed.reduce<bigint | null>((p, h) => (p === null || h === null ? null : p * h), 1n));
  return { total, factorSum, openLines };
}
