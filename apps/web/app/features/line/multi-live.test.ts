import { describe, expect, it } from 'vitest';
import { oneXTwoMarket, handicapMarket, totalMarket } from '@betsite/domain';
import { cardMarkets, MULTI_MAX, MULTI_STORAGE_KEY, multiPath, parseMultiIds, readStoredIds, toggleId, writeStoredIds, type MultiStorage } from './multi-live.ts';
import { card, market } from './testing.ts';

function memory(initial: Record<string, string> = {}): MultiStorage & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (k) => items[k] ?? null, setItem: (k, v) => void (items[k] = v) };
}

describe('the games of the multi-live url', () => {
  it('has no choice without ?games=, an empty one with an empty list', () => {
    expect(parseMultiIds(null)).toBeNull();
    expect(parseMultiIds('')).toEqual([]);
  });

  it('keeps valid ids in order, each once, at most MULTI_MAX', () => {
    expect(parseMultiIds('12,7, 31')).toEqual([12, 7, 31]);
    expect(parseMultiIds('5,x,-3,0,07,5,1.5,,9')).toEqual([5, 9]);
    expect(parseMultiIds('99999999999,2147483647,2147483648')).toEqual([2147483647]);
    expect(parseMultiIds(Array.from({ length: 12 }, (_, i) => i + 1).join(','))).toHaveLength(MULTI_MAX);
  });

  it('builds the url back, the bare page for none', () => {
    expect(multiPath('en', [12, 7])).toBe('/en/multi?games=12,7');
    expect(multiPath('ru', [])).toBe('/ru/multi');
    const ids = [3, 1, 2];
    expect(parseMultiIds(new URL(`http://x${multiPath('en', ids)}`).searchParams.get('games'))).toEqual(ids);
  });

  it('adds a game at the end, takes one out, and adds none when full', () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
    const full = Array.from({ length: MULTI_MAX }, (_, i) => i + 1);
    expect(toggleId(full, 99)).toEqual(full);
    expect(toggleId(full, 1)).toHaveLength(MULTI_MAX - 1);
  });
});

describe('the stored choice', () => {
  it('round-trips through the storage', () => {
    const storage = memory();
    writeStoredIds(storage, [4, 2]);
    expect(storage.items[MULTI_STORAGE_KEY]).toBe('[4,2]');
    expect(readStoredIds(storage)).toEqual([4, 2]);
  });

  it('reads anything unreadable as none, and survives a storage that throws', () => {
    expect(readStoredIds(memory({ [MULTI_STORAGE_KEY]: 'not json' }))).toEqual([]);
    expect(readStoredIds(memory({ [MULTI_STORAGE_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readStoredIds(memory({ [MULTI_STORAGE_KEY]: '[3,"4",3,-1,null]' }))).toEqual([3, 4]);
    expect(readStoredIds(null)).toEqual([]);
    const broken: MultiStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readStoredIds(broken)).toEqual([]);
    expect(() => writeStoredIds(broken, [1])).not.toThrow();
  });
});

describe('the markets of a card', () => {
  it('shows the result, the main handicap and the main total', () => {
    const game = card({
      markets: [market(totalMarket('match', 2.5), [1.9, 1.9]), market(oneXTwoMarket('p1'), [3, 2, 4]), market(handicapMarket('match', -0.5), [2, 1.8]), market(oneXTwoMarket('match'), [2.1, 3.4, 3.2])],
    });
    expect(cardMarkets(game).map((m) => m.key)).toEqual(['1x2:match', 'handicap:match@-0.5', 'total:match@2.5']);
    expect(cardMarkets(card({ markets: [] }))).toEqual([]);
  });
});
