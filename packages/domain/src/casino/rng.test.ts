import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawDistinct, fairBlock, fairRng, serverSeedHash, shuffle, verifyRound } from './rng.ts';

const seeds = { serverSeed: 'a1b2c3d4e5f6server', clientSeed: 'player-chosen', nonce: 7 };

/** Pearson's chi-square of observed counts against a uniform law. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('provably fair stream', () => {
  it('is HMAC-SHA256(serverSeed, clientSeed:nonce), then :cursor blocks; the hash is sha256 of the seed', () => {
    // Vectors from Node's crypto (createHmac / createHash), which the domain may not import.
    const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hex(fairBlock(seeds, 0))).toBe('dc9000f4000fbb03cbcff754813031d0059babb2f654541fb8935d11bc7a0477');
    expect(hex(fairBlock(seeds, 3))).toBe('aef84a5b862be6bf9bfa10edf15f24248cc07a569c23539979e1368044ef6633');
    expect(serverSeedHash(seeds.serverSeed)).toBe('e8ef904eb7573da3b52d7828ac570599e22b7db69bf49c3082cfbf7e8db9d700');
    // The first int(2^32) is the block's first four bytes, big-endian (0xdc9000f4).
    expect(fairRng(seeds).int(2 ** 32)).toBe(3700424948);
  });

  it('is deterministic, differs by nonce and client seed, and resumes from the bytes used', () => {
    const a = fairRng(seeds);
    const first = Array.from({ length: 100 }, () => a.int(1000));
    const b = fairRng(seeds);
    expect(Array.from({ length: 100 }, () => b.int(1000))).toEqual(first);
    const c = fairRng({ ...seeds, nonce: 8 });
    expect(Array.from({ length: 100 }, () => c.int(1000))).not.toEqual(first);
    const d = fairRng({ ...seeds, clientSeed: 'other' });
    expect(Array.from({ length: 100 }, () => d.int(1000))).not.toEqual(first);
    // Half way, a new stream from `used()` goes on with the same numbers (a round resumed after a restart).
    const e = fairRng(seeds);
    const head = Array.from({ length: 37 }, () => e.int(1000));
    const resumed = fairRng(seeds, e.used());
    expect([...head, ...Array.from({ length: 63 }, () => resumed.int(1000))]).toEqual(first);
    expect(e.used()).toBeGreaterThan(32 * 4); // crossed several blocks
  });

  it('draws uniform integers (chi-square at 99.9% for n = 2, 6, 10, 37, 80)', () => {
    // Critical values of χ² at p = 0.001 for n − 1 degrees of freedom.
    const critical: Record<number, number> = { 2: 10.83, 6: 20.52, 10: 27.88, 37: 67.99, 80: 119.0 };
    for (const n of [2, 6, 10, 37, 80]) {
      const counts = new Array<number>(n).fill(0);
      for (let nonce = 0; nonce < 400; nonce++) {
        const rng = fairRng({ ...seeds, nonce });
        for (let i = 0; i < 100; i++) {
          const x = rng.int(n);
          counts[x] = (counts[x] ?? 0) + 1;
        }
      }
      expect(chiSquare(counts)).toBeLessThan(critical[n] as number);
    }
  });

  it('has no modulo bias when n is not a power of two (rejection sampling)', () => {
    // n = 3·2^30: plain u32 % n would put half the draws in the lowest third.
    const n = 3 * 2 ** 30;
    const rng = fairRng(seeds);
    let low = 0;
    const draws = 30_000;
    for (let i = 0; i < draws; i++) if (rng.int(n) < n / 3) low++;
    // 1/3 ± 4.5 standard deviations (σ ≈ 0.0027).
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.013);
  });

  it('draws floats in [0, 1) with mean ½ and uniform deciles', () => {
    const rng = fairRng(seeds);
    const deciles = new Array<number>(10).fill(0);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) {
      const x = rng.float();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
      deciles[Math.floor(x * 10)] = (deciles[Math.floor(x * 10)] ?? 0) + 1;
    }
    expect(Math.abs(sum / 20_000 - 0.5)).toBeLessThan(0.01);
    expect(chiSquare(deciles)).toBeLessThan(27.88);
  });

  it('property: int(n) is in [0, n) and replays the same for the same seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(1e9), fc.integer({ min: 1, max: 2 ** 32 }), (serverSeed, clientSeed, nonce, n) => {
        const s = { serverSeed, clientSeed, nonce };
        const a = fairRng(s);
        const b = fairRng(s);
        for (let i = 0; i < 20; i++) {
          const x = a.int(n);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(n);
          expect(b.int(n)).toBe(x);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('shuffles and draws distinct values as permutations', () => {
    fc.assert(
      fc.property(fc.nat(1e6), fc.integer({ min: 1, max: 80 }), (nonce, n) => {
        const rng = fairRng({ ...seeds, nonce });
        const items = Array.from({ length: n }, (_, i) => i);
        expect(shuffle(items, rng).sort((a, b) => a - b)).toEqual(items);
        const drawn = drawDistinct(n, Math.min(n, 20), rng);
        expect(new Set(drawn).size).toBe(drawn.length);
        expect(drawn.every((x) => x >= 0 && x < n)).toBe(true);
      }),
    );
    expect(() => fairRng({ ...seeds, nonce: -1 })).toThrow(RangeError);
    expect(() => fairRng(seeds).int(0)).toThrow(RangeError);
    expect(() => fairRng(seeds).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('verifies a past round from the revealed seed, and says when the seed does not match the hash', () => {
    const hash = serverSeedHash(seeds.serverSeed);
    const played = fairRng(seeds).int(37);
    expect(verifyRound({ ...seeds, serverSeedHash: hash }, (rng) => rng.int(37))).toEqual({ hashMatches: true, outcome: played });
    expect(verifyRound({ ...seeds, serverSeedHash: hash.toUpperCase() }, (rng) => rng.int(37)).hashMatches).toBe(true);
    expect(verifyRound({ ...seeds, serverSeed: 'forged', serverSeedHash: hash }, (rng) => rng.int(37)).hashMatches).toBe(false);
  });
});
