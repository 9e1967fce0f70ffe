/**
 * The web build's static files (`build/client`). Hashed assets never change, so browsers keep
 * them for a year; other files (favicon, robots …) for an hour. A file the build compressed
 * ahead of time (`.br`, `.gz` beside it, apps/web/precompress.ts) is sent as it is to a
 * browser that accepts that encoding, so `@fastify/compress` has nothing to do for it.
 *
 * `assets/` is one wildcard route: a route for each of its ~300 files (and their compressed
 * copies) took ~0.15 s of the server's start to register. The few files beside it get a
 * route each, from a glob that leaves `assets/` out; every other path is left to the pages.
 */
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = resolve(clientDir);
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('cache-control', YEAR);
    },
  });
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    globIgnore: ['assets/**'],
    index: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders(res) {
      res.header('cache-control', HOUR);
    },
  });
}
