/**
 * The market catalogue: market types, their outcomes, stable keys and numeric ids.
 *
 * A market is a type on a scope with at most one parameter (a line or a correct-score cap):
 *   key  `<type>:<scope>[@<param>]`     e.g. `total:match@2.5`, `handicap:p1@-0.25`, `1x2:p2`
 * An outcome is one selection of it:
 *   key  `<market key>/<code>`           e.g. `total:match@2.5/over`, `correct-score:match@4/2-1`
 * Keys are stable across the life of a game and carry everything settlement needs, so a bet
 * stored with its outcome key can be settled from the key and the result alone.
 *
 * Numeric ids (SPEC §3 coupon bet `market.typeId` and `market.kind`): `groupId` numbers the
 * market type and `typeId` the outcome type, both in the tables below. Correct score is
 * group 7, so the bonus-bet rule of SPEC §5 ("none has market kind 7") keeps correct-score
 * bets out of bonus accumulators.
 */
import { isScopeId, scopePeriod, type ScopeId, type Score } from './score.ts';
import { SPORT, sportInfo, type SportId } from './sports.ts';

export const MARKET_TYPES = [
  '1x2',
  'double-chance',
  'draw-no-bet',
  'winner',
  'handicap',
  'total',
  'btts',
  'correct-score',
  'odd-even',
] as const;

export type MarketType = (typeof MARKET_TYPES)[number];

export const MARKET_GROUP_ID: Readonly<Record<MarketType, number>> = {
  '1x2': 1,
  handicap: 2,
  'double-chance': 3,
  'draw-no-bet': 4,
  winner: 5,
  btts: 6,
  'correct-score': 7,
  'odd-even': 8,
  total: 17,
};

export type OutcomeKind =
  | 'home'
  | 'draw'
  | 'away'
  | 'home-or-draw'
  | 'home-or-away'
  | 'draw-or-away'
  | 'over'
  | 'under'
  | 'yes'
  | 'no'
  | 'odd'
  | 'even'
  | 'score'
  | 'other';

/** Outcome type ids: [typeId, market type, kind]. Never renumber: bets store them. */
const OUTCOME_TYPES: ReadonlyArray<readonly [number, MarketType, OutcomeKind]> = [
  [1, '1x2', 'home'],
  [2, '1x2', 'draw'],
  [3, '1x2', 'away'],
  [4, 'double-chance', 'home-or-draw'],
  [5, 'double-chance', 'home-or-away'],
  [6, 'double-chance', 'draw-or-away'],
  [7, 'handicap', 'home'],
  [8, 'handicap', 'away'],
  [9, 'total', 'over'],
  [10, 'total', 'under'],
  [11, 'winner', 'home'],
  [12, 'winner', 'away'],
  [13, 'draw-no-bet', 'home'],
  [14, 'draw-no-bet', 'away'],
  [15, 'btts', 'yes'],
  [16, 'btts', 'no'],
  [17, 'correct-score', 'score'],
  [18, 'correct-score', 'other'],
  [19, 'odd-even', 'odd'],
  [20, 'odd-even', 'even'],
];

const TYPE_ID = new Map(OUTCOME_TYPES.map(([id, type, kind]) => [`${type}/${kind}`, id]));

export function outcomeTypeId(type: MarketType, kind: OutcomeKind): number {
  const id = TYPE_ID.get(`${type}/${kind}`);
  if (id === undefined) throw new RangeError(`no outcome ${kind} in ${type}`);
  return id;
}

/**
 * What the settlement of a market type depends on: the margin (home − away), the total
 * (home + away) or the joint score. Pricing uses the cheapest distribution that suffices.
 */
export const MARKET_BASIS: Readonly<Record<MarketType, 'margin' | 'total' | 'joint'>> = {
  '1x2': 'margin',
  'double-chance': 'margin',
  'draw-no-bet': 'margin',
  winner: 'margin',
  handicap: 'margin',
  total: 'total',
  'odd-even': 'total',
  btts: 'joint',
  'correct-score': 'joint',
};

