/** The video poker round as the server shows it, and the paytable rows. */
import { evaluatePokerHand, JACKS_OR_BETTER_9_6, type PokerHand } from '@betsite/domain';
import { big, nums, obj, str } from '../../outcome.ts';
import { EN, type Translate } from '../../i18n.ts';

export interface PokerView {
  readonly status: 'dealt' | 'done';
  readonly hand: readonly number[];
  readonly result: PokerHand | null;
  readonly payout: bigint;
}

export function readPoker(outcome: unknown): PokerView | null {
  const o = obj(outcome);
  const hand = nums(o.hand);
  if (hand.length !== 5) return null;
  const result = str(o.result);
  return { status: o.status === 'dealt' ? 'dealt' : 'done', hand, result: result in JACKS_OR_BETTER_9_6 ? (result as PokerHand) : null, payout: big(o.payout) };
}

export const handName = (hand: PokerHand, t: Translate = EN): string => t(`vp.hand.${hand}`);

/** Paying hands, best first, with their pay for 1. */
export const PAYTABLE_ROWS: readonly { readonly hand: PokerHand; readonly pays: number }[] = (Object.entries(JACKS_OR_BETTER_9_6) as [PokerHand, number][])
  .filter(([, pays]) => pays > 0)
  .sort((a, b) => b[1] - a[1])
  .map(([hand, pays]) => ({ hand, pays }));

/** What the dealt five already make (the paytable lights it before the draw). */
export const dealtHand = (hand: readonly number[]): PokerHand => evaluatePokerHand(hand);
