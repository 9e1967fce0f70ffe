/**
 * Urls of the sportsbook (route table: `line`/`live` = `{section}/:menu?/:sport?/:champ?`,
 * `{section}-game` adds `:game`, `team/:team`, `champ/:champ/{home,game/:game,final}`,
 * `cyber/:type/:discipline?/:champ?/:section?/:game?`). Sports, champs, teams and games
 * travel as `{id}-{slug}`: the id is what counts, the slug is for people and search engines.
 *
 * The `:menu` segment is the time filter of SPEC §3 (main header time filters), named here
 * and only here.
 */
import { buildPath } from '@betsite/domain';
import { sportOf } from './names.ts';
import type { GameCard, LineSection, TimeFilter } from '@betsite/contracts';

/** SPEC §3 time filters by url segment: 0 all, 1 upcoming, 2 first period, 3 second period, 6 recommended. */
export const MENU_FILTERS = {
  all: 0,
  upcoming: 1,
  'first-period': 2,
  'second-period': 3,
  recommended: 6,
} as const satisfies Record<string, TimeFilter>;

export type MenuSegment = keyof typeof MENU_FILTERS;
export const MENU_SEGMENTS = Object.keys(MENU_FILTERS) as MenuSegment[];
export const DEFAULT_MENU: MenuSegment = 'all';

/** The filter of a `:menu` segment (absent = all); null for a segment that is no filter. */
export function filterOfMenu(menu: string | undefined): TimeFilter | null {
  if (menu === undefined || menu === '') return MENU_FILTERS.all;
  return Object.hasOwn(MENU_FILTERS, menu) ? MENU_FILTERS[menu as MenuSegment] : null;
}

export function menuOfFilter(filter: TimeFilter): MenuSegment {
  return MENU_SEGMENTS.find((menu) => MENU_FILTERS[menu] === filter) ?? DEFAULT_MENU;
}

/** Which filters a section offers: the period filters only make sense for games in play. */
export function menusOf(section: LineSection): MenuSegment[] {
  return section === 'live' ? MENU_SEGMENTS : MENU_SEGMENTS.filter((m) => m !== 'first-period' && m !== 'second-period');
}

/** Slugs of names seen lately: the same teams and champs are linked again on every page. */
const slugs = new Map<string, string>();
const SLUGS_KEPT = 4_000;

/** Lower-case ASCII words joined by "-" ("Manchester United" → "manchester-united"). */
export function slugify(name: string): string {
  // The server renders every link of a page; a browser builds a few at a time.
  if (!import.meta.env.SSR) return slugOf(name);
  let slug = slugs.get(name);
  if (slug === undefined) {
    if (slugs.size >= SLUGS_KEPT) slugs.clear();
    slug = slugOf(name);
    slugs.set(name, slug);
  }
  return slug;
}

function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'x' : slug;
}

/** `{id}-{slug}`. */
export function idSlug(id: number, name: string): string {
  return `${id}-${slugify(name)}`;
}

