/**
 * Random hex from the CSPRNG, drawn a few KB at a time: every request takes two CSP nonces,
 * and a `randomBytes` call per request (a system call each) was a percent of a page's CPU.
 * Each byte is handed out once; the pool is only ever in this process's memory.
 */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let at = 0;

/** `bytes` random bytes as lower-case hex (2 × `bytes` characters). */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('hex');
  if (at + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    at = 0;
  }
  const hex = pool.toString('hex', at, at + bytes);
  at += bytes;
  return hex;
}
