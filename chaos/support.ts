/**
 * What the chaos tests share: the databases they run on (PostgreSQL when TEST_DATABASE_URL
 * is set, the embedded one always) and a real server process (`apps/server/src/server.ts`)
 * on a free port, its data dir kept across restarts (the test removes it).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb, type TestDb } from '@betsite/db/testing';
import { freePort, supervise, type RunningServer } from '../e2e/support/server.ts';

export interface ChaosTarget {
  name: string;
  /** The server's database settings, and the database handle when the test can read it beside the server. */
  prepare: () => Promise<{ env: Record<string, string>; db: TestDb | null }>;
}

export function chaosTargets(): ChaosTarget[] {
  const targets: ChaosTarget[] = [{ name: 'embedded database (PGlite)', prepare: async () => ({ env: {}, db: null }) }];
  if (process.env.TEST_DATABASE_URL) {
    targets.unshift({
      name: 'PostgreSQL',
      prepare: async () => {
        const db = await createTestDb({ kind: 'postgres' });
        return { env: { DATABASE_URL: db.url ?? '' }, db };
      },
    });
  }
  return targets;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
}

/** Spawns the server: test mode, the real clock, on 127.0.0.1; `env` adds to or overrides that. */
export async function spawnServer(dataDir: string, env: Record<string, string>, stdio: StdioOptions): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', FAKE_CLOCK: '0', ...env },
    stdio,
  });
  return { child, port, origin: `http://127.0.0.1:${port}` };
}

export interface ChaosNode {
  child: ChildProcess;
  server: RunningServer;
}

/**
 * Starts `apps/server/src/server.ts` (the real process: migrations, jobs, recovery on start)
 * with no feed, the payment sandbox signed by `signingSecret`, generous rate limits; `env`
 * adds to or overrides that.
 */
export async function startNode(dataDir: string, { opsToken, signingSecret, env = {} }: { opsToken: string; signingSecret: string; env?: Record<string, string> }): Promise<ChaosNode> {
  const settings = { FEED: 'off', LOG_LEVEL: 'error', OPS_TOKEN: opsToken, PAYMENTS_SANDBOX: 'on', PAYMENTS_SIGNING_SECRET: signingSecret, JOBS_POLL_MS: '500', RATE_LIMITS_SCALE: '1000' };
  const { child, origin } = await spawnServer(dataDir, { ...settings, ...env }, ['ignore', 'inherit', 'inherit']);
  // supervise's stop() would remove the data dir: the test keeps it across restarts and removes it at the end.
  const server = await supervise(child, origin, opsToken, mkdtempSync(join(tmpdir(), 'betsite-chaos-unused-')));
  return { child, server };
}

/** SIGKILL, and wait until the process is gone. */
export async function kill(node: ChaosNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGKILL');
  await exited;
}
