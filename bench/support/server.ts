/**
 * The production server for a benchmark, in its own process: `apps/server/src/server.ts`
 * (e2e/support/server.ts `startServer`) when the web build exists, else `serve-api.ts`
 * here — `build()` without pages: the same modules, database and live transport — so a
 * benchmark runs before `npm run build` too.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, supervise, type RunningServer } from '../../e2e/support/server.ts';

export const webBuilt = (): boolean => existsSync(fileURLToPath(new URL('../../apps/web/build/server/index.js', import.meta.url)));

/** What `npm start` (package.json) puts in the server's environment beyond the site's own settings: glibc's malloc arenas capped (decision 0046). */
export const START_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' };

/** Started as `npm start` starts it (START_ENV), the real clock, warnings only; `env` adds to or overrides that. */
export async function startBenchServer(env: Record<string, string>): Promise<RunningServer> {
  const settings = { ...START_ENV, FAKE_CLOCK: '0', LOG_LEVEL: 'warn', ...env };
  if (webBuilt()) return startServer(settings);

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'betsite-bench-'));
  const opsToken = 'bench-ops-token-0123456789';
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./serve-api.ts', import.meta.url))], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OPS_TOKEN: opsToken, ...settings },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return supervise(child, `http://127.0.0.1:${port}`, opsToken, dataDir);
}
