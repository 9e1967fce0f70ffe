/**
 * SSR throughput of `/en/` with the embedded database: requests/s and latency percentiles
 * measured by autocannon against the real server (`npm run build` first), twice: as served
 * (visitors' pages micro-cached for 2 s) and with every request rendered (cache off).
 * Usage: node --import tsx bench/ssr.ts [connections] [seconds]
 */
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';

const connections = Number(process.argv[2] ?? 10);
const duration = Number(process.argv[3] ?? 15);

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', ...env });
  try {
    const url = `${server.origin}/en/`;
    const headers = { 'accept-language': 'en', 'accept-encoding': 'gzip' };
    // Warm up JIT, caches and the database before measuring.
    await autocannon({ url, connections, duration: 3, headers });
    const result = await autocannon({ url, connections, duration, headers });
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(`SSR ${label}: GET /en/, ${connections} connections, ${duration} s`);
    console.log(`  requests/s  avg ${result.requests.average.toFixed(0)}  (total ${result.requests.total}, non-2xx/errors ${failed})`);
    console.log(`  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
  } finally {
    await server.stop();
  }
}

await measure('as served (page micro-cache 2 s)', {});
await measure('every request rendered (PAGE_CACHE_TTL_MS=0)', { PAGE_CACHE_TTL_MS: '0' });
