/**
 * What the sports pages load (route `loader`s: on the server for documents and for the
 * `.data` requests of client navigation), from the route name, its params and the line
 * API. A game, champ, team or sport the API does not know is the real 404 page; a game
 * reached under a stale url (slug, section, sport or champ) is redirected to its own; an
 * API that fails gives the page an error state with a retry instead of a 500.
 */
import { data, redirect } from 'react-router';
import { isSportId, SPORTS } from '@betsite/domain';
import type { ChampItem, GameCard, GameDetail, LineSection, ResultItem, SportCount, TeamItem, TimeFilter } from '@betsite/contracts';
import { GAMES_PAGE, GAMES_PAGE_MAX, isMissing, type LineApi, type ResultType } from './api.ts';
import { MULTI_MAX, parseMultiIds } from './multi-live.ts';
import {
  champGamePath,
  cyberGamePath,
  filterOfMenu,
  gamePath,
  menuOfFilter,
  parseCyberParams,
  parseIdSlug,
  type CyberLocation,
  type MenuSegment,
} from './paths.ts';
import { addSportCounts, lastDays, parseResultsFilter, RESULTS_LIMIT, type ResultsFilter } from './results.ts';
import { champsOfResults, STATISTIC_DAYS, type ResultChamp } from './statistic.ts';

export interface ListingData {
  kind: 'listing';
  section: LineSection;
  filter: TimeFilter;
  menu: MenuSegment;
  sportId: number | null;
  champ: ChampItem | null;
  sports: SportCount[];
  champs: ChampItem[];
  games: GameCard[];
  total: number;
  limit: number;
  failed: boolean;
}

export interface GameData {
  kind: 'game';
  /** Where the page is: the line/live listing, a champ, or the cyber section. */
  context: 'section' | 'champ' | 'cyber';
  section: LineSection;
  menu: MenuSegment;
  game: GameDetail;
}

export interface TeamData {
  kind: 'team';
  team: TeamItem;
  games: GameCard[];
  results: ResultItem[];
}

export interface ChampData {
  kind: 'champ';
  page: 'home' | 'final';
  champ: ChampItem;
  games: GameCard[];
  results: ResultItem[];
}

export interface CyberData {
  kind: 'cyber';
  location: CyberLocation;
  /** Cyber sports with their live + line counts. */
  sports: SportCount[];
  sportId: number | null;
  champ: ChampItem | null;
  champs: ChampItem[];
  live: GameCard[];
  line: GameCard[];
  failed: boolean;
}

/** `results/:type?` and `champs/:champId?`: finished games of a day (or the last 24 hours). */
export interface ResultsData {
  kind: 'results';
  /** `results` (every result, or the live section's) or `champs` (champ results: every champ, or one). */
  page: 'results' | 'champs';
  type: ResultType;
  /** The champ of `champs/{champId}`. */
  champ: { id: number; name: string; sportId: number } | null;
  filter: ResultsFilter;
  /** Sports with results in the period, for the filter. */
  sports: SportCount[];
  results: ResultItem[];
  /** The answer is as long as it may be: there may be more results. */
  truncated: boolean;
  failed: boolean;
}

/** `multi`: the chosen live games side by side, and the games in play to add from. */
export interface MultiData {
  kind: 'multi';
  /** The ids of `?games=`; null when the url has none (the choice stored in the browser applies). */
  asked: number[] | null;
  /** The chosen games the API answered, in the url's order. */
  games: GameDetail[];
  /** Chosen ids the API does not know (gone): the page drops them from its choice. */
  missing: number[];
  /** Chosen ids that could not be loaded this time (kept in the choice). */
  unloaded: number[];
  /** Games in play right now. */
  live: GameCard[];
  failed: boolean;
}

/** `statistic` / `statisticpopup`: a standings-like table of a champ from the last days' results. */
export interface StatisticData {
  kind: 'statistic';
  /** The UTC days covered, newest first. */
  days: string[];
  /** Sports with results in those days (summed). */
  sports: SportCount[];
  sportId: number | null;
  /** Champs of the sport with finished games in those days. */
  champs: ResultChamp[];
  champId: number | null;
  /** The champ's results in those days. */
  results: ResultItem[];
  /** A day held as many results as one answer may: the table may miss games. */
  truncated: boolean;
  failed: boolean;
}

