import { describe, expect, it } from 'vitest';
import { messageFor } from './errors.ts';
import { languageOf, MESSAGE_TABLES, translator } from './i18n.ts';
import { COLUMN_SPOTS, DOZEN_SPOTS, EVEN_SPOTS, lineSpots, spotLabel, straightSpots } from './games/roulette/roulette-logic.ts';
import { symbolName } from './games/slots/symbol-art.tsx';
import { resultText, totalText } from './games/blackjack/blackjack-view.ts';
import { blackjackCard, cardLabel } from './games/cards/cards.ts';
import { handName } from './games/video-poker/video-poker-view.ts';
import { clientSeedError } from './shell/fairness.ts';
import { summarizeRound } from './shell/summaries.ts';

const placeholders = (text: unknown): string[] =>
  (typeof text === 'string' ? [text] : Object.values(text as Record<string, string>)).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)).sort();

describe('games i18n', () => {
  it('has every key in English and Russian, non-empty, with the same placeholders', () => {
    const en = Object.keys(MESSAGE_TABLES.en).sort();
    const ru = Object.keys(MESSAGE_TABLES.ru).sort();
    expect(ru).toEqual(en);
    for (const key of en) {
      const e = MESSAGE_TABLES.en[key as keyof typeof MESSAGE_TABLES.en];
      const r = MESSAGE_TABLES.ru[key as keyof typeof MESSAGE_TABLES.ru];
      expect(new Set(placeholders(r)), key).toEqual(new Set(placeholders(e)));
      for (const s of typeof r === 'string' ? [r] : Object.values(r)) expect(s.length, key).toBeGreaterThan(0);
      // Russian plural texts carry every form Intl.PluralRules('ru') can select.
      if (typeof r !== 'string') expect(Object.keys(r).sort(), key).toEqual(['few', 'many', 'one', 'other']);
    }
  });

  it('reads the session language: ru gives Russian, de and unknown tags give English', () => {
    expect(languageOf('ru')).toBe('ru');
    expect(languageOf('ru-RU')).toBe('ru');
    expect(languageOf('de')).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(translator('ru')('fair.title')).toBe('Доказуемая честность');
    expect(translator('de')('fair.rotate')).toBe('Reveal the server seed and start a new one');
    expect(translator('en')('shell.balance')).toBe('Balance');
  });

  it('fills parameters and picks Russian plural forms', () => {
    const ru = translator('ru');
    expect(ru('summary.lines', { count: 1 })).toBe('1 выигрышная линия');
    expect(ru('summary.lines', { count: 3 })).toBe('3 выигрышные линии');
    expect(ru('summary.lines', { count: 5 })).toBe('5 выигрышных линий');
    expect(ru('summary.lines', { count: 21 })).toBe('21 выигрышная линия');
    const en = translator('en');
    expect(en('summary.lines', { count: 1 })).toBe('1 winning line');
    expect(en('summary.lines', { count: 0 })).toBe('0 winning lines');
    expect(en('shell.code', { code: 'x_y' })).toBe('Code: x_y');
  });

  it('translates refusals, seed errors and history lines, English by default', () => {
    const ru = translator('ru');
    expect(messageFor('insufficient_funds')).toMatch(/not enough/i);
    expect(messageFor('insufficient_funds', undefined, ru)).toMatch(/не хватает/);
    expect(messageFor('brand_new', undefined, ru)).toContain('brand_new');
    expect(messageFor('brand_new', 'server says', ru)).toBe('server says');
    expect(clientSeedError('', ru)).toBe('Введите клиентский сид.');
    expect(summarizeRound('dice', { roll: 1234 })).toBe('Roll 12.34');
    expect(summarizeRound('dice', { roll: 1234 }, ru)).toBe('Бросок 12.34');
  });

  it('names the roulette spots and slot symbols as before in English, and in Russian', () => {
    for (const s of [...straightSpots(), ...lineSpots(), ...COLUMN_SPOTS, ...DOZEN_SPOTS, ...EVEN_SPOTS]) expect(spotLabel(s)).toBe(s.label);
    const ru = translator('ru');
    expect(spotLabel(EVEN_SPOTS.find((s) => s.kind === 'red')!, ru)).toBe('Ставка на красное');
    expect(spotLabel(straightSpots()[17]!, ru)).toBe('Ставка на 17');
    expect(symbolName('eye')).toBe('Eye of Horus');
    expect(symbolName('k')).toBe('K');
    expect(symbolName('cherry', ru)).toBe('Вишня');
  });

  it('names cards, hands and totals in Russian, English by default', () => {
    const ru = translator('ru');
    expect(cardLabel(blackjackCard(0))).toBe('Ace of spades');
    expect(cardLabel(blackjackCard(0), ru)).toBe('Туз пик');
    expect(cardLabel(blackjackCard(13 + 9), ru)).toBe('10 червей');
    expect(totalText(24, false, ru)).toBe('перебор 24');
    expect(resultText('push')).toBe('Push: stake back');
    expect(resultText('push', ru)).toBe('Ничья: ставка возвращена');
    expect(handName('full_house')).toBe('Full house');
    expect(handName('full_house', ru)).toBe('Фулл-хаус');
    expect(ru('keno.hitCount', { count: 2 })).toBe('2 совпадения');
    expect(translator('en')('keno.hitCount', { count: 1 })).toBe('1 hit');
  });

  it('summarises card rounds in the history in the player language', () => {
    const ru = translator('ru');
    expect(summarizeRound('jacks-or-better', { result: 'two_pair' })).toBe('two pair');
    expect(summarizeRound('jacks-or-better', { result: 'two_pair' }, ru)).toBe('две пары');
    expect(summarizeRound('blackjack', { results: ['win', 'push'] })).toBe('win, push');
    expect(summarizeRound('blackjack', { results: ['win', 'push'] }, ru)).toBe('выигрыш, ничья');
    expect(summarizeRound('fruit-fiesta', { base: { lineWins: [{}, {}] }, freeSpins: [{}] }, ru)).toBe('2 выигрышные линии, 1 бесплатное вращение');
  });
});
