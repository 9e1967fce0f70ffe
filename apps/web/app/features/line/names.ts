/**
 * How markets, outcomes, periods and kick-off times read in the player's language and
 * settings. The API names everything in English (`name`); the browser names by type,
 * kind, scope and line, so every language and the market-name setting (SPEC §3
 * marketsNameType: 0 full names, 1 short codes W1 / X / W2 / TO / TU) come out right.
 */
import type { TFunction } from '../../i18n/translator.ts';
import { formatLine, isSportId, sportInfo, type PeriodName, type SportInfo } from '@betsite/domain';
import type { GameCard, LineMarket, LineOutcome } from '@betsite/contracts';
import type { MarketsNameType } from '../../config/root-data.ts';

/** The domain's sport, or undefined for an id the book does not offer. */
export function sportOf(sportId: number): SportInfo | undefined {
  return isSportId(sportId) ? sportInfo(sportId) : undefined;
}

/** The sport's name in the page language (the API's English name for a sport we have no word for). */
export function sportName(t: TFunction, sport: { id: number; slug?: string; name?: string }): string {
  const slug = sport.slug ?? sportOf(sport.id)?.slug;
  const fallback = sport.name ?? sportOf(sport.id)?.name ?? slug ?? String(sport.id);
  return slug ? t(`sports:sport_${slug}`, { defaultValue: fallback }) : fallback;
}

const PERIOD_SCOPE = /^p(\d+)$/;

/** The period a scope is (`p2` → 2), else null. */
export function scopePeriodNumber(scope: string): number | null {
  const match = PERIOD_SCOPE.exec(scope);
  return match ? Number(match[1]) : null;
}

/** "1st half", "Set 2", "3rd quarter"… (sports dictionary, ordinal plurals). */
export function periodLabel(t: TFunction, sportId: number, period: number): string {
  const name: PeriodName = sportOf(sportId)?.periodName ?? 'period';
  return t(`sports:period_${name}`, { count: period, ordinal: true });
}

/** "Regular time", "Total games", "Sets"…; '' for the whole match. */
export function scopeLabel(t: TFunction, sportId: number, scope: string): string {
  const period = scopePeriodNumber(scope);
  if (period !== null) return periodLabel(t, sportId, period);
  const sport = sportOf(sportId);
  switch (scope) {
    case 'match':
      return '';
    case 'regular':
      return t('sports:scope_regular');
    case 'periods-sum':
      return t(`sports:scope_sum_${sport?.unitName ?? 'points'}`);
    case 'period-count':
      return t(`sports:scope_count_${sport?.periodName ?? 'period'}`);
    default:
      return scope;
  }
}

/** The market's title: "Total 2.5", "Handicap −1.5 — 1st half", "1X2". */
export function marketTitle(t: TFunction, market: Pick<LineMarket, 'type' | 'scope' | 'param' | 'name'>, sportId: number): string {
  const base = t(`sports:market_${market.type}`, { defaultValue: market.name });
  const line = market.type === 'total' || market.type === 'handicap' ? ` ${formatLine(market.param ?? 0, market.type === 'handicap')}` : '';
  const scope = scopeLabel(t, sportId, market.scope);
  return scope === '' ? `${base}${line}` : `${base}${line} — ${scope}`;
}

type TeamNames = Pick<GameCard, 'home' | 'away'>;

/**
 * An outcome's label. Short (1): W1, X, W2, 1X, TO 2.5, TU 2.5, H1 (−1.5), Yes, 2-1.
 * Full (0): the team's name, "Draw", "Over 2.5", "Chelsea (−1.5)", "Chelsea or draw".
 */
export function outcomeLabel(t: TFunction, outcome: LineOutcome, market: Pick<LineMarket, 'type'>, game: TeamNames, nameType: MarketsNameType): string {
  const line = outcome.line ?? 0;
  const short = nameType === 1;
  const team = (side: 'home' | 'away') => (side === 'home' ? game.home.name : game.away.name);
  switch (outcome.kind) {
    case 'home':
    case 'away': {
      const n = outcome.kind === 'home' ? '1' : '2';
      if (market.type === 'handicap') return short ? t('sports:pick_short_handicap', { n, line: formatLine(line, true) }) : `${team(outcome.kind)} (${formatLine(line, true)})`;
      if (short) return market.type === '1x2' || market.type === 'winner' ? t('sports:pick_short_win', { n }) : n;
      return team(outcome.kind);
    }
    case 'draw':
      return short ? 'X' : t('sports:pick_draw');
    case 'home-or-draw':
      return short ? '1X' : t('sports:pick_or_draw', { team: game.home.name });
    case 'draw-or-away':
      return short ? 'X2' : t('sports:pick_or_draw', { team: game.away.name });
    case 'home-or-away':
      return short ? '12' : t('sports:pick_no_draw');
    case 'over':
      return short ? t('sports:pick_short_over', { line: formatLine(line) }) : t('sports:pick_over', { line: formatLine(line) });
    case 'under':
      return short ? t('sports:pick_short_under', { line: formatLine(line) }) : t('sports:pick_under', { line: formatLine(line) });
    case 'yes':
      return t('sports:pick_yes');
    case 'no':
      return t('sports:pick_no');
    case 'odd':
      return t('sports:pick_odd');
    case 'even':
      return t('sports:pick_even');
    case 'score':
      return outcome.score ? `${outcome.score.home}-${outcome.score.away}` : outcome.name;
    case 'other':
      return t('sports:pick_other');
    default:
      return outcome.name;
  }
}

