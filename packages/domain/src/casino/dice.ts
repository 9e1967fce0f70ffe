/**
 * Dice: a roll from 0.00 to 99.99 (`rng.int(10000)` hundredths); the player picks a target
 * from 1.00 to 98.00 and wins when the roll is under it. Chance = target / 100; the win pays
 * stake × (100 − edge) / target (edge 1%), the stake included, floored once at the minor unit;
 * the multiplier is shown floored to 0.001. RTP = chance × (0.99 / chance) = 99% exactly, for
 * every target.
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayoutFraction, frac, multiplierMilli, type CasinoGameInfo, type ExactRatio } from './money.ts';
import type { Rng } from './rng.ts';

/** The edge in hundredths of a percent (100 = 1%). */
export const DICE_EDGE_BP = 100n;
export const DICE_MIN_TARGET = 100;
export const DICE_MAX_TARGET = 9800;

/** Target and roll in hundredths (1.00 → 100). */
const multiplier = (target: number): { num: bigint; den: bigint } => ({ num: 10_000n - DICE_EDGE_BP, den: BigInt(target) });

export const DICE: CasinoGameInfo = { id: 'dice', title: 'Dice', rtp: 0.99, maxMultiplierMilli: multiplierMilli(10_000n - DICE_EDGE_BP, BigInt(DICE_MIN_TARGET)) };

export function diceMultiplierMilli(target: number): bigint {
  const m = multiplier(target);
  return multiplierMilli(m.num, m.den);
}

export interface DiceOutcome {
  readonly target: number;
  readonly roll: number;
  readonly won: boolean;
  readonly multiplierMilli: bigint;
  readonly payout: Minor;
}

export function rollDice(stake: Minor, target: number, rng: Rng): DiceOutcome {
  if (!Number.isInteger(target) || target < DICE_MIN_TARGET || target > DICE_MAX_TARGET) throw new RangeError('target out of range');
  const roll = rng.int(10_000);
  const won = roll < target;
  const m = multiplier(target);
  return { target, roll, won, multiplierMilli: multiplierMilli(m.num, m.den), payout: won ? casinoPayoutFraction(stake, m.num, m.den) : (0n as Minor) };
}

/** Exact RTP for a target: (target / 10000) × (9900 / target). */
export function diceRtp(target: number): ExactRatio {
  const m = multiplier(target);
  return frac(BigInt(target) * m.num, 10_000n * m.den);
}
