/**
 * One load figure of a benchmark: autocannon against one url (3 s of warm-up first: JIT,
 * caches, the database), and the side-by-side line the issue 14 benchmarks print —
 * product, baseline, and their ratio.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds measured (after the warm-up). */
  duration: number;
  headers?: Record<string, string>;
  /** Headers of the requests each connection sends in turn (e.g. many players' cookies); else every request has `headers`. */
  headerSets?: readonly Record<string, string>[];
  /** Seconds of unmeasured load first (default 3). */
  warmup?: number;
}

export interface LoadFigure {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  /** Mean bytes per response on the wire (headers and body, as asked: gzip or not). */
  bytes: number;
  /** non-2xx + errors + timeouts. */
  failed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function load(url: string, { connections, duration, headers = {}, headerSets, warmup = 3 }: LoadOptions): Promise<LoadFigure> {
  const requests = headerSets?.map((set) => ({ method: 'GET' as const, headers: set }));
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers, ...(requests ? { requests } : {}) });
  const r = await autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    bytes: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    failed: r.non2xx + r.errors + r.timeouts,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** `412 req/s  p50 21  p90 30  p99 48  max 90 ms  (6,180 requests, 1.2 KB each; 0 failed)` */
export function describe(f: LoadFigure): string {
  const failed = f.failed > 0 ? `; FAILED: non-2xx ${f.non2xx}, errors ${f.errors}, timeouts (10 s) ${f.timeouts}` : '; 0 failed';
  return (
    `${f.rps.toFixed(0)} req/s  p50 ${f.p50}  p90 ${f.p90}  p99 ${f.p99}  max ${f.max} ms  ` +
    `(${f.requests} requests, ${(f.bytes / 1024).toFixed(1)} KB each on the wire${failed})`
  );
}

/** `ratio product/baseline: 0.31 of the requests/s, p99 3.2×`. */
export function ratio(product: LoadFigure, baseline: LoadFigure): string {
  return `ratio product/baseline: ${(product.rps / baseline.rps).toFixed(2)} of the requests/s, p99 ${(product.p99 / Math.max(1, baseline.p99)).toFixed(1)}×`;
}
