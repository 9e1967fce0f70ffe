/**
 * The line API, `GET /web-api/line/v1/…` (contracts `line.ts`): sports by section with
 * counts, champs of a sport, games (main markets) by sport or champ, a game with every
 * market, top games, search, team and champ pages, results. Public; a logged-in player's
 * hidden sports are left out of lists. Unknown ids answer 404 with the thing's code.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChampsQuerySchema,
  GameIdSchema,
  GamesQuerySchema,
  LINE_API_BASE,
  LineErrorCode,
  ResultsQuerySchema,
  SearchQuerySchema,
  SportsQuerySchema,
  TopQuerySchema,
  type ChampResponse,
  type ChampsResponse,
  type GameResponse,
  type GamesResponse,
  type ResultsResponse,
  type SearchResponse,
  type SportsResponse,
  type TeamResponse,
} from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { champById, champPage, champsOf, gameCards, gameDetail, hiddenSportsOf, results, search, sportCounts, sportExists, teamPage, topGames } from './queries.ts';

const IdParamsSchema = z.object({ id: GameIdSchema }).strict();

/** Lists change every few seconds; a browser may keep one for a moment, never a shared cache (hidden sports are personal). */
const LIST_CACHE = 'private, max-age=2';

export const lineRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const now = () => app.clock.now();
  const hidden = (request: FastifyRequest) => hiddenSportsOf(db, request.userId);
  const cached = (reply: FastifyReply) => reply.header('cache-control', LIST_CACHE);
  const idOf = (request: FastifyRequest) => parseRequest(IdParamsSchema, request.params, 'params').id;
  const requireSport = async (sportId: number | undefined) => {
    if (sportId !== undefined && !(await sportExists(db, sportId))) throw new AppError(404, LineErrorCode.sportNotFound, `No sport ${sportId}`);
  };

  app.get(`${LINE_API_BASE}/sports`, async (request, reply): Promise<SportsResponse> => {
    const { section, filter } = parseRequest(SportsQuerySchema, request.query, 'query');
    cached(reply);
    return { section, sports: await sportCounts(db, section, filter, now(), await hidden(request)) };
  });

  app.get(`${LINE_API_BASE}/champs`, async (request, reply): Promise<ChampsResponse> => {
    const { section, sportId, filter } = parseRequest(ChampsQuerySchema, request.query, 'query');
    await requireSport(sportId);
    cached(reply);
    return { champs: await champsOf(db, section, sportId, filter, now(), await hidden(request)) };
  });

  app.get(`${LINE_API_BASE}/champs/:id`, async (request, reply): Promise<ChampResponse> => {
    const page = await champPage(db, idOf(request), now(), await hidden(request));
    if (!page) throw new AppError(404, LineErrorCode.champNotFound, 'No such champ');
    cached(reply);
    return page;
  });

  app.get(`${LINE_API_BASE}/games`, async (request, reply): Promise<GamesResponse> => {
    const query = parseRequest(GamesQuerySchema, request.query, 'query');
    await requireSport(query.sportId);
    const viewer = await hidden(request);
    if (query.champId !== undefined && !(await champById(db, query.champId, now(), viewer))) {
      throw new AppError(404, LineErrorCode.champNotFound, `No champ ${query.champId}`);
    }
    cached(reply);
    return gameCards(db, query, now(), viewer);
  });

  app.get(`${LINE_API_BASE}/games/:id`, async (request, reply): Promise<GameResponse> => {
    const game = await gameDetail(db, idOf(request));
    if (!game) throw new AppError(404, LineErrorCode.gameNotFound, 'No such game');
    reply.header('cache-control', 'no-cache');
    return { game };
  });

  app.get(`${LINE_API_BASE}/top`, async (request, reply) => {
    const { section, limit } = parseRequest(TopQuerySchema, request.query, 'query');
    cached(reply);
    return { games: await topGames(db, section, limit, now(), await hidden(request)) };
  });

  app.get(`${LINE_API_BASE}/search`, async (request, reply): Promise<SearchResponse> => {
    const { q, limit } = parseRequest(SearchQuerySchema, request.query, 'query');
    cached(reply);
    return search(db, q, limit, now(), await hidden(request));
  });

  app.get(`${LINE_API_BASE}/teams/:id`, async (request, reply): Promise<TeamResponse> => {
    const page = await teamPage(db, idOf(request), now(), await hidden(request));
    if (!page) throw new AppError(404, LineErrorCode.teamNotFound, 'No such team');
    cached(reply);
    return page;
  });

  app.get(`${LINE_API_BASE}/results`, async (request, reply): Promise<ResultsResponse> => {
    const query = parseRequest(ResultsQuerySchema, request.query, 'query');
    await requireSport(query.sportId);
    if (query.champId !== undefined && !(await champById(db, query.champId, now(), { line: [], live: [] }))) {
      throw new AppError(404, LineErrorCode.champNotFound, `No champ ${query.champId}`);
    }
    cached(reply);
    return results(db, query, now());
  });
};
