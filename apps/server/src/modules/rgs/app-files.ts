/**
 * The games' app (apps/games, built to apps/games/dist) at `/rgs/app/`: the iframe the site's
 * game page opens with `#session=<id>`. Files are served as built (hashed assets cached for a
 * year, index.html never), each as the build compressed it (`.br`, `.gz`) to a browser that
 * takes that encoding. The site's own pages may frame it (`frame-ancestors 'self'`, from
 * the security plugin); nobody else. When the app is not built, every path answers 404 with
 * a page that says so, which the host shows as its load-failure block (SPEC §8).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RGS_API } from '@betsite/contracts';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Game unavailable</title></head>
<body><h1>The games are not available</h1><p>This server has no build of the games app (apps/games/dist). Try again later.</p></body></html>`;

export const rgsAppFiles: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const prefix = RGS_API.app;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'the games app is not built: /rgs/app answers 404');
    const missing = async (_request: unknown, reply: FastifyReply) => reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    app.get(prefix, missing);
    app.get(`${prefix}*`, missing);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix,
    index: ['index.html'],
    decorateReply: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/rgs/app', async (_request, reply) => reply.redirect(prefix, 301));
};
