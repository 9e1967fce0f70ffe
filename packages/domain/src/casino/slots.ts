/**
 * Video slot engine. A slot is data: reel strips (symbol ids, read top to bottom, wrapping),
 * the rows shown, paylines (the row on each reel), and the symbols with their pays.
 *
 * Rules: a line pays left to right from the first reel, for the longest run of one symbol,
 * the wild standing in for any symbol but the scatter; a run of wilds alone pays the wild's
 * own pay when that is more. Line pays are in line bets (total stake / lines). Scatters pay
 * anywhere on the screen, in total stakes, and `trigger` or more of them award `count` free
 * spins on the same reels with every win × `multiplier`; free spins do not retrigger (so the
 * maximum win is finite). Each spin's stops come from the provably fair stream.
 *
 * The RTP is exact: every stop position of every reel counts once. Line wins only depend on
 * the symbol on each reel, and the symbol under a line on reel i is uniform over the strip
 * whatever the row, so E[line] is the sum over symbol tuples weighted by their counts on the
 * strips; scatters count stop windows. Free spins add P(trigger) × count × multiplier × E[spin]
 * (closed form, each free spin being an independent spin). `enumerateSlotRtp` walks every
 * combination of stops and must agree (tested on small slots).
 */
import type { Minor } from '../money/minor.ts';
import { addFrac, casinoPayout, frac, fracToNumber, mulFrac, type CasinoGameInfo, type ExactRatio } from './money.ts';
import type { Rng } from './rng.ts';

export interface SlotSymbol {
  readonly id: string;
  readonly kind: 'regular' | 'wild' | 'scatter';
  /** pays[k]: the pay for k in a row (line bets) or k anywhere (scatter: total stakes). */
  readonly pays: readonly number[];
}

export interface SlotDefinition extends CasinoGameInfo {
  readonly rows: number;
  readonly symbols: readonly SlotSymbol[];
  readonly reels: readonly (readonly string[])[];
  readonly paylines: readonly (readonly number[])[];
  readonly freeSpins: { readonly trigger: number; readonly count: number; readonly multiplier: number };
}

export interface SlotLineWin {
  readonly line: number;
  readonly symbol: string;
  readonly count: number;
  /** In line bets. */
  readonly pay: number;
}

export interface SlotSpin {
  readonly stops: readonly number[];
  /** window[reel][row]: symbol ids. */
  readonly window: readonly (readonly string[])[];
  readonly lineWins: readonly SlotLineWin[];
  readonly scatters: number;
  /** In total stakes. */
  readonly scatterPay: number;
  /** The spin's win × its multiplier, thousandths of the stake. */
  readonly multiplierMilli: bigint;
}

export interface SlotRound {
  readonly base: SlotSpin;
  readonly freeSpins: readonly SlotSpin[];
  readonly multiplierMilli: bigint;
  readonly payout: Minor;
}

interface Compiled {
  readonly wild: number;
  readonly scatter: number;
  readonly strips: readonly (readonly number[])[];
  readonly pays: readonly (readonly number[])[];
}

const compiled = new WeakMap<SlotDefinition, Compiled>();

function compile(def: SlotDefinition): Compiled {
  const known = compiled.get(def);
  if (known) return known;
  const index = new Map(def.symbols.map((s, i) => [s.id, i]));
  const wild = def.symbols.findIndex((s) => s.kind === 'wild');
  const scatter = def.symbols.findIndex((s) => s.kind === 'scatter');
  if (1000 % def.paylines.length !== 0) throw new Error(`${def.id}: 1000 must be a multiple of the line count`);
  const strips = def.reels.map((strip) =>
    strip.map((id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`${def.id}: unknown symbol ${id}`);
      return i;
    }),
  );
  for (const line of def.paylines) {
    if (line.length !== def.reels.length || line.some((row) => row < 0 || row >= def.rows)) throw new Error(`${def.id}: bad payline`);
  }
  const out = { wild, scatter, strips, pays: def.symbols.map((s) => s.pays) };
  compiled.set(def, out);
  return out;
}

/** The pay of one line (symbol indices, one a reel), in line bets, with its symbol and count. */
function lineWin(c: Compiled, seq: readonly number[]): { symbol: number; count: number; pay: number } {
  const n = seq.length;
  let wilds = 0;
  while (wilds < n && seq[wilds] === c.wild) wilds++;
  const wildPay = c.wild >= 0 ? (c.pays[c.wild]?.[wilds] ?? 0) : 0;
  let best = { symbol: c.wild, count: wilds, pay: wildPay };
  if (wilds < n) {
    const target = seq[wilds] as number;
    if (target !== c.scatter) {
      let count = wilds + 1;
      while (count < n && (seq[count] === target || seq[count] === c.wild)) count++;
      const pay = c.pays[target]?.[count] ?? 0;
      if (pay > best.pay) best = { symbol: target, count, pay };
    }
  }
  return best;
}

function scatterPay(c: Compiled, scatters: number): number {
  return c.scatter >= 0 ? (c.pays[c.scatter]?.[scatters] ?? 0) : 0;
}

/** Evaluates the screen at `stops`; `multiplier` is the free spins' one (1 in the base game). */
export function evaluateSlotSpin(def: SlotDefinition, stops: readonly number[], multiplier = 1): SlotSpin {
  const c = compile(def);
  const window = c.strips.map((strip, reel) => Array.from({ length: def.rows }, (_, row) => strip[((stops[reel] as number) + row) % strip.length] as number));
  const lineWins: SlotLineWin[] = [];
  let lineTotal = 0;
  def.paylines.forEach((rows, line) => {
    const win = lineWin(c, rows.map((row, reel) => window[reel]?.[row] as number));
    if (win.pay > 0) {
      lineWins.push({ line, symbol: def.symbols[win.symbol]?.id ?? '', count: win.count, pay: win.pay });
      lineTotal += win.pay;
    }
  });
  const scatters = window.reduce((sum, column) => sum + column.filter((s) => s === c.scatter).length, 0);
  const scatterTotal = scatterPay(c, scatters);
  const milli = (BigInt(lineTotal) * 1000n) / BigInt(def.paylines.length) + BigInt(scatterTotal) * 1000n;
  return {
    stops,
    window: window.map((column) => column.map((s) => def.symbols[s]?.id ?? '')),
    lineWins,
    scatters,
    scatterPay: scatterTotal,
    multiplierMilli: milli * BigInt(multiplier),
  };
}

