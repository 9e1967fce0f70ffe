/**
 * HTTP of the casino catalogue (decision 0024): the public lobby under `/web-api/casino/v1`
 * (the request's country from the trusted header hides what is hidden there), the player's
 * favorites and recently played (session; writes pass the auth plugin's CSRF rule and the
 * terms guard like every `/web-api` write), and the operator's `/ops-api/v1/casino/…`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CASINO_API,
  CasinoGameParamsSchema,
  CasinoLangQuerySchema,
  CasinoLobbyQuerySchema,
  CasinoOpsCategoryInputSchema,
  CasinoOpsCategoryParamsSchema,
  CasinoOpsGameInputSchema,
  CasinoOpsGameParamsSchema,
  CasinoOpsProviderInputSchema,
  CasinoOpsProviderParamsSchema,
  type CasinoGameDetail,
  type CasinoLobby,
  type CasinoMy,
  type CasinoOpsCategory,
  type CasinoOpsGame,
  type CasinoOpsGames,
  type CasinoOpsProvider,
  type CasinoProviders,
} from '@betsite/contracts';
import { ART_PREFIX, artSvg, parseArtPath } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import { requireUser } from '../payments/routes.ts';
import { gameNotFound, type CasinoCatalogue } from './service.ts';

/** Public lists: the same for everyone in a country; a browser may keep one a moment, a shared cache never (it varies by country). */
const PUBLIC_CACHE = 'private, max-age=5';

export const casinoCatalogueRoutes: FastifyPluginAsync<{ catalogue: CasinoCatalogue }> = async (app, { catalogue }) => {
  const country = (request: FastifyRequest) => request.country ?? null;
  const lang = (request: FastifyRequest) => parseRequest(CasinoLangQuerySchema, request.query, 'query').lang;
  // A path id that cannot be a game names none.
  const gameIdOf = (request: FastifyRequest) => parseParamsOr(CasinoGameParamsSchema, request.params, gameNotFound).gameId;

  app.get(CASINO_API.lobby, async (request, reply): Promise<CasinoLobby> => {
    const query = parseRequest(CasinoLobbyQuerySchema, request.query, 'query');
    reply.header('cache-control', PUBLIC_CACHE);
    return catalogue.lobby(query, country(request));
  });

  // A tile's picture (decision 0024): everything it depends on is in its path, so it is kept forever.
  app.get(`${ART_PREFIX}/:id/:file`, async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const found = parseArtPath(id, file);
    if (!found) throw new AppError(404, 'not_found', 'No such picture');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=31536000, immutable').send(artSvg(found.art, found.id));
  });

  app.get(CASINO_API.game, async (request, reply): Promise<CasinoGameDetail> => {
    const gameId = gameIdOf(request);
    const language = lang(request);
    reply.header('cache-control', PUBLIC_CACHE);
    return catalogue.game(gameId, language, country(request));
  });

  app.get(CASINO_API.providers, async (request, reply): Promise<CasinoProviders> => {
    lang(request);
    reply.header('cache-control', PUBLIC_CACHE);
    return { providers: await catalogue.providers(country(request)) };
  });

  app.get(CASINO_API.my, async (request, reply): Promise<CasinoMy> => {
    const userId = requireUser(request);
    const language = lang(request);
    reply.header('cache-control', 'no-store');
    return catalogue.my(userId, language, country(request));
  });

  app.put(CASINO_API.favorite, async (request, reply) => {
    const userId = requireUser(request);
    await catalogue.addFavorite(userId, gameIdOf(request), country(request));
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  app.delete(CASINO_API.favorite, async (request, reply) => {
    const userId = requireUser(request);
    await catalogue.removeFavorite(userId, gameIdOf(request));
    return reply.code(204).header('cache-control', 'no-store').send();
  });
};

export const casinoCatalogueOpsRoutes: FastifyPluginAsync<{ catalogue: CasinoCatalogue; token: string }> = async (app, { catalogue, token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const gameIdOf = (request: FastifyRequest) => parseRequest(CasinoOpsGameParamsSchema, request.params, 'params').id;

  app.get(CASINO_API.opsGames, async (): Promise<CasinoOpsGames> => ({ games: await catalogue.opsGames() }));

  app.get(CASINO_API.opsGame, async (request): Promise<CasinoOpsGame> => {
    const game = await catalogue.gameById(gameIdOf(request));
    if (!game) throw gameNotFound();
    return game;
  });

  app.put(CASINO_API.opsGame, async (request): Promise<CasinoOpsGame> => {
    const id = gameIdOf(request);
    const input = parseRequest(CasinoOpsGameInputSchema, request.body, 'body');
    const game = await catalogue.putGame(id, input);
    request.log.info({ gameId: id, enabled: game.enabled, hiddenCountries: game.hiddenCountries }, 'casino game saved');
    return game;
  });

  app.delete(CASINO_API.opsGame, async (request, reply) => {
    const id = gameIdOf(request);
    if (!(await catalogue.deleteGame(id))) throw gameNotFound();
    request.log.info({ gameId: id }, 'casino game deleted');
    return reply.code(204).send();
  });

  app.put(CASINO_API.opsCategory, async (request): Promise<CasinoOpsCategory> => {
    const { id } = parseRequest(CasinoOpsCategoryParamsSchema, request.params, 'params');
    return catalogue.putCategory(id, parseRequest(CasinoOpsCategoryInputSchema, request.body, 'body'));
  });

  app.put(CASINO_API.opsProvider, async (request): Promise<CasinoOpsProvider> => {
    const { id } = parseRequest(CasinoOpsProviderParamsSchema, request.params, 'params');
    return catalogue.putProvider(id, parseRequest(CasinoOpsProviderInputSchema, request.body, 'body'));
  });
};