export interface OutcomeSpec {
  key: string;
  marketKey: string;
  type: MarketType;
  scope: ScopeId;
  kind: OutcomeKind;
  typeId: number;
  /** The outcome's own line: the handicap of its side, or the total. */
  line?: number;
  /** The exact score of a correct-score outcome. */
  score?: Score;
  /** For correct score "any other": listed scores go up to `cap` goals a side. */
  cap?: number;
}

export interface MarketSpec {
  key: string;
  type: MarketType;
  groupId: number;
  scope: ScopeId;
  /** The home side's handicap, the total line, or the correct-score cap. */
  param?: number;
  outcomes: OutcomeSpec[];
}

function isQuarterLine(line: number): boolean {
  return Number.isFinite(line) && Number.isInteger(line * 4) && Math.abs(line) < 1000;
}

/** Lines print without a trailing zero and with an explicit sign for handicaps. */
export function formatLine(line: number, signed = false): string {
  const text = String(line);
  return signed && line > 0 ? `+${text}` : text;
}

function marketKey(type: MarketType, scope: ScopeId, param?: number): string {
  return `${type}:${scope}${param === undefined ? '' : `@${formatLine(param)}`}`;
}

function build(
  type: MarketType,
  scope: ScopeId,
  param: number | undefined,
  outcomes: Array<{ code: string; kind: OutcomeKind; line?: number; score?: Score; cap?: number }>,
): MarketSpec {
  if (!isScopeId(scope)) throw new RangeError(`no scope ${scope}`);
  const key = marketKey(type, scope, param);
  return {
    key,
    type,
    groupId: MARKET_GROUP_ID[type],
    scope,
    ...(param === undefined ? {} : { param }),
    outcomes: outcomes.map(({ code, kind, ...rest }) => ({
      key: `${key}/${code}`,
      marketKey: key,
      type,
      scope,
      kind,
      typeId: outcomeTypeId(type, kind),
      ...rest,
    })),
  };
}

const simple =
  (type: MarketType, kinds: readonly OutcomeKind[]) =>
  (scope: ScopeId): MarketSpec =>
    build(
      type,
      scope,
      undefined,
      kinds.map((kind) => ({ code: kind, kind })),
    );

/** Three-way result: 1, X, 2. */
export const oneXTwoMarket = simple('1x2', ['home', 'draw', 'away']);
/** 1X, 12, X2 — overlapping outcomes. */
export const doubleChanceMarket = simple('double-chance', ['home-or-draw', 'home-or-away', 'draw-or-away']);
/** Home or away; a draw returns the stake. */
export const drawNoBetMarket = simple('draw-no-bet', ['home', 'away']);
/** Two-way winner for sports without draws (a fight's draw returns the stake). */
export const winnerMarket = simple('winner', ['home', 'away']);
/** Both teams to score. */
export const bttsMarket = simple('btts', ['yes', 'no']);
/** Odd or even total. */
export const oddEvenMarket = simple('odd-even', ['odd', 'even']);

/** Over/under `line` (whole, half or Asian quarter lines). */
export function totalMarket(scope: ScopeId, line: number): MarketSpec {
  if (!isQuarterLine(line) || line <= 0) throw new RangeError(`${line} is not a total line`);
  return build('total', scope, line, [
    { code: 'over', kind: 'over', line },
    { code: 'under', kind: 'under', line },
  ]);
}

/** Asian handicap: home at `homeLine`, away at −`homeLine` (quarter lines split the stake). */
export function handicapMarket(scope: ScopeId, homeLine: number): MarketSpec {
  if (!isQuarterLine(homeLine)) throw new RangeError(`${homeLine} is not a handicap line`);
  return build('handicap', scope, homeLine, [
    { code: 'home', kind: 'home', line: homeLine },
    { code: 'away', kind: 'away', line: homeLine === 0 ? 0 : -homeLine },
  ]);
}

