/** Reading a round's `outcome`/`input` (JSON of unknown shape) without trusting it. */
export type Json = Readonly<Record<string, unknown>>;

export const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
export const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : fallback;
export const big = (v: unknown): bigint =>
  typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : 0n;
export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
export const nums = (v: unknown): number[] => list(v).map((x) => num(x));
