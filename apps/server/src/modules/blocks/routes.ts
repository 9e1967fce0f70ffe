/** SPEC §7 `POST /blocks-api/api/v2/block`: does a block apply to this visitor? */
import type { FastifyPluginAsync } from 'fastify';
import { BlockRequestSchema, type BlockResponse } from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';

export const blockRoutes: FastifyPluginAsync = async (app) => {
  app.post('/blocks-api/api/v2/block', async (request, reply): Promise<BlockResponse> => {
    const { url, auth } = parseRequest(BlockRequestSchema, request.body, 'body');
    const answer = await app.blockService.check({ url, auth, ip: request.ip, country: request.country, userId: request.userId });
    if (answer.reason !== null) request.log.info({ url, reason: answer.reason }, 'visitor blocked');
    // The answer depends on who asks (IP, country, user): never cache it.
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
