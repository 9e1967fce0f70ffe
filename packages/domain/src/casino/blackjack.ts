/**
 * Blackjack: six decks, a fresh shoe every round (each card drawn from the remaining shoe by
 * the fair stream, so resuming after a restart draws the same cards). Dealer stands on soft 17
 * and peeks with an ace or ten up (a dealer blackjack takes only the original stake; a player
 * blackjack pushes against it). Blackjack pays 3:2; double on any first two cards, also after a
 * split; split pairs (same rank; tens by value) up to four hands; split aces take one card each
 * and do not resplit; 21 after a split is not a blackjack. No insurance, no surrender.
 * Declared RTP 99.60%: the reference figure for these rules with basic strategy (house edge
 * about 0.40%), checked by simulation with `basicStrategy` (bench/casino-rtp.ts); it is not
 * computed exactly here.
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayout, type CasinoGameInfo } from './money.ts';
import type { Rng } from './rng.ts';

export const BLACKJACK_DECKS = 6;
export const BLACKJACK_MAX_HANDS = 4;

/** Up to four hands, each doubled, each winning even money: 4 × 2 × 2. */
export const BLACKJACK: CasinoGameInfo = { id: 'blackjack', title: 'Blackjack', rtp: 0.996, maxMultiplierMilli: 16_000n };

/** Card 0–51: rank = card % 13 (0 = ace, 1 = two … 9 = ten, 10–12 = J Q K). */
export const bjValue = (card: number): number => Math.min((card % 13) + 1, 10);

export interface BlackjackHand {
  readonly cards: readonly number[];
  /** The stake on this hand (doubled included). */
  readonly stake: Minor;
  readonly doubled: boolean;
  readonly split: boolean;
  readonly done: boolean;
}

export interface BlackjackState {
  /** Remaining cards by card id (count of each of the 52, over six decks). */
  readonly shoe: readonly number[];
  readonly dealer: readonly number[];
  readonly hands: readonly BlackjackHand[];
  readonly active: number;
  readonly status: 'player' | 'done';
  /** Everything staked (the first stake plus doubles and splits). */
  readonly staked: Minor;
  readonly payout: Minor;
  readonly results: readonly ('blackjack' | 'win' | 'push' | 'lose')[];
}

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';

export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const v = bjValue(c);
    total += v;
    if (v === 1) aces++;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

const isBlackjack = (cards: readonly number[]): boolean => cards.length === 2 && handTotal(cards).total === 21;

function draw(shoe: number[], rng: Rng): number {
  const left = shoe.reduce((a, b) => a + b, 0);
  let k = rng.int(left);
  for (let card = 0; card < 52; card++) {
    const n = shoe[card] as number;
    if (k < n) {
      shoe[card] = n - 1;
      return card;
    }
    k -= n;
  }
  throw new Error('empty shoe');
}

const addMinor = (a: Minor, b: Minor): Minor => (a + b) as Minor;

export function dealBlackjack(stake: Minor, rng: Rng): BlackjackState {
  if (stake <= 0n) throw new RangeError('stake must be positive');
  const shoe = Array.from({ length: 52 }, () => BLACKJACK_DECKS);
  const p1 = draw(shoe, rng);
  const d1 = draw(shoe, rng);
  const p2 = draw(shoe, rng);
  const d2 = draw(shoe, rng);
  const state: BlackjackState = {
    shoe,
    dealer: [d1, d2],
    hands: [{ cards: [p1, p2], stake, doubled: false, split: false, done: false }],
    active: 0,
    status: 'player',
    staked: stake,
    payout: 0n as Minor,
    results: [],
  };
  // The peek: a dealer blackjack, or the player's, ends the round at once.
  if (isBlackjack(state.dealer) || isBlackjack([p1, p2])) return settle(state, false);
  return state;
}

/** What the active hand may do now. */
export function blackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.status !== 'player') return [];
  const hand = state.hands[state.active] as BlackjackHand;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    const [a, b] = hand.cards as [number, number];
    const aces = bjValue(a) === 1;
    if (bjValue(a) === bjValue(b) && state.hands.length < BLACKJACK_MAX_HANDS && !(aces && hand.split)) actions.push('split');
  }
  return actions;
}

