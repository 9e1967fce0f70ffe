import { describe, expect, it } from 'vitest';
import type { ChampItem, SearchResponse, TeamItem } from '@betsite/contracts';
import { LINE_API, lineApi, lineUrls } from './api.ts';
import { escapeRegExp, flatOptions, highlightParts, moveActive, orderGames, searchGroups, searchTerm } from './search.ts';
import { card } from './testing.ts';
import type { ApiClient, ApiResult } from '../../shell/http.ts';

const premier: ChampItem = { id: 7, sportId: 1, name: 'Premier League', country: { id: 44, name: 'England', code: 'GB' }, order: 1, count: 3 };
const arsenal: TeamItem = { id: 1, sportId: 1, name: 'Arsenal', country: { id: 44, name: 'England', code: 'GB' } };
const live = (id: number, startsAt: number) =>
  card({ id, startsAt, status: 2, isLive: true, live: { period: 1, clock: { seconds: 600, running: true, rate: 1, at: 0 }, score: { home: 1, away: 0 }, periods: [] } });

describe('what is worth asking', () => {
  it('trims, wants 2 characters and cuts at 64', () => {
    expect(searchTerm('')).toBeNull();
    expect(searchTerm('  a  ')).toBeNull();
    expect(searchTerm(' ar ')).toBe('ar');
    expect(searchTerm('Real Madrid')).toBe('Real Madrid');
    expect(searchTerm('x'.repeat(80))).toBe('x'.repeat(64));
    // One character outside the BMP is one character, not two.
    expect(searchTerm('😀')).toBeNull();
  });
});

describe('the search url', () => {
  it('encodes the query (spaces, %, _, &, non-ASCII) and the limit', () => {
    expect(lineUrls.search('ar')).toBe(`${LINE_API}/search?q=ar`);
    expect(lineUrls.search('Real Madrid', 10)).toBe(`${LINE_API}/search?q=Real+Madrid&limit=10`);
    expect(lineUrls.search('50%_a&b=c', 5)).toBe(`${LINE_API}/search?q=50%25_a%26b%3Dc&limit=5`);
    expect(lineUrls.search('Спартак')).toBe(`${LINE_API}/search?q=${encodeURIComponent('Спартак')}`);
    expect(new URL(lineUrls.search('a+b #1', 3), 'http://x').searchParams.get('q')).toBe('a+b #1');
  });

  it('goes through the shared client with the abort signal', async () => {
    const seen: { url: string; signal: AbortSignal | undefined }[] = [];
    const client = {
      get: async (url: string, init: { signal?: AbortSignal } = {}) => {
        seen.push({ url, signal: init.signal });
        return { ok: true, status: 200, body: { champs: [], teams: [], games: [] } } as ApiResult<never>;
      },
    } as unknown as ApiClient;
    const controller = new AbortController();
    const result = await lineApi(client).search('ars', 10, { signal: controller.signal });
    expect(result.ok).toBe(true);
    expect(seen).toEqual([{ url: `${LINE_API}/search?q=ars&limit=10`, signal: controller.signal }]);
  });
});