export interface FailedData {
  kind: 'failed';
}

export type SportsPageData = ListingData | GameData | TeamData | ChampData | CyberData | ResultsData | MultiData | StatisticData | FailedData;

export const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** `?limit=` of a listing: "show more" pages of 50 up to the API's 200. */
export function listingLimit(search: URLSearchParams): number {
  const asked = Number(search.get('limit'));
  if (!Number.isInteger(asked) || asked <= GAMES_PAGE) return GAMES_PAGE;
  return Math.min(GAMES_PAGE_MAX, Math.ceil(asked / GAMES_PAGE) * GAMES_PAGE);
}


/** A segment that must be `{id}-{slug}` when present: its id, null when absent; throws 404 when malformed. */
function optionalId(segment: string | undefined): number | null {
  if (segment === undefined) return null;
  const id = parseIdSlug(segment);
  if (id === null) throw notFound();
  return id;
}

function requiredId(segment: string | undefined): number {
  const id = parseIdSlug(segment);
  if (id === null) throw notFound();
  return id;
}

type Params = Readonly<Record<string, string | undefined>>;

export async function loadListing(api: LineApi, section: LineSection, params: Params, search: URLSearchParams): Promise<ListingData> {
  const filter = filterOfMenu(params['menu']);
  if (filter === null) throw notFound();
  const sportId = optionalId(params['sport']);
  const champId = optionalId(params['champ']);
  if (sportId !== null && !isSportId(sportId)) throw notFound();
  const limit = listingLimit(search);
  const [sports, champs, games] = await Promise.all([
    api.sports(section, filter),
    sportId === null ? null : api.champs(section, sportId, filter),
    api.games({ section, filter, limit, ...(sportId === null ? {} : { sportId }), ...(champId === null ? {} : { champId }) }),
  ]);
  let champ = champId === null || !champs?.ok ? null : (champs.body.champs.find((c) => c.id === champId) ?? null);
  if (champId !== null && champ === null) {
    // A champ without games in this section right now still has a page: ask for it by id.
    const own = await api.champ(champId);
    if (isMissing(own)) throw notFound();
    if (own.ok) champ = own.body.champ;
  }
  if (champ && sportId !== null && champ.sportId !== sportId) throw notFound();
  return {
    kind: 'listing',
    section,
    filter,
    menu: menuOfFilter(filter),
    sportId,
    champ,
    sports: sports.ok ? sports.body.sports : [],
    champs: champs?.ok ? champs.body.champs : [],
    games: games.ok ? games.body.games : [],
    total: games.ok ? games.body.total : 0,
    limit,
    failed: !sports.ok || !games.ok || (champs !== null && !champs.ok),
  };
}

async function fetchGame(api: LineApi, gameId: number): Promise<GameDetail | FailedData> {
  const answer = await api.game(gameId);
  if (isMissing(answer)) throw notFound();
  return answer.ok ? answer.body.game : { kind: 'failed' };
}

/**
 * A game page in the line or live section. The url must be the game's own: a game that
 * went live moves to the live section (a finished one may stay where it was opened).
 */
export async function loadSectionGame(api: LineApi, section: LineSection, params: Params, url: URL, lng: string): Promise<GameData | FailedData> {
  const filter = filterOfMenu(params['menu']);
  if (filter === null) throw notFound();
  const game = await fetchGame(api, requiredId(params['game']));
  if ('kind' in game) return game;
  const menu = menuOfFilter(filter);
  const canonicalSection: LineSection = game.isFinished || game.status >= 4 ? section : game.isLive ? 'live' : 'line';
  const own = gamePath(game, lng, { section: canonicalSection, menu });
  if (decodeURIComponent(url.pathname).replace(/\/$/, '') !== own) throw redirect(`${own}${url.search}`);
  return { kind: 'game', context: 'section', section: canonicalSection, menu, game };
}