export function actBlackjack(state: BlackjackState, action: BlackjackAction, rng: Rng): BlackjackState {
  if (!blackjackActions(state).includes(action)) throw new RangeError(`${action} is not allowed now`);
  const shoe = state.shoe.slice();
  const hands = state.hands.slice();
  const hand = hands[state.active] as BlackjackHand;
  let staked = state.staked;
  if (action === 'stand') hands[state.active] = { ...hand, done: true };
  if (action === 'hit') {
    const cards = [...hand.cards, draw(shoe, rng)];
    hands[state.active] = { ...hand, cards, done: handTotal(cards).total >= 21 };
  }
  if (action === 'double') {
    staked = addMinor(staked, hand.stake);
    hands[state.active] = { ...hand, cards: [...hand.cards, draw(shoe, rng)], stake: addMinor(hand.stake, hand.stake), doubled: true, done: true };
  }
  if (action === 'split') {
    staked = addMinor(staked, hand.stake);
    const [a, b] = hand.cards as [number, number];
    const aces = bjValue(a) === 1;
    const first = [a, draw(shoe, rng)];
    const second = [b, draw(shoe, rng)];
    // Split aces take one card each; any split hand on 21 is finished.
    hands.splice(state.active, 1,
      { cards: first, stake: hand.stake, doubled: false, split: true, done: aces || handTotal(first).total === 21 },
      { cards: second, stake: hand.stake, doubled: false, split: true, done: aces || handTotal(second).total === 21 });
  }
  let active = state.active;
  while (active < hands.length && (hands[active] as BlackjackHand).done) active++;
  const next: BlackjackState = { ...state, shoe, hands, active, staked };
  if (active < hands.length) return next;
  return settle(next, true, rng);
}

function settle(state: BlackjackState, dealerPlays: boolean, rng?: Rng): BlackjackState {
  const shoe = state.shoe.slice();
  const dealer = state.dealer.slice();
  const live = state.hands.some((h) => handTotal(h.cards).total <= 21);
  if (dealerPlays && live && rng) {
    while (handTotal(dealer).total < 17) dealer.push(draw(shoe, rng));
  }
  const dealerTotal = handTotal(dealer).total;
  const dealerBj = isBlackjack(dealer);
  let payout = 0n;
  const results = state.hands.map((hand) => {
    const total = handTotal(hand.cards).total;
    const natural = !hand.split && state.hands.length === 1 && isBlackjack(hand.cards);
    let milli: bigint;
    let result: 'blackjack' | 'win' | 'push' | 'lose';
    if (natural && !dealerBj) [milli, result] = [2500n, 'blackjack'];
    else if (dealerBj) [milli, result] = natural ? [1000n, 'push'] : [0n, 'lose'];
    else if (total > 21) [milli, result] = [0n, 'lose'];
    else if (dealerTotal > 21 || total > dealerTotal) [milli, result] = [2000n, 'win'];
    else if (total === dealerTotal) [milli, result] = [1000n, 'push'];
    else [milli, result] = [0n, 'lose'];
    payout += casinoPayout(hand.stake, milli);
    return result;
  });
  return { ...state, shoe, dealer, status: 'done', active: state.hands.length, payout: payout as Minor, results };
}

/** Basic strategy for these rules (6 decks, S17, DAS). `upcard` is the dealer's card value 1–10. */
export function basicStrategy(state: BlackjackState): BlackjackAction {
  const allowed = blackjackActions(state);
  const hand = state.hands[state.active] as BlackjackHand;
  const up = bjValue(state.dealer[0] as number);
  const upN = up === 1 ? 11 : up;
  const { total, soft } = handTotal(hand.cards);
  const can = (a: BlackjackAction): boolean => allowed.includes(a);
  if (can('split')) {
    const v = bjValue(hand.cards[0] as number);
    const split =
      v === 1 || v === 8 ||
      ((v === 2 || v === 3 || v === 7) && upN <= 7) ||
      (v === 4 && (upN === 5 || upN === 6)) ||
      (v === 6 && upN <= 6) ||
      (v === 9 && upN <= 9 && upN !== 7);
    if (split) return 'split';
  }
  const double = (yes: boolean, otherwise: BlackjackAction): BlackjackAction => (yes && can('double') ? 'double' : otherwise);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return upN >= 3 && upN <= 6 ? double(true, 'stand') : upN <= 8 ? 'stand' : 'hit';
    if (total === 17) return double(upN >= 3 && upN <= 6, 'hit');
    if (total >= 15) return double(upN >= 4 && upN <= 6, 'hit');
    return double(upN >= 5 && upN <= 6, 'hit');
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return upN <= 6 ? 'stand' : 'hit';
  if (total === 12) return upN >= 4 && upN <= 6 ? 'stand' : 'hit';
  if (total === 11) return double(upN <= 10, 'hit');
  if (total === 10) return double(upN <= 9, 'hit');
  if (total === 9) return double(upN >= 3 && upN <= 6, 'hit');
  return 'hit';
}

/** Plays a whole round with basic strategy (for simulations and autoplay). */
export function playBlackjackBasic(stake: Minor, rng: Rng): BlackjackState {
  let state = dealBlackjack(stake, rng);
  while (state.status === 'player') state = actBlackjack(state, basicStrategy(state), rng);
  return state;
}
