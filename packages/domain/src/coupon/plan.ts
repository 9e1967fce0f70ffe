/**
 * A coupon's structure: which lines it bets, the stake of each, the amount charged; and the
 * errors that leave a draft without one (no selections, bad coefs, a system value out of
 * range, blocks missing …) or without an amount. Quote, settlement and cash-out all start
 * here, so they agree on lines and stakes.
 *
 * Where a type spreads one amount over lines (system, lucky, patent, multi-bet) the unit
 * stake is ⌊amount / lines⌋ and the amount charged is unit × lines. Multiple singles stake
 * `amountByBetId[id]` (else `amount`) on each single; charged is the sum.
 */
import { bonusBetOffer } from './bonus.ts';
import { marginPpm } from './factors.ts';
import type { LegStake } from './account.ts';
import { DEFAULT_ANTI_EXPRESS_MARGIN } from './anti-express.ts';
import { binomial, luckyLineCount, patentLineCount } from './lines.ts';
import { blocksOf, type Block } from './multi-bet.ts';
import { DEFAULT_SYSTEM_VALUE, isSystemValue } from './systems.ts';
import { COUPON_BOUNDS, type CouponDraft, type CouponError, type CouponTypeId, type HyperBonus } from './types.ts';
import { SELECTION_COUNTS } from './valid-types.ts';

interface PlanCommon {
  readonly typeId: CouponTypeId;
  readonly ids: readonly string[];
  readonly coefs: readonly number[];
  /** Lines (a chain's legs, a conditional's blocks, the singles) the coupon holds. */
  readonly lines: number;
  /** The stake of every line where one stake applies to all; null otherwise. */
  readonly unit: bigint | null;
  readonly charged: bigint;
  readonly maxPayout: bigint | null;
  readonly hyperBonus: HyperBonus | null;
}

/** Lines of kMin … kMax of `items` plus every `fixed` (selection indices), each staked `unit`. */
export interface LinesPlan extends PlanCommon {
  readonly kind: 'lines';
  readonly typeId: 0 | 1 | 2 | 7 | 8;
  readonly unit: bigint;
  readonly items: readonly number[];
  readonly fixed: readonly number[];
  readonly kMin: number;
  readonly kMax: number;
  /** The bonus bet's coef (thousandths) when the player took it. */
  readonly bonusCoef: bigint | null;
}

export interface SinglesPlan extends PlanCommon {
  readonly kind: 'singles';
  readonly stakes: readonly bigint[];
}

export interface ChainPlan extends PlanCommon {
  readonly kind: 'chain';
  readonly unit: bigint;
}

export interface MultiBetPlan extends PlanCommon {
  readonly kind: 'multi-bet';
  readonly unit: bigint;
  readonly blocks: readonly Block[];
  readonly lobby: Block | null;
  readonly k: number;
}

export interface ConditionalPlan extends PlanCommon {
  readonly kind: 'conditional';
  readonly blocks: readonly Block[];
  readonly first: bigint;
  readonly later: readonly LegStake[];
}

export interface AntiExpressPlan extends PlanCommon {
  readonly kind: 'anti-express';
  readonly unit: bigint;
  readonly marginPpm: bigint;
}

export type CouponPlan = LinesPlan | SinglesPlan | ChainPlan | MultiBetPlan | ConditionalPlan | AntiExpressPlan;

export interface PlanResult {
  readonly plan: CouponPlan | null;
  readonly errors: readonly CouponError[];
}

/** Does an error leave the draft without a usable amount (so no possible win)? */
export const isAmountError = (e: CouponError): boolean => e.code === 'amount_missing' || e.code === 'amount_not_positive';

/** The draft's amount, or 0 with an error when it is missing or not positive. */
function readAmount(draft: CouponDraft, errors: CouponError[]): bigint {
  const uses = draft.typeId !== 9 && draft.typeId !== 5;
  if (!uses) return draft.amount ?? 0n;
  if (draft.amount === undefined) {
    errors.push({ code: 'amount_missing' });
    return 0n;
  }
  if (draft.amount <= 0n) {
    errors.push({ code: 'amount_not_positive' });
    return 0n;
  }
  return draft.amount;
}

