/**
 * Card ids 0–51 of the two card games, which count ranks differently: blackjack's rank 0 is the
 * ace (0 = A, 1 = 2 … 12 = K), video poker's rank 0 is the two (0 = 2 … 12 = A); the suit is
 * ⌊card / 13⌋ in both.
 */
import { EN, hasMessage, type Translate } from '../../i18n.ts';

export const SUITS = ['♠', '♥', '♦', '♣'] as const;
export const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;

const BJ_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const VP_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export interface ShownCard {
  readonly rank: string;
  readonly suit: number;
}

export const blackjackCard = (card: number): ShownCard => ({ rank: BJ_RANKS[card % 13] ?? '?', suit: Math.floor(card / 13) % 4 });
export const pokerCard = (card: number): ShownCard => ({ rank: VP_RANKS[card % 13] ?? '?', suit: Math.floor(card / 13) % 4 });

export function cardLabel(c: ShownCard, t: Translate = EN): string {
  const rankKey = `card.rank.${c.rank}`;
  const suitKey = `card.suit.${c.suit}`;
  return t('card.of', { rank: hasMessage(rankKey) ? t(rankKey) : c.rank, suit: hasMessage(suitKey) ? t(suitKey) : '?' });
}
export const isRed = (c: ShownCard): boolean => c.suit === 1 || c.suit === 2;
