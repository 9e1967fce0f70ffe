import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticAssets } from './static-assets.ts';

const script = 'export const answer = 42;\n'.repeat(200);
const dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
const app = Fastify();

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  // Marked bodies, so the test sees which file was sent (not a fresh compression of the original).
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(`${script}// br`));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(`${script}// gz`));
  writeFileSync(join(dir, 'assets', 'plain-def456.js'), script);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  // As the site registers it: on-the-fly compression for what was not compressed ahead.
  await app.register(compress);
  await registerStaticAssets(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('registerStaticAssets', () => {
  it('sends the brotli file to a browser that accepts br, the gzip file to one that accepts only gzip', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(`${script}// br`))).toBe(true);

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(`${script}// gz`))).toBe(true);
  });

  it('sends the file itself without an accepted encoding, and compresses on the fly what has no compressed copy', async () => {
    const identity = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);

    const plain = await app.inject({ url: '/assets/plain-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBe('br');
  });

  it('caches files outside assets/ for an hour, and answers 404 for a missing file', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body).toBe('User-agent: *\n');
    expect((await app.inject({ url: '/assets/missing-000.js', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
  });

  it('serves assets/ from one route and nothing above it through that route', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/*' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-abc123.js' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/robots.txt' })).toBe(true);
    for (const url of ['/assets/../robots.txt', '/assets/%2e%2e/robots.txt', '/assets/..%2frobots.txt']) {
      const answer = await app.inject({ url });
      expect(answer.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
      if (answer.statusCode === 200) expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    }
  });
});
