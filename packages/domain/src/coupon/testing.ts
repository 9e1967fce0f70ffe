/**
 * fast-check arbitraries of valid coupons of every type, for the coupon tests (not part of
 * the domain's API).
 */
import fc from 'fast-check';
import { minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import { settleCoupon } from './settle.ts';
import type { BlockAmount, CouponDraft, CouponSelection, CouponTypeId } from './types.ts';

/** Mostly everyday odds, sometimes long shots up to the 1000.000 cap. */
export const coefArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1010, max: 5000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 5000, max: 1_000_000 }) },
);

export const amountArb: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 10_000_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 15n }) },
);

export const settledStatusArb: fc.Arbitrary<BetStatus> = fc.constantFrom<BetStatus>(0, 1, 2, 3, 4, 5, 6);
export const anyStatusArb: fc.Arbitrary<BetStatus> = fc.constantFrom<BetStatus>(-2, -1, 0, 1, 2, 3, 4, 5, 6);

/** Enough for every line of the generated spreading coupons (lucky 8: 255 lines) to stake something. */
const spreadAmountArb = amountArb.map((a) => a + 256n);

export const selectionsArb = (min: number, max: number): fc.Arbitrary<CouponSelection[]> =>
  fc.array(coefArb, { minLength: min, maxLength: max }).map((coefs) => coefs.map((coef, i) => ({ id: `s${i}`, gameId: i, coef })));

/** A valid coupon of `typeId` (its amounts, system value, bankers, blocks). */
export function couponArb(typeId: CouponTypeId): fc.Arbitrary<CouponDraft> {
  switch (typeId) {
    case 0:
      return fc.record({ selections: selectionsArb(1, 1), amount: amountArb }).map((c) => ({ typeId, selections: c.selections, amount: minor(c.amount) }));
    case 1:
      return fc.record({ selections: selectionsArb(2, 12), amount: amountArb }).map((c) => ({ typeId, selections: c.selections, amount: minor(c.amount) }));
    case 3:
    case 6:
      return fc.record({ selections: selectionsArb(2, 8), amount: amountArb }).map((c) => ({ typeId, selections: c.selections, amount: minor(c.amount) }));
    case 7:
    case 8:
      return fc.record({ selections: selectionsArb(3, 8), amount: spreadAmountArb }).map((c) => ({ typeId, selections: c.selections, amount: minor(c.amount) }));
    case 9:
      return fc
        .record({ selections: selectionsArb(2, 8), amount: amountArb, own: fc.array(fc.option(amountArb), { minLength: 8, maxLength: 8 }) })
        .map((c) => ({
          typeId,
          selections: c.selections,
          amount: minor(c.amount),
          amountByBetId: Object.fromEntries(c.selections.flatMap((s, i) => (c.own[i] ? [[s.id, minor(c.own[i])]] : []))),
        }));
    case 2:
      return fc
        .record({ selections: selectionsArb(3, 10), amount: spreadAmountArb, k: fc.nat(), bankers: fc.nat(), banker: fc.boolean() })
        .map((c) => {
          const n = c.selections.length;
          const b = c.banker ? c.bankers % (n - 2) : 0; // leaves k − b ≥ 1 and k < n possible
          const min = Math.max(2, b + 1);
          const k = min + (c.k % (n - min));
          return {
            typeId,
            selections: c.selections,
            amount: minor(c.amount),
            systemValue: k,
            isActiveSystemBanker: b > 0,
            bankerIds: c.selections.slice(0, b).map((s) => s.id),
          };
        });
    case 4:
      return fc
        .record({
          selections: selectionsArb(3, 9),
          amount: spreadAmountArb,
          blocks: fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
          k: fc.nat(),
          lobby: fc.boolean(),
        })
        .map((c) => {
          const n = c.selections.length;
          const lobby = c.lobby && n >= 4;
          // The first selections open blocks 1, 2, 3 (and the lobby 0); the rest join one at random.
          const opened = lobby ? 4 : 3;
          const ids = c.selections.map((_, i) => (i < opened ? (lobby ? i : i + 1) : (c.blocks[i] as number) % (opened + 2)));
          const blockCount = new Set(ids.filter((id) => !(lobby && id === 0))).size;
          const k = 2 + (c.k % (blockCount - 2));
          return {
            typeId,
            selections: c.selections.map((s, i) => ({ ...s, blockId: ids[i] as number })),
            amount: minor(c.amount),
            systemValue: k,
            ...(lobby ? { lobbyBlockId: 0 } : {}),
          };
        });
    case 5:
      return fc
        .record({
          selections: selectionsArb(2, 8),
          first: amountArb,
          blocks: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
          later: fc.array(fc.option(amountArb), { minLength: 8, maxLength: 8 }),
        })
        .map((c) => {
          const ids = c.selections.map((_, i) => (i < 2 ? i + 1 : ((c.blocks[i] as number) % 4) + 1));
          const blockIds = [...new Set(ids)].sort((a, b) => a - b);
          const amountByBlockId: Record<number, BlockAmount> = {};
          blockIds.forEach((id, i) => {
            const wish = c.later[i];
            amountByBlockId[id] = i === 0 ? minor(c.first) : wish ? minor(wish) : 'max';
          });
          return { typeId, selections: c.selections.map((s, i) => ({ ...s, blockId: ids[i] as number })), amountByBlockId };
        });
  }
}

