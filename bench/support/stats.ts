/** Percentiles for the benchmarks' figures. */

export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of `values` (NaN when empty). */
export function summarise(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  let sum = 0;
  for (const value of sorted) sum += value;
  return { count: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted.at(-1) ?? Number.NaN, mean: sorted.length ? sum / sorted.length : Number.NaN };
}

/** `p50 1.2  p90 3.4  p99 5.6  max 7.8` (ms, one decimal). */
export const percentiles = (s: Summary, unit = ' ms'): string =>
  `p50 ${s.p50.toFixed(1)}  p90 ${s.p90.toFixed(1)}  p99 ${s.p99.toFixed(1)}  max ${s.max.toFixed(1)}${unit}`;
