import { describe, expect, it } from 'vitest';
import en from '../../i18n/dictionaries/en/sports.json';
import ru from '../../i18n/dictionaries/ru/sports.json';
import { formatKickoff, groupsOf, marketGroupOf, marketTitle, outcomeLabel, periodLabel, resultColumns, rowMarkets, scopeLabel } from './names.ts';
import { card, detail } from './testing.ts';
import { Translator, type TFunction } from '../../i18n/translator.ts';

function translator(lng: 'en' | 'ru' | 'de'): TFunction {
  const instance = new Translator(lng);
  instance.addResourceBundle('en', 'sports', en);
  instance.addResourceBundle('ru', 'sports', ru);
  return instance.fixed(['sports']);
}

const t = translator('en');
const game = detail();
const outcome = (key: string) => {
  for (const m of game.markets) for (const o of m.outcomes) if (o.key === key) return { market: m, outcome: o };
  throw new Error(key);
};
const label = (key: string, type: 0 | 1, tr = t) => {
  const { market, outcome: o } = outcome(key);
  return outcomeLabel(tr, o, market, game, type);
};

describe('outcome labels', () => {
  it('use team names in full and W1 / X / W2 / TO / TU in short', () => {
    expect([label('1x2:match/home', 0), label('1x2:match/draw', 0), label('1x2:match/away', 0)]).toEqual(['Arsenal', 'Draw', 'Chelsea']);
    expect([label('1x2:match/home', 1), label('1x2:match/draw', 1), label('1x2:match/away', 1)]).toEqual(['W1', 'X', 'W2']);
    expect([label('total:match@2.5/over', 0), label('total:match@2.5/under', 1)]).toEqual(['Over 2.5', 'TU 2.5']);
    expect([label('handicap:match@-0.5/home', 0), label('handicap:match@-0.5/away', 1)]).toEqual(['Arsenal (-0.5)', 'H2 (+0.5)']);
    expect([label('correct-score:match@1/1-0', 0), label('correct-score:match@1/other', 0)]).toEqual(['1-0', 'Any other']);
  });

  it('read in Russian, and in English where a language has no sports dictionary', () => {
    expect(label('1x2:match/home', 1, translator('ru'))).toBe('П1');
    expect(label('total:match@2.5/over', 1, translator('ru'))).toBe('ТБ 2.5');
    expect(label('1x2:match/draw', 0, translator('de'))).toBe('Draw');
  });
});

describe('market titles and periods', () => {
  it('name the market with its line and scope', () => {
    const total = game.markets.find((m) => m.key === 'total:match@2.5')!;
    const firstHalf = game.markets.find((m) => m.key === '1x2:p1')!;
    expect(marketTitle(t, total, 1)).toBe('Total 2.5');
    expect(marketTitle(t, game.markets.find((m) => m.type === 'handicap')!, 1)).toBe('Handicap -0.5');
    expect(marketTitle(t, firstHalf, 1)).toBe('1X2 — 1st half');
    expect(marketTitle(translator('ru'), firstHalf, 1)).toBe('Исход — 1-й тайм');
  });

  it('count periods with English ordinals, and sets and maps by number', () => {
    expect([1, 2, 3, 4, 11, 21].map((n) => periodLabel(t, 3, n))).toEqual(['1st quarter', '2nd quarter', '3rd quarter', '4th quarter', '11th quarter', '21st quarter']);
    expect(periodLabel(t, 4, 2)).toBe('Set 2');
    expect(periodLabel(t, 40, 3)).toBe('Map 3');
    expect(scopeLabel(t, 2, 'regular')).toBe('Regular time');
    expect(scopeLabel(t, 4, 'periods-sum')).toBe('Games');
    expect(scopeLabel(t, 4, 'period-count')).toBe('Sets');
    expect(scopeLabel(t, 1, 'match')).toBe('');
  });
});

describe('market groups', () => {
  it('put period markets under periods and the rest by type', () => {
    expect(game.markets.map(marketGroupOf)).toEqual(['main', 'totals', 'handicaps', 'periods', 'score']);
    expect(groupsOf(game.markets)).toEqual(['all', 'main', 'totals', 'handicaps', 'periods', 'score']);
    expect(groupsOf([])).toEqual([]);
    expect(marketGroupOf({ type: 'btts', scope: 'match' })).toBe('other');
  });

  it('pick the result and main total of a row, two-way for sports without draws', () => {
    expect(rowMarkets(card())).toMatchObject({ result: { key: '1x2:match' }, total: { key: 'total:match@2.5' } });
    expect(rowMarkets(card({ markets: [] }))).toEqual({ result: null, total: null });
    expect(resultColumns(1)).toBe(3);
    expect(resultColumns(4)).toBe(2);
  });
});

describe('kick-off times', () => {
  const options = { timeZone: 3, lng: 'en', today: 'Today', tomorrow: 'Tomorrow' };
  const now = Date.UTC(2026, 2, 12, 12, 0);

  it('say today and tomorrow in the player’s time zone, else the date', () => {
    expect(formatKickoff(Date.UTC(2026, 2, 12, 18, 30), { ...options, now })).toBe('Today 21:30');
    // 22:00 UTC is already tomorrow at GMT+3.
    expect(formatKickoff(Date.UTC(2026, 2, 12, 22, 0), { ...options, now })).toBe('Tomorrow 01:00');
    expect(formatKickoff(Date.UTC(2026, 2, 12, 22, 0), { ...options, timeZone: -5, now })).toBe('Today 17:00');
    expect(formatKickoff(Date.UTC(2026, 2, 20, 9, 5), { ...options, now })).toBe('Mar 20 12:05');
  });
});
