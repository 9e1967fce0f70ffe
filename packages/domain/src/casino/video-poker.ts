/**
 * Video poker, Jacks or Better 9/6: a 52-card deck shuffled by the fair stream; five cards
 * dealt, the player holds any of them, the rest are replaced by the next cards of the same
 * deck, and the final hand pays (for 1, stake included): royal flush 800, straight flush 50,
 * four of a kind 25, full house 9, flush 6, straight 4, three of a kind 3, two pair 2, a pair
 * of jacks or better 1. With the optimal strategy the RTP is 99.5439% (the well-known figure
 * for 9/6 with the 800 royal), which `optimalVideoPokerRtp` recomputes exactly (35 s of CPU:
 * bench/casino-rtp.ts --video-poker-exact); `simpleHold` plays the common simplified strategy
 * (about 99.46%).
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayout, type CasinoGameInfo } from './money.ts';
import { drawDistinct, type Rng } from './rng.ts';

/** A card 0–51: rank = card % 13 (0 = two … 12 = ace), suit = ⌊card / 13⌋. */
export type Card = number;
export const rankOf = (card: Card): number => card % 13;
export const suitOf = (card: Card): number => Math.floor(card / 13);

export type PokerHand =
  | 'royal_flush' | 'straight_flush' | 'four_of_a_kind' | 'full_house' | 'flush' | 'straight'
  | 'three_of_a_kind' | 'two_pair' | 'jacks_or_better' | 'nothing';

export const JACKS_OR_BETTER_9_6: Readonly<Record<PokerHand, number>> = {
  royal_flush: 800, straight_flush: 50, four_of_a_kind: 25, full_house: 9, flush: 6, straight: 4,
  three_of_a_kind: 3, two_pair: 2, jacks_or_better: 1, nothing: 0,
};

export const VIDEO_POKER: CasinoGameInfo = { id: 'jacks-or-better', title: 'Jacks or Better 9/6', rtp: 0.9954, maxMultiplierMilli: 800_000n };

const JACK = 9;

function isStraightRanks(sorted: readonly number[]): boolean {
  if (new Set(sorted).size !== 5) return false;
  if ((sorted[4] as number) - (sorted[0] as number) === 4) return true;
  return sorted.join() === '0,1,2,3,12'; // wheel A-2-3-4-5
}

export function evaluatePokerHand(cards: readonly Card[]): PokerHand {
  if (cards.length !== 5) throw new RangeError('a hand has five cards');
  const ranks = cards.map(rankOf).sort((a, b) => a - b);
  const flush = new Set(cards.map(suitOf)).size === 1;
  const straight = isStraightRanks(ranks);
  if (flush && straight) return ranks[0] === 8 ? 'royal_flush' : 'straight_flush';
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const groups = [...counts.values()].sort((a, b) => b - a);
  if (groups[0] === 4) return 'four_of_a_kind';
  if (groups[0] === 3 && groups[1] === 2) return 'full_house';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (groups[0] === 3) return 'three_of_a_kind';
  if (groups[0] === 2 && groups[1] === 2) return 'two_pair';
  if (groups[0] === 2 && [...counts].some(([rank, n]) => n === 2 && rank >= JACK)) return 'jacks_or_better';
  return 'nothing';
}

export interface VideoPokerState {
  readonly stake: Minor;
  readonly hand: readonly Card[];
  /** The next five cards of the deck (hidden from the player). */
  readonly reserve: readonly Card[];
  readonly status: 'dealt' | 'done';
  readonly result: PokerHand | null;
  readonly payout: Minor;
}

export function dealVideoPoker(stake: Minor, rng: Rng): VideoPokerState {
  const cards = drawDistinct(52, 10, rng);
  return { stake, hand: cards.slice(0, 5), reserve: cards.slice(5), status: 'dealt', result: null, payout: 0n as Minor };
}

/** Holds the cards whose positions are true and draws the others in order. */
export function drawVideoPoker(state: VideoPokerState, hold: readonly boolean[]): VideoPokerState {
  if (state.status !== 'dealt') throw new RangeError('the hand is over');
  if (hold.length !== 5) throw new RangeError('hold five flags');
  let next = 0;
  const hand = state.hand.map((card, i) => (hold[i] ? card : (state.reserve[next++] as Card)));
  const result = evaluatePokerHand(hand);
  return { ...state, hand, status: 'done', result, payout: casinoPayout(state.stake, BigInt(JACKS_OR_BETTER_9_6[result] * 1000)) };
}

