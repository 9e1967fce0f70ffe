/**
 * Money as integer minor units (ARCHITECTURE "Money"): kopeks, cents, yen. A `Minor` is a
 * `bigint` that went through `minor()`, so it is an integer that fits PostgreSQL `bigint`;
 * arithmetic goes through the helpers below, which keep the brand and the range.
 */
declare const minorBrand: unique symbol;
export type Minor = bigint & { readonly [minorBrand]: true };

/** The range of PostgreSQL `bigint`, where balances and entries are stored. */
export const MAX_MINOR = 2n ** 63n - 1n;
export const MIN_MINOR = -(2n ** 63n);

/** Refuses fractions, unsafe integers (already rounded by the float) and values outside `bigint`. */
export function minor(value: bigint | number): Minor {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`${value} is not a safe integer amount of minor units`);
  }
  const amount = BigInt(value);
  if (amount > MAX_MINOR || amount < MIN_MINOR) throw new RangeError(`${amount} minor units is out of range`);
  return amount as Minor;
}

export const ZERO_MINOR = minor(0n);

export function addMinor(a: Minor, b: Minor): Minor {
  return minor(a + b);
}

export function negateMinor(a: Minor): Minor {
  return minor(-a);
}

export function sumMinor(amounts: Iterable<Minor>): Minor {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return minor(total);
}
