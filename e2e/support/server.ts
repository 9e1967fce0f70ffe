import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  origin: string;
  opsToken: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server (`apps/server/src/server.ts`) on a free port with its own data dir. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'betsite-e2e-'));
  const opsToken = 'e2e-ops-token-0123456789';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPS_TOKEN: opsToken,
      FAKE_CLOCK: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every browser of the run registers and logs in from 127.0.0.1: the per-IP budgets
      // (5 registrations a minute …) are for the public, not for one test machine.
      RATE_LIMITS_SCALE: '50',
      // No simulated feed: the sportsbook tests make their own games through the ops API.
      FEED: 'off',
      // …and read them fresh: a list answer reused for a second could predate a game just made.
      LINE_CACHE_TTL_MS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return supervise(child, `http://127.0.0.1:${port}`, opsToken, dataDir);
}

/**
 * A server process as a `RunningServer`: resolves once `/healthz` answers (rejects if the
 * process exits first or after 60 s); `stop()` ends it with SIGTERM and removes its data dir.
 */
export async function supervise(child: ChildProcess, origin: string, opsToken: string, dataDir: string): Promise<RunningServer> {
  const stop = () => stopProcess(child, dataDir);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error('server did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, opsToken, stop };
}

/** Ends a server process (SIGTERM, waits for it) and removes its data dir. */
export async function stopProcess(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