const mask = (hand: readonly Card[], keep: (card: Card, i: number) => boolean): boolean[] => hand.map(keep);

/** The simplified 9/6 strategy (about 99.46%): the first rule that matches. */
export function simpleHold(hand: readonly Card[]): boolean[] {
  const result = evaluatePokerHand(hand);
  if (['royal_flush', 'straight_flush', 'four_of_a_kind', 'full_house', 'flush', 'straight'].includes(result)) return [true, true, true, true, true];
  const ranks = hand.map(rankOf);
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const bySuit = [0, 1, 2, 3].map((s) => hand.filter((c) => suitOf(c) === s));
  const high = (c: Card): boolean => rankOf(c) >= JACK;
  const royal = (c: Card): boolean => rankOf(c) >= 8;
  // 4 to a royal flush
  for (const suited of bySuit) {
    const r = suited.filter(royal);
    if (r.length === 4) return mask(hand, (c) => r.includes(c));
  }
  if (result === 'three_of_a_kind') return mask(hand, (c) => counts.get(rankOf(c)) === 3);
  // 4 to a straight flush
  for (const suited of bySuit) {
    if (suited.length < 4) continue;
    for (const drop of suited) {
      const four = suited.filter((c) => c !== drop).slice(0, 4);
      if (four.length === 4 && straightDraw(four.map(rankOf))) return mask(hand, (c) => four.includes(c));
    }
  }
  if (result === 'two_pair') return mask(hand, (c) => counts.get(rankOf(c)) === 2);
  if (result === 'jacks_or_better') return mask(hand, (c) => counts.get(rankOf(c)) === 2 && high(c));
  // 3 to a royal flush
  for (const suited of bySuit) {
    const r = suited.filter(royal);
    if (r.length === 3) return mask(hand, (c) => r.includes(c));
  }
  for (const suited of bySuit) if (suited.length === 4) return mask(hand, (c) => suited.includes(c));
  if (result === 'nothing' && [...counts.values()].includes(2)) return mask(hand, (c) => counts.get(rankOf(c)) === 2);
  // 4 to an outside straight: four in a row without the ace (2-3-4-5 takes an ace or a six)
  for (let i = 0; i < 5; i++) {
    const four = ranks.filter((_, j) => j !== i).sort((a, b) => a - b);
    if (new Set(four).size === 4 && (four[3] as number) - (four[0] as number) === 3 && (four[3] as number) <= 11) {
      return mask(hand, (_, j) => j !== i);
    }
  }
  for (const suited of bySuit) {
    const h = suited.filter(high);
    if (h.length >= 2) {
      const two = h.sort((a, b) => rankOf(a) - rankOf(b)).slice(0, 2);
      return mask(hand, (c) => two.includes(c));
    }
  }
  // 3 to a straight flush (within a span of five ranks)
  for (const suited of bySuit) {
    if (suited.length < 3) continue;
    const rs = suited.map(rankOf).sort((a, b) => a - b);
    for (let i = 0; i + 2 < rs.length; i++) {
      if ((rs[i + 2] as number) - (rs[i] as number) <= 4) {
        const keep = rs.slice(i, i + 3);
        return mask(hand, (c) => suited.includes(c) && keep.includes(rankOf(c)));
      }
    }
  }
  const highs = hand.filter(high).sort((a, b) => rankOf(a) - rankOf(b));
  if (highs.length >= 2) return mask(hand, (c) => c === highs[0] || c === highs[1]);
  for (const suited of bySuit) {
    const ten = suited.find((c) => rankOf(c) === 8);
    const face = suited.find((c) => rankOf(c) >= 9 && rankOf(c) <= 11);
    if (ten !== undefined && face !== undefined) return mask(hand, (c) => c === ten || c === face);
  }
  if (highs.length === 1) return mask(hand, (c) => c === highs[0]);
  return [false, false, false, false, false];
}

/** Four distinct ranks that a fifth card can complete to a straight. */
function straightDraw(ranks: readonly number[]): boolean {
  const sorted = [...new Set(ranks)].sort((a, b) => a - b);
  if (sorted.length !== 4) return false;
  if ((sorted[3] as number) - (sorted[0] as number) <= 4) return true;
  // ace low: A with 2–5
  const low = sorted.map((r) => (r === 12 ? -1 : r)).sort((a, b) => a - b);
  return (low[3] as number) - (low[0] as number) <= 4;
}

