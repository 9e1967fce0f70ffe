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
  type ChampsResponse,
  type ResultsResponse,
  type SportsResponse,
} from '@betsite/contracts';
import { isSportId } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { rememberingZlib } from './compressed-answers.ts';
import { KeptAnswers } from './kept-answers.ts';
import { ListCache } from './list-cache.ts';
import {
  champById,
  champPage,
  champsOf,
  gameDetailJson,
  gamesJson,
  hiddenSportsOf,
  NO_HIDDEN,
  results,
  search,
  sportCounts,
  teamPage,
  topGames,
  type HiddenSports,
} from './queries.ts';

const IdParamsSchema = z.object({ id: GameIdSchema }).strict();

/**
 * Line answers (a listing of 50 games is ~75 KB of JSON, a game's page ~20 KB) are
 * compressed in one synchronous call. @fastify/compress streams anything over its sync
 * threshold, which shrinks with the cores (8 KB on two), and a zlib stream per answer cost
 * the main thread more than compressing the whole answer: measured with the bench's bare
 * fastify, a listing 1.04 -> 0.78 ms of CPU a request, a game 0.47 -> 0.29 ms; the same
 * gzip level. (Route options start from the plugin's defaults, which app.ts uses too.)
 * The compressors remember their last answers (compressed-answers.ts): the same text asked
 * again is not compressed again.
 */
const sendOptions = () => ({ compress: { syncThreshold: 512 * 1024, zlib: rememberingZlib() } });

/** Game pages (~20 KB) and listings (up to ~75 KB) a node keeps with the versions of their rows: those asked for at the moment. */
const KEPT_PAGES = 256;
const KEPT_LISTINGS = 64;

/** Lists change every few seconds; a browser may keep one for a moment, never a shared cache (hidden sports are personal). */
const LIST_CACHE = 'private, max-age=2';

/**
 * Answers holding list rows' cards as stored (serialised `GameCard`s): `{"key":text,…}` of
 * parts already serialised, the cards joined as they are, so 50 cards are not parsed and
 * written again per request.
 */
const jsonObject = (fields: Record<string, string>): string =>
  `{${Object.entries(fields)
    .map(([key, text]) => `${JSON.stringify(key)}:${text}`)
    .join(',')}}`;
const cardList = (cards: readonly string[]) => `[${cards.join(',')}]`;
const j = (value: unknown) => JSON.stringify(value);

