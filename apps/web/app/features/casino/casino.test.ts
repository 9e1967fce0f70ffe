import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CasinoGameTile, CasinoLobby } from '@betsite/contracts';
import { fairRng, playEngine, serverSeedHash } from '@betsite/domain';
import type { ApiResult } from '../../shell/http.ts';
import { launchFailure, launchGame, type CasinoApi, type LobbyQuery } from './api.ts';
import { toggled } from './favorites.tsx';
import { categoryRoute, gameRoute, gameSlug, lobbySearch, lobbySection, parseLobbyParams, searchable } from './lobby-params.ts';
import { loadCasinoPage, type CasinoRequest } from './loaders.ts';
import { minorText } from './money.ts';
import { appOrigin, parseRgsMessage } from './rgs-messages.ts';
import { nextRoundsCursor } from './rounds.ts';
import { formFromRound, matchesRecorded, stableJson, verifyForm } from './verify.ts';

const ok = <T>(body: T, status = 200): ApiResult<T> => ({ ok: true, status, body });
const fail = (status: number, code: string | null = null): ApiResult<never> => ({ ok: false, status, code, message: null, body: null, network: status === 0 });

function tile(patch: Partial<CasinoGameTile> = {}): CasinoGameTile {
  return {
    id: 'fruit-fiesta',
    provider: 'northlight',
    providerName: 'Northlight',
    category: 'slots',
    subcategories: [],
    title: 'Fruit Fiesta',
    art: { motif: 'fruit', colors: ['#112233', '#ee5533'] },
    engine: 'fruit-fiesta',
    rtp: '96.10',
    volatility: 'medium',
    minStake: '10',
    maxStake: '10000',
    demo: true,
    isNew: false,
    popular: true,
    shared: false,
    ...patch,
  };
}

describe('lobby urls', () => {
  it('reads sort, provider and search, falling back to the defaults', () => {
    expect(parseLobbyParams(new URLSearchParams('sort=az&provider=northlight&q=%20fruit%20'))).toEqual({ sort: 'az', provider: 'northlight', q: 'fruit' });
    expect(parseLobbyParams(new URLSearchParams('sort=cheapest&provider=Bad%20One'))).toEqual({ sort: 'popular', provider: null, q: '' });
    expect(parseLobbyParams(new URLSearchParams(`q=${'x'.repeat(100)}`)).q).toHaveLength(64);
  });

  it('writes a query without the defaults, and round-trips', () => {
    expect(lobbySearch({ sort: 'popular', provider: null, q: '' })).toBe('');
    expect(lobbySearch({ sort: 'new', provider: 'northlight', q: 'neon' })).toBe('?q=neon&provider=northlight&sort=new');
    fc.assert(
      fc.property(fc.constantFrom('popular', 'new', 'az' as const), fc.option(fc.stringMatching(/^[a-z0-9-]{1,40}$/), { nil: null }), fc.string({ maxLength: 64 }), (sort, provider, q) => {
        const params = { sort, provider, q: q.trim() };
        expect(parseLobbyParams(new URLSearchParams(lobbySearch(params)))).toEqual(params);
      }),
    );
  });

  it('searches from 2 characters', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable(' ab ')).toBe(true);
  });

  it('maps every casino section to a category, with the nearest for those without games of their own', () => {
    expect(lobbySection('casino', {})).toMatchObject({ category: null });
    expect(lobbySection('casino', { subcategory: 'live' })).toMatchObject({ category: 'live' });
    expect(lobbySection('casino', { subcategory: 'roulette' })).toMatchObject({ key: 'category', category: 'roulette' });
    expect(lobbySection('casino', { subcategory: 'new' })).toMatchObject({ category: null, sort: 'new' });
    expect(lobbySection('slots', { subcategory: 'new' })).toMatchObject({ category: 'slots', sort: 'new' });
    expect(lobbySection('fishinghunting', {})?.nearest.length).toBeGreaterThan(0);
    expect(lobbySection('asian-games', {})?.nearest.length).toBeGreaterThan(0);
    expect(lobbySection('othergames', {})).toMatchObject({ category: null, exclude: ['slots'] });
    for (const name of ['bingo', 'keno', 'scratchcards', 'tvgames', 'virtualsports', 'fast-games', 'fast-bet', 'card-games', 'crash-games', 'skill-games', 'casino-lobby', 'casino-brand', 'slots-vulkan', 'poker']) {
      expect(lobbySection(name, {}), name).not.toBeNull();
    }
    expect(lobbySection('my-casino', {})).toBeNull();
  });

  it('gives every game a page under its category, slots under slots/all', () => {
    expect(gameRoute(tile())).toEqual({ name: 'slots-game', params: { subcategory: 'all', gameId: 'fruit-fiesta', gameName: 'fruit-fiesta' } });
    expect(gameRoute(tile({ id: 'european-roulette', category: 'roulette', title: 'European Roulette' }))).toEqual({
      name: 'casino-game',
      params: { subcategory: 'roulette', gameId: 'european-roulette', gameName: 'european-roulette' },
    });
    expect(gameSlug('Pharaoh’s Gold!', 'x')).toBe('pharaoh-s-gold');
    expect(gameSlug('Фруктовая фиеста', 'fruit-fiesta')).toBe('fruit-fiesta');
    expect(categoryRoute('slots')).toEqual({ name: 'slots', params: {} });
    expect(categoryRoute('roulette')).toEqual({ name: 'casino', params: { subcategory: 'roulette' } });
  });
});

