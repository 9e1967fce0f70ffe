/**
 * The web build's static files (`build/client`). Hashed assets never change, so browsers keep
 * them for a year; other files (favicon, robots …) for an hour. A file the build compressed
 * ahead of time (`.br`, `.gz` beside it, apps/web/precompress.ts) is sent as it is to a
 * browser that accepts that encoding, so `@fastify/compress` has nothing to do for it.
 */
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = resolve(clientDir);
  const assetsDir = join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      if (path.startsWith(assetsDir)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}
