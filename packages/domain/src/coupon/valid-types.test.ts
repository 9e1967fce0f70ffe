import { describe, expect, it } from 'vitest';
import { dependentSelectionIds, validTypes } from './valid-types.ts';
import type { CouponSelection } from './types.ts';

const sel = (id: string, extra: Partial<CouponSelection> = {}): CouponSelection => ({ id, gameId: id, coef: 1900, ...extra });
const allowed = (selections: CouponSelection[]) => validTypes(selections).flatMap((t) => (t.allowed ? [t.typeId] : []));
const reasons = (selections: CouponSelection[]) => Object.fromEntries(validTypes(selections).map((t) => [t.typeId, t.allowed ? 'ok' : t.reason]));

describe('validTypes', () => {
  it('by count: single 1; express, chain, conditional, anti-express, multiple singles 2+; system and multi-bet 3+; lucky and patent 3 to 8', () => {
    expect(allowed([])).toEqual([]);
    expect(reasons([])[0]).toBe('no_selections');
    expect(allowed([sel('a')])).toEqual([0]);
    expect(allowed([sel('a'), sel('b')])).toEqual([1, 3, 5, 6, 9]);
    expect(allowed([sel('a'), sel('b'), sel('c')])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const nine = 'abcdefghi'.split('').map((id) => sel(id));
    expect(allowed(nine)).toEqual([1, 2, 3, 4, 5, 6, 9]);
    expect(reasons(nine)[7]).toBe('too_many_selections');
    expect(reasons([sel('a'), sel('b')])[2]).toBe('too_few_selections');
    expect(allowed(Array.from({ length: 31 }, (_, i) => sel(`s${i}`)))).toEqual([]);
  });

  it('two selections of one game (or flagged isDepend) leave only multiple singles', () => {
    const same = [sel('a', { gameId: 7 }), sel('b', { gameId: 7 }), sel('c')];
    expect(allowed(same)).toEqual([9]);
    expect(validTypes(same)[1]).toEqual({ typeId: 1, allowed: false, reason: 'dependent_selections', selectionIds: ['a', 'b'] });
    expect(allowed([sel('a', { isDepend: true }), sel('b'), sel('c')])).toEqual([9]);
    // Game ids compare by value and type: 7 and '7' are different games.
    expect(dependentSelectionIds([sel('a', { gameId: 7 }), sel('b', { gameId: '7' })])).toEqual([]);
  });

  it('a selection banned from express leaves only multiple singles (or the single it is alone)', () => {
    expect(allowed([sel('a', { isBannedExpress: true }), sel('b'), sel('c')])).toEqual([9]);
    expect(reasons([sel('a', { isBannedExpress: true }), sel('b'), sel('c')])[2]).toBe('banned_from_express');
    expect(allowed([sel('a', { isBannedExpress: true })])).toEqual([0]);
  });

  it('a quarter line refuses the anti-express only', () => {
    const quarter = [sel('a', { isQuarterLine: true }), sel('b'), sel('c')];
    expect(allowed(quarter)).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);
    expect(validTypes(quarter)[6]).toEqual({ typeId: 6, allowed: false, reason: 'quarter_line', selectionIds: ['a'] });
  });
});
