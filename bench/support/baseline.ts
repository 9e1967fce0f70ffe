/**
 * The bare stack the benchmarks compare the product with (issue 14): bench/baseline/, a
 * minimal React Router 7 app on the workspace's own react, react-router and vite, rendering
 * a 100-row odds table. Built with the React Router CLI (vite) into bench/baseline/build the
 * first time (gitignored), served by bench/baseline/serve.js in its own process (plain node,
 * NODE_ENV=production).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/server.ts';
import { spawnServer, type SpawnedServer } from './spawned.ts';

const baselineDir = fileURLToPath(new URL('../baseline/', import.meta.url));

export function ensureBaselineBuilt(): void {
  if (existsSync(`${baselineDir}build/server/index.js`)) return;
  const cli = join(dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')), 'bin.js');
  console.log('(building the baseline app in bench/baseline/build …)');
  const run = spawnSync(process.execPath, [cli, 'build'], { cwd: baselineDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`baseline build failed (exit ${run.status})`);
}

/** The baseline server on a free port; its page is `/`. */
export async function startBaseline(): Promise<SpawnedServer> {
  ensureBaselineBuilt();
  return spawnServer([`${baselineDir}serve.js`], { NODE_ENV: 'production' }, await freePort());
}
