/**
 * Rules → bet types: the example tables show exactly what the domain's coupon maths
 * computes (and what the examples' authors worked out by hand), and the page renders every
 * type, result and example in English and Russian without a raw key.
 */
import { describe, expect, it } from 'vitest';
import { BET_TYPE_EXAMPLES, COEF_VIEW, COUPON_TYPE_IDS, formatCoef, formatMinor, minor, type CoefViewId } from '@betsite/domain';
import EN_INFO from '../../i18n/dictionaries/en/info.json';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import RU_INFO from '../../i18n/dictionaries/ru/info.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import { renderPage, visibleText as text } from '../../testing/render.tsx';
import { BetTypeRules } from './bet-type-rules.tsx';
import { exampleViews, FACTOR_STATUSES, RULES_TYPE_ORDER } from './examples.ts';

const resources = { en: { main: EN_MAIN, info: EN_INFO }, ru: { main: RU_MAIN, info: RU_INFO } };

const render = (lng: 'en' | 'ru', oddsFormat: CoefViewId = COEF_VIEW.decimal) => renderPage(<BetTypeRules />, { lng, resources, user: { loggedIn: false, userId: null }, oddsFormat });

/** Every kind of space as one space (money formats use no-break spaces). */
const spaces = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

describe('the worked examples as tables', () => {
  const views = exampleViews();

  it('one view per domain example, keyed by type and order, every type covered', () => {
    expect(views.map((v) => v.key)).toEqual(['0_1', '9_1', '1_1', '1_2', '2_1', '2_2', '3_1', '4_1', '5_1', '6_1', '7_1', '8_1']);
    expect(new Set(views.map((v) => v.typeId))).toEqual(new Set(COUPON_TYPE_IDS));
    expect(new Set(RULES_TYPE_ORDER)).toEqual(new Set(COUPON_TYPE_IDS));
  });

  it('show the quote and payout the domain computes, equal to the hand-worked figures', () => {
    for (const [i, view] of views.entries()) {
      const example = BET_TYPE_EXAMPLES[i]!;
      expect({ lines: view.lines, unitStake: view.unitStake, charged: view.charged, totalCoef: view.totalCoef, possibleWin: view.possibleWin }).toEqual({
        lines: example.quote.lines,
        unitStake: example.quote.unitStake,
        charged: example.quote.charged,
        totalCoef: example.quote.totalCoef,
        possibleWin: example.quote.possibleWin,
      });
      expect(view.payout).toBe(example.payout);
      // The lines' returns add up to the payout (a lobby line carries the whole return).
      const lobby = view.lineRows.find((l) => l.isLobby);
      const account = view.hasAccount ? view.lineRows.at(-1)?.accountAfter : null;
      const sum = lobby ? lobby.payout : account ?? view.lineRows.reduce((s, l) => s + (l.payout ?? 0n), 0n);
      expect(sum, view.key).toBe(view.payout);
    }
  });

  it('selections carry their result and factor: half win at 1.850 is 1.425, an anti-accumulator has none of its own', () => {
    const single = views.find((v) => v.key === '0_1')!;
    expect(single.selections).toEqual([{ id: 'a', blockId: null, isBanker: false, isLobby: false, coef: 1850, status: 4, factorHalves: 2850 }]);
    expect(views.find((v) => v.key === '6_1')!.selections.every((s) => s.factorHalves === null)).toBe(true);
    expect(views.find((v) => v.key === '2_2')!.selections.filter((s) => s.isBanker).map((s) => s.id)).toEqual(['a']);
    expect(views.find((v) => v.key === '4_1')!.selections.filter((s) => s.isLobby).map((s) => s.id)).toEqual(['e']);
  });

  it('stakes as entered: one amount, a stake per single, a stake or "max" per block', () => {
    expect(views.find((v) => v.key === '9_1')!.stake).toEqual({ kind: 'bets', bets: [{ id: 'a', amount: 10_000n }, { id: 'b', amount: 5_000n }, { id: 'c', amount: 10_000n }] });
    expect(views.find((v) => v.key === '5_1')!.stake).toEqual({ kind: 'blocks', blocks: [{ blockId: 1, amount: 10_000n }, { blockId: 2, amount: 5_000n }, { blockId: 3, amount: 'max' }] });
    expect(views.find((v) => v.key === '2_1')!.stake).toEqual({ kind: 'amount', amount: 10_000n });
  });

  it('lines short to long, a chain in its order with the account after each leg', () => {
    expect(views.find((v) => v.key === '7_1')!.lineRows.map((l) => l.selectionIds.join(''))).toEqual(['a', 'b', 'c', 'ab', 'ac', 'bc', 'abc']);
    expect(views.find((v) => v.key === '3_1')!.lineRows.map((l) => [l.selectionIds.join(''), l.accountAfter])).toEqual([
      ['a', 18_000n],
      ['b', 8_000n],
      ['c', 12_000n],
    ]);
  });
});

describe('the bet types rules page', () => {
  it.each(['en', 'ru'] as const)('%s: every type, result and example, no raw keys', (lng) => {
    const html = render(lng);
    const shown = text(html);
    expect(shown).not.toMatch(/\b(bet_|example_|rules_)[a-z0-9_]+/);
    for (const typeId of COUPON_TYPE_IDS) expect(html).toContain(`id="bet-type-${typeId}"`);
    expect(html.match(/data-testid="bet-type-example"/g)).toHaveLength(BET_TYPE_EXAMPLES.length);
    const info = lng === 'en' ? EN_INFO : RU_INFO;
    for (const status of FACTOR_STATUSES) expect(shown).toContain(info[`bet_status_${status}` as keyof typeof info]);
  });

  it('prints the computed amounts in the money format and the odds in the player format', () => {
    const en = text(render('en'));
    // System 2 of 3: 33.33 a line, 99.99 charged, 124.98 paid.
    for (const amount of [3_333n, 9_999n, 12_498n, 39_162n]) expect(en).toContain(spaces(formatMinor(minor(amount), 'RUB', 'en')));
    expect(en).toContain('1.85');
    const ru = text(render('ru'));
    expect(ru).toContain(spaces(formatMinor(minor(12_498n), 'RUB', 'ru')));
    const fractional = text(render('en', COEF_VIEW.fractional));
    expect(fractional).toContain(formatCoef(1.85, COEF_VIEW.fractional));
    expect(fractional).toContain(formatCoef(3.917, COEF_VIEW.fractional));
  });
});
