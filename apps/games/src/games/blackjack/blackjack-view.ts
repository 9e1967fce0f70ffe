/** The blackjack round as the server shows it (domain rounds.ts blackjackView), read defensively. */
import { big, list, num, nums, obj, str } from '../../outcome.ts';
import { EN, hasMessage, type Translate } from '../../i18n.ts';

export type BlackjackMove = 'hit' | 'stand' | 'double' | 'split';

export interface ShownHand {
  readonly cards: readonly number[];
  readonly total: number;
  readonly soft: boolean;
  readonly stake: bigint;
  readonly doubled: boolean;
  readonly done: boolean;
}

export interface BlackjackView {
  readonly status: 'player' | 'done';
  readonly dealer: readonly number[];
  readonly dealerTotal: number | null;
  readonly hands: readonly ShownHand[];
  readonly active: number;
  readonly actions: readonly BlackjackMove[];
  readonly results: readonly string[];
  readonly payout: bigint;
}

const MOVES: readonly BlackjackMove[] = ['hit', 'stand', 'double', 'split'];

export function readBlackjack(outcome: unknown): BlackjackView | null {
  const o = obj(outcome);
  if (!Array.isArray(o.hands)) return null;
  return {
    status: o.status === 'player' ? 'player' : 'done',
    dealer: nums(o.dealer),
    dealerTotal: o.dealerTotal === null || o.dealerTotal === undefined ? null : num(o.dealerTotal),
    hands: list(o.hands).map((h) => {
      const x = obj(h);
      return { cards: nums(x.cards), total: num(x.total), soft: x.soft === true, stake: big(x.stake), doubled: x.doubled === true, done: x.done === true };
    }),
    active: num(o.active),
    actions: list(o.actions).map((a) => str(a)).filter((a): a is BlackjackMove => (MOVES as readonly string[]).includes(a)),
    results: list(o.results).map((r) => str(r)),
    payout: big(o.payout),
  };
}

export function resultText(result: string, t: Translate = EN): string {
  const key = `bj.result.${result}`;
  return hasMessage(key) ? t(key) : result;
}

/** "soft 17" / "21" / "bust 24". */
export function totalText(total: number, soft: boolean, t: Translate = EN): string {
  if (total > 21) return t('bj.bust', { total });
  return soft && total < 21 ? t('bj.soft', { total }) : String(total);
}

/** Keys for the moves: H, S, D, P. */
export function moveForKey(key: string): BlackjackMove | null {
  return ({ h: 'hit', s: 'stand', d: 'double', p: 'split' } as const)[key.toLowerCase() as 'h'] ?? null;
}
