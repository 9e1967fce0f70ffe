/** SPEC §7 `POST /redirects-api/api/v1/redirect-light`: is this url redirected? */
import type { FastifyPluginAsync } from 'fastify';
import { RedirectRequestSchema, type RedirectResponse } from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';

export const redirectRoutes: FastifyPluginAsync = async (app) => {
  app.post('/redirects-api/api/v1/redirect-light', async (request, reply): Promise<RedirectResponse> => {
    const { url } = parseRequest(RedirectRequestSchema, request.body, 'body');
    reply.header('cache-control', 'no-store');
    return app.redirectService.lookup(url);
  });
};