export async function loadTeam(api: LineApi, params: Params): Promise<TeamData | FailedData> {
  if (params['section'] !== undefined) throw notFound();
  const answer = await api.team(requiredId(params['team']));
  if (isMissing(answer)) throw notFound();
  if (!answer.ok) return { kind: 'failed' };
  return { kind: 'team', ...answer.body };
}

export async function loadChamp(api: LineApi, page: 'home' | 'final', params: Params): Promise<ChampData | FailedData> {
  const answer = await api.champ(requiredId(params['champ']));
  if (isMissing(answer)) throw notFound();
  if (!answer.ok) return { kind: 'failed' };
  return { kind: 'champ', page, ...answer.body };
}

export async function loadChampGame(api: LineApi, params: Params, url: URL, lng: string): Promise<GameData | FailedData> {
  const champId = requiredId(params['champ']);
  const game = await fetchGame(api, requiredId(params['game']));
  if ('kind' in game) return game;
  if (game.champId !== champId) throw notFound();
  const own = champGamePath({ id: game.champId, name: game.champName }, game, lng);
  if (decodeURIComponent(url.pathname).replace(/\/$/, '') !== own) throw redirect(`${own}${url.search}`);
  return { kind: 'game', context: 'champ', section: game.isLive ? 'live' : 'line', menu: 'all', game };
}

/** The final of a champ: its last scheduled game (the one that ends it), else its last result. */
export function champFinal(champ: Pick<ChampData, 'games' | 'results'>): { game: GameCard | null; result: ResultItem | null } {
  const game = [...champ.games].sort((a, b) => b.startsAt - a.startsAt)[0] ?? null;
  const result = game ? null : ([...champ.results].sort((a, b) => b.finishedAt - a.finishedAt)[0] ?? null);
  return { game, result };
}

const CYBER_SPORTS = SPORTS.filter((s) => s.isCyber);

/** Live and line counts added up, cyber sports only, in the catalogue's order. */
export function cyberSportCounts(live: readonly SportCount[], line: readonly SportCount[]): SportCount[] {
  return CYBER_SPORTS.map((sport) => {
    const count = (list: readonly SportCount[]) => list.find((s) => s.id === sport.id)?.count ?? 0;
    const known = live.find((s) => s.id === sport.id) ?? line.find((s) => s.id === sport.id);
    return { id: sport.id, slug: sport.slug, name: known?.name ?? sport.name, isCyber: true, count: count(live) + count(line) };
  });
}

export async function loadCyber(api: LineApi, params: Params, url: URL, lng: string): Promise<CyberData | GameData | FailedData> {
  const location = parseCyberParams(params);
  if (location === null) throw notFound();
  const discipline = location.kind === 'all' ? null : (CYBER_SPORTS.find((s) => s.slug === location.discipline) ?? null);
  if (location.kind !== 'all' && discipline === null) throw notFound();

  if (location.kind === 'game') {
    const game = await fetchGame(api, location.gameId);
    if ('kind' in game) return game;
    if (game.sportId !== discipline?.id || game.champId !== location.champId) throw notFound();
    const own = cyberGamePath(game, lng);
    if (!game.isFinished && decodeURIComponent(url.pathname).replace(/\/$/, '') !== own) throw redirect(`${own}${url.search}`);
    return { kind: 'game', context: 'cyber', section: location.section, menu: 'all', game };
  }

  const sportIds = discipline ? [discipline.id] : CYBER_SPORTS.map((s) => s.id);
  const champId = location.kind === 'champ' ? location.champId : undefined;
  const wanted = (section: LineSection) => location.kind !== 'section' || location.section === section;
  const gamesOf = async (section: LineSection) => {
    if (!wanted(section)) return { ok: true as const, games: [] as GameCard[] };
    const answers = await Promise.all(sportIds.map((sportId) => api.games({ section, sportId, limit: GAMES_PAGE_MAX, ...(champId ? { champId } : {}) })));
    return answers.every((a) => a.ok) ? { ok: true as const, games: answers.flatMap((a) => (a.ok ? a.body.games : [])) } : { ok: false as const, games: [] };
  };
  const champsOf = async () => {
    if (!discipline) return { ok: true, champs: [] as ChampItem[] };
    const answers = await Promise.all((['live', 'line'] as const).map((section) => api.champs(section, discipline.id)));
    const merged = new Map<number, ChampItem>();
    for (const answer of answers) for (const champ of answer.ok ? answer.body.champs : []) merged.set(champ.id, { ...champ, count: (merged.get(champ.id)?.count ?? 0) + champ.count });
    return { ok: answers.every((a) => a.ok), champs: [...merged.values()] };
  };
  const [liveSports, lineSports, live, line, champs] = await Promise.all([api.sports('live'), api.sports('line'), gamesOf('live'), gamesOf('line'), champsOf()]);
  let champ = champId === undefined ? null : (champs.champs.find((c) => c.id === champId) ?? null);
  if (champId !== undefined && champ === null) {
    const own = await api.champ(champId);
    if (isMissing(own)) throw notFound();
    if (own.ok) champ = own.body.champ;
  }
  if (champ && champ.sportId !== discipline?.id) throw notFound();
  return {
    kind: 'cyber',
    location,
    sports: cyberSportCounts(liveSports.ok ? liveSports.body.sports : [], lineSports.ok ? lineSports.body.sports : []),
    sportId: discipline?.id ?? null,
    champ,
    champs: champs.champs,
    live: live.games,
    line: line.games,
    failed: !liveSports.ok || !lineSports.ok || !live.ok || !line.ok || !champs.ok,
  };
}