/** The id of an `{id}-{slug}` segment (a bare id too); null when it has none. */
export function parseIdSlug(segment: string | undefined): number | null {
  const match = /^([1-9]\d{0,9})(?:-|$)/.exec(segment ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

/** The url segment of a sport: `{id}-{slug}` ("1-football"). */
export function sportSegment(sport: { id: number; slug?: string; name?: string }): string {
  const slug = sport.slug ?? sportOf(sport.id)?.slug ?? slugify(sport.name ?? 'sport');
  return `${sport.id}-${slug}`;
}

/** What a link to a game needs (a card, a detail, a result, a selection). */
export interface GameLinkInfo {
  id: number;
  sportId: number;
  sportSlug?: string;
  champId: number;
  champName: string;
  home: { name: string };
  away: { name: string };
  isLive?: boolean;
}

export function gameSegment(game: Pick<GameLinkInfo, 'id' | 'home' | 'away'>): string {
  return idSlug(game.id, `${game.home.name} ${game.away.name}`);
}

/** The section a game's page lives in: live while in play, the line otherwise. */
export function sectionOf(game: Pick<GameLinkInfo, 'isLive'>): LineSection {
  return game.isLive ? 'live' : 'line';
}

/** `/{lng}/{section}/{menu}/{sport}/{champ}/{game}` (the section follows the game unless given). */
export function gamePath(game: GameLinkInfo, lng: string, options: { section?: LineSection; menu?: MenuSegment } = {}): string {
  const section = options.section ?? sectionOf(game);
  return buildPath(`${section}-game`, {
    menu: options.menu ?? DEFAULT_MENU,
    sport: sportSegment({ id: game.sportId, ...(game.sportSlug ? { slug: game.sportSlug } : {}) }),
    champ: idSlug(game.champId, game.champName),
    game: gameSegment(game),
  }, lng);
}

/** The listing of a section, optionally narrowed to a sport and a champ. */
export function listingPath(
  lng: string,
  section: LineSection,
  options: { menu?: MenuSegment; sport?: { id: number; slug?: string; name?: string } | null; champ?: { id: number; name: string } | null } = {},
): string {
  const menu = options.menu ?? DEFAULT_MENU;
  const sport = options.sport ? sportSegment(options.sport) : undefined;
  const champ = sport && options.champ ? idSlug(options.champ.id, options.champ.name) : undefined;
  // The bare section is the "all" listing: keep its url short.
  if (!sport && menu === DEFAULT_MENU) return buildPath(section, {}, lng);
  return buildPath(section, { menu, sport, champ }, lng);
}

export function teamPath(team: { id: number; name: string }, lng: string): string {
  return buildPath('team', { team: idSlug(team.id, team.name) }, lng);
}

export function champPath(champ: { id: number; name: string }, lng: string, page: 'home' | 'final' = 'home'): string {
  return buildPath(`champ-${page}`, { champ: idSlug(champ.id, champ.name) }, lng);
}

export function champGamePath(champ: { id: number; name: string }, game: Pick<GameLinkInfo, 'id' | 'home' | 'away'>, lng: string): string {
  return buildPath('champ-game', { champ: idSlug(champ.id, champ.name), game: gameSegment(game) }, lng);
}

/** The cyber type segment we serve (SPEC §2: `cyber` → `cyber/real`). */
export const CYBER_TYPE = 'real';

/** What the optional segments after `cyber/real/` say. */
export type CyberLocation =
  | { kind: 'all' }
  | { kind: 'discipline'; discipline: string }
  | { kind: 'champs'; discipline: string }
  | { kind: 'section'; discipline: string; section: LineSection }
  | { kind: 'champ'; discipline: string; champId: number }
  | { kind: 'game'; discipline: string; champId: number; section: LineSection; gameId: number };

const isSection = (value: string | undefined): value is LineSection => value === 'line' || value === 'live';

/**
 * Reads `cyber/:type/:discipline?/:champ?/:section?/:game?` (SPEC §2: all, {discipline},
 * {discipline}/champs, {discipline}/{section}, {discipline}/{champ},
 * {discipline}/{champ}/{section}/{game}); null for anything else.
 */
export function parseCyberParams(params: Readonly<Record<string, string | undefined>>): CyberLocation | null {
  const { type, discipline, champ, section, game } = params;
  if (type !== CYBER_TYPE) return null;
  if (discipline === undefined) return section === undefined && champ === undefined ? { kind: 'all' } : null;
  if (discipline === 'all') return champ === undefined ? { kind: 'all' } : null;
  if (champ === undefined) return { kind: 'discipline', discipline };
  if (champ === 'champs') return section === undefined ? { kind: 'champs', discipline } : null;
  if (isSection(champ)) return section === undefined ? { kind: 'section', discipline, section: champ } : null;
  const champId = parseIdSlug(champ);
  if (champId === null) return null;
  if (section === undefined && game === undefined) return { kind: 'champ', discipline, champId };
  const gameId = parseIdSlug(game);
  if (!isSection(section) || gameId === null) return null;
  return { kind: 'game', discipline, champId, section, gameId };
}

export function cyberPath(lng: string, location: CyberLocation, names: { champ?: string; game?: Pick<GameLinkInfo, 'id' | 'home' | 'away'> } = {}): string {
  const params: Record<string, string | undefined> = { type: CYBER_TYPE };
  switch (location.kind) {
    case 'all':
      break;
    case 'discipline':
      params['discipline'] = location.discipline;
      break;
    case 'champs':
      Object.assign(params, { discipline: location.discipline, champ: 'champs' });
      break;
    case 'section':
      Object.assign(params, { discipline: location.discipline, champ: location.section });
      break;
    case 'champ':
      Object.assign(params, { discipline: location.discipline, champ: idSlug(location.champId, names.champ ?? 'champ') });
      break;
    case 'game':
      Object.assign(params, {
        discipline: location.discipline,
        champ: idSlug(location.champId, names.champ ?? 'champ'),
        section: location.section,
        game: names.game ? gameSegment(names.game) : String(location.gameId),
      });
      break;
  }
  return buildPath('cyber', params, lng);
}

/** The cyber page of a cyber game (`cyber/real/{sport slug}/{champ}/{section}/{game}`). */
export function cyberGamePath(game: GameLinkInfo, lng: string): string {
  const discipline = game.sportSlug ?? sportOf(game.sportId)?.slug ?? String(game.sportId);
  return cyberPath(lng, { kind: 'game', discipline, champId: game.champId, section: sectionOf(game), gameId: game.id }, { champ: game.champName, game });
}

/** A card's link: cyber games stay in the cyber section. */
export function gameHref(game: GameCard | GameLinkInfo, lng: string, options: { cyber?: boolean; menu?: MenuSegment } = {}): string {
  return options.cyber ? cyberGamePath(game, lng) : gamePath(game, lng, options.menu ? { menu: options.menu } : {});
}
