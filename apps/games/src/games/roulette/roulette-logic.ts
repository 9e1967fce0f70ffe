/**
 * The European table as spots a player can put chips on: every number, the lines between
 * them (splits, streets, corners, six lines, the zero's splits, trios and first four) and the
 * outside bets — each with the domain's bet kind, the numbers it names and where it sits.
 */
import { RED_NUMBERS, rouletteCoverage, type RouletteBetKind } from '@betsite/domain';
import { EN, type Translate } from '../../i18n.ts';

export interface BetSpot {
  readonly key: string;
  readonly kind: RouletteBetKind;
  readonly numbers: readonly number[];
  /** The accessible name: "Bet on 17", "Bet on split 17-20", "Bet on red". */
  readonly label: string;
  /** Inside spots: the centre in table units (x 0–13: the zero then 12 columns; y 0–3 from the top row). */
  readonly at?: { readonly x: number; readonly y: number };
}

/** The pockets in wheel order, clockwise from the zero. */
export const WHEEL_ORDER: readonly number[] = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];

export const pocketColor = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

/** Column 0–11 along the table and row 0–2 from the top (3, 6, 9 … on top). */
export const cellOf = (n: number): { col: number; row: number } => ({ col: Math.ceil(n / 3) - 1, row: 2 - ((n - 1) % 3) });

const spot = (kind: RouletteBetKind, numbers: number[], label: string, at?: { x: number; y: number }): BetSpot => ({
  key: `${kind}:${numbers.join('-')}`,
  kind,
  numbers,
  label,
  ...(at ? { at } : {}),
});

/** A spot's accessible name in the player's language (`label` is the English one). */
export function spotLabel(s: BetSpot, t: Translate = EN): string {
  const first = s.numbers[0] ?? 0;
  const last = s.numbers[s.numbers.length - 1] ?? 0;
  switch (s.kind) {
    case 'straight':
    case 'column':
    case 'dozen':
      return t(`spot.${s.kind}`, { n: first });
    case 'split':
    case 'street':
    case 'corner':
    case 'six_line':
      return t(`spot.${s.kind}`, { from: first, to: last });
    case 'trio':
      return t('spot.trio', { numbers: s.numbers.join('-') });
    default:
      return t(`spot.${s.kind}`);
  }
}

/** Every straight-up number, 0–36. */
export function straightSpots(): BetSpot[] {
  return Array.from({ length: 37 }, (_, n) => spot('straight', [n], `Bet on ${n}`));
}

/** The line bets drawn on the edges and corners of the numbers. */
export function lineSpots(): BetSpot[] {
  const out: BetSpot[] = [];
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n);
    const x = 1 + col;
    if (n <= 33) out.push(spot('split', [n, n + 3], `Bet on split ${n}-${n + 3}`, { x: x + 1, y: row + 0.5 }));
    if (n % 3 !== 0) out.push(spot('split', [n, n + 1], `Bet on split ${n}-${n + 1}`, { x: x + 0.5, y: row }));
    if (n % 3 === 1) out.push(spot('street', [n, n + 1, n + 2], `Bet on street ${n}-${n + 2}`, { x: x + 0.5, y: 3 }));
    if (n % 3 !== 0 && n <= 32) out.push(spot('corner', [n, n + 1, n + 3, n + 4], `Bet on corner ${n}-${n + 4}`, { x: x + 1, y: row }));
    if (n % 3 === 1 && n <= 31) out.push(spot('six_line', [n, n + 1, n + 2, n + 3, n + 4, n + 5], `Bet on line ${n}-${n + 5}`, { x: x + 1, y: 3 }));
  }
  for (const n of [1, 2, 3]) out.push(spot('split', [0, n], `Bet on split 0-${n}`, { x: 1, y: cellOf(n).row + 0.5 }));
  out.push(spot('trio', [0, 1, 2], 'Bet on trio 0-1-2', { x: 1, y: 2 }));
  out.push(spot('trio', [0, 2, 3], 'Bet on trio 0-2-3', { x: 1, y: 1 }));
  out.push(spot('first_four', [0, 1, 2, 3], 'Bet on first four', { x: 1, y: 3 }));
  return out;
}

export const COLUMN_SPOTS: readonly BetSpot[] = [3, 2, 1].map((c) => spot('column', [c], `Bet on column ${c}`));
export const DOZEN_SPOTS: readonly BetSpot[] = [1, 2, 3].map((d) => spot('dozen', [d], `Bet on dozen ${d}`));
export const EVEN_SPOTS: readonly BetSpot[] = [
  spot('low', [], 'Bet on 1 to 18'),
  spot('even', [], 'Bet on even'),
  spot('red', [], 'Bet on red'),
  spot('black', [], 'Bet on black'),
  spot('odd', [], 'Bet on odd'),
  spot('high', [], 'Bet on 19 to 36'),
];

/** What each kind pays, to 1 (the stake comes back besides). */
export const PAYS_TO_ONE: Readonly<Record<RouletteBetKind, number>> = {
  straight: 35, split: 17, street: 11, trio: 11, corner: 8, first_four: 8, six_line: 5, column: 2, dozen: 2, red: 1, black: 1, odd: 1, even: 1, low: 1, high: 1,
};

export interface PlacedBet {
  readonly spot: BetSpot;
  readonly stake: bigint;
}

/** Adds a chip to a spot (bets on one spot add up). */
export function addChip(bets: readonly PlacedBet[], s: BetSpot, chip: bigint): PlacedBet[] {
  const i = bets.findIndex((b) => b.spot.key === s.key);
  if (i < 0) return [...bets, { spot: s, stake: chip }];
  return bets.map((b, j) => (j === i ? { ...b, stake: b.stake + chip } : b));
}

export const totalStake = (bets: readonly PlacedBet[]): bigint => bets.reduce((sum, b) => sum + b.stake, 0n);

/** The request's bets; every spot is a real bet of the domain (checked here too). */
export function toRequestBets(bets: readonly PlacedBet[]): { kind: RouletteBetKind; numbers: number[]; stake: string }[] {
  return bets.map((b) => {
    if (typeof rouletteCoverage(b.spot.kind, b.spot.numbers) === 'string') throw new RangeError(`not a bet: ${b.spot.key}`);
    return { kind: b.spot.kind, numbers: [...b.spot.numbers], stake: String(b.stake) };
  });
}

/** The pockets a spot covers (to light them up on hover). */
export function covered(s: BetSpot): number[] {
  const c = rouletteCoverage(s.kind, s.numbers);
  return typeof c === 'string' ? [] : c;
}
