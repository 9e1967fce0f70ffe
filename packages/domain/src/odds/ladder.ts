/**
 * The fractional odds ladder: the prices UK bookmakers quote, shortest first, written as
 * they are printed (4/6, 6/4 and 85/40 stay unreduced; 1/1 is evens). The short end mirrors
 * the long end (1/33 ↔ 33/1 …), except 1/400 and 1/750: at the coefficient's 3 decimals
 * they would be the same price as 1/300 (1.003) and 1/1000 (1.001).
 *
 * `decimalToFractional` (formats.ts) shows a ladder price for the coefficients it stands
 * for; every other coefficient gets its exact smallest-denominator fraction.
 */
export const FRACTIONAL_LADDER: ReadonlyArray<readonly [numerator: number, denominator: number]> = [
  // odds-on
  [1, 1000], [1, 500], [1, 300], [1, 250], [1, 200], [1, 150], [1, 125], [1, 100],
  [1, 80], [1, 66], [1, 50], [1, 40], [1, 33], [1, 28], [1, 25], [1, 22], [1, 20],
  [1, 18], [1, 16], [1, 14], [1, 12], [1, 11], [1, 10], [1, 9], [2, 17], [1, 8],
  [2, 15], [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10],
  [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11],
  [4, 5], [5, 6], [10, 11],
  // evens
  [1, 1],
  // odds against
  [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8], [2, 1],
  [85, 40], [9, 4], [5, 2], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1],
  [11, 2], [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1],
  [12, 1], [14, 1], [16, 1], [18, 1], [20, 1], [22, 1], [25, 1], [28, 1], [33, 1],
  [40, 1], [50, 1], [66, 1], [80, 1], [100, 1], [125, 1], [150, 1], [200, 1], [250, 1],
  [300, 1], [400, 1], [500, 1], [750, 1], [1000, 1],
];
