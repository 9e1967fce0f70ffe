/** Slot screen logic: which definition, what a spin outcome says, which cells won, the paytable. */
import { evaluateSlotSpin, SLOTS, type SlotDefinition } from '@betsite/domain';
import { big, list, num, obj, str } from '../../outcome.ts';

export interface ShownLineWin {
  readonly line: number;
  readonly symbol: string;
  readonly count: number;
  readonly pay: number;
}

export interface ShownSpin {
  /** window[reel][row] */
  readonly window: readonly (readonly string[])[];
  readonly lineWins: readonly ShownLineWin[];
  readonly scatters: number;
  readonly scatterPay: number;
  readonly multiplierMilli: bigint;
}

export function slotDefinition(engine: string): SlotDefinition | null {
  return SLOTS.find((s) => s.id === engine) ?? null;
}

/**
 * The screen before the first spin: a fixed, varied position that pays nothing (every reel at
 * stop 0 would show a row of wilds, which looks like a win that is not one).
 */
export function restingSpin(def: SlotDefinition): ShownSpin {
  for (let k = 1; k < 200; k++) {
    const stops = def.reels.map((strip, reel) => (reel * k * 7 + k) % strip.length);
    const spin = evaluateSlotSpin(def, stops);
    if (spin.multiplierMilli === 0n && spin.scatters < def.freeSpins.trigger) return { ...readSpin(spin), lineWins: [] };
  }
  return { window: def.reels.map((strip) => strip.slice(0, def.rows)), lineWins: [], scatters: 0, scatterPay: 0, multiplierMilli: 0n };
}

export function readSpin(value: unknown): ShownSpin {
  const o = obj(value);
  return {
    window: list(o.window).map((column) => list(column).map((s) => str(s))),
    lineWins: list(o.lineWins).map((w) => {
      const x = obj(w);
      return { line: num(x.line), symbol: str(x.symbol), count: num(x.count), pay: num(x.pay) };
    }),
    scatters: num(o.scatters),
    scatterPay: num(o.scatterPay),
    multiplierMilli: big(o.multiplierMilli),
  };
}

export interface ShownSlotRound {
  readonly base: ShownSpin;
  readonly freeSpins: readonly ShownSpin[];
}

export function readSlotRound(outcome: unknown): ShownSlotRound {
  const o = obj(outcome);
  return { base: readSpin(o.base), freeSpins: list(o.freeSpins).map(readSpin) };
}

/** Cells ("reel:row") of the winning runs, and every scatter when scatters paid or triggered. */
export function winningCells(def: SlotDefinition, spin: ShownSpin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = def.paylines[win.line];
    if (!rows) continue;
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  const scatter = def.symbols.find((s) => s.kind === 'scatter')?.id;
  if (scatter && (spin.scatterPay > 0 || spin.scatters >= def.freeSpins.trigger)) {
    spin.window.forEach((column, reel) => column.forEach((id, row) => id === scatter && cells.add(`${reel}:${row}`)));
  }
  return cells;
}

export interface PaytableRow {
  readonly id: string;
  readonly kind: 'regular' | 'wild' | 'scatter';
  /** Pays for 3, 4 and 5 (line bets; total stakes for the scatter). */
  readonly pays: readonly [number, number, number];
}

/** Highest paying first; the scatter last. */
export function paytable(def: SlotDefinition): PaytableRow[] {
  return def.symbols
    .map((s) => ({ id: s.id, kind: s.kind, pays: [s.pays[3] ?? 0, s.pays[4] ?? 0, s.pays[5] ?? 0] as [number, number, number] }))
    .sort((a, b) => Number(a.kind === 'scatter') - Number(b.kind === 'scatter') || b.pays[2] - a.pays[2]);
}

/** Stake per line in minor units (the stake split over the lines; pays are in line bets). */
export const lineBet = (stake: bigint, def: SlotDefinition): bigint => stake / BigInt(def.paylines.length);

/** A pay in line bets × the stake, in minor units, as the engine floors it (per thousandth of the stake). */
export function linePayMinor(stake: bigint, def: SlotDefinition, pay: number): bigint {
  return (stake * ((BigInt(pay) * 1000n) / BigInt(def.paylines.length))) / 1000n;
}
