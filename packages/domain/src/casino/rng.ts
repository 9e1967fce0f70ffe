/**
 * Provably fair RNG (issue 13 part 5, decision 0021). Every random number of a round comes from
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`) — block 0 — and, when its 32 bytes run out,
 * from further blocks HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), cursor 1, 2, …
 * The player sees sha256(serverSeed) before the round and may choose the client seed; once the
 * server seed is revealed anyone can recompute the round with this same code (it runs in the
 * browser: @noble/hashes, no node:crypto).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface FairSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  /** The player's round counter for this server seed. */
  readonly nonce: number;
}

export interface Rng {
  /** An unbiased integer in [0, n), 1 ≤ n ≤ 2³². */
  int(n: number): number;
  /** A float in [0, 1) with 53 random bits. */
  float(): number;
  /** Bytes used so far: a round interrupted between actions goes on with `fairRng(seeds, used)`. */
  used(): number;
}

const U32 = 2 ** 32;

export function serverSeedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** Block `cursor` of the byte stream (32 bytes). */
export function fairBlock(seeds: FairSeeds, cursor: number): Uint8Array {
  const message = cursor === 0 ? `${seeds.clientSeed}:${seeds.nonce}` : `${seeds.clientSeed}:${seeds.nonce}:${cursor}`;
  return hmac(sha256, utf8ToBytes(seeds.serverSeed), utf8ToBytes(message));
}

/** The stream of a round; `skip` bytes already used (to resume a round after a restart). */
export function fairRng(seeds: FairSeeds, skip = 0): Rng {
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  let cursor = Math.floor(skip / 32);
  let block = fairBlock(seeds, cursor);
  let offset = skip % 32;
  const u32 = (): number => {
    let value = 0;
    for (let i = 0; i < 4; i++) {
      if (offset === 32) {
        cursor += 1;
        block = fairBlock(seeds, cursor);
        offset = 0;
      }
      value = value * 256 + (block[offset] as number);
      offset += 1;
    }
    return value;
  };
  return {
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > U32) throw new RangeError(`int(${n}): n must be an integer in [1, 2^32]`);
      // Rejection sampling: the values ≥ limit would make the low residues likelier.
      const limit = U32 - (U32 % n);
      for (;;) {
        const value = u32();
        if (value < limit) return value % n;
      }
    },
    float(): number {
      const high = u32() >>> 11; // 21 bits
      return (high * U32 + u32()) / 2 ** 53;
    },
    used: () => cursor * 32 + offset,
  };
}

/** A uniformly random permutation of `items` (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** `count` distinct values of [0, n), in the order drawn. */
export function drawDistinct(n: number, count: number, rng: Rng): number[] {
  if (count > n) throw new RangeError('count > n');
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(n - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count);
}

export interface RevealedRound extends FairSeeds {
  /** The hash shown to the player before the round. */
  readonly serverSeedHash: string;
}

/**
 * Recomputes a past round from the revealed seed: whether the seed matches the hash shown
 * before play, and the outcome the game's own function gives with that stream.
 */
export function verifyRound<T>(round: RevealedRound, replay: (rng: Rng) => T): { hashMatches: boolean; outcome: T } {
  return { hashMatches: serverSeedHash(round.serverSeed) === round.serverSeedHash.toLowerCase(), outcome: replay(fairRng(round)) };
}
