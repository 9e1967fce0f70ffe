/**
 * The server's footprint beside the bare stack (issue 14): the production server as `npm start`
 * runs it (`apps/server/dist/server.js`, built by `npm run build`; without the bundle
 * `apps/server/src/server.ts` through tsx, and it says so) with the simulated feed on, a fresh
 * data directory — the time from spawn to the first 200 of `/healthz`, and its resident
 * memory (/proc/<pid>/status VmRSS) at that first 200, after 60 s idle, and at its peak
 * (VmHWM), then the time to the first 200 of a restart on what that start made (PGlite's
 * data directory, the migrated database); on PGlite and on a throwaway PostgreSQL database
 * when there is one (bench/support/databases.ts; BENCH_DB=pglite|postgres for one only).
 *
 * Baseline: bench/baseline (a bare React Router 7 app on node http, plain node), started
 * beside each product run, its figures taken at the same moments.
 *
 * Usage: node --import tsx bench/footprint.ts [idleSeconds=60]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server.ts';
import { startBaseline } from './support/baseline.ts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { START_ENV, webBuilt } from './support/server.ts';
import { rssOf, spawnServer, type SpawnedServer } from './support/spawned.ts';

const idleSeconds = Number(process.argv[2] ?? 60);

if (!webBuilt()) throw new Error('bench/footprint.ts starts the whole server: run `npm run build` first');

const bundle = 'apps/server/dist/server.js';
const serverArgs = existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'apps/server/src/server.ts'];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The product on `dataDir` (and the database's environment); its stop removes `dataDir` unless `keep`. */
async function startProduct(db: BenchDatabase, dataDir: string, keep = false): Promise<SpawnedServer> {
  const env = { ...START_ENV, FAKE_CLOCK: '0', LOG_LEVEL: 'warn', FEED: 'simulated', DATA_DIR: dataDir, OPS_TOKEN: 'bench-ops-token-0123456789', ...db.env };
  return spawnServer(serverArgs, env, await freePort(), keep ? '' : dataDir);
}

async function measure(db: BenchDatabase) {
  const load = (loadavg()[0] ?? 0).toFixed(2);
  // One after the other, so neither start competes with the other for the CPU.
  const baseline = await startBaseline();
  const atFirstBaseline = rssOf(baseline.pid);
  const dataDir = mkdtempSync(join(tmpdir(), 'betsite-bench-footprint-'));
  let product: SpawnedServer | undefined;
  let restarted: SpawnedServer | undefined;
  try {
    // Kept on stop: the restart below opens what this start made (PGlite's data directory, or the migrated database).
    product = await startProduct(db, dataDir, true);
    const atFirst = rssOf(product.pid);
    let sampledPeak = atFirst.rss;
    for (let s = 0; s < idleSeconds; s++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      sampledPeak = Math.max(sampledPeak, rssOf(product.pid).rss);
    }
    const idle = rssOf(product.pid);
    const idleBaseline = rssOf(baseline.pid);
    console.log(`Footprint [${db.label}], node ${serverArgs.join(' ')}, simulated feed on, fresh data directory (load average before ${load}):`);
    console.log(
      `  start-up, spawn → first 200 from /healthz: product ${(product.firstOkMs / 1000).toFixed(2)} s, baseline ${(baseline.firstOkMs / 1000).toFixed(2)} s ` +
        `(ratio ${(product.firstOkMs / baseline.firstOkMs).toFixed(1)}×)`,
    );
    console.log(`  RSS at the first 200: product ${mb(atFirst.rss)}, baseline ${mb(atFirstBaseline.rss)} (ratio ${(atFirst.rss / atFirstBaseline.rss).toFixed(1)}×)`);
    console.log(`  RSS after ${idleSeconds} s idle: product ${mb(idle.rss)}, baseline ${mb(idleBaseline.rss)} (ratio ${(idle.rss / idleBaseline.rss).toFixed(1)}×)`);
    console.log(`  RSS peak (VmHWM): product ${mb(idle.peak)} (largest sampled each second ${mb(sampledPeak)}), baseline ${mb(idleBaseline.peak)}`);
    await product.stop();
    product = undefined;
    // The usual start of a node in service: its data directory or database already made and migrated.
    restarted = await startProduct(db, dataDir);
    console.log(
      `  restart on what that start made, spawn → first 200: product ${(restarted.firstOkMs / 1000).toFixed(2)} s, baseline ${(baseline.firstOkMs / 1000).toFixed(2)} s ` +
        `(ratio ${(restarted.firstOkMs / baseline.firstOkMs).toFixed(1)}×)`,
    );
  } finally {
    await product?.stop();
    await restarted?.stop();
    await baseline.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await forEachDatabase(measure);