/** Every score up to `cap` a side, plus "any other score". */
export function correctScoreMarket(scope: ScopeId, cap: number): MarketSpec {
  if (!(Number.isInteger(cap) && cap >= 0 && cap <= 9)) throw new RangeError(`${cap} is not a correct-score cap`);
  const outcomes: Array<{ code: string; kind: OutcomeKind; score?: Score; cap?: number }> = [];
  for (let home = 0; home <= cap; home++) {
    for (let away = 0; away <= cap; away++) outcomes.push({ code: `${home}-${away}`, kind: 'score', score: { home, away } });
  }
  outcomes.push({ code: 'other', kind: 'other', cap });
  return build('correct-score', scope, cap, outcomes);
}

/** Every final score of a first-to-`setsToWin` match (2-0, 2-1, 1-2, 0-2 …); nothing else can happen. */
export function setScoreMarket(scope: ScopeId, setsToWin: number): MarketSpec {
  if (!(Number.isInteger(setsToWin) && setsToWin >= 1 && setsToWin <= 9)) throw new RangeError(`${setsToWin} sets`);
  const outcomes: Array<{ code: string; kind: OutcomeKind; score: Score }> = [];
  for (let loser = 0; loser < setsToWin; loser++) {
    outcomes.push({ code: `${setsToWin}-${loser}`, kind: 'score', score: { home: setsToWin, away: loser } });
  }
  for (let loser = setsToWin - 1; loser >= 0; loser--) {
    outcomes.push({ code: `${loser}-${setsToWin}`, kind: 'score', score: { home: loser, away: setsToWin } });
  }
  return build('correct-score', scope, undefined, outcomes);
}

const MARKET_KEY = /^([a-z0-9-]+):([a-z0-9-]+)(?:@(-?\d+(?:\.\d+)?))?$/;
const SCORE_CODE = /^(\d+)-(\d+)$/;

/** Rebuilds a market from its key; null for a key this catalogue cannot have made. */
export function marketFromKey(key: string): MarketSpec | null {
  const match = MARKET_KEY.exec(key);
  if (!match) return null;
  const [, type = '', scope = '', paramText] = match;
  if (!(MARKET_TYPES as readonly string[]).includes(type) || !isScopeId(scope)) return null;
  const param = paramText === undefined ? undefined : Number(paramText);
  try {
    const market = fromParts(type as MarketType, scope, param);
    return market && market.key === key ? market : null;
  } catch {
    return null;
  }
}

function fromParts(type: MarketType, scope: ScopeId, param: number | undefined): MarketSpec | null {
  switch (type) {
    case 'total':
      return param === undefined ? null : totalMarket(scope, param);
    case 'handicap':
      return param === undefined ? null : handicapMarket(scope, param);
    case 'correct-score':
      return param === undefined ? null : correctScoreMarket(scope, param);
    default: {
      if (param !== undefined) return null;
      const make = {
        '1x2': oneXTwoMarket,
        'double-chance': doubleChanceMarket,
        'draw-no-bet': drawNoBetMarket,
        winner: winnerMarket,
        btts: bttsMarket,
        'odd-even': oddEvenMarket,
      }[type];
      return make(scope);
    }
  }
}

/** Rebuilds an outcome from its key (set-score outcomes of any match length included). */
export function outcomeFromKey(key: string): OutcomeSpec | null {
  const slash = key.lastIndexOf('/');
  if (slash < 0) return null;
  const marketKeyText = key.slice(0, slash);
  const code = key.slice(slash + 1);
  const market = marketFromKey(marketKeyText);
  if (market) return market.outcomes.find((outcome) => outcome.key === key) ?? null;
  // A set-score market (no cap) lists the scores of its match length: the score says which.
  const setScore = /^correct-score:([a-z0-9-]+)$/.exec(marketKeyText);
  const score = SCORE_CODE.exec(code);
  if (!setScore || !score || !isScopeId(setScore[1])) return null;
  const sets = Math.max(Number(score[1]), Number(score[2]));
  if (sets < 1 || sets > 9) return null;
  return setScoreMarket(setScore[1], sets).outcomes.find((outcome) => outcome.key === key) ?? null;
}