/** ⌊amount / lines⌋ on each line; charged = unit × lines. */
function charged(amount: bigint, lines: number): bigint {
  return (amount / BigInt(lines)) * BigInt(lines);
}

export function planCoupon(draft: CouponDraft): PlanResult {
  const { selections, typeId } = draft;
  const errors: CouponError[] = [];
  const n = selections.length;
  if (n === 0) return { plan: null, errors: [{ code: 'no_selections' }] };
  const ids = selections.map((s) => s.id);
  const seen = new Set<string>();
  const duplicates = ids.filter((id) => seen.size === seen.add(id).size);
  if (duplicates.length > 0) return { plan: null, errors: [{ code: 'duplicate_selection', selectionIds: duplicates }] };
  const badCoefs = selections
    .filter((s) => !(Number.isInteger(s.coef) && s.coef >= COUPON_BOUNDS.minCoef && s.coef <= COUPON_BOUNDS.maxCoef))
    .map((s) => s.id);
  if (badCoefs.length > 0) return { plan: null, errors: [{ code: 'invalid_coef', selectionIds: badCoefs }] };
  const [min, max] = SELECTION_COUNTS[typeId];
  if (n < min || n > max) {
    return { plan: null, errors: [{ code: 'type_not_allowed', reason: n < min ? 'too_few_selections' : 'too_many_selections' }] };
  }

  const amount = readAmount(draft, errors);
  // Plain literals below, no object spread: V8 makes a spread plus added keys ~100× slower.
  const coefs = selections.map((s) => s.coef);
  const maxPayout = draft.limits?.maxPayout ?? null;
  const hyperBonus = draft.hyperBonus ?? null;
  const all = selections.map((_, i) => i);

  switch (typeId) {
    case 0:
    case 1: {
      let bonusCoef: bigint | null = null;
      if (typeId === 1 && draft.isBonusBet === true) {
        const offer = bonusBetOffer(1, selections, true);
        if (offer.offered) bonusCoef = BigInt(offer.coef);
        else errors.push({ code: 'bonus_bet_not_offered' });
      }
      const plan: LinesPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'lines', lines: 1, unit: amount, charged: amount, items: all, fixed: [], kMin: n, kMax: n, bonusCoef };
      return { plan, errors };
    }
    case 2: {
      const bankers: number[] = [];
      if (draft.isActiveSystemBanker === true) {
        const unknown: string[] = [];
        const disabled: string[] = [];
        for (const id of new Set(draft.bankerIds ?? [])) {
          const i = ids.indexOf(id);
          if (i < 0) unknown.push(id);
          else if (selections[i]?.isDisabledBanker === true) disabled.push(id);
          else bankers.push(i);
        }
        if (unknown.length > 0) errors.push({ code: 'unknown_banker', selectionIds: unknown });
        if (disabled.length > 0) errors.push({ code: 'banker_not_allowed', selectionIds: disabled });
        if (unknown.length > 0 || disabled.length > 0) return { plan: null, errors };
      }
      bankers.sort((a, b) => a - b);
      const k = draft.systemValue ?? DEFAULT_SYSTEM_VALUE;
      const b = bankers.length;
      if (!isSystemValue(k, n, b)) return { plan: null, errors: [...errors, { code: 'system_value_out_of_range' }] };
      const lines = binomial(n - b, k - b);
      if (lines > COUPON_BOUNDS.maxLines) return { plan: null, errors: [...errors, { code: 'too_many_lines' }] };
      const items = all.filter((i) => !bankers.includes(i));
      const plan: LinesPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'lines', lines, unit: amount / BigInt(lines), charged: charged(amount, lines), items, fixed: bankers, kMin: k - b, kMax: k - b, bonusCoef: null };
      return { plan, errors };
    }
    case 7:
    case 8: {
      const lines = typeId === 7 ? luckyLineCount(n) : patentLineCount(n);
      const kMin = typeId === 7 ? 1 : 2;
      const plan: LinesPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'lines', lines, unit: amount / BigInt(lines), charged: charged(amount, lines), items: all, fixed: [], kMin, kMax: n, bonusCoef: null };
      return { plan, errors };
    }
    case 9: {
      const missing: string[] = [];
      const stakes = selections.map((s) => {
        const stake = draft.amountByBetId && Object.hasOwn(draft.amountByBetId, s.id) ? draft.amountByBetId[s.id] : draft.amount;
        if (stake === undefined) missing.push(s.id);
        return stake ?? 0n;
      });
      if (missing.length > 0) errors.push({ code: 'amount_missing', selectionIds: missing });
      const notPositive = selections.filter((s, i) => !missing.includes(s.id) && (stakes[i] as bigint) <= 0n).map((s) => s.id);
      if (notPositive.length > 0) errors.push({ code: 'amount_not_positive', selectionIds: notPositive });
      const positive = stakes.map((s): bigint => (s > 0n ? s : 0n));
      const first = positive[0] as bigint;
      const plan: SinglesPlan = {
        typeId,
        ids,
        coefs,
        maxPayout,
        hyperBonus,
        kind: 'singles',
        lines: n,
        stakes: positive,
        unit: positive.every((s) => s === first) ? first : null,
        charged: positive.reduce((sum, s) => sum + s, 0n),
      };
      return { plan, errors };
    }
    case 3: {
      const plan: ChainPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'chain', lines: n, unit: amount, charged: amount };
      return { plan, errors };
    }
    case 6: {
      const ppm = marginPpm(draft.antiExpressMargin ?? DEFAULT_ANTI_EXPRESS_MARGIN);
      const plan: AntiExpressPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'anti-express', lines: 1, unit: amount, charged: amount, marginPpm: ppm };
      return { plan, errors };
    }
    case 4:
    case 5: {
      const grouped = blocksOf(selections);
      if ('missing' in grouped) return { plan: null, errors: [{ code: 'block_missing', selectionIds: grouped.missing }] };
      if (typeId === 4) {
        let lobby: Block | null = null;
        let blocks = grouped.blocks;
        if (draft.lobbyBlockId !== undefined) {
          lobby = blocks.find((b) => b.id === draft.lobbyBlockId) ?? null;
          if (!lobby) return { plan: null, errors: [{ code: 'lobby_invalid', blockId: draft.lobbyBlockId }] };
          blocks = blocks.filter((b) => b !== lobby);
        }
        // A system over blocks needs 3 of them; with a lobby that is also "3 events besides it".
        if (blocks.length < 3 || blocks.reduce((sum, b) => sum + b.members.length, 0) < 3) return { plan: null, errors: [{ code: 'too_few_blocks' }] };
        const k = draft.systemValue ?? DEFAULT_SYSTEM_VALUE;
        if (!isSystemValue(k, blocks.length)) return { plan: null, errors: [...errors, { code: 'system_value_out_of_range' }] };
        const lines = binomial(blocks.length, k);
        if (lines > COUPON_BOUNDS.maxLines) return { plan: null, errors: [...errors, { code: 'too_many_lines' }] };
        const plan: MultiBetPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'multi-bet', lines, unit: amount / BigInt(lines), charged: charged(amount, lines), blocks, lobby, k };
        return { plan, errors };
      }
      const blocks = grouped.blocks;
      if (blocks.length < 2) return { plan: null, errors: [{ code: 'too_few_blocks' }] };
      const [head, ...rest] = blocks as [Block, ...Block[]];
      const amounts = draft.amountByBlockId ?? {};
      const firstWish = Object.hasOwn(amounts, head.id) ? amounts[head.id] : draft.amount;
      let first = 0n;
      if (firstWish === undefined || firstWish === 'max') errors.push({ code: 'amount_missing', blockId: head.id });
      else if (firstWish <= 0n) errors.push({ code: 'amount_not_positive', blockId: head.id });
      else first = firstWish;
      const later = rest.map((block): LegStake => {
        const wish = Object.hasOwn(amounts, block.id) ? amounts[block.id] : undefined;
        if (wish === undefined || wish === 'max') return 'max';
        if (wish <= 0n) errors.push({ code: 'amount_not_positive', blockId: block.id });
        return wish > 0n ? wish : 0n;
      });
      const plan: ConditionalPlan = { typeId, ids, coefs, maxPayout, hyperBonus, kind: 'conditional', lines: blocks.length, unit: null, charged: first, blocks, first, later };
      return { plan, errors };
    }
  }
}
