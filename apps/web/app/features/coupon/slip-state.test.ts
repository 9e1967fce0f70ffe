import { describe, expect, it } from 'vitest';
import type { GameDetail } from '@betsite/contracts';
import {
  applySettings,
  assignBlocks,
  autoMaxAmount,
  blockAmount,
  blockChoices,
  blocksProblem,
  canAddBanker,
  couponDraftOf,
  createJsonStore,
  DEFAULT_SETTINGS,
  effectiveChangeCoefAction,
  parseExtras,
  parseSettings,
  rebuildDraft,
  selectionFromGame,
  stepAmount,
  validBankers,
  validLobby,
} from './slip-state.ts';
import { normaliseAmount } from './slip.ts';

describe('blocks', () => {
  it('gives every pick a block, numbered 1…m in slip order, keeping picks that share one together', () => {
    expect(assignBlocks(['a', 'b', 'c'], {})).toEqual({ a: 1, b: 2, c: 3 });
    expect(assignBlocks(['a', 'b', 'c'], { a: 7, b: 7, c: 3 })).toEqual({ a: 1, b: 1, c: 2 });
    // A pick added later gets a block of its own; a removed pick's block disappears without a gap.
    expect(assignBlocks(['b', 'c', 'd'], { a: 1, b: 2, c: 2 })).toEqual({ b: 1, c: 1, d: 2 });
    expect(assignBlocks(['a'], { a: -1 })).toEqual({ a: 1 });
  });

  it('offers the existing blocks and a new one unless the pick is alone', () => {
    expect(blockChoices({ a: 1, b: 1, c: 2 }, 'a')).toEqual([1, 2, 3]);
    expect(blockChoices({ a: 1, b: 1, c: 2 }, 'c')).toEqual([1, 2]);
  });

  it('says when a multi-bet (3 blocks besides the lobby) or a conditional (2 blocks) cannot be built', () => {
    expect(blocksProblem(4, { a: 1, b: 2, c: 3 }, null)).toBeNull();
    expect(blocksProblem(4, { a: 1, b: 2, c: 3 }, 3)).toBe('coupon_blocks_multi_min');
    expect(blocksProblem(4, { a: 1, b: 2, c: 3, d: 4 }, 1)).toBeNull();
    expect(blocksProblem(4, { a: 1, b: 1, c: 2 }, null)).toBe('coupon_blocks_multi_min');
    expect(blocksProblem(5, { a: 1, b: 1 }, null)).toBe('coupon_blocks_conditional_min');
    expect(blocksProblem(5, { a: 1, b: 2 }, null)).toBeNull();
    expect(blocksProblem(1, { a: 1 }, null)).toBeNull();
    expect(validLobby({ a: 1, b: 2 }, 3)).toBeNull();
    expect(validLobby({ a: 1, b: 2 }, 2)).toBe(2);
  });

  it('reads a later block stake: empty or "max" stakes all, else an amount', () => {
    const norm = (t: string) => normaliseAmount(t, 'EUR');
    expect(blockAmount(undefined, norm)).toBe('max');
    expect(blockAmount(' MAX ', norm)).toBe('max');
    expect(blockAmount('5', norm)).toBe('5.00');
    expect(blockAmount('5.555', norm)).toBeNull();
  });
});

describe('bankers', () => {
  it('keeps bankers in the slip, at most n − 2', () => {
    expect(validBankers(['x', 'a', 'a', 'b', 'c'], ['a', 'b', 'c', 'd'])).toEqual(['a', 'b']);
    expect(validBankers(['a'], ['a', 'b'])).toEqual([]);
    expect(canAddBanker(['a'], 4)).toBe(true);
    expect(canAddBanker(['a', 'b'], 4)).toBe(false);
  });
});

