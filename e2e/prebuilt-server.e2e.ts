/**
 * `npm start` runs the bundle `npm run build` makes (apps/server/dist/server.js, see
 * apps/server/build.ts), not the TypeScript sources: the bundle must find the site's and the
 * games' builds and serve like the sources do.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, supervise, type RunningServer } from './support/server.ts';

describe('the prebuilt server (npm start)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'betsite-e2e-prebuilt-'));
    const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', FEED: 'off' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server = await supervise(child, `http://127.0.0.1:${port}`, '', dataDir);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers /healthz and renders a page from the site build', async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    const page = await fetch(`${server.origin}/en/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html[^>]*lang="en"/);
  });

  it('serves the games app from apps/games/dist', async () => {
    const res = await fetch(`${server.origin}/rgs/app/`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('The games are not available');
  });
});
