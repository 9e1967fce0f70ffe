import { describe, expect, it } from 'vitest';
import { selectionId } from '@betsite/contracts';
import { COUPON_STORAGE_KEY, createSelectionStore, EMPTY_COUPON, MAX_SELECTIONS, parseCoupon, selectionKey, type CouponStorage, type Selection } from './selections.ts';

function memoryStorage(initial: Record<string, string> = {}): CouponStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

function pick(gameId: number, outcomeKey: string, patch: Partial<Selection> = {}): Selection {
  return {
    id: selectionKey(gameId, outcomeKey),
    gameId,
    outcomeKey,
    marketKey: outcomeKey.slice(0, outcomeKey.lastIndexOf('/')),
    typeId: 1,
    groupId: 1,
    marketName: '1X2',
    pickName: 'Arsenal',
    coef: 2.1,
    sportId: 1,
    sportSlug: 'football',
    champId: 7,
    champName: 'Premier League',
    isLive: true,
    home: { id: 1, name: 'Arsenal' },
    away: { id: 2, name: 'Chelsea' },
    startsAt: 1_700_000_000_000,
    ...patch,
  };
}

describe('the selection store', () => {
  it('names a selection as the contract does', () => {
    expect(selectionKey(42, 'total:match@2.5/over')).toBe(selectionId(42, 'total:match@2.5/over'));
  });

  it('adds on the first click and removes on the second, keeping the time it was added', () => {
    const storage = memoryStorage();
    let now = 1_000;
    const store = createSelectionStore(storage, () => now);
    const calls: number[] = [];
    store.subscribe(() => calls.push(store.getSnapshot().bets.length));
    expect(store.toggle(pick(1, '1x2:match/home'))).toBe(true);
    now = 2_000;
    expect(store.toggle(pick(2, '1x2:match/away'))).toBe(true);
    expect(store.getSnapshot().addedAtByBetId).toEqual({ '1|1x2:match/home': 1_000, '2|1x2:match/away': 2_000 });
    expect(store.toggle(pick(1, '1x2:match/home'))).toBe(false);
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['2|1x2:match/away']);
    expect(store.getSnapshot().addedAtByBetId).toEqual({ '2|1x2:match/away': 2_000 });
    expect(calls).toEqual([1, 2, 1]);
  });

  it('keeps two outcomes of the same game (the slip judges combinations)', () => {
    const store = createSelectionStore(memoryStorage());
    store.toggle(pick(1, '1x2:match/home'));
    store.toggle(pick(1, 'total:match@2.5/over'));
    expect(store.getSnapshot().bets).toHaveLength(2);
    expect(store.has('1|total:match@2.5/over')).toBe(true);
  });

  it('persists to localStorage and reads it back in a new tab', () => {
    const storage = memoryStorage();
    const store = createSelectionStore(storage, () => 5);
    store.toggle(pick(1, '1x2:match/home'));
    expect(JSON.parse(storage.data[COUPON_STORAGE_KEY] ?? '')).toMatchObject({ bets: [{ id: '1|1x2:match/home' }], addedAtByBetId: { '1|1x2:match/home': 5 } });
    const again = createSelectionStore(storage);
    expect(again.getSnapshot().bets.map((b) => b.id)).toEqual(['1|1x2:match/home']);
  });

  it("follows another tab's writes when told, and stays quiet when nothing changed", () => {
    const storage = memoryStorage();
    const mine = createSelectionStore(storage);
    const other = createSelectionStore(storage);
    let heard = 0;
    mine.subscribe(() => heard++);
    other.toggle(pick(3, '1x2:match/draw'));
    mine.reload();
    expect(mine.getSnapshot().bets.map((b) => b.id)).toEqual(['3|1x2:match/draw']);
    mine.reload();
    expect(heard).toBe(1);
  });

  it('removes one, clears all, and keeps the slip settings it does not own', () => {
    const storage = memoryStorage({ [COUPON_STORAGE_KEY]: JSON.stringify({ bets: [pick(1, 'a/b'), pick(2, 'c/d')], addedAtByBetId: { '1|a/b': 7 }, typeId: 1, systemValue: 3 }) });
    const store = createSelectionStore(storage);
    expect(store.getSnapshot().addedAtByBetId).toEqual({ '1|a/b': 7, '2|c/d': 0 });
    store.remove('1|a/b');
    store.remove('nothing');
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['2|c/d']);
    store.clear();
    expect(store.getSnapshot()).toMatchObject({ bets: [], addedAtByBetId: {}, typeId: 1, systemValue: 3 });
    expect(JSON.parse(storage.data[COUPON_STORAGE_KEY] ?? '')).toMatchObject({ typeId: 1, systemValue: 3 });
  });

  it(`refuses more than ${MAX_SELECTIONS} selections`, () => {
    const store = createSelectionStore(memoryStorage());
    for (let i = 1; i <= MAX_SELECTIONS; i++) expect(store.toggle(pick(i, 'x/y'))).toBe(true);
    expect(store.toggle(pick(999, 'x/y'))).toBe(false);
    expect(store.getSnapshot().bets).toHaveLength(MAX_SELECTIONS);
  });

  it('reads anything broken or foreign as an empty coupon, and drops bad or repeated entries', () => {
    for (const raw of [null, '', 'not json', '[]', '{"bets":5}', 'null']) expect(parseCoupon(raw)).toBe(EMPTY_COUPON);
    const good = pick(1, 'a/b');
    const parsed = parseCoupon(JSON.stringify({ bets: [good, { ...good }, { ...pick(2, 'c/d'), id: 'forged' }, { ...pick(3, 'e/f'), coef: 'x' }, 7] }));
    expect(parsed.bets.map((b) => b.id)).toEqual(['1|a/b']);
  });

  it('works without storage, and with storage that throws', () => {
    const none = createSelectionStore(null);
    none.toggle(pick(1, 'a/b'));
    expect(none.getSnapshot().bets).toHaveLength(1);
    const broken: CouponStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const store = createSelectionStore(broken);
    expect(store.getSnapshot()).toBe(EMPTY_COUPON);
    expect(store.toggle(pick(1, 'a/b'))).toBe(true);
    expect(store.getSnapshot().bets).toHaveLength(1);
  });
  it('keeps the slip type and system k, and takes the odds the player accepts', () => {
    const storage = memoryStorage();
    const store = createSelectionStore(storage);
    store.toggle(pick(1, 'a/b'));
    store.toggle(pick(2, 'a/b'));
    store.setType(2, 2);
    expect(store.getSnapshot()).toMatchObject({ typeId: 2, systemValue: 2 });
    store.setType(1);
    expect(store.getSnapshot().typeId).toBe(1);
    expect(store.getSnapshot()).not.toHaveProperty('systemValue');
    store.acceptCoefs(new Map([['1|a/b', 3.5]]));
    expect(store.getSnapshot().bets.map((b) => b.coef)).toEqual([3.5, pick(2, 'a/b').coef]);
    expect(createSelectionStore(storage).getSnapshot().bets[0]?.coef).toBe(3.5);
  });
});