/** Rebuilds a set-score market (2-0, 2-1 …) from its key and the sets needed to win. */
export function setScoreMarketFromKey(key: string, setsToWin: number): MarketSpec | null {
  const match = /^correct-score:([a-z0-9-]+)$/.exec(key);
  return match && isScopeId(match[1]) ? setScoreMarket(match[1], setsToWin) : null;
}

// ---- names (English; the web localises by type, kind, scope and line) ----

const PERIOD_LABEL: Record<string, string> = { half: 'half', period: 'period', quarter: 'quarter' };

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** "1st half", "Set 2", "Map 3", "Regular time", "Games", "Sets"… */
export function scopeName(scope: ScopeId, sportId: SportId): string {
  const sport = sportInfo(sportId);
  const period = scopePeriod(scope);
  if (period !== null) {
    const label = PERIOD_LABEL[sport.periodName];
    if (label) return `${ordinal(period)} ${label}`;
    return `${sport.periodName[0]?.toUpperCase()}${sport.periodName.slice(1)} ${period}`;
  }
  switch (scope) {
    case 'regular':
      return 'Regular time';
    case 'periods-sum':
      return `${sport.unitName[0]?.toUpperCase()}${sport.unitName.slice(1)}`;
    case 'period-count':
      return `${sport.periodName[0]?.toUpperCase()}${sport.periodName.slice(1)}s`;
    default:
      return sport.id === SPORT.iceHockey ? 'Including overtime and shoot-out' : 'Match';
  }
}

const MARKET_NAME: Record<MarketType, string> = {
  '1x2': '1X2',
  'double-chance': 'Double chance',
  'draw-no-bet': 'Draw no bet',
  winner: 'Winner',
  handicap: 'Handicap',
  total: 'Total',
  btts: 'Both teams to score',
  'correct-score': 'Correct score',
  'odd-even': 'Odd/even',
};

export function marketName(market: MarketSpec, sportId: SportId): string {
  const base = MARKET_NAME[market.type];
  const line =
    market.type === 'total' || market.type === 'handicap'
      ? ` ${formatLine(market.param ?? 0, market.type === 'handicap')}`
      : '';
  return market.scope === 'match' ? `${base}${line}` : `${base}${line} — ${scopeName(market.scope, sportId)}`;
}

const OUTCOME_NAME: Partial<Record<OutcomeKind, string>> = {
  draw: 'X',
  'home-or-draw': '1X',
  'home-or-away': '12',
  'draw-or-away': 'X2',
  yes: 'Yes',
  no: 'No',
  odd: 'Odd',
  even: 'Even',
  other: 'Any other',
};

/** The short selection label: 1, X, 2, 1X, Over 2.5, 1 (−0.25), 2-1, Yes… */
export function outcomeName(outcome: OutcomeSpec): string {
  switch (outcome.kind) {
    case 'home':
    case 'away': {
      const side = outcome.kind === 'home' ? '1' : '2';
      return outcome.type === 'handicap' ? `${side} (${formatLine(outcome.line ?? 0, true)})` : side;
    }
    case 'over':
      return `Over ${formatLine(outcome.line ?? 0)}`;
    case 'under':
      return `Under ${formatLine(outcome.line ?? 0)}`;
    case 'score':
      return `${outcome.score?.home ?? 0}-${outcome.score?.away ?? 0}`;
    default:
      return OUTCOME_NAME[outcome.kind] ?? outcome.kind;
  }
}