// ---------------------------------------------------------------- market groups (game page tabs)

export const MARKET_GROUPS = ['all', 'main', 'totals', 'handicaps', 'periods', 'score', 'other'] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

/** Where a market goes on the game page: by its scope first (a period), then by its type. */
export function marketGroupOf(market: Pick<LineMarket, 'type' | 'scope'>): Exclude<MarketGroup, 'all'> {
  if (scopePeriodNumber(market.scope) !== null) return 'periods';
  switch (market.type) {
    case '1x2':
    case 'winner':
    case 'double-chance':
    case 'draw-no-bet':
      return 'main';
    case 'total':
    case 'odd-even':
      return 'totals';
    case 'handicap':
      return 'handicaps';
    case 'correct-score':
      return 'score';
    default:
      return 'other';
  }
}

/** The groups a game has markets in, in tab order ("all" first whenever there is any). */
export function groupsOf(markets: readonly Pick<LineMarket, 'type' | 'scope'>[]): MarketGroup[] {
  const present = new Set(markets.map(marketGroupOf));
  return markets.length === 0 ? [] : MARKET_GROUPS.filter((g) => g === 'all' || present.has(g));
}

/** The main markets of a card in fixed columns: the result (1 X 2 or 1 2) and the main total. */
export function rowMarkets(game: Pick<GameCard, 'markets' | 'sportId'>): { result: LineMarket | null; total: LineMarket | null } {
  const whole = (m: LineMarket) => scopePeriodNumber(m.scope) === null;
  const prefer = (list: LineMarket[]) => list.find((m) => m.scope === 'match') ?? list[0] ?? null;
  const hasDraw = sportOf(game.sportId)?.hasDraw ?? true;
  const results = game.markets.filter((m) => whole(m) && (m.type === '1x2' || m.type === 'winner'));
  const result = (hasDraw ? prefer(results.filter((m) => m.type === '1x2')) : null) ?? prefer(results.filter((m) => m.type === 'winner')) ?? prefer(results);
  const total = prefer(game.markets.filter((m) => whole(m) && m.type === 'total'));
  return { result, total };
}

/** How many result columns a sport's rows have: 1 X 2 with draws, 1 2 without. */
export function resultColumns(sportId: number): 2 | 3 {
  return sportOf(sportId)?.hasDraw === false ? 2 : 3;
}

// ---------------------------------------------------------------- times

export interface KickoffOptions {
  /** The player's time-zone offset in hours (cookie `tzo`). */
  timeZone: number;
  lng: string;
  now: number;
  today: string;
  tomorrow: string;
}

const DAY = 86_400_000;

/** "Today 18:30", "Tomorrow 09:00", "12 Mar 18:30" — in the player's time zone. */
export function formatKickoff(startsAt: number, options: KickoffOptions): string {
  const shift = options.timeZone * 3_600_000;
  const local = new Date(startsAt + shift);
  const time = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  const dayOf = (ms: number) => Math.floor((ms + shift) / DAY);
  const days = dayOf(startsAt) - dayOf(options.now);
  if (days === 0) return `${options.today} ${time}`;
  if (days === 1) return `${options.tomorrow} ${time}`;
  let date: string;
  try {
    date = new Intl.DateTimeFormat(options.lng, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(local);
  } catch {
    date = `${local.getUTCDate()}.${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  }
  return `${date} ${time}`;
}

/** The date of a result or a kick-off without the time ("12 Mar 2026"). */
export function formatDay(at: number, timeZone: number, lng: string): string {
  const local = new Date(at + timeZone * 3_600_000);
  try {
    return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(local);
  } catch {
    return local.toISOString().slice(0, 10);
  }
}