export const lineRoutes: FastifyPluginAsync = async (app) => {
  const SEND = sendOptions();
  const db = app.db;
  const now = () => app.clock.now();
  // Read once per resolved session object: a request resolves its own, so this is per request,
  // except that a page's in-process calls share their page's (lent-sessions.ts) and so one read.
  const hiddenBySession = new WeakMap<object, Promise<HiddenSports>>();
  const hidden = (request: FastifyRequest) => {
    const session = request.authSession;
    if (!session) return hiddenSportsOf(db, request.userId);
    let read = hiddenBySession.get(session);
    if (!read) hiddenBySession.set(session, (read = hiddenSportsOf(db, request.userId)));
    return read;
  };
  const cached = (reply: FastifyReply) => reply.header('cache-control', LIST_CACHE);
  const lists = new ListCache(app.env.LINE_CACHE_TTL_MS);
  // The answers sent lately, sent again while their rows are the same (kept-answers.ts).
  // On PGlite a page is one plain read (gameDetailJson): reading its versions there cost more
  // than it saved, named statement or not (decision 0047).
  const pages = new KeptAnswers(app.env.DATABASE_URL ? KEPT_PAGES : 0);
  const listings = new KeptAnswers(KEPT_LISTINGS);
  /** A list answer: the same question (url and hidden sports) within a second shares one read. */
  const list = async <T>(request: FastifyRequest, reply: FastifyReply, load: (viewer: HiddenSports, question: string) => Promise<T>): Promise<T> => {
    const viewer = await hidden(request);
    cached(reply);
    const question = `${request.url}|${viewer.line.join(',')}|${viewer.live.join(',')}`;
    return lists.get(question, () => load(viewer, question));
  };
  /** A body already serialised (the contracts' shape): sent as it is. */
  const json = (reply: FastifyReply, body: string | Buffer) => reply.type('application/json; charset=utf-8').send(body);
  const idOf = (request: FastifyRequest) => parseRequest(IdParamsSchema, request.params, 'params').id;
  // The sports table is the domain's list, re-seeded at every start: no need to ask it.
  const requireSport = (sportId: number | undefined) => {
    if (sportId !== undefined && !isSportId(sportId)) throw new AppError(404, LineErrorCode.sportNotFound, `No sport ${sportId}`);
  };

  app.get(`${LINE_API_BASE}/sports`, SEND, async (request, reply): Promise<SportsResponse> => {
    const { section, filter } = parseRequest(SportsQuerySchema, request.query, 'query');
    return list(request, reply, async (viewer) => ({ section, sports: await sportCounts(db, section, filter, now(), viewer) }));
  });

  app.get(`${LINE_API_BASE}/champs`, SEND, async (request, reply): Promise<ChampsResponse> => {
    const { section, sportId, filter } = parseRequest(ChampsQuerySchema, request.query, 'query');
    requireSport(sportId);
    return list(request, reply, async (viewer) => ({ champs: await champsOf(db, section, sportId, filter, now(), viewer) }));
  });

  // The answers below are contracts' ChampResponse, GamesResponse, GameResponse, the top
  // games, SearchResponse and TeamResponse, serialised around the stored cards.
  app.get(`${LINE_API_BASE}/champs/:id`, SEND, async (request, reply) => {
    const id = idOf(request);
    const page = await list(request, reply, async (viewer) => {
      const found = await champPage(db, id, now(), viewer);
      return found && jsonObject({ champ: j(found.champ), games: cardList(found.games), results: j(found.results) });
    });
    if (!page) throw new AppError(404, LineErrorCode.champNotFound, 'No such champ');
    return json(reply, page);
  });

  app.get(`${LINE_API_BASE}/games`, SEND, async (request, reply) => {
    const query = parseRequest(GamesQuerySchema, request.query, 'query');
    requireSport(query.sportId);
    const answer = await list(request, reply, async (viewer, question) => {
      if (query.champId !== undefined && !(await champById(db, query.champId, now(), viewer))) return null;
      return gamesJson(db, query, now(), viewer, listings, question);
    });
    if (!answer) throw new AppError(404, LineErrorCode.champNotFound, `No champ ${query.champId}`);
    return json(reply, answer);
  });

  app.get(`${LINE_API_BASE}/games/:id`, SEND, async (request, reply) => {
    const game = await gameDetailJson(db, idOf(request), pages);
    if (!game) throw new AppError(404, LineErrorCode.gameNotFound, 'No such game');
    reply.header('cache-control', 'no-cache');
    return json(reply, game);
  });

  app.get(`${LINE_API_BASE}/top`, SEND, async (request, reply) => {
    const { section, limit } = parseRequest(TopQuerySchema, request.query, 'query');
    return json(reply, await list(request, reply, async (viewer) => jsonObject({ games: cardList(await topGames(db, section, limit, now(), viewer)) })));
  });

  app.get(`${LINE_API_BASE}/search`, SEND, async (request, reply) => {
    const { q, limit } = parseRequest(SearchQuerySchema, request.query, 'query');
    const answer = await list(request, reply, async (viewer) => {
      const { champs, teams, games } = await search(db, q, limit, now(), viewer);
      return jsonObject({ champs: j(champs), teams: j(teams), games: cardList(games) });
    });
    return json(reply, answer);
  });

  app.get(`${LINE_API_BASE}/teams/:id`, SEND, async (request, reply) => {
    const id = idOf(request);
    const page = await list(request, reply, async (viewer) => {
      const found = await teamPage(db, id, now(), viewer);
      return found && jsonObject({ team: j(found.team), games: cardList(found.games), results: j(found.results) });
    });
    if (!page) throw new AppError(404, LineErrorCode.teamNotFound, 'No such team');
    return json(reply, page);
  });

  app.get(`${LINE_API_BASE}/results`, SEND, async (request, reply): Promise<ResultsResponse> => {
    const query = parseRequest(ResultsQuerySchema, request.query, 'query');
    requireSport(query.sportId);
    const answer = await list(request, reply, async () => {
      if (query.champId !== undefined && !(await champById(db, query.champId, now(), NO_HIDDEN))) return null;
      return results(db, query, now());
    });
    if (!answer) throw new AppError(404, LineErrorCode.champNotFound, `No champ ${query.champId}`);
    return answer;
  });
};