/**
 * `results/:type?` (`live` or `zone`, absent = `zone`: every result) and `champs/:champId?`
 * (every champ's results, or one champ's: a champ the API does not know is the 404 page).
 */
export async function loadResults(api: LineApi, page: 'results' | 'champs', params: Params, search: URLSearchParams): Promise<ResultsData> {
  let type: ResultType = 'zone';
  let champId: number | null = null;
  if (page === 'results') {
    const asked = params['type'];
    if (asked !== undefined && asked !== 'live' && asked !== 'zone') throw notFound();
    type = asked ?? 'zone';
  } else champId = optionalId(params['champId']);
  const parsed = parseResultsFilter(search);
  // A champ's results are all of its sport: the sport filter does not apply there.
  const filter: ResultsFilter = champId === null ? parsed : { sportId: null, date: parsed.date };
  const [answer, own] = await Promise.all([
    api.results({
      type,
      limit: RESULTS_LIMIT,
      ...(filter.sportId === null ? {} : { sportId: filter.sportId }),
      ...(champId === null ? {} : { champId }),
      ...(filter.date === null ? {} : { date: filter.date }),
    }),
    champId === null ? null : api.champ(champId),
  ]);
  if (isMissing(answer) || (own !== null && isMissing(own))) throw notFound();
  const results = answer.ok ? answer.body.results : [];
  let champ: ResultsData['champ'] = null;
  if (champId !== null) {
    // Its name from the champ itself, else from a result of it (the champ call may fail alone).
    const known = own?.ok ? own.body.champ : null;
    const first = results[0];
    champ = { id: champId, name: known?.name ?? first?.champName ?? '', sportId: known?.sportId ?? first?.sportId ?? 0 };
  }
  return {
    kind: 'results',
    page,
    type,
    champ,
    filter,
    sports: answer.ok ? answer.body.sports : [],
    results,
    truncated: results.length >= RESULTS_LIMIT,
    failed: !answer.ok,
  };
}

/**
 * `multi?games=…`: the chosen games (each by its own call: a finished game still answers,
 * with its result) and the games in play to choose from.
 */
export async function loadMulti(api: LineApi, search: URLSearchParams): Promise<MultiData> {
  const asked = parseMultiIds(search.get('games'));
  const ids = (asked ?? []).slice(0, MULTI_MAX);
  const [live, ...answers] = await Promise.all([api.games({ section: 'live', limit: GAMES_PAGE_MAX }), ...ids.map((id) => api.game(id))]);
  const games: GameDetail[] = [];
  const missing: number[] = [];
  const unloaded: number[] = [];
  ids.forEach((id, i) => {
    const answer = answers[i];
    if (answer?.ok) games.push(answer.body.game);
    else if (answer && isMissing(answer)) missing.push(id);
    else unloaded.push(id);
  });
  return { kind: 'multi', asked, games, missing, unloaded, live: live.ok ? live.body.games : [], failed: !live.ok || unloaded.length > 0 };
}