export const anyCouponArb: fc.Arbitrary<CouponDraft> = fc
  .constantFrom<CouponTypeId>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
  .chain((typeId) => couponArb(typeId));

/** Statuses for the coupon's selections from `status`. */
export const statusesArb = (coupon: CouponDraft, status: fc.Arbitrary<BetStatus> = settledStatusArb): fc.Arbitrary<Record<string, BetStatus>> =>
  fc.array(status, { minLength: coupon.selections.length, maxLength: coupon.selections.length }).map((list) =>
    Object.fromEntries(coupon.selections.map((s, i) => [s.id, list[i] as BetStatus])),
  );

export const couponWithStatusesArb = (status: fc.Arbitrary<BetStatus> = settledStatusArb) =>
  anyCouponArb.chain((coupon) => statusesArb(coupon, status).map((statuses) => ({ coupon, statuses })));

/** Every selection of `coupon` with `status`. */
export const every = (coupon: CouponDraft, status: BetStatus): Record<string, BetStatus> =>
  Object.fromEntries(coupon.selections.map((s) => [s.id, status]));

/** A selection whose game is named by its id, at `coef` (×1000), for hand-written coupons. */
export const sel = (id: string, coef: number) => ({ id, gameId: id, coef });

/**
 * The brute force behind the prices of an open coupon (cash-out, insurance): every win/lose
 * scenario of its open selections (status below 0) settled, each weighted by the product of
 * 1 (a win) or c − 1 (a loss) over `denominator`, the product of their current coefs c (×1000),
 * so that a selection wins with probability 1/c.
 */
export function openScenarios(
  coupon: CouponDraft,
  current: Record<string, number>,
  statuses: Record<string, BetStatus>,
): { scenarios: { payout: bigint; weight: bigint }[]; denominator: bigint } {
  const open = coupon.selections.filter((s) => (statuses[s.id] ?? -2) < 0);
  let denominator = 1n;
  for (const s of open) denominator *= BigInt(current[s.id] as number);
  const scenarios: { payout: bigint; weight: bigint }[] = [];
  for (let mask = 0; mask < 2 ** open.length; mask++) {
    const scenario = { ...statuses };
    let weight = 1n;
    open.forEach((s, bit) => {
      const wins = ((mask >> bit) & 1) === 1;
      scenario[s.id] = wins ? 1 : 0;
      weight *= wins ? 1000n : BigInt(current[s.id] as number) - 1000n;
    });
    scenarios.push({ payout: settleCoupon(coupon, scenario, { detail: false }).payout as bigint, weight });
  }
  return { scenarios, denominator };
}

/**
 * A coupon of up to 7 selections (few enough for the brute force of `openScenarios`), its
 * statuses with open ones likely among them, and each selection's current coef (×1000).
 */
export const pricedCouponArb = anyCouponArb
  .filter((c) => c.selections.length <= 7)
  .chain((coupon) =>
    fc.record({
      coupon: fc.constant(coupon),
      statuses: statusesArb(coupon, fc.constantFrom<BetStatus>(-1, -2, 1, 2, 4, 5, 6)),
      current: fc.array(fc.integer({ min: 1010, max: 8000 }), { minLength: coupon.selections.length, maxLength: coupon.selections.length }),
    }),
  )
  .map(({ coupon, statuses, current }) => ({ coupon, statuses, prices: Object.fromEntries(coupon.selections.map((s, i) => [s.id, current[i] as number])) }));
