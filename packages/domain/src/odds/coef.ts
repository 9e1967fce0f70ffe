/**
 * Coefficients are decimal odds rounded to 3 places (SPEC §5, §9). Everything that turns a
 * probability or a display format into a coefficient goes through `roundCoef`.
 */

/** The smallest coefficient ever offered: a bet must be able to win something. */
export const MIN_COEF = 1.01;
/** The largest coefficient offered; longer shots are capped here (and usually blocked). */
export const MAX_COEF = 1000;

/**
 * Rounds half up to 3 decimals. The tiny nudge makes a value that is a tie in decimal
 * (1.0005) but a hair below it in binary round up as a person would expect.
 */
export function roundCoef(value: number): number {
  return Math.round(value * 1000 + 1e-7) / 1000;
}

/** A coefficient in the offered range with at most 3 decimals. */
export function isCoef(value: number): boolean {
  return (
    Number.isFinite(value) && value >= MIN_COEF && value <= MAX_COEF && Math.abs(roundCoef(value) - value) < 1e-9
  );
}

/** Rounds and clamps into [MIN_COEF, MAX_COEF]. */
export function clampCoef(value: number): number {
  if (!(value < MAX_COEF)) return MAX_COEF; // also NaN and Infinity (a probability of 0)
  return Math.max(MIN_COEF, roundCoef(value));
}

/** The coefficient as an integer number of thousandths (1.909 → 1909), for exact money maths. */
export function coefThousandths(coef: number): number {
  return Math.round(coef * 1000);
}
