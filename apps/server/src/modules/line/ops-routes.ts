/**
 * The operator's game endpoints under `/ops-api/v1/games` (bearer OPS_TOKEN): make a game,
 * set prices, suspend and resume markets or the whole game, post a score, finish it with a
 * result. For tests (a test owns every game it sees with FEED=off) and for operations.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GameIdSchema,
  OpsCreateGameSchema,
  OpsFinishSchema,
  OpsGameFlagsSchema,
  OpsScoreSchema,
  OpsSetOddsSchema,
  OpsSuspendSchema,
  type GameResponse,
} from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import type { LineService } from './service.ts';

const IdParamsSchema = z.object({ id: GameIdSchema }).strict();
const BASE = '/ops-api/v1/games';

export const lineOpsRoutes: FastifyPluginAsync<{ token: string; service: LineService }> = async (app, { token, service }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const idOf = (request: FastifyRequest) => parseRequest(IdParamsSchema, request.params, 'params').id;

  app.post(BASE, async (request, reply): Promise<GameResponse> => {
    const input = parseRequest(OpsCreateGameSchema, request.body, 'body');
    const game = await service.createGame(input);
    request.log.info({ gameId: game.id, sportId: game.sportId, live: game.isLive }, 'operator made a game');
    reply.code(201);
    return { game };
  });

  app.patch(`${BASE}/:id`, async (request): Promise<GameResponse> => {
    const id = idOf(request);
    const flags = parseRequest(OpsGameFlagsSchema, request.body, 'body');
    const game = await service.setFlags(id, flags);
    request.log.info({ gameId: id, ...flags }, 'operator set game flags');
    return { game };
  });

  app.patch(`${BASE}/:id/odds`, async (request): Promise<GameResponse> => {
    const id = idOf(request);
    const input = parseRequest(OpsSetOddsSchema, request.body, 'body');
    const game = await service.setOdds(id, input);
    request.log.info({ gameId: id, outcomes: input.outcomes.length }, 'operator set odds');
    return { game };
  });

  app.post(`${BASE}/:id/suspend`, async (request): Promise<GameResponse> => {
    const id = idOf(request);
    const game = await service.suspend(id, parseRequest(OpsSuspendSchema, request.body ?? {}, 'body'), true);
    request.log.info({ gameId: id }, 'operator suspended');
    return { game };
  });

  app.post(`${BASE}/:id/resume`, async (request): Promise<GameResponse> => {
    const id = idOf(request);
    const game = await service.suspend(id, parseRequest(OpsSuspendSchema, request.body ?? {}, 'body'), false);
    request.log.info({ gameId: id }, 'operator resumed');
    return { game };
  });

  app.post(`${BASE}/:id/score`, async (request): Promise<GameResponse> => {
    const id = idOf(request);
    const game = await service.score(id, parseRequest(OpsScoreSchema, request.body, 'body'));
    request.log.info({ gameId: id, score: game.live?.score }, 'operator posted a score');
    return { game };
  });

  app.post(`${BASE}/:id/finish`, async (request) => {
    const id = idOf(request);
    const answer = await service.finish(id, parseRequest(OpsFinishSchema, request.body, 'body'));
    request.log.info({ gameId: id, score: answer.game.result?.score }, 'operator finished a game');
    return answer;
  });
};
