/**
 * Blocks (multi-bet and conditional) and the multi-bet (type 4).
 *
 * Selections carry a blockId; a block is a single or an express (its factor is its
 * selections' product rounded to 3 decimals, like any line). Blocks are ordered by id.
 *
 * Multi-bet: a system of k over the m blocks (2 ≤ k < m), C(m, k) lines each staked
 * ⌊amount / lines⌋; a line's factor is the product of its blocks' factors, rounded. An
 * optional lobby block: its factor multiplies the system's total return, floored
 * (⌊total × lobby / 1000⌋), so a lost lobby loses the bet. With a lobby there are still at
 * least 3 blocks (so at least 3 events) besides it.
 */
import { lineFactor, OPEN } from './factors.ts';
import { sumLines, sumLinesExact, type LineSums, type LineVisitor } from './lines.ts';
import type { CouponSelection } from './types.ts';

export interface Block {
  readonly id: number;
  /** Indices of its selections in the coupon, in coupon order. */
  readonly members: readonly number[];
}

/** The blocks of `selections` by ascending id, or the ids of selections without a block. */
export function blocksOf(selections: readonly CouponSelection[]): { blocks: Block[] } | { missing: string[] } {
  const missing = selections.filter((s) => s.blockId === undefined || !Number.isInteger(s.blockId)).map((s) => s.id);
  if (missing.length > 0) return { missing };
  const byId = new Map<number, number[]>();
  selections.forEach((s, i) => {
    const id = s.blockId as number;
    byId.set(id, [...(byId.get(id) ?? []), i]);
  });
  const blocks = [...byId].map(([id, members]) => ({ id, members })).sort((a, b) => a.id - b.id);
  return { blocks };
}

/** A block's factor (thousandths) under the selections' factors in 1/2000; null while open. */
export function blockFactor(block: Block, factors: readonly number[]): bigint | null {
  return lineFactor(block.members.map((i) => factors[i] as number));
}

const FITS = 2n ** 51n;

/**
 * The multi-bet's system over blocks whose factors (thousandths, null while open) are
 * `blocks`: Σ ⌊unit × F_line / 1000⌋ over the C(m, k) lines; the visitor gets block indices.
 */
export function multiBetLines(blocks: readonly (bigint | null)[], k: number, unit: bigint, visit?: LineVisitor): LineSums {
  if (blocks.every((f) => f === null || f < FITS)) {
    return sumLines(
      blocks.map((f) => (f === null ? OPEN : 2 * Number(f))),
      [],
      k,
      k,
      unit,
      visit,
    );
  }
  return sumLinesExact(
    blocks.map((f) => (f === null ? null : 2n * f)),
    [],
    k,
    k,
    unit,
    visit,
  );
}

/** The lobby's share: ⌊total × lobby / 1000⌋. */
export function applyLobby(total: bigint, lobby: bigint): bigint {
  return (total * lobby) / 1000n;
}
