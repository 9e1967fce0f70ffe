/**
 * HTTP of the game server (decision 0023): `/rgs/v1/*` for the game's app (the session is the
 * `x-rgs-session` bearer; no cookie, no CSRF), and the player's round history under
 * `/web-api/casino/v1/rounds` (the site session). Bodies and queries are checked with the
 * contracts; a solo engine's play request with its own schema (`RGS_PLAY_SCHEMAS`), a shared
 * engine's by the module that registered it.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ClientSeedRequestSchema,
  CreateRgsSessionRequestSchema,
  RGS_API,
  RGS_PLAY_SCHEMAS,
  RGS_SESSION_HEADER,
  RgsErrorCode as Code,
  RoundParamsSchema,
  RoundsQuerySchema,
  type RgsPlayAnswer,
  type RgsSessionView,
} from '@betsite/contracts';
import { isEngine, type RoundAction } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireUser } from '../payments/routes.ts';
import type { History } from './history.ts';
import type { RgsEngineHandler } from './index.ts';
import type { Rounds } from './service.ts';
import type { RgsSession, Sessions } from './sessions.ts';

export interface RgsRouteDeps {
  sessions: Sessions;
  rounds: Rounds;
  handlers: ReadonlyMap<string, RgsEngineHandler>;
}

const notShared = () => new AppError(409, 'shared_round_seeds', 'Shared rounds commit their own seeds: see the round');

export const rgsRoutes: FastifyPluginAsync<RgsRouteDeps> = async (app, { sessions, rounds, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const session = (request: FastifyRequest): Promise<RgsSession> => {
    const header = request.headers[RGS_SESSION_HEADER];
    return sessions.authenticate(Array.isArray(header) ? header[0] : header);
  };

  app.post(RGS_API.sessions, async (request, reply) => {
    const { token } = parseRequest(CreateRgsSessionRequestSchema, request.body, 'body');
    const created = await sessions.create(token);
    return reply.code(201).send(created);
  });

  app.get(RGS_API.session, async (request): Promise<RgsSessionView> => {
    const s = await session(request);
    const handler = handlers.get(s.engine);
    if (handler) {
      const described = await handler.describe(s);
      return {
        gameId: s.gameId, engine: s.engine, mode: s.mode, currency: s.currency, language: s.language,
        balance: await rounds.balanceOf(s), minStake: s.minStake.toString(), maxStake: s.maxStake.toString(), ...described,
      };
    }
    return rounds.view(s);
  });

  app.post(RGS_API.play, async (request): Promise<RgsPlayAnswer> => {
    const s = await session(request);
    const handler = handlers.get(s.engine);
    if (handler) return handler.play(s, request.body);
    if (!isEngine(s.engine)) throw new AppError(404, Code.gameNotFound, 'This game is not available');
    const action = parseRequest(RGS_PLAY_SCHEMAS[s.engine], request.body, 'body') as RoundAction;
    return rounds.play(s, action);
  });

  app.put(RGS_API.clientSeed, async (request) => {
    const s = await session(request);
    const { clientSeed } = parseRequest(ClientSeedRequestSchema, request.body, 'body');
    if (!isEngine(s.engine)) throw notShared();
    return rounds.setClientSeed(s, clientSeed);
  });

  app.post(RGS_API.rotate, async (request) => {
    const s = await session(request);
    if (!isEngine(s.engine)) throw notShared();
    return rounds.rotate(s);
  });

  app.get(RGS_API.rounds, async (request) => {
    const s = await session(request);
    const query = parseRequest(RoundsQuerySchema, request.query, 'query');
    const handler = handlers.get(s.engine);
    if (handler?.rounds) return { rounds: await handler.rounds(s, query) };
    return { rounds: await rounds.sessionRounds(s, query) };
  });
};

/** The logged-in player's real-money rounds of every kind (office casino history, verify page). */
export const siteRoundRoutes: FastifyPluginAsync<{ history: History }> = async (app, { history }) => {
  app.get(RGS_API.siteRounds, async (request, reply) => {
    const userId = requireUser(request);
    const query = parseRequest(RoundsQuerySchema, request.query, 'query');
    reply.header('cache-control', 'private, no-store');
    return { rounds: await history.list(userId, query) };
  });
  app.get(RGS_API.siteRound, async (request, reply) => {
    const userId = requireUser(request);
    const { id } = parseParamsOr(RoundParamsSchema, request.params, () => new AppError(404, Code.roundNotFound, 'No such round'));
    reply.header('cache-control', 'private, no-store');
    return history.one(userId, id);
  });
};