function spinStops(def: SlotDefinition, rng: Rng): number[] {
  return def.reels.map((strip) => rng.int(strip.length));
}

/** One paid spin and the free spins it awards. */
export function playSlot(def: SlotDefinition, stake: Minor, rng: Rng): SlotRound {
  const base = evaluateSlotSpin(def, spinStops(def, rng));
  const freeSpins: SlotSpin[] = [];
  if (base.scatters >= def.freeSpins.trigger) {
    for (let i = 0; i < def.freeSpins.count; i++) freeSpins.push(evaluateSlotSpin(def, spinStops(def, rng), def.freeSpins.multiplier));
  }
  const multiplierMilli = freeSpins.reduce((sum, spin) => sum + spin.multiplierMilli, base.multiplierMilli);
  return { base, freeSpins, multiplierMilli, payout: casinoPayout(stake, multiplierMilli) };
}

export interface SlotRtp {
  /** E[one spin's win] in stakes, exact. */
  readonly spin: ExactRatio;
  readonly trigger: ExactRatio;
  readonly total: ExactRatio;
  readonly rtp: number;
  readonly hitFrequency?: number;
}

function withFreeSpins(def: SlotDefinition, spin: ExactRatio, trigger: ExactRatio): SlotRtp {
  const fs = def.freeSpins;
  const total = addFrac(spin, mulFrac(trigger, mulFrac(frac(BigInt(fs.count * fs.multiplier), 1n), spin)));
  return { spin, trigger, total, rtp: fracToNumber(total) };
}

/** The exact RTP from symbol counts and stop windows (fast; see the file comment). */
export function exactSlotRtp(def: SlotDefinition): SlotRtp {
  const c = compile(def);
  const reels = c.strips.length;
  const counts = c.strips.map((strip) => {
    const m = new Map<number, bigint>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0n) + 1n);
    return [...m.entries()];
  });
  // Σ over symbol tuples of Π counts × pay.
  let lineSum = 0n;
  const seq: number[] = [];
  const walk = (reel: number, weight: bigint): void => {
    if (reel === reels) {
      lineSum += weight * BigInt(lineWin(c, seq).pay);
      return;
    }
    for (const [symbol, count] of counts[reel] as [number, bigint][]) {
      seq[reel] = symbol;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1n);
  const all = c.strips.reduce((p, strip) => p * BigInt(strip.length), 1n);
  // Scatter count distribution: convolve each reel's count of stops by scatters in the window.
  let dist: bigint[] = [1n];
  for (const strip of c.strips) {
    const perReel: bigint[] = [];
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < def.rows; row++) if (strip[(stop + row) % strip.length] === c.scatter) k++;
      perReel[k] = (perReel[k] ?? 0n) + 1n;
    }
    const next: bigint[] = [];
    dist.forEach((a, i) => perReel.forEach((b, j) => (next[i + j] = (next[i + j] ?? 0n) + a * (b ?? 0n))));
    dist = next;
  }
  let scatterSum = 0n;
  let triggerCount = 0n;
  dist.forEach((count, k) => {
    scatterSum += (count ?? 0n) * BigInt(scatterPay(c, k));
    if (k >= def.freeSpins.trigger) triggerCount += count ?? 0n;
  });
  // Line pays are per line bet: E[line total] / lines in stakes = lineSum / all (each line alike).
  const spin = frac(lineSum + scatterSum, all);
  return withFreeSpins(def, spin, frac(triggerCount, all));
}

/** The exact RTP by evaluating every combination of stops (slow; for checking exactSlotRtp). */
export function enumerateSlotRtp(def: SlotDefinition): SlotRtp {
  const c = compile(def);
  let winMilli = 0n;
  let triggers = 0n;
  let hits = 0;
  let all = 0;
  const stops: number[] = [];
  const walk = (reel: number): void => {
    if (reel === c.strips.length) {
      const spin = evaluateSlotSpin(def, stops);
      winMilli += spin.multiplierMilli;
      if (spin.scatters >= def.freeSpins.trigger) triggers += 1n;
      if (spin.multiplierMilli > 0n) hits++;
      all++;
      return;
    }
    for (let s = 0; s < (c.strips[reel] as number[]).length; s++) {
      stops[reel] = s;
      walk(reel + 1);
    }
  };
  walk(0);
  const n = BigInt(all);
  return { ...withFreeSpins(def, frac(winMilli, n * 1000n), frac(triggers, n)), hitFrequency: hits / all };
}

/** The largest multiplier a round can reach (a bound): the best line on every line, most scatters, every free spin alike. */
export function slotMaxMultiplierMilli(def: SlotDefinition): bigint {
  const bestLine = Math.max(...def.symbols.filter((s) => s.kind !== 'scatter').flatMap((s) => s.pays), 0);
  const bestScatter = Math.max(...def.symbols.filter((s) => s.kind === 'scatter').flatMap((s) => s.pays), 0);
  const spin = BigInt(bestLine) * 1000n + BigInt(bestScatter) * 1000n;
  return spin * BigInt(1 + def.freeSpins.count * def.freeSpins.multiplier);
}
