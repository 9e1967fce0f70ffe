/**
 * Dice as the player sets it: a target (hundredths, 1.00–98.00 of the chance side) and
 * under/over. Under wins on a roll below the target; over wins on a roll at or above
 * 100.00 − chance, so both sides offer the same chances and pay the domain's multiplier
 * for that chance (stake × 0.99 / chance).
 */
import { DICE_MAX_TARGET, DICE_MIN_TARGET, diceMultiplierMilli } from '@betsite/domain';

export { DICE_MAX_TARGET, DICE_MIN_TARGET };

/** Winning rolls of 10,000 (the chance in hundredths of a percent). */
export function diceChance(target: number, over: boolean): number {
  return over ? 10_000 - target : target;
}

/** The target shown on the slider for a chance on a side. */
export function targetFor(chance: number, over: boolean): number {
  return over ? 10_000 - chance : chance;
}

export function diceMultiplier(target: number, over: boolean): bigint {
  return diceMultiplierMilli(diceChance(target, over));
}

/** Whether a roll (0–9999) wins. */
export function diceWins(roll: number, target: number, over: boolean): boolean {
  return over ? roll >= target : roll < target;
}

/** Keeps the chance within the domain's 1.00–98.00. */
export function clampTarget(target: number, over: boolean): number {
  const chance = Math.min(DICE_MAX_TARGET, Math.max(DICE_MIN_TARGET, diceChance(Math.round(target), over)));
  return targetFor(chance, over);
}
