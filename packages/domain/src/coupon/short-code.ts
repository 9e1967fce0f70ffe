/**
 * The short code of a saved bet slip (SPEC §3 isCouponLoadedFromCode, issue 11): read aloud,
 * typed from a screenshot or a printed coupon, so it avoids characters that look alike
 * (0/O, 1/I/L) and is case-blind. 8 characters of 31: 31^8 ≈ 8.5 × 10^11 codes, so a
 * random code rarely collides and guessing one is a long walk (the server also rate-limits).
 */

export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;

/** Bytes below this map evenly onto the alphabet (31 × 8 = 248); the rest are skipped. */
const UNBIASED_LIMIT = 256 - (256 % SHORT_CODE_ALPHABET.length);

/**
 * A code from a source of random bytes (0–255), without bias: bytes that would favour the
 * first letters are skipped. The caller gives the randomness (the server: crypto).
 */
export function shortCode(randomByte: () => number): string {
  let code = '';
  let tries = 0;
  while (code.length < SHORT_CODE_LENGTH) {
    if (++tries > 10_000) throw new Error('the random source gives no usable bytes');
    const byte = randomByte();
    if (!Number.isInteger(byte) || byte < 0 || byte >= UNBIASED_LIMIT) continue;
    code += SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length];
  }
  return code;
}

/** The code as stored (upper case; spaces and dashes a person may type are dropped), or null when it cannot be one. */
export function normalizeShortCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== SHORT_CODE_LENGTH) return null;
  for (const c of code) if (!SHORT_CODE_ALPHABET.includes(c)) return null;
  return code;
}
