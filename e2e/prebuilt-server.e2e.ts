/**
 * `npm start` runs the bundle `npm run build` makes (apps/server/dist/server.js and main.js,
 * see apps/server/build.ts), not the TypeScript sources: the bundle must find the site's and the
 * games' builds and serve like the sources do — including through the packages it bundled
 * (Fastify's validation and serialization, compression, the WebSocket plugin, Swagger).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
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

  it('registers a player through a validated, serialized API call (argon2 on the way) and compresses what it is asked to', async () => {
    const res = await fetch(`${server.origin}/web-api/registration/v1/fast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ token: expect.any(String), userId: expect.any(String) });
    const refused = await fetch(`${server.origin}/web-api/registration/v1/fast`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"currency":1}' });
    expect(refused.status).toBe(400);
    const docs = await fetch(`${server.origin}/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers.get('content-encoding')).toBe('gzip');
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('answers a live subscription over its WebSocket', async () => {
    const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/web-api/live/v1/ws`);
    try {
      const first = await new Promise<{ type: string }>((resolve, reject) => {
        socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic: 'section:line' })));
        socket.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string }));
        socket.once('error', reject);
      });
      expect(first.type).toBe('snapshot');
    } finally {
      socket.close();
    }
  });
});