describe('the casino loader', () => {
  const lobby = (games: CasinoGameTile[], categories: CasinoLobby['categories'] = []): CasinoLobby => ({ games, total: games.length, categories, providers: [] });
  function fakeApi(byCategory: Record<string, CasinoGameTile[]>, categories: CasinoLobby['categories'] = []) {
    const asked: LobbyQuery[] = [];
    const api: CasinoApi = {
      lobby: async (q) => (asked.push(q), ok(lobby(q.category ? (byCategory[q.category] ?? []) : Object.values(byCategory).flat(), categories))),
      game: async (id) => (id === 'fruit-fiesta' ? ok({ ...tile(), description: 'Fruit.' }) : fail(404, 'game_not_found')),
      my: async () => ok({ favorites: [tile()], recent: [] }),
      providers: async () => ok({ providers: [{ id: 'northlight', name: 'Northlight', count: 1 }] }),
      setFavorite: async () => ok(null, 204),
      rounds: async () => ok({ rounds: [] }),
      round: async () => fail(404, 'round_not_found'),
    };
    return { api, asked };
  }
  const req = (routeName: string, params: Record<string, string> = {}, search = '', loggedIn = false): CasinoRequest => ({
    routeName,
    params,
    url: new URL(`http://x/en/page${search}`),
    lng: 'en',
    loggedIn,
  });

  it('lists a section with games of its own', async () => {
    const { api, asked } = fakeApi({ slots: [tile()] });
    const data = await loadCasinoPage(api, req('slots', {}, '?sort=az'));
    expect(data).toMatchObject({ kind: 'lobby', shown: 'slots', nearest: false, favorites: null, params: { sort: 'az' } });
    expect(asked[0]).toMatchObject({ category: 'slots', sort: 'az', lang: 'en' });
  });

  it('never gives an empty page: a section without games shows the nearest category that has some', async () => {
    const { api, asked } = fakeApi({ 'fast-games': [tile({ id: 'dice', category: 'fast-games' })] }, [{ id: 'fast-games', title: 'Fast games', count: 1 }]);
    const data = await loadCasinoPage(api, req('fishinghunting'));
    expect(data).toMatchObject({ kind: 'lobby', shown: 'fast-games', nearest: true });
    expect(asked.map((q) => q.category)).toEqual(['fishinghunting', 'fast-games']);
    // Nothing near either: every game.
    const none = fakeApi({ slots: [tile()] });
    expect(await loadCasinoPage(none.api, req('asian-games'))).toMatchObject({ shown: null, nearest: true, lobby: { total: 1 } });
  });

  it('keeps other games apart from slots', async () => {
    const { api } = fakeApi({ slots: [tile()], roulette: [tile({ id: 'european-roulette', category: 'roulette' })] });
    const data = await loadCasinoPage(api, req('othergames'));
    expect(data.kind === 'lobby' && data.lobby.games.map((g) => g.id)).toEqual(['european-roulette']);
  });

  it("reads a player's favorites; a visitor has none", async () => {
    const { api } = fakeApi({ slots: [tile()] });
    expect(await loadCasinoPage(api, req('casino', {}, '', true))).toMatchObject({ favorites: ['fruit-fiesta'] });
    expect(await loadCasinoPage(api, req('my-casino'))).toMatchObject({ kind: 'my', my: null });
  });

  it('answers 404 for a game the catalogue does not know, and searches only from 2 characters', async () => {
    const { api, asked } = fakeApi({ slots: [tile()] });
    await expect(loadCasinoPage(api, req('casino-game', { subcategory: 'slots', gameId: 'nope' }))).rejects.toMatchObject({ init: { status: 404 } });
    expect(await loadCasinoPage(api, req('slots-game', { subcategory: 'all', gameId: 'fruit-fiesta' }))).toMatchObject({ kind: 'game', game: { id: 'fruit-fiesta' } });
    asked.length = 0;
    expect(await loadCasinoPage(api, req('casino-search', {}, '?q=f'))).toMatchObject({ kind: 'search', lobby: null });
    expect(asked.some((q) => q.q !== undefined)).toBe(false);
    expect(await loadCasinoPage(api, req('casino-search', {}, '?q=fru'))).toMatchObject({ kind: 'search', lobby: { total: 1 } });
    await expect(loadCasinoPage(api, req('providers-one', { provider: 'nobody' }))).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('gives an error state, not a 500, when the catalogue fails', async () => {
    const { api } = fakeApi({});
    api.lobby = async () => fail(503);
    expect(await loadCasinoPage(api, req('slots'))).toEqual({ kind: 'failed' });
  });
});

describe('launching a game', () => {
  it('retries what a retry may change: the network, 5xx, a used token; not a refusal', () => {
    expect(launchFailure(fail(0) as never)).toEqual({ ok: false, code: 'network', retryable: true });
    expect(launchFailure(fail(500, 'internal_error') as never)).toEqual({ ok: false, code: 'internal_error', retryable: true });
    expect(launchFailure(fail(502) as never)).toEqual({ ok: false, code: 'http_502', retryable: true });
    expect(launchFailure(fail(404, 'launch_token_invalid') as never)).toMatchObject({ retryable: true });
    expect(launchFailure(fail(404, 'game_not_found') as never)).toMatchObject({ retryable: false });
    expect(launchFailure(fail(422, 'demo_not_allowed') as never)).toMatchObject({ retryable: false });
    expect(launchFailure(fail(403, 'play_not_allowed') as never)).toMatchObject({ retryable: false });
  });

  it('redeems a launch token into a session and opens its url', async () => {
    const calls: [string, unknown][] = [];
    const client = {
      post: async (url: string, body: unknown) => {
        calls.push([url, body]);
        return url.endsWith('launch-tokens') ? ok({ token: 'tok', expiresAt: 1 }, 201) : ok({ sessionId: 's1', url: '/rgs/app/#session=s1' }, 201);
      },
    };
    expect(await launchGame(client as never, { gameId: 'dice', mode: 'demo', language: 'en' })).toEqual({ ok: true, url: '/rgs/app/#session=s1' });
    expect(calls).toEqual([
      ['/web-api/casino/v1/launch-tokens', { gameId: 'dice', mode: 'demo', language: 'en' }],
      ['/rgs/v1/sessions', { token: 'tok' }],
    ]);
  });

  it("reads only the game's own messages", () => {
    expect(parseRgsMessage({ source: 'rgs', type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseRgsMessage({ source: 'rgs', type: 'balance', balance: 1050, currency: 'RUB' })).toEqual({ type: 'balance', balance: '1050', currency: 'RUB' });
    expect(parseRgsMessage({ source: 'rgs', type: 'balance', balance: '1.5' })).toBeNull();
    expect(parseRgsMessage({ source: 'rgs', type: 'error' })).toEqual({ type: 'error', code: 'game_error' });
    expect(parseRgsMessage({ source: 'other', type: 'ready' })).toBeNull();
    expect(parseRgsMessage('ready')).toBeNull();
    expect(appOrigin('/rgs/app/#session=1', 'http://127.0.0.1:3000/en/slots')).toBe('http://127.0.0.1:3000');
  });
});

describe('verify page', () => {
  const serverSeed = 'a'.repeat(64);
  const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };
  const input = { actions: [{ action: 'roll', stake: '100', target: 5000, over: true }] };

  it('recomputes a round exactly as the game server plays it, and checks the hash', () => {
    const played = playEngine('dice', input as never, fairRng(seeds));
    const form = { engine: 'dice', serverSeed, serverSeedHash: serverSeedHash(serverSeed), clientSeed: 'player-seed', nonce: '7', input: JSON.stringify(input) };
    const outcome = verifyForm(form);
    expect(outcome).toMatchObject({ ok: true, hashMatches: true, stake: String(played.stake), win: String(played.win) });
    expect(verifyForm({ ...form, serverSeedHash: 'f'.repeat(64) })).toMatchObject({ ok: true, hashMatches: false });
    expect(verifyForm({ ...form, serverSeedHash: '' })).toMatchObject({ ok: true, hashMatches: null });
    if (!outcome.ok) throw new Error('unreachable');
    const round = { stake: String(played.stake), win: String(played.win), outcome: JSON.parse(JSON.stringify(played.view)) as unknown };
    expect(matchesRecorded(outcome, round)).toBe(true);
    expect(matchesRecorded(outcome, { ...round, win: '999999' })).toBe(false);
  });

  it('says what is wrong with the form instead of throwing', () => {
    const form = { engine: 'dice', serverSeed, serverSeedHash: '', clientSeed: 'c', nonce: '1', input: JSON.stringify(input) };
    expect(verifyForm({ ...form, engine: 'bingo-90' })).toEqual({ ok: false, error: 'engine' });
    expect(verifyForm({ ...form, serverSeed: ' ' })).toEqual({ ok: false, error: 'server_seed' });
    expect(verifyForm({ ...form, nonce: '-1' })).toEqual({ ok: false, error: 'nonce' });
    expect(verifyForm({ ...form, input: '{' })).toEqual({ ok: false, error: 'input_json' });
    expect(verifyForm({ ...form, input: '{}' })).toEqual({ ok: false, error: 'input' });
    expect(verifyForm({ ...form, input: JSON.stringify({ actions: [{ action: 'roll', stake: '100', target: 50, over: true }] }) })).toMatchObject({ ok: false, error: 'input' });
  });

  it('fills the form from a history round', () => {
    const round = { engine: 'dice', fairness: { serverSeedHash: 'h', serverSeed: null, clientSeed: 'c', nonce: 3 }, input };
    expect(formFromRound(round)).toMatchObject({ engine: 'dice', serverSeed: '', serverSeedHash: 'h', clientSeed: 'c', nonce: '3' });
    expect(stableJson({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe(stableJson({ a: [2, { c: 2, d: 1 }], b: 1 }));
  });
});

describe('small things', () => {
  it('toggles a favorite without touching the old set', () => {
    const before = new Set(['a']);
    expect([...toggled(before, 'b', true)]).toEqual(['a', 'b']);
    expect([...toggled(before, 'a', false)]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });

  it('shows minor units with two decimals, or in the currency', () => {
    expect(minorText('1050', 'en')).toBe('10.50');
    expect(minorText('-5', 'en')).toBe('-0.05');
    expect(minorText('123456', 'en', 'USD')).toBe('$1,234.56');
  });

  it('pages the history by the oldest shown round', () => {
    expect(nextRoundsCursor([{ id: 'a' }, { id: 'b' }], 2)).toBe('b');
    expect(nextRoundsCursor([{ id: 'a' }], 2)).toBeNull();
  });
});
