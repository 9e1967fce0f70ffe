/**
 * A server process a benchmark starts itself, with its pid (for /proc memory figures) and the
 * time from spawn to the first 200 of `/healthz` (polled every 20 ms, so start-up is timed to
 * within that).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stopProcess } from '../../e2e/support/server.ts';

export interface SpawnedServer {
  origin: string;
  pid: number;
  /** Spawn → first 200 from /healthz, ms. */
  firstOkMs: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const POLL_MS = 20;
const START_TIMEOUT_MS = 120_000;

/** `node <args>` with `env` added to ours, listening on `port`; resolves at its first healthy answer. */
export async function spawnServer(args: string[], env: Record<string, string>, port: number, dataDir = ''): Promise<SpawnedServer> {
  const origin = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = () => stopProcess(child, dataDir);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - spawnedAt > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`${args.join(' ')} did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { origin, pid: child.pid ?? 0, firstOkMs: performance.now() - spawnedAt, child, stop };
}

/** Resident memory of a process now (VmRSS) and at its peak (VmHWM), bytes; Linux only. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
