/**
 * The worked examples of the rules page as tables: every figure comes from the domain's
 * coupon maths at render (quoteCoupon for what the slip shows, settleCoupon for what the
 * coupon pays and each line's part), never from typed numbers.
 */
import {
  BET_TYPE_EXAMPLES,
  quoteCoupon,
  selectionFactor,
  settleCoupon,
  type BetStatus,
  type BetTypeExample,
  type BlockAmount,
  type CouponTypeId,
  type Minor,
} from '@betsite/domain';

export interface ExampleSelection {
  /** The selection's name in the example (a, b, c …). */
  id: string;
  blockId: number | null;
  isBanker: boolean;
  isLobby: boolean;
  /** Thousandths. */
  coef: number;
  status: BetStatus;
  /** Its settlement factor in 1/2000 (an anti-accumulator's selections have none of their own: null). */
  factorHalves: number | null;
}

export interface ExampleLine {
  selectionIds: readonly string[];
  stake: Minor | null;
  /** Thousandths. */
  factor: number | null;
  payout: Minor | null;
  accountAfter: Minor | null;
  isLobby: boolean;
}

/** What the player entered as the stake. */
export type ExampleStake =
  | { kind: 'amount'; amount: Minor }
  | { kind: 'blocks'; blocks: { blockId: number; amount: BlockAmount }[] }
  | { kind: 'bets'; bets: { id: string; amount: Minor }[] };

export interface ExampleView {
  /** `{typeId}_{n}`: the n-th example of its type (the dictionary key of its title). */
  key: string;
  typeId: CouponTypeId;
  currency: string;
  isBonusBet: boolean;
  selections: ExampleSelection[];
  stake: ExampleStake;
  lines: number;
  unitStake: Minor | null;
  charged: Minor;
  /** Thousandths. */
  totalCoef: number | null;
  possibleWin: Minor | null;
  payout: Minor | null;
  /** One row per line (an express, a leg of a chain …), the lobby last; shortest first. */
  lineRows: ExampleLine[];
  hasAccount: boolean;
}

const DEFAULT_CURRENCY = 'RUB';

function stakeOf(example: BetTypeExample): ExampleStake {
  const { coupon } = example;
  if (coupon.amountByBlockId) {
    const blocks = Object.entries(coupon.amountByBlockId)
      .map(([blockId, amount]) => ({ blockId: Number(blockId), amount }))
      .sort((a, b) => a.blockId - b.blockId);
    return { kind: 'blocks', blocks };
  }
  if (coupon.amountByBetId && coupon.amount !== undefined) {
    const fallback = coupon.amount;
    return { kind: 'bets', bets: coupon.selections.map((s) => ({ id: s.id, amount: coupon.amountByBetId?.[s.id] ?? fallback })) };
  }
  return { kind: 'amount', amount: coupon.amount ?? (0n as Minor) };
}

const byLength = (a: ExampleLine, b: ExampleLine) =>
  a.selectionIds.length - b.selectionIds.length || a.selectionIds.join().localeCompare(b.selectionIds.join());

export function exampleView(example: BetTypeExample, key: string): ExampleView {
  const { coupon, statuses } = example;
  const quote = quoteCoupon(coupon);
  const settlement = settleCoupon(coupon, statuses, { detail: true });
  const bankers = new Set(coupon.isActiveSystemBanker ? (coupon.bankerIds ?? []) : []);
  const ordered = coupon.typeId === 3 || coupon.typeId === 5;
  const lineRows: ExampleLine[] = settlement.lines.map((l) => ({
    selectionIds: l.selectionIds,
    stake: l.stake,
    factor: l.factor,
    payout: l.payout,
    accountAfter: l.accountAfter ?? null,
    isLobby: false,
  }));
  // A chain and a conditional bet play in order; other lines read best short to long.
  if (!ordered) lineRows.sort(byLength);
  if (settlement.lobby) {
    const l = settlement.lobby;
    lineRows.push({ selectionIds: l.selectionIds, stake: l.stake, factor: l.factor, payout: l.payout, accountAfter: null, isLobby: true });
  }
  return {
    key,
    typeId: coupon.typeId,
    currency: coupon.currency ?? DEFAULT_CURRENCY,
    isBonusBet: coupon.isBonusBet === true,
    selections: coupon.selections.map((s) => {
      const status = statuses[s.id] ?? -2;
      const factor = selectionFactor(status, s.coef);
      return {
        id: s.id,
        blockId: s.blockId ?? null,
        isBanker: bankers.has(s.id),
        isLobby: coupon.lobbyBlockId !== undefined && s.blockId === coupon.lobbyBlockId,
        coef: s.coef,
        status,
        factorHalves: coupon.typeId === 6 || factor < 0 ? null : factor,
      };
    }),
    stake: stakeOf(example),
    lines: quote.lines,
    unitStake: quote.unitStake,
    charged: quote.charged,
    totalCoef: quote.totalCoef,
    possibleWin: quote.possibleWin,
    payout: settlement.payout,
    lineRows,
    hasAccount: ordered,
  };
}

/** Every worked example, keyed `{typeId}_{n}` in the order of the domain's list. */
export function exampleViews(examples: readonly BetTypeExample[] = BET_TYPE_EXAMPLES): ExampleView[] {
  const seen = new Map<number, number>();
  return examples.map((example) => {
    const n = (seen.get(example.typeId) ?? 0) + 1;
    seen.set(example.typeId, n);
    return exampleView(example, `${example.typeId}_${n}`);
  });
}

/** The types in the order the rules explain them (multiple singles after the single). */
export const RULES_TYPE_ORDER: readonly CouponTypeId[] = [0, 9, 1, 2, 3, 4, 5, 6, 7, 8];

/** Settlement results in the order of the factor table. */
export const FACTOR_STATUSES: readonly BetStatus[] = [1, 0, 2, 3, 4, 5, 6];

/** A factor in 1/2000 as a decimal (1.425, 0.5 → 0.500, 1.4255). */
export const halvesToDecimal = (halves: number): number => halves / 2000;

/** The rule group (route rules/:ruleGroup) of the bet types; 1 is the general rules. */
export const BET_TYPES_RULE_GROUP = '2';
