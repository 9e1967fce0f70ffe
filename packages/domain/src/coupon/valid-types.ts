/**
 * Which of the ten coupon types a set of selections allows, with a reason per refused type.
 *
 * - Counts: single exactly 1; multiple singles, express, chain, conditional and
 *   anti-express at least 2; system and multi-bet at least 3 (k of n with 2 ≤ k < n; a
 *   multi-bet's system runs over 3 blocks or more); lucky and patent 3 to 8; at most
 *   COUPON_BOUNDS.maxSelections in any.
 * - Every type that puts several selections in one coupon (1 to 8) refuses dependent
 *   selections (two of one game, or flagged isDepend) and selections banned from express;
 *   only a single and multiple singles — independent bets — take them.
 * - An anti-express refuses quarter lines.
 */
import { COUPON_BOUNDS, COUPON_TYPE_IDS, type CouponSelection, type CouponTypeId, type TypeRefusal } from './types.ts';

export type TypeAvailability =
  | { readonly typeId: CouponTypeId; readonly allowed: true }
  | { readonly typeId: CouponTypeId; readonly allowed: false; readonly reason: TypeRefusal; readonly selectionIds?: readonly string[] };

const { maxSelections, minLuckySelections, maxLuckySelections } = COUPON_BOUNDS;

/** [min, max] selections per type. */
export const SELECTION_COUNTS: Readonly<Record<CouponTypeId, readonly [number, number]>> = {
  0: [1, 1],
  1: [2, maxSelections],
  2: [3, maxSelections],
  3: [2, maxSelections],
  4: [3, maxSelections],
  5: [2, maxSelections],
  6: [2, maxSelections],
  7: [minLuckySelections, maxLuckySelections],
  8: [minLuckySelections, maxLuckySelections],
  9: [2, maxSelections],
};

/** Ids of selections that share a game with another, or are flagged dependent. */
export function dependentSelectionIds(selections: readonly CouponSelection[]): string[] {
  const perGame = new Map<string, number>();
  for (const s of selections) perGame.set(gameKey(s), (perGame.get(gameKey(s)) ?? 0) + 1);
  return selections.filter((s) => s.isDepend === true || (perGame.get(gameKey(s)) ?? 0) > 1).map((s) => s.id);
}

const gameKey = (s: CouponSelection) => `${typeof s.gameId}:${s.gameId}`;

/** Whether `typeId` is allowed for `selections`, and if not why. */
export function typeAvailability(selections: readonly CouponSelection[], typeId: CouponTypeId): TypeAvailability {
  const n = selections.length;
  if (n === 0) return { typeId, allowed: false, reason: 'no_selections' };
  const [min, max] = SELECTION_COUNTS[typeId];
  if (n < min) return { typeId, allowed: false, reason: 'too_few_selections' };
  if (n > max) return { typeId, allowed: false, reason: 'too_many_selections' };
  if (typeId === 0 || typeId === 9) return { typeId, allowed: true };
  const dependent = dependentSelectionIds(selections);
  if (dependent.length > 0) return { typeId, allowed: false, reason: 'dependent_selections', selectionIds: dependent };
  const banned = selections.filter((s) => s.isBannedExpress === true).map((s) => s.id);
  if (banned.length > 0) return { typeId, allowed: false, reason: 'banned_from_express', selectionIds: banned };
  if (typeId === 6) {
    const quarter = selections.filter((s) => s.isQuarterLine === true).map((s) => s.id);
    if (quarter.length > 0) return { typeId, allowed: false, reason: 'quarter_line', selectionIds: quarter };
  }
  return { typeId, allowed: true };
}

/** The ten types in order, each allowed or refused with a reason. */
export function validTypes(selections: readonly CouponSelection[]): TypeAvailability[] {
  return COUPON_TYPE_IDS.map((typeId) => typeAvailability(selections, typeId));
}
