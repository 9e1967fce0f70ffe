/**
 * Graceful shutdown (issue 10): a real server process (`apps/server/src/server.ts`) that is
 * busy — registrations in flight (argon2, then inserts), line reads, live sockets following
 * a topic, scheduled jobs polling, the simulated feed ingesting — gets SIGTERM. Every request
 * it had received must get its answer (no 5xx, no reset), every live socket a clean close
 * (1001 "going away"), and the process must exit 0 without an error in its log (before the
 * fix the database closed under running requests: "driver has already been destroyed").
 *
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, and on the embedded database always.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_WS_PATH } from '@betsite/contracts';
import { supervise } from '../e2e/support/server.ts';
import { SHUTDOWN_GRACE_MS } from '../apps/server/src/lib/shutdown.ts';
import { chaosTargets, spawnServer } from './support.ts';

// Argon2 hashing in flight when the signal lands (most of them; one request is held open
// until the server has begun shutting down, so the drain is proven on any machine).
const REGISTRATIONS = 300;
const READS = 30;
const SOCKETS = 10;
const REGISTER = '/web-api/registration/v1/fast';

/** The process's log lines (pino JSON) as they come, and a way to wait for one. */
class ProcessLog {
  readonly lines: string[] = [];
  private partial = '';
  private waiters: (() => void)[] = [];

  constructor(child: ChildProcess) {
    const take = (chunk: Buffer) => {
      const text = this.partial + chunk.toString('utf8');
      const parts = text.split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts.filter(Boolean));
      for (const wake of this.waiters.splice(0)) wake();
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
  }

  count(test: (line: string) => boolean): number {
    return this.lines.filter(test).length;
  }

  async until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log tail:\n${this.lines.slice(-20).join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

interface Answer {
  path: string;
  status: number | null;
  error: string | null;
}

describe.each(chaosTargets())('graceful shutdown on $name', ({ prepare }) => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it('answers every request it received, closes live sockets with 1001, stops its work, closes the database last and exits 0', async () => {
    const { env, db } = await prepare();
    if (db) cleanUp.push(() => db.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'betsite-shutdown-'));
    cleanUp.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const { child, port, origin } = await spawnServer(
      dataDir,
      // Info: the request log tells when the server has received every request.
      { LOG_LEVEL: 'info', FEED: 'simulated', FEED_SPEED: '60', FEED_DAYS: '1', JOBS_POLL_MS: '50', RATE_LIMITS_SCALE: '100000', ...env },
      ['ignore', 'pipe', 'pipe'],
    );
    cleanUp.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const log = new ProcessLog(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // supervise's stop() would remove its data dir: give it a throwaway one (the test removes its own).
    const server = await supervise(child, origin, '', mkdtempSync(join(tmpdir(), 'betsite-shutdown-unused-')));
    // The feed ingests (its start is the heaviest work a node does).
    await log.until(() => log.count((l) => l.includes('feed ingestion started')) > 0, 90_000, 'the feed ingestion to start');

    // Live sockets following the live section, each with its snapshot.
    const sockets = await Promise.all(
      Array.from({ length: SOCKETS }, async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_WS_PATH}`);
        const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
        const snapshot = new Promise<void>((resolve, reject) => {
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as { type: string };
            if (message.type === 'snapshot') resolve();
          });
          socket.once('error', reject);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        socket.send(JSON.stringify({ type: 'subscribe', topic: 'section:live' }));
        await snapshot;
        return { socket, closed };
      }),
    );

    // Requests that write (one-click registrations: argon2, then inserts) and that read.
    const answers: Answer[] = [];
    const call = async (path: string, init: RequestInit = {}): Promise<void> => {
      try {
        const res = await fetch(`${server.origin}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
        await res.text();
        answers.push({ path, status: res.status, error: null });
      } catch (error) {
        answers.push({ path, status: null, error: String((error as Error).cause ?? error) });
      }
    };
    const registration = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }) };
    // One registration whose body is held back until the server has begun shutting down: a
    // request surely in flight at the signal, whatever the machine's speed (the drain check).
    const body = registration.body;
    const held = request(`${server.origin}${REGISTER}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const heldAnswer = new Promise<Answer>((resolve) => {
      held.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ path: REGISTER, status: res.statusCode ?? null, error: null }));
      });
      held.on('error', (error) => resolve({ path: REGISTER, status: null, error: String(error) }));
    });
    held.flushHeaders();
    held.write(body.slice(0, 10));
    const requests = [
      heldAnswer.then((answer) => void answers.push(answer)),
      ...Array.from({ length: REGISTRATIONS }, () => call(REGISTER, registration)),
      ...Array.from({ length: READS }, (_, i) => call(`/web-api/line/v1/sports?section=${i % 2 ? 'live' : 'line'}`)),
    ];
    // SIGTERM once the server has received them all, most registrations still hashing.
    const received = (path: string) => log.count((l) => l.includes('"incoming request"') && l.includes(`"url":"${path}`));
    await log.until(() => received(REGISTER) >= REGISTRATIONS + 1 && received('/web-api/line/v1/sports') >= READS, 30_000, 'the server to receive every request');
    const killedAt = Date.now();
    child.kill('SIGTERM');
    await log.until(() => log.count((l) => l.includes('"msg":"shutting down"')) > 0, 10_000, 'the server to begin shutting down');
    held.end(body.slice(10));

    await Promise.all(requests);
    const code = await exited;
    const stopMs = Date.now() - killedAt;

    // Every check is reported (soft), so a failing run tells all that went wrong.
    const problems = log.lines.filter((l) => /"level":(50|60)/.test(l) || /destroyed/i.test(l));
    expect.soft(problems).toEqual([]);
    expect.soft(answers.filter((a) => a.status === null || a.status >= 500)).toEqual([]);
    expect.soft(answers).toHaveLength(REGISTRATIONS + 1 + READS);
    for (const answer of answers) expect.soft(answer.status, answer.path).toBe(answer.path === REGISTER ? 201 : 200);
    // The drain was real: requests finished after the server began shutting down.
    const shutdownAt = log.lines.findIndex((l) => l.includes('"msg":"shutting down"'));
    expect.soft(shutdownAt).toBeGreaterThan(-1);
    expect.soft(log.lines.slice(shutdownAt).filter((l) => l.includes('"request completed"')).length).toBeGreaterThan(0);
    expect.soft(log.lines.findIndex((l) => l.includes('"msg":"stopped"'))).toBeGreaterThan(shutdownAt);
    // Live sockets: told the server is going away.
    expect.soft(await Promise.all(sockets.map((s) => s.closed))).toEqual(sockets.map(() => 1001));
    expect.soft(code).toBe(0);
    // Within the grace period (10 s) and a margin: keep-alive connections do not hold it for their timeout.
    expect.soft(stopMs).toBeLessThan(SHUTDOWN_GRACE_MS + 5_000);
    // Its work stopped in order: the feed lease was given up, not lost.
    expect.soft(log.count((l) => l.includes('feed lease lost') || l.includes('taken over'))).toBe(0);
    if (db) {
      const lease = await db.db.selectFrom('feed_cursors').select(['lease_until']).executeTakeFirstOrThrow();
      expect.soft(lease.lease_until).toBeNull();
    }
  });
});