const HAND_ORDER: readonly PokerHand[] = ['royal_flush', 'straight_flush', 'four_of_a_kind', 'full_house', 'flush', 'straight', 'three_of_a_kind', 'two_pair', 'jacks_or_better', 'nothing'];

/**
 * The RTP with the best hold for every deal (the optimal strategy), exactly enumerated: for
 * each 5-card deal and each of its 32 holds, the final hands by kind are counted by
 * inclusion–exclusion over the discarded cards from N(T) = the 5-card hands containing the set T
 * (T of up to 4 cards, counted once over all 2,598,960 hands); deals equal up to a renaming of
 * suits are counted once with their weight. Seconds of CPU: for the bench, not per request.
 */
export function optimalVideoPokerRtp(paytable: Readonly<Record<PokerHand, number>> = JACKS_OR_BETTER_9_6): number {
  const K = HAND_ORDER.length;
  const C: number[][] = Array.from({ length: 53 }, (_, n) => Array.from({ length: 6 }, (_, k) => Number(chooseSmall(n, k))));
  const offset = [0];
  for (let k = 1; k <= 5; k++) offset[k] = (offset[k - 1] as number) + (C[52]?.[k - 1] as number);
  /** Colex rank of a sorted subset, in the block of its size. */
  const rank = (cards: readonly number[]): number => {
    let r = offset[cards.length] as number;
    for (let i = 0; i < cards.length; i++) r += C[cards[i] as number]?.[i + 1] as number;
    return r;
  };
  const kindIndex = new Map(HAND_ORDER.map((h, i) => [h, i]));
  const counts = new Int32Array((offset[5] as number) * K);
  const hand = [0, 0, 0, 0, 0];
  const classes = new Map<number, { weight: number; cards: number[]; kind: number }>();
  const perms: number[][] = [];
  const permute = (prefix: number[]): void => {
    if (prefix.length === 4) perms.push(prefix);
    for (let s = 0; s < 4; s++) if (!prefix.includes(s)) permute([...prefix, s]);
  };
  permute([]);
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            hand[0] = a; hand[1] = b; hand[2] = c; hand[3] = d; hand[4] = e;
            const kind = kindIndex.get(evaluatePokerHand(hand)) as number;
            for (let mask = 0; mask < 31; mask++) {
              const sub: number[] = [];
              for (let i = 0; i < 5; i++) if (mask & (1 << i)) sub.push(hand[i] as number);
              counts[rank(sub) * K + kind] = (counts[rank(sub) * K + kind] as number) + 1;
            }
            // The deal's class under the 24 renamings of suits: the smallest key.
            let best = Infinity;
            let bestCards: number[] = [];
            for (const p of perms) {
              const mapped = hand.map((card) => (p[suitOf(card)] as number) * 13 + rankOf(card)).sort((x, y) => x - y);
              const key = mapped.reduce((k, card) => k * 52 + card, 0);
              if (key < best) [best, bestCards] = [key, mapped];
            }
            const known = classes.get(best);
            if (known) known.weight++;
            else classes.set(best, { weight: 1, cards: bestCards, kind });
          }
  const pays = HAND_ORDER.map((h) => paytable[h]);
  let total = 0;
  const tally = new Float64Array(K);
  for (const { weight, cards, kind } of classes.values()) {
    let bestEv = 0;
    for (let hold = 0; hold < 32; hold++) {
      tally.fill(0);
      const discards = [0, 1, 2, 3, 4].filter((i) => !(hold & (1 << i)));
      for (let s = 0; s < 1 << discards.length; s++) {
        // T = the held cards and the discards in s; (−1)^|discards in s| excludes the discards.
        const chosen = [0, 1, 2, 3, 4].filter((i) => hold & (1 << i) || discards.some((d, j) => d === i && s & (1 << j)));
        const signed = (chosen.length - (5 - discards.length)) % 2 === 0 ? 1 : -1;
        if (chosen.length === 5) tally[kind] = (tally[kind] as number) + signed;
        else {
          const base = rank(chosen.map((i) => cards[i] as number)) * K;
          for (let k = 0; k < K; k++) tally[k] = (tally[k] as number) + signed * (counts[base + k] as number);
        }
      }
      let ev = 0;
      for (let k = 0; k < K; k++) ev += (tally[k] as number) * (pays[k] as number);
      ev /= C[47]?.[discards.length] as number;
      if (ev > bestEv) bestEv = ev;
    }
    total += weight * bestEv;
  }
  return total / (C[52]?.[5] as number);
}

function chooseSmall(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
