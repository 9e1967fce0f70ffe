/**
 * Our three video slots, as data. Each declares the RTP that `exactSlotRtp` computes from its
 * reel strips (rounded to 0.01%; slot-games.test.ts holds them to it). A strip is built from
 * its symbol counts, every symbol spread evenly round the reel (so two scatters never share a
 * window); the counts are the design, the order follows from them.
 */
import { slotMaxMultiplierMilli, type SlotDefinition, type SlotSymbol } from './slots.ts';

const defineSlot = (spec: Omit<SlotDefinition, 'maxMultiplierMilli'>): SlotDefinition => ({ ...spec, maxMultiplierMilli: slotMaxMultiplierMilli({ ...spec, maxMultiplierMilli: 0n }) });

/** A reel strip from symbol counts: each symbol's copies at evenly spaced ideal places. */
export function spreadStrip(counts: Readonly<Record<string, number>>): string[] {
  const length = Object.values(counts).reduce((a, b) => a + b, 0);
  const places: { at: number; id: string }[] = [];
  let k = 0;
  for (const [id, count] of Object.entries(counts)) {
    // A per-symbol offset keeps different symbols from landing on the same ideal place.
    for (let i = 0; i < count; i++) places.push({ at: ((i + (k * 0.37) % 1) * length) / count, id });
    k++;
  }
  // Ties broken by plain code-unit order, not the locale's, so every machine builds the same strip.
  return places.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((p) => p.id);
}

const pays = (three: number, four: number, five: number): number[] => [0, 0, 0, three, four, five];

/** Twenty classic lines on 5×3 (rows 0 top, 1 middle, 2 bottom). */
export const LINES_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [1, 0, 2, 0, 1],
];
export const LINES_10 = LINES_20.slice(0, 10);
export const LINES_25: readonly (readonly number[])[] = [
  ...LINES_20,
  [0, 2, 2, 2, 0], [2, 0, 0, 0, 2], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [1, 2, 0, 2, 1],
];

const FRUIT_SYMBOLS: SlotSymbol[] = [
  { id: 'wild', kind: 'wild', pays: pays(36, 142, 710) },
  { id: 'seven', kind: 'regular', pays: pays(28, 107, 533) },
  { id: 'bell', kind: 'regular', pays: pays(18, 57, 213) },
  { id: 'plum', kind: 'regular', pays: pays(11, 36, 107) },
  { id: 'orange', kind: 'regular', pays: pays(7, 21, 71) },
  { id: 'lemon', kind: 'regular', pays: pays(4, 14, 43) },
  { id: 'cherry', kind: 'regular', pays: pays(4, 11, 36) },
  { id: 'scatter', kind: 'scatter', pays: pays(1, 7, 36) },
];
const fruitReel = (wild: number, scatter: number): string[] =>
  spreadStrip({ wild, seven: 2, bell: 3, plum: 4, orange: 5, lemon: 6, cherry: 7, scatter });

/** Fruit Fiesta: 5×3, 10 lines, 10 free spins ×2 on 3+ scatters. Low volatility. */
export const FRUIT_FIESTA: SlotDefinition = defineSlot({
  id: 'fruit-fiesta',
  title: 'Fruit Fiesta',
  rtp: 0.9562,
  rows: 3,
  symbols: FRUIT_SYMBOLS,
  reels: [fruitReel(1, 1), fruitReel(2, 1), fruitReel(2, 1), fruitReel(2, 1), fruitReel(1, 1)],
  paylines: LINES_10,
  freeSpins: { trigger: 3, count: 10, multiplier: 2 },
});

const PHARAOH_SYMBOLS: SlotSymbol[] = [
  { id: 'pharaoh', kind: 'wild', pays: pays(110, 552, 2762) },
  { id: 'scarab', kind: 'regular', pays: pays(55, 221, 1105) },
  { id: 'eye', kind: 'regular', pays: pays(33, 110, 442) },
  { id: 'ankh', kind: 'regular', pays: pays(22, 66, 221) },
  { id: 'a', kind: 'regular', pays: pays(11, 28, 110) },
  { id: 'k', kind: 'regular', pays: pays(9, 22, 88) },
  { id: 'q', kind: 'regular', pays: pays(6, 17, 66) },
  { id: 'j', kind: 'regular', pays: pays(6, 11, 55) },
  { id: 'pyramid', kind: 'scatter', pays: pays(3, 22, 110) },
];
const pharaohReel = (wild: number, scatter: number): string[] =>
  spreadStrip({ pharaoh: wild, scarab: 2, eye: 3, ankh: 4, a: 5, k: 6, q: 7, j: 8, pyramid: scatter });

/** Pharaoh's Gold: 5×3, 20 lines, 15 free spins ×3 on 3+ pyramids. High volatility. */
export const PHARAOHS_GOLD: SlotDefinition = defineSlot({
  id: 'pharaohs-gold',
  title: "Pharaoh's Gold",
  rtp: 0.9619,
  rows: 3,
  symbols: PHARAOH_SYMBOLS,
  reels: [pharaohReel(1, 1), pharaohReel(2, 1), pharaohReel(2, 1), pharaohReel(2, 1), pharaohReel(1, 1)],
  paylines: LINES_20,
  freeSpins: { trigger: 3, count: 15, multiplier: 3 },
});

const NEON_SYMBOLS: SlotSymbol[] = [
  { id: 'star', kind: 'wild', pays: pays(20, 74, 396) },
  { id: 'diamond', kind: 'regular', pays: pays(15, 59, 297) },
  { id: 'heart', kind: 'regular', pays: pays(10, 30, 124) },
  { id: 'moon', kind: 'regular', pays: pays(7, 20, 74) },
  { id: 'bolt', kind: 'regular', pays: pays(5, 12, 50) },
  { id: 'note', kind: 'regular', pays: pays(2, 7, 25) },
  { id: 'disc', kind: 'scatter', pays: pays(1, 5, 20) },
];
const neonReel = (wild: number, scatter: number): string[] =>
  spreadStrip({ star: wild, diamond: 3, heart: 4, moon: 5, bolt: 6, note: 8, disc: scatter });

/** Neon Nights: 5×3, 25 lines, 8 free spins ×2 on 3+ discs. Medium volatility. */
export const NEON_NIGHTS: SlotDefinition = defineSlot({
  id: 'neon-nights',
  title: 'Neon Nights',
  rtp: 0.9532,
  rows: 3,
  symbols: NEON_SYMBOLS,
  reels: [neonReel(1, 1), neonReel(2, 1), neonReel(2, 1), neonReel(2, 1), neonReel(1, 1)],
  paylines: LINES_25,
  freeSpins: { trigger: 3, count: 8, multiplier: 2 },
});

export const SLOTS: readonly SlotDefinition[] = [FRUIT_FIESTA, PHARAOHS_GOLD, NEON_NIGHTS];
