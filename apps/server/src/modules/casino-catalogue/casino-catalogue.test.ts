/**
 * The casino catalogue (issue 13, decision 0024) on both databases: the demo catalogue (one
 * game per engine, the domain's RTPs, idempotent); the lobby's filters, search in any language,
 * sorts, paging, counts, language fallback, country hiding and invalid queries; favorites and
 * recently played with and without a session and the CSRF rule; the operator's endpoints with
 * and without the token; and the launch path refusing unknown, disabled, hidden and
 * demo-not-allowed games and recording what a player launched.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  CASINO_API,
  CASINO_ENGINES,
  CASINO_WALLET_API,
  CasinoGameDetailSchema,
  CasinoLobbySchema,
  CasinoMySchema,
  CasinoOpsGameSchema,
  CasinoOpsGamesSchema,
  CasinoProvidersSchema,
  LaunchTokenSchema,
  casinoPath,
  type CasinoLobby,
  type CasinoOpsGameInput,
} from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { ART_PREFIX, artPath, artSvg, BLACKJACK, EUROPEAN_ROULETTE, FRUIT_FIESTA, KENO, NEON_NIGHTS, PHARAOHS_GOLD, VIDEO_POKER } from '@betsite/domain';
import { createClock } from '../../lib/clock.ts';
import { buildTestApp, fundedPlayer, opsHeaders, type TestPlayer } from '../../testing.ts';
import { DEMO_GAMES, RECENT_KEPT, seedCasinoCatalogue } from './index.ts';

const COUNTRY = 'x-country-code';

describeEachDb('casino catalogue', (t) => {
  const clock = createClock({ fake: true });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const lobby = async (query: string, headers: Record<string, string> = {}): Promise<CasinoLobby> => {
    const res = await get(`${CASINO_API.lobby}${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return CasinoLobbySchema.parse(res.json());
  };
  const ids = (l: CasinoLobby) => l.games.map((g) => g.id);
  const errorOf = (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];
  const favorite = (method: 'PUT' | 'DELETE', gameId: string, headers: Record<string, string>) =>
    app.inject({ method, url: casinoPath(CASINO_API.favorite, { gameId }), headers });
  const my = async (p: TestPlayer, query = '') => {
    const res = await get(`${CASINO_API.my}${query}`, p.headers);
    expect(res.statusCode, res.body).toBe(200);
    return CasinoMySchema.parse(res.json());
  };
  const launch = (headers: Record<string, string>, gameId: string, mode: 'real' | 'demo') =>
    app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers, payload: { gameId, mode, language: 'en' } });
  const ops = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = opsHeaders) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  const input = (over: Partial<CasinoOpsGameInput> = {}): CasinoOpsGameInput => ({
    provider: 'northlight',
    category: 'slots',
    subcategories: [],
    titles: { en: 'Test Slot', ru: 'Тестовый слот' },
    descriptions: { en: 'A test slot.' },
    art: { motif: 'gem', colors: ['#123456', '#abcdef'] },
    engine: 'fruit-fiesta',
    rtp: '95.62',
    volatility: 'low',
    minStake: '10',
    maxStake: '1000',
    demo: true,
    ...over,
  });
  const putGame = async (id: string, over: Partial<CasinoOpsGameInput> = {}) => {
    const res = await ops('PUT', casinoPath(CASINO_API.opsGame, { id }), input(over));
    expect(res.statusCode, res.body).toBe(200);
    return CasinoOpsGameSchema.parse(res.json());
  };
  const player = () => fundedPlayer(app, app.ledger, 100_00n);

  it('seeds one game per engine with the domain’s declared RTP, once', async () => {
    const all = await lobby('?limit=500');
    expect(all.total).toBe(CASINO_ENGINES.length);
    expect(ids(all).sort()).toEqual([...CASINO_ENGINES].sort());
    const rtp = Object.fromEntries(all.games.map((g) => [g.id, g.rtp]));
    const pct = (r: number) => (Math.round(r * 10_000) / 100).toFixed(2);
    expect(rtp).toMatchObject({
      'fruit-fiesta': pct(FRUIT_FIESTA.rtp),
      'pharaohs-gold': pct(PHARAOHS_GOLD.rtp),
      'neon-nights': pct(NEON_NIGHTS.rtp),
      'european-roulette': '97.30',
      blackjack: pct(BLACKJACK.rtp),
      'jacks-or-better': pct(VIDEO_POKER.rtp),
      keno: pct(KENO.rtp),
      dice: '99.00',
      mines: '99.00',
      scratch: '95.00',
      crash: '99.00',
      'crash-live': '99.00',
      'bingo-90': '95.00',
      'tv-roulette': pct(EUROPEAN_ROULETTE.rtp),
      'tv-keno': pct(KENO.rtp),
      'virtual-football': '95.00',
      'virtual-race': '95.00',
    });
    for (const g of all.games) {
      expect(g.engine).toBe(g.id);
      expect(g.shared, g.id).toBe(['crash-live', 'bingo-90', 'tv-roulette', 'tv-keno', 'virtual-football', 'virtual-race'].includes(g.id));
      expect(BigInt(g.minStake) <= BigInt(g.maxStake)).toBe(true);
    }
    // Every demo game has English and Russian titles and descriptions.
    for (const g of DEMO_GAMES) expect(Object.keys(g.titles).sort(), g.id).toEqual(['en', 'ru']);
    // Idempotent: a second run adds nothing.
    expect(await seedCasinoCatalogue(app.db, new Date())).toBe(0);
    expect((await lobby('?limit=500')).total).toBe(CASINO_ENGINES.length);
  });

  it("serves every tile's picture at its art path, kept forever; 404 for a path that is not one", async () => {
    const { games } = await lobby('?limit=500');
    for (const game of games) {
      const res = await get(artPath(game.art, game.id));
      expect(res.statusCode, game.id).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(artSvg(game.art, game.id));
    }
    for (const path of [`${ART_PREFIX}/dice/dice-112233-ee5533.png`, `${ART_PREFIX}/Dice/dice-112233-ee5533.svg`, `${ART_PREFIX}/dice/dice-1122-ee5533.svg`, `${ART_PREFIX}/dice`]) {
      expect(errorOf(await get(path)), path).toEqual([404, 'not_found']);
    }
  });

  it('filters by category (its own or a subcategory) and provider, with counts that show what picking them gives', async () => {
    expect(ids(await lobby('?category=slots')).sort()).toEqual(['fruit-fiesta', 'neon-nights', 'pharaohs-gold']);
    const live = await lobby('?category=live');
    expect(ids(live).sort()).toEqual(['bingo-90', 'crash-live', 'tv-keno', 'tv-roulette', 'virtual-football', 'virtual-race']);
    expect(live.games.every((g) => g.shared)).toBe(true);
    // Subcategories: jacks-or-better is a card game listed under video poker and poker; the roulettes.
    expect(ids(await lobby('?category=poker'))).toEqual(['jacks-or-better']);
    expect(ids(await lobby('?category=roulette')).sort()).toEqual(['european-roulette', 'tv-roulette']);
    expect(ids(await lobby('?provider=northlight-originals')).sort()).toEqual(['crash', 'dice', 'mines']);
    expect(ids(await lobby('?provider=northlight&category=slots')).sort()).toEqual(['fruit-fiesta', 'neon-nights', 'pharaohs-gold']);
    expect((await lobby('?category=skill-games')).total).toBe(0);

    const withProvider = await lobby('?provider=northlight&category=slots');
    // Category counts follow the provider filter, not the category one.
    const cats = Object.fromEntries(withProvider.categories.map((c) => [c.id, c.count]));
    expect(cats).toMatchObject({ slots: 3, scratchcards: 1, 'fast-games': 1, live: 0, roulette: 0 });
    // Provider counts follow the category filter, not the provider one.
    const provs = Object.fromEntries(withProvider.providers.map((p) => [p.id, p.count]));
    expect(provs).toEqual({ northlight: 3, 'northlight-table': 0, 'northlight-originals': 0, 'northlight-live': 0 });
    expect(withProvider.providers.map((p) => p.name)).toContain('Northlight Slots');
    // Every category of the lobby, in order, with its title.
    expect(withProvider.categories[0]).toEqual({ id: 'slots', title: 'Slots', count: 3 });
    expect(withProvider.categories.map((c) => c.id)).toContain('virtualsports');

    const providers = CasinoProvidersSchema.parse((await get(CASINO_API.providers)).json()).providers;
    expect(Object.fromEntries(providers.map((p) => [p.id, p.count]))).toEqual({ northlight: 4, 'northlight-table': 4, 'northlight-originals': 3, 'northlight-live': 6 });
  });

  it('searches titles in any language as you type, case-insensitively', async () => {
    expect(ids(await lobby('?q=NEON'))).toEqual(['neon-nights']);
    expect(ids(await lobby(`?q=${encodeURIComponent('ЗОЛОТО')}`))).toEqual(['pharaohs-gold']);
    expect(ids(await lobby(`?q=${encodeURIComponent('фара')}&lang=en`))).toEqual(['pharaohs-gold']);
    // Titles in English answer the Russian search in English.
    expect((await lobby(`?q=${encodeURIComponent('фара')}`)).games[0]?.title).toBe("Pharaoh's Gold");
    expect(ids(await lobby('?q=roul')).sort()).toEqual(['european-roulette', 'tv-roulette']);
    expect(ids(await lobby('?q=roul&category=tvgames'))).toEqual(['tv-roulette']);
    // Counts follow the search.
    expect((await lobby('?q=crash')).categories.find((c) => c.id === 'crash-games')?.count).toBe(2);
    expect((await lobby('?q=zzzz')).total).toBe(0);
    // An empty search box is no search.
    expect((await lobby('?q=')).total).toBe(CASINO_ENGINES.length);
  });

  it('sorts popular, new and A–Z and pages without changing the total', async () => {
    const popular = await lobby('?limit=500');
    expect(popular.games[0]?.id).toBe('fruit-fiesta');
    expect(popular.games[1]?.id).toBe('crash-live');
    const fresh = await lobby('?sort=new&limit=2');
    expect(fresh.games.every((g) => g.isNew)).toBe(true);
    const az = await lobby('?sort=az&limit=500');
    const titles = az.games.map((g) => g.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect(az.games[0]?.title).toBe('Bingo 90');
    const azRu = await lobby('?sort=az&lang=ru&limit=500');
    expect(azRu.games.slice(0, 2).map((g) => g.title)).toEqual(['Бинго 90', 'Блэкджек']);

    const page = await lobby('?limit=5&offset=3');
    expect(page.total).toBe(popular.total);
    expect(ids(page)).toEqual(ids(popular).slice(3, 8));
    expect((await lobby('?offset=100')).games).toEqual([]);
  });

  it('answers titles and descriptions in the asked language, English when there is none', async () => {
    const ru = await lobby('?category=slots&lang=ru');
    expect(ru.games.find((g) => g.id === 'fruit-fiesta')?.title).toBe('Фруктовая фиеста');
    expect(ru.categories.find((c) => c.id === 'slots')?.title).toBe('Слоты');
    const de = await lobby('?category=slots&lang=de');
    expect(de.games.find((g) => g.id === 'fruit-fiesta')?.title).toBe('Fruit Fiesta');
    expect(de.categories.find((c) => c.id === 'slots')?.title).toBe('Slots');

    const detail = CasinoGameDetailSchema.parse((await get(`${casinoPath(CASINO_API.game, { gameId: 'blackjack' })}?lang=ru`)).json());
    expect(detail).toMatchObject({ id: 'blackjack', title: 'Блэкджек', provider: 'northlight-table', providerName: 'Northlight Table', category: 'card-games', demo: true });
    expect(detail.description).toMatch(/дилер/);
    const fallback = CasinoGameDetailSchema.parse((await get(`${casinoPath(CASINO_API.game, { gameId: 'blackjack' })}?lang=fr`)).json());
    expect(fallback.description).toMatch(/dealer/);
  });

  it('answers 404 game_not_found for an unknown game and 400 for an invalid query', async () => {
    expect(errorOf(await get(casinoPath(CASINO_API.game, { gameId: 'no-such-game' })))).toEqual([404, 'game_not_found']);
    expect(errorOf(await get(casinoPath(CASINO_API.game, { gameId: 'Not A Game!' })))).toEqual([404, 'game_not_found']);
    expect(errorOf(await get(`${casinoPath(CASINO_API.game, { gameId: 'dice' })}?lang=english`))).toEqual([400, 'invalid_request']);
    for (const query of ['?q=a', '?sort=rating', '?limit=0', '?limit=501', '?offset=-1', '?lang=EN', '?category=Slots!', '?provider=a%20b', '?extra=1', `?q=${'x'.repeat(65)}`]) {
      expect(errorOf(await get(`${CASINO_API.lobby}${query}`)), query).toEqual([400, 'invalid_request']);
    }
    expect(errorOf(await get(`${CASINO_API.providers}?lang=xyz`))).toEqual([400, 'invalid_request']);
  });

  it('hides disabled games everywhere and games hidden in the request country there only', async () => {
    await putGame('hidden-in-de', { titles: { en: 'Hidden Gem' }, hiddenCountries: ['DE'] });
    await putGame('switched-off', { titles: { en: 'Switched Off' }, enabled: false });
    const inDe = { [COUNTRY]: 'DE' };
    const inFr = { [COUNTRY]: 'fr' };
    expect(ids(await lobby('?q=hidden', inDe))).toEqual([]);
    expect(ids(await lobby('?q=hidden', inFr))).toEqual(['hidden-in-de']);
    // No known country: every enabled game.
    expect(ids(await lobby('?q=hidden'))).toEqual(['hidden-in-de']);
    expect((await lobby('?category=slots', inDe)).categories.find((c) => c.id === 'slots')?.count).toBe(3);
    expect((await lobby('?category=slots', inFr)).categories.find((c) => c.id === 'slots')?.count).toBe(4);
    expect(errorOf(await get(casinoPath(CASINO_API.game, { gameId: 'hidden-in-de' }), inDe))).toEqual([404, 'game_not_found']);
    expect((await get(casinoPath(CASINO_API.game, { gameId: 'hidden-in-de' }), inFr)).statusCode).toBe(200);

    expect(ids(await lobby('?q=switched'))).toEqual([]);
    expect(errorOf(await get(casinoPath(CASINO_API.game, { gameId: 'switched-off' })))).toEqual([404, 'game_not_found']);

    const p = await player();
    expect(errorOf(await favorite('PUT', 'hidden-in-de', { ...p.headers, ...inDe }))).toEqual([404, 'game_not_found']);
    expect((await favorite('PUT', 'hidden-in-de', { ...p.headers, ...inFr })).statusCode).toBe(204);
    // The favorite is not shown where the game is hidden.
    expect((await my(p)).favorites.map((g) => g.id)).toEqual(['hidden-in-de']);
    const deMy = CasinoMySchema.parse((await get(CASINO_API.my, { ...p.headers, ...inDe })).json());
    expect(deMy.favorites).toEqual([]);

    // Launch: unknown, disabled and hidden games are not found.
    for (const [gameId, headers] of [['no-such-game', {}], ['switched-off', {}], ['hidden-in-de', inDe]] as const) {
      expect(errorOf(await launch(headers, gameId, 'demo')), gameId).toEqual([404, 'game_not_found']);
      expect(errorOf(await launch({ ...p.headers, ...headers }, gameId, 'real')), gameId).toEqual([404, 'game_not_found']);
    }
    expect((await launch(inFr, 'hidden-in-de', 'demo')).statusCode).toBe(201);

    for (const id of ['hidden-in-de', 'switched-off']) expect((await ops('DELETE', casinoPath(CASINO_API.opsGame, { id }))).statusCode).toBe(204);
    expect((await my(p)).favorites).toEqual([]);
  });

  it('keeps favorites for a player with a session; CSRF applies to cookie sessions', async () => {
    const p = await player();
    const other = await player();
    expect(errorOf(await get(CASINO_API.my))).toEqual([401, 'unauthorized']);
    expect(errorOf(await favorite('PUT', 'dice', {}))).toEqual([401, 'unauthorized']);
    expect(errorOf(await favorite('DELETE', 'dice', {}))).toEqual([401, 'unauthorized']);
    expect(errorOf(await favorite('PUT', 'no-such-game', p.headers))).toEqual([404, 'game_not_found']);
    expect(errorOf(await favorite('DELETE', 'no-such-game', p.headers))).toEqual([404, 'game_not_found']);
    expect(errorOf(await favorite('PUT', 'Bad Id', p.headers))).toEqual([404, 'game_not_found']);

    expect((await favorite('PUT', 'dice', p.headers)).statusCode).toBe(204);
    clock.advance?.(1);
    expect((await favorite('PUT', 'pharaohs-gold', p.headers)).statusCode).toBe(204);
    // Idempotent: again changes nothing.
    expect((await favorite('PUT', 'dice', p.headers)).statusCode).toBe(204);
    const mine = await my(p, '?lang=ru');
    expect(mine.favorites.map((g) => [g.id, g.title])).toEqual([['pharaohs-gold', 'Золото фараона'], ['dice', 'Кости']]);
    expect((await my(other)).favorites).toEqual([]);
    expect(errorOf(await get(`${CASINO_API.my}?lang=russian`, p.headers))).toEqual([400, 'invalid_request']);

    expect((await favorite('DELETE', 'dice', p.headers)).statusCode).toBe(204);
    expect((await favorite('DELETE', 'dice', p.headers)).statusCode).toBe(204);
    expect((await my(p)).favorites.map((g) => g.id)).toEqual(['pharaohs-gold']);

    // The browser's cookie session: a write needs X-Requested-With and our origin.
    const cookie = { cookie: `user_token=${p.headers['x-auth']}` };
    expect(errorOf(await favorite('PUT', 'mines', cookie))).toEqual([403, 'csrf']);
    expect(errorOf(await favorite('DELETE', 'pharaohs-gold', { ...cookie, 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' }))).toEqual([403, 'csrf']);
    clock.advance?.(1);
    expect((await favorite('PUT', 'mines', { ...cookie, 'x-requested-with': 'XMLHttpRequest' })).statusCode).toBe(204);
    // Reads need no proof.
    expect(CasinoMySchema.parse((await get(CASINO_API.my, cookie)).json()).favorites.map((g) => g.id)).toEqual(['mines', 'pharaohs-gold']);
  });

  it('refuses a demo launch of a real-money-only game, records what a player launched, keeps the last 20', async () => {
    await putGame('real-only', { titles: { en: 'Real Only' }, demo: false });
    const p = await player();
    expect(errorOf(await launch({}, 'real-only', 'demo'))).toEqual([422, 'demo_not_allowed']);
    expect(errorOf(await launch(p.headers, 'real-only', 'demo'))).toEqual([422, 'demo_not_allowed']);
    expect((await my(p)).recent).toEqual([]);
    LaunchTokenSchema.parse((await launch(p.headers, 'real-only', 'real')).json());
    clock.advance?.(1);
    expect((await launch(p.headers, 'fruit-fiesta', 'demo')).statusCode).toBe(201);
    clock.advance?.(1);
    expect((await launch(p.headers, 'european-roulette', 'real')).statusCode).toBe(201);
    expect((await my(p)).recent.map((g) => g.id)).toEqual(['european-roulette', 'fruit-fiesta', 'real-only']);
    // A launch again moves the game to the front, once.
    clock.advance?.(1);
    expect((await launch(p.headers, 'real-only', 'real')).statusCode).toBe(201);
    expect((await my(p)).recent.map((g) => g.id)).toEqual(['real-only', 'european-roulette', 'fruit-fiesta']);
    // A refused real launch (another currency the player has no account in) records nothing.
    const res = await app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers: p.headers, payload: { gameId: 'dice', mode: 'real', language: 'en', currency: 'USD' } });
    expect(errorOf(res)).toEqual([404, 'account_not_found']);
    expect((await my(p)).recent.map((g) => g.id)).not.toContain('dice');

    // Past 20 games, the oldest launches go.
    const games = (await lobby('?limit=500')).games.map((g) => g.id).filter((id) => id !== 'real-only');
    for (const gameId of games) {
      clock.advance?.(1);
      expect((await launch(p.headers, gameId, 'demo')).statusCode, gameId).toBe(201);
    }
    for (let i = 0; i < 5; i++) await putGame(`extra-${i}`, { titles: { en: `Extra ${i}` } });
    for (let i = 0; i < 5; i++) {
      clock.advance?.(1);
      expect((await launch(p.headers, `extra-${i}`, 'demo')).statusCode).toBe(201);
    }
    const recent = (await my(p)).recent.map((g) => g.id);
    expect(recent).toHaveLength(RECENT_KEPT);
    expect(recent.slice(0, 5)).toEqual(['extra-4', 'extra-3', 'extra-2', 'extra-1', 'extra-0']);
    expect(recent).not.toContain('real-only');
    expect(await app.db.selectFrom('casino_recent').select('game_id').where('user_id', '=', p.userId).execute()).toHaveLength(RECENT_KEPT);

    // A visitor's demo launch records nothing (no player).
    expect((await launch({}, 'dice', 'demo')).statusCode).toBe(201);
    for (const id of ['real-only', ...[0, 1, 2, 3, 4].map((i) => `extra-${i}`)]) await ops('DELETE', casinoPath(CASINO_API.opsGame, { id }));
  });

  it('serves the operator endpoints only with the token', async () => {
    const routes: [method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', CASINO_API.opsGames],
      ['GET', casinoPath(CASINO_API.opsGame, { id: 'dice' })],
      ['PUT', casinoPath(CASINO_API.opsGame, { id: 'dice' }), input()],
      ['DELETE', casinoPath(CASINO_API.opsGame, { id: 'dice' })],
      ['PUT', casinoPath(CASINO_API.opsCategory, { id: 'slots' }), { titles: { en: 'X' } }],
      ['PUT', casinoPath(CASINO_API.opsProvider, { id: 'northlight' }), { name: 'X' }],
    ];
    for (const [method, url, body] of routes) {
      expect(errorOf(await ops(method, url, body, {})), `${method} ${url}`).toEqual([401, 'unauthorized']);
      expect(errorOf(await ops(method, url, body, { authorization: 'Bearer wrong-token' })), `${method} ${url}`).toEqual([401, 'unauthorized']);
    }
    // Nothing changed.
    expect((await lobby('?q=dice')).games[0]?.title).toBe('Dice');

    const list = CasinoOpsGamesSchema.parse((await ops('GET', CASINO_API.opsGames)).json());
    expect(list.games).toHaveLength(CASINO_ENGINES.length);
    const dice = CasinoOpsGameSchema.parse((await ops('GET', casinoPath(CASINO_API.opsGame, { id: 'dice' }))).json());
    expect(dice).toMatchObject({ id: 'dice', engine: 'dice', rtp: '99.00', enabled: true, hiddenCountries: [], titles: { en: 'Dice', ru: 'Кости' } });
    expect(errorOf(await ops('GET', casinoPath(CASINO_API.opsGame, { id: 'nope' })))).toEqual([404, 'game_not_found']);
    expect(errorOf(await ops('DELETE', casinoPath(CASINO_API.opsGame, { id: 'nope' })))).toEqual([404, 'game_not_found']);

    // Invalid input: 400; unknown provider or category: 422.
    const url = casinoPath(CASINO_API.opsGame, { id: 'ops-game' });
    for (const bad of [{ rtp: '96.1' }, { minStake: '0' }, { minStake: '100', maxStake: '10' }, { engine: 'poker-night' }, { titles: { ru: 'Только' } }, { art: { motif: 'gem', colors: ['red', '#000000'] } }, { hiddenCountries: ['de'] }]) {
      expect(errorOf(await ops('PUT', url, { ...input(), ...bad })), JSON.stringify(bad)).toEqual([400, 'invalid_request']);
    }
    expect(errorOf(await ops('PUT', url, { ...input(), extra: true }))).toEqual([400, 'invalid_request']);
    expect(errorOf(await ops('PUT', casinoPath(CASINO_API.opsGame, { id: 'Bad Id' }), input()))).toEqual([400, 'invalid_request']);
    expect(errorOf(await ops('PUT', url, input({ provider: 'nobody' })))).toEqual([422, 'provider_not_found']);
    expect(errorOf(await ops('PUT', url, input({ category: 'lotteries' })))).toEqual([422, 'category_not_found']);

    // A new provider and category, then a game in them: in the lobby at once.
    const provider = await ops('PUT', casinoPath(CASINO_API.opsProvider, { id: 'aurora' }), { name: 'Aurora Games', position: 5 });
    expect(provider.json()).toEqual({ id: 'aurora', name: 'Aurora Games', position: 5 });
    const category = await ops('PUT', casinoPath(CASINO_API.opsCategory, { id: 'lotteries' }), { titles: { en: 'Lotteries', ru: 'Лотереи' } });
    expect(category.json()).toEqual({ id: 'lotteries', titles: { en: 'Lotteries', ru: 'Лотереи' }, position: 100 });
    const created = await putGame('ops-game', { provider: 'aurora', category: 'lotteries', titles: { en: 'Lucky Draw', ru: 'Удачный тираж' }, isNew: true, popularity: 1 });
    expect(created).toMatchObject({ id: 'ops-game', provider: 'aurora', shared: false, isNew: true });
    const after = await lobby('?lang=ru');
    expect(after.games[0]).toMatchObject({ id: 'ops-game', title: 'Удачный тираж', providerName: 'Aurora Games' });
    expect(after.providers[0]).toEqual({ id: 'aurora', name: 'Aurora Games', count: 1 });
    expect(after.categories.find((c) => c.id === 'lotteries')).toEqual({ id: 'lotteries', title: 'Лотереи', count: 1 });
    // Replacing keeps the creation time; renaming a category shows at once.
    const replaced = await putGame('ops-game', { provider: 'aurora', category: 'lotteries', titles: { en: 'Lucky Draw II' }, popularity: 1 });
    expect(replaced.createdAt).toBe(created.createdAt);
    expect((await lobby('?lang=ru')).games[0]?.title).toBe('Lucky Draw II');
    await ops('PUT', casinoPath(CASINO_API.opsCategory, { id: 'lotteries' }), { titles: { en: 'Lottery' } });
    expect((await lobby('')).categories.find((c) => c.id === 'lotteries')?.title).toBe('Lottery');

    // Deleting takes favorites with it.
    const p = await player();
    expect((await favorite('PUT', 'ops-game', p.headers)).statusCode).toBe(204);
    expect((await ops('DELETE', casinoPath(CASINO_API.opsGame, { id: 'ops-game' }))).statusCode).toBe(204);
    expect((await my(p)).favorites).toEqual([]);
    expect(errorOf(await get(casinoPath(CASINO_API.game, { gameId: 'ops-game' })))).toEqual([404, 'game_not_found']);
  });
});