describe('settings (SPEC §4)', () => {
  it('exact odds turn drop-on-score-change off; drop-on-score-change turns one-click and exact odds off', () => {
    const dropping = applySettings(DEFAULT_SETTINGS, { isDropOnScoreChange: true });
    expect(dropping.isDropOnScoreChange).toBe(true);
    expect(applySettings(dropping, { exactCoef: true })).toMatchObject({ exactCoef: true, isDropOnScoreChange: false });
    const oneClick = applySettings(DEFAULT_SETTINGS, { isOneClick: true, exactCoef: true });
    expect(applySettings(oneClick, { isDropOnScoreChange: true })).toMatchObject({ isOneClick: false, exactCoef: false, isDropOnScoreChange: true });
    expect(applySettings(dropping, { isOneClick: true })).toMatchObject({ isOneClick: true, isDropOnScoreChange: false });
  });

  it('one-click takes any odds change (SPEC §9), otherwise the player choice', () => {
    expect(effectiveChangeCoefAction({ isOneClick: true, changeCoefAction: 0 })).toBe(1);
    expect(effectiveChangeCoefAction({ isOneClick: false, changeCoefAction: 0 })).toBe(0);
  });

  it('reads stored settings and extras, anything odd as the defaults', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{bad')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ changeCoefAction: 0, isOneClick: true, isDropOnScoreChange: true, oneClickAmount: '5', accountId: 7 }))).toMatchObject({
      changeCoefAction: 0,
      isOneClick: true,
      isDropOnScoreChange: false,
      oneClickAmount: '5',
      accountId: null,
    });
    expect(parseExtras(JSON.stringify({ blocks: { a: 2, b: 'x', c: 0 }, bankers: ['a', 3], lobbyBlockId: 2, amountByBlock: { 2: 'max' } }))).toMatchObject({
      blocks: { a: 2 },
      bankers: ['a'],
      lobbyBlockId: 2,
      amountByBlock: { 2: 'max' },
    });
  });

  it('keeps a value in storage and tells subscribers', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const store = createJsonStore('coupon_settings', parseSettings, storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(applySettings(store.get(), { changeCoefAction: 1 }));
    expect(calls).toBe(1);
    expect(createJsonStore('coupon_settings', parseSettings, storage).get().changeCoefAction).toBe(1);
    data.set('coupon_settings', JSON.stringify({ changeCoefAction: 0 }));
    store.reload();
    expect(store.get().changeCoefAction).toBe(0);
    expect(calls).toBe(2);
  });
});

describe('stakes', () => {
  it('auto-max stakes the maximum, or the balance when lower', () => {
    expect(autoMaxAmount('500.00', '1000.00', 'EUR')).toBe('500.00');
    expect(autoMaxAmount('500.00', '120.50', 'EUR')).toBe('120.50');
    expect(autoMaxAmount('500.00', '0.00', 'EUR')).toBeNull();
    expect(autoMaxAmount(null, '10.00', 'EUR')).toBeNull();
  });

  it('steps by the currency step, snapping an off-step stake, never below one step', () => {
    expect(stepAmount('5', '2.50', 'EUR', 1)).toBe('7.50');
    expect(stepAmount('6', '2.50', 'EUR', 1)).toBe('7.50');
    expect(stepAmount('6', '2.50', 'EUR', -1)).toBe('5.00');
    expect(stepAmount('2.5', '2.50', 'EUR', -1)).toBe('2.50');
    expect(stepAmount('', '100.00', 'RUB', 1)).toBe('100.00');
    expect(stepAmount('x', '100.00', 'RUB', 1)).toBe('100.00');
  });
});

describe('repeat and load a code', () => {
  const game = (id: number, finished = false): GameDetail =>
    ({
      id,
      permanentId: String(id),
      sportId: 1,
      sportSlug: 'football',
      champId: 3,
      champName: 'Cup',
      countryCode: 'xx',
      home: { id: 1, name: `H${id}` },
      away: { id: 2, name: `A${id}` },
      startsAt: 0,
      status: finished ? 4 : 1,
      isLive: false,
      isFinished: finished,
      liveInLive: false,
      suspended: false,
      isTop: false,
      live: null,
      marketsCount: 1,
      markets: [{ key: '1x2:match', type: '1x2', groupId: 1, scope: 'match', name: 'Match result', blocked: false, outcomes: [{ key: '1x2:match/home', typeId: 1, kind: 'home', name: '1', coef: 2.4, blocked: false }] }],
      format: { periods: 2 },
      result: null,
    }) as GameDetail;

  it('makes a selection of a game as it is now', () => {
    expect(selectionFromGame(game(4), '1x2:match/home')).toMatchObject({ id: '4|1x2:match/home', coef: 2.4, marketName: 'Match result', pickName: '1', home: { name: 'H4' } });
    expect(selectionFromGame(game(4), 'nope')).toBeNull();
    expect(selectionFromGame(game(4, true), '1x2:match/home')).toBeNull();
  });

  it('rebuilds a coupon with its type, system value, blocks and bankers; falls back when picks are gone', () => {
    const coupon = {
      typeId: 4,
      systemValue: 2,
      bets: [4, 5, 6].map((gameId, i) => ({ gameId, outcomeKey: '1x2:match/home', blockId: i + 1, isBanker: false })),
    };
    const games = new Map([4, 5, 6].map((id) => [id, game(id)]));
    const all = rebuildDraft(couponDraftOf({ ...coupon, bets: coupon.bets.map((b) => ({ ...b, coef: 2, status: 1, home: null, away: null, outcomeName: null, score: null })) }), games);
    expect(all).toMatchObject({ missing: 0, typeId: 4, systemValue: 2 });
    expect(all.extras.blocks).toEqual({ '4|1x2:match/home': 1, '5|1x2:match/home': 2, '6|1x2:match/home': 3 });
    const partial = rebuildDraft(coupon, new Map([[4, game(4)], [5, game(5, true)]]));
    expect(partial).toMatchObject({ missing: 2, typeId: 0 });
    expect(partial.selections).toHaveLength(1);
  });
});