describe('the popup groups', () => {
  const answer = (patch: Partial<SearchResponse> = {}): SearchResponse => ({ champs: [premier], teams: [arsenal], games: [card()], ...patch });

  it('come as Games, Teams, Competitions and leave out the empty ones', () => {
    expect(searchGroups(answer(), 'en').map((g) => g.kind)).toEqual(['games', 'teams', 'champs']);
    expect(searchGroups(answer({ games: [] }), 'en').map((g) => g.kind)).toEqual(['teams', 'champs']);
    expect(searchGroups(answer({ champs: [], teams: [], games: [] }), 'en')).toEqual([]);
  });

  it('put the games in play first, then by kick-off, keeping the order of equals', () => {
    const later = card({ id: 1, startsAt: 3_000 });
    const sooner = card({ id: 2, startsAt: 2_000 });
    const playing = live(3, 1_000);
    const playingToo = live(4, 500);
    const same = card({ id: 5, startsAt: 2_000 });
    expect(orderGames([later, sooner, playing, same, playingToo]).map((g) => g.id)).toEqual([4, 3, 2, 5, 1]);
    const finished = card({ id: 6, startsAt: 0, isLive: true, isFinished: true });
    expect(orderGames([later, finished]).map((g) => g.id)).toEqual([6, 1]);
  });

  it('link to the game, team and champ pages of the language', () => {
    const inPlay = live(3, 1_000);
    const options = flatOptions(searchGroups(answer({ games: [card(), inPlay] }), 'en'));
    expect(options.map((o) => [o.kind, o.key, o.href])).toEqual([
      ['game', 'game-3', '/en/live/all/1-football/7-premier-league/3-arsenal-chelsea'],
      ['game', 'game-101', '/en/line/all/1-football/7-premier-league/101-arsenal-chelsea'],
      ['team', 'team-1', '/en/team/1-arsenal'],
      ['champ', 'champ-7', '/en/champ/7-premier-league/home'],
    ]);
    expect(flatOptions(searchGroups(answer(), 'ru'))[0]?.href).toBe('/ru/line/all/1-football/7-premier-league/101-arsenal-chelsea');
  });

  it('on the cyber pages, send esports games to their cyber page (others stay where they are)', () => {
    const cs = card({ id: 9, sportId: 40, sportSlug: 'cs2', champId: 70, champName: 'Major', home: { id: 5, name: 'Navi' }, away: { id: 6, name: 'G2' } });
    const groups = searchGroups(answer({ games: [cs, card()], teams: [], champs: [] }), 'en', { cyber: true });
    expect(flatOptions(groups).map((o) => o.href)).toEqual([
      '/en/cyber/real/cs2/70-major/line/9-navi-g2',
      '/en/line/all/1-football/7-premier-league/101-arsenal-chelsea',
    ]);
    // Elsewhere the same game opens in the line.
    expect(flatOptions(searchGroups(answer({ games: [cs], teams: [], champs: [] }), 'en'))[0]?.href).toBe('/en/line/all/40-cs2/70-major/9-navi-g2');
  });
});

describe('the arrow keys', () => {
  it('walk the options round, starting at either end', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(7, 1, 3)).toBe(0);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});

describe('the matched part of a name', () => {
  const marked = (text: string, term: string) => highlightParts(text, term).map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

  it('is found in any case, every time it occurs, keeping the name as written', () => {
    expect(marked('Arsenal', 'ars')).toBe('[Ars]enal');
    expect(marked('Manchester United', 'UNITED')).toBe('Manchester [United]');
    expect(marked('Banana', 'an')).toBe('B[an][an]a');
    expect(marked('Real Madrid', ' real ')).toBe('[Real] Madrid');
    expect(marked('Спартак Москва', 'спар')).toBe('[Спар]так Москва');
    expect(highlightParts('Arsenal', 'ars')).toEqual([
      { text: 'Ars', match: true },
      { text: 'enal', match: false },
    ]);
  });

  it('leaves the name whole when the query is not in it, or empty', () => {
    expect(highlightParts('Arsenal', 'xyz')).toEqual([{ text: 'Arsenal', match: false }]);
    expect(highlightParts('Arsenal', '  ')).toEqual([{ text: 'Arsenal', match: false }]);
    expect(highlightParts('', 'ar')).toEqual([]);
  });

  it('takes regular-expression characters literally', () => {
    expect(marked('C++ Club (Reserve)', '++')).toBe('C[++] Club (Reserve)');
    expect(marked('C++ Club (Reserve)', '(res')).toBe('C++ Club [(Res]erve)');
    expect(marked('a.b axb', 'a.b')).toBe('[a.b] axb');
    expect(marked('50% off_site', '%')).toBe('50[%] off_site');
    expect(marked('50% off_site', '_')).toBe('50% off[_]site');
    expect(marked('x[1]^$|y\\z/{2}?*', '[1]^$|y\\z/{2}?*')).toBe('x[[1]^$|y\\z/{2}?*]');
    expect(marked('St. Pauli', '.')).toBe('St[.] Pauli');
    expect(marked('a-b', '-b')).toBe('a[-b]');
    for (const special of ['\\', '^', '$', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']) {
      expect(() => new RegExp(escapeRegExp(special), 'u')).not.toThrow();
      expect(new RegExp(`^${escapeRegExp(special)}$`, 'u').test(special)).toBe(true);
    }
  });
});
