/**
 * The sports the book offers, with what the rest of the sportsbook needs to know about
 * their structure: how a game is divided (halves, sets, maps, rounds), whether a draw
 * exists, and the default format of a game.
 */

export const SPORT = {
  football: 1,
  iceHockey: 2,
  basketball: 3,
  tennis: 4,
  volleyball: 6,
  tableTennis: 10,
  cs2: 40,
  dota2: 41,
  mma: 56,
} as const;

export type SportId = (typeof SPORT)[keyof typeof SPORT];

/** How a game is scored: on a clock (goals/points per period), in sets/maps, or a fight. */
export type SportStructure = 'timed' | 'sets' | 'fight';

export type PeriodName = 'half' | 'period' | 'quarter' | 'set' | 'game' | 'map' | 'round';

/**
 * How one game is played.
 * - timed sports: `periods` regular periods of `periodMinutes`; overtime periods may follow;
 * - set sports (tennis, volleyball, table tennis, esports): first to `setsToWin`
 *   sets/games/maps, so at most `periods = 2·setsToWin − 1` are played;
 * - MMA: at most `periods` rounds of `periodMinutes`.
 */
export interface GameFormat {
  periods: number;
  periodMinutes?: number;
  setsToWin?: number;
}

export interface SportInfo {
  id: SportId;
  slug: string;
  name: string;
  /** Esports ("cyber" in SPEC §3 betting settings). */
  isCyber: boolean;
  structure: SportStructure;
  periodName: PeriodName;
  /** What the periods are scored in: goals, games, points, rounds. */
  unitName: 'goals' | 'points' | 'games' | 'rounds';
  /** Whether the main result can be a draw (three-way 1X2 markets). */
  hasDraw: boolean;
  defaultFormat: GameFormat;
}

export const SPORTS: readonly SportInfo[] = [
  {
    id: SPORT.football,
    slug: 'football',
    name: 'Football',
    isCyber: false,
    structure: 'timed',
    periodName: 'half',
    unitName: 'goals',
    hasDraw: true,
    defaultFormat: { periods: 2, periodMinutes: 45 },
  },
  {
    id: SPORT.iceHockey,
    slug: 'ice-hockey',
    name: 'Ice Hockey',
    isCyber: false,
    structure: 'timed',
    periodName: 'period',
    unitName: 'goals',
    hasDraw: true,
    defaultFormat: { periods: 3, periodMinutes: 20 },
  },
  {
    id: SPORT.basketball,
    slug: 'basketball',
    name: 'Basketball',
    isCyber: false,
    structure: 'timed',
    periodName: 'quarter',
    unitName: 'points',
    hasDraw: false,
    defaultFormat: { periods: 4, periodMinutes: 10 },
  },
  {
    id: SPORT.tennis,
    slug: 'tennis',
    name: 'Tennis',
    isCyber: false,
    structure: 'sets',
    periodName: 'set',
    unitName: 'games',
    hasDraw: false,
    defaultFormat: { periods: 3, setsToWin: 2 },
  },
  {
    id: SPORT.volleyball,
    slug: 'volleyball',
    name: 'Volleyball',
    isCyber: false,
    structure: 'sets',
    periodName: 'set',
    unitName: 'points',
    hasDraw: false,
    defaultFormat: { periods: 5, setsToWin: 3 },
  },
  {
    id: SPORT.tableTennis,
    slug: 'table-tennis',
    name: 'Table Tennis',
    isCyber: false,
    structure: 'sets',
    periodName: 'game',
    unitName: 'points',
    hasDraw: false,
    defaultFormat: { periods: 5, setsToWin: 3 },
  },
  {
    id: SPORT.cs2,
    slug: 'cs2',
    name: 'Counter-Strike 2',
    isCyber: true,
    structure: 'sets',
    periodName: 'map',
    unitName: 'rounds',
    hasDraw: false,
    defaultFormat: { periods: 3, setsToWin: 2 },
  },
  {
    id: SPORT.dota2,
    slug: 'dota-2',
    name: 'Dota 2',
    isCyber: true,
    structure: 'sets',
    periodName: 'map',
    unitName: 'points',
    hasDraw: false,
    defaultFormat: { periods: 3, setsToWin: 2 },
  },
  {
    id: SPORT.mma,
    slug: 'mma',
    name: 'MMA',
    isCyber: false,
    structure: 'fight',
    periodName: 'round',
    unitName: 'rounds',
    hasDraw: true,
    defaultFormat: { periods: 3, periodMinutes: 5 },
  },
];

const BY_ID = new Map<number, SportInfo>(SPORTS.map((sport) => [sport.id, sport]));

export function isSportId(value: unknown): value is SportId {
  return typeof value === 'number' && BY_ID.has(value);
}

export function sportInfo(id: SportId): SportInfo {
  const info = BY_ID.get(id);
  if (!info) throw new RangeError(`unknown sport ${id}`);
  return info;
}
