/**
 * Seeded randomness for the simulation (pure-rand's xoroshiro128+). Every game, day and
 * team draws from its own generator seeded by a hash of the feed seed and its id, so what
 * happens in one game does not depend on which others exist or in what order they run.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** FNV-1a over the parts' text: a 32-bit seed. */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export class Rng {
  private readonly generator: RandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed);
  }

  static of(...parts: ReadonlyArray<string | number>): Rng {
    return new Rng(hashSeed(...parts));
  }

  /** In [0, 1). */
  float(): number {
    return uniformFloat64(this.generator);
  }

  /** In [from, to]. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }

  between(from: number, to: number): number {
    return from + (to - from) * this.float();
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Box–Muller. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