/**
 * `statistic?sport={id}&champ={id}`: the results of the last `STATISTIC_DAYS` UTC days (the
 * results API answers one day at a time) of a sport, and of one of its champs for the table.
 * Without a choice, the sport and the champ with most finished games.
 */
export async function loadStatistic(api: LineApi, search: URLSearchParams, now: number): Promise<StatisticData> {
  const days = lastDays(now, STATISTIC_DAYS);
  const askedSport = parseResultsFilter(search).sportId;
  const askedChamp = parseIdSlug(search.get('champ') ?? undefined);
  const ofSport = (sportId: number) => Promise.all(days.map((date) => api.results({ type: 'zone', sportId, date, limit: RESULTS_LIMIT })));
  // The counts of the sports come with any answer: one result a day is enough to read them.
  const [counted, early] = await Promise.all([Promise.all(days.map((date) => api.results({ type: 'zone', date, limit: 1 }))), askedSport === null ? null : ofSport(askedSport)]);
  const sports = addSportCounts(counted.map((a) => (a.ok ? a.body.sports : [])));
  const sportId = askedSport ?? sports[0]?.id ?? null;
  const sportDays = early ?? (sportId === null ? [] : await ofSport(sportId));
  const byDay = sportDays.map((a) => (a.ok ? a.body.results : []));
  const champs = champsOfResults(byDay.flat());
  const champId = champs.find((c) => c.id === askedChamp)?.id ?? champs[0]?.id ?? null;

  // A day the sport's answer was cut short may hide some of the champ's games: ask for the champ's own.
  const full = (list: readonly ResultItem[] | undefined) => (list?.length ?? 0) >= RESULTS_LIMIT;
  const champDays = await Promise.all(
    days.map((date, i) => (champId !== null && full(byDay[i]) ? api.results({ type: 'zone', champId, date, limit: RESULTS_LIMIT }) : null)),
  );
  const seen = new Set<number>();
  const results = days
    .flatMap((_, i) => {
      const own = champDays[i];
      return own?.ok ? own.body.results : (byDay[i] ?? []).filter((r) => r.champId === champId);
    })
    .filter((r) => r.champId === champId && !seen.has(r.id) && Boolean(seen.add(r.id)));
  return {
    kind: 'statistic',
    days,
    sports,
    sportId,
    champs,
    champId,
    results,
    truncated: champDays.some((a, i) => (a === null ? full(byDay[i]) : !a.ok || full(a.body.results))),
    failed: counted.some((a) => !a.ok) || sportDays.some((a) => !a.ok),
  };
}

/** The loader of the sports page module, by route name (`now`: the server clock, for the statistic's days). */
export async function loadSportsPage(api: LineApi, routeName: string, params: Params, url: URL, lng: string, now: number = Date.now()): Promise<SportsPageData> {
  switch (routeName) {
    case 'line':
    case 'live':
      return loadListing(api, routeName, params, url.searchParams);
    case 'line-game':
    case 'live-game':
      return loadSectionGame(api, routeName === 'live-game' ? 'live' : 'line', params, url, lng);
    case 'team':
      return loadTeam(api, params);
    case 'champ-home':
      return loadChamp(api, 'home', params);
    case 'champ-final':
      return loadChamp(api, 'final', params);
    case 'champ-game':
      return loadChampGame(api, params, url, lng);
    case 'cyber':
      return loadCyber(api, params, url, lng);
    case 'results':
    case 'champs':
      return loadResults(api, routeName, params, url.searchParams);
    case 'multi':
      return loadMulti(api, url.searchParams);
    case 'statistic':
    case 'statisticpopup':
      return loadStatistic(api, url.searchParams, now);
    default:
      throw notFound();
  }
}
