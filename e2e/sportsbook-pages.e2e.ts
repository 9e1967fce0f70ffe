/**
 * The sportsbook's other pages in the browser: a game finished through the ops API shows in
 * the results (all, live, by sport, its champ's) with its final and period scores, and in
 * the statistic table; multi-live adds games from the list of games in play, keeps the
 * choice in the url and the browser, follows a game to its end and removes games.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated } from './support/player.ts';

interface GameBody {
  id: number;
  champId: number;
  champName: string;
}

async function createLiveGame(champName: string, home: string, away: string): Promise<GameBody> {
  const res = await ops('POST', '/games', { sportId: 1, champName, home, away, live: true });
  return ((await res.json()) as { game: GameBody }).game;
}

const resultRow = (page: Page, gameId: number) => page.locator(`[data-testid="result-row"][data-game-id="${gameId}"]`);
const card = (page: Page, gameId: number) => page.locator(`[data-testid="multi-card"][data-game-id="${gameId}"]`);
const chooser = (page: Page, gameId: number) => page.locator(`[data-testid="multi-add"][data-game-id="${gameId}"]`);
const gamesOfUrl = (page: Page) => new URL(page.url()).searchParams.get('games');

describe('results, statistic and multi-live in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a finished game with its score in the results, its champ’s results and the statistic', async () => {
    const game = await createLiveGame('E2E Results Cup', 'Gamma United', 'Delta Town');
    await ops('POST', `/games/${game.id}/finish`, {
      score: { home: 3, away: 1 },
      periods: [
        { home: 2, away: 0 },
        { home: 1, away: 1 },
      ],
    });

    const page = await newPage(browser);
    await page.goto(`${origin()}/en/results/`);
    await hydrated(page);
    await expect.poll(() => resultRow(page, game.id).count(), { timeout: 10_000 }).toBe(1);
    const row = resultRow(page, game.id);
    expect(await row.textContent()).toContain('Gamma United – Delta Town');
    expect(await row.getByTestId('result-score').textContent()).toBe('3:1');
    expect(await row.textContent()).toContain('(2:0, 1:1)');
    expect(await page.getByTestId('results-period').textContent()).toContain('last 24 hours');

    // It was played in play: the live results have it too; the sport filter keeps it.
    await page.getByRole('navigation', { name: 'Which results' }).getByRole('link', { name: 'Live' }).click();
    await page.waitForURL((url) => url.pathname === '/en/results/live');
    await expect.poll(() => resultRow(page, game.id).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('navigation', { name: 'Results by sport' }).getByRole('link', { name: /Football/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sport') === '1');
    await expect.poll(() => resultRow(page, game.id).count(), { timeout: 10_000 }).toBe(1);

    // Its champ's results, through the champ's heading.
    await page.getByRole('link', { name: 'E2E Results Cup' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith(`/en/champs/${game.champId}-`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('E2E Results Cup');
    expect(await resultRow(page, game.id).count()).toBe(1);

    // Another day has none of it.
    await page.getByRole('link', { name: 'Previous day' }).click();
    await page.waitForURL((url) => url.searchParams.has('date'));
    await expect.poll(() => resultRow(page, game.id).count(), { timeout: 10_000 }).toBe(0);

    // The statistic counts it: 3 points for the winner, none for the loser.
    await page.goto(`${origin()}/en/statistic?sport=1&champ=${game.champId}`);
    await hydrated(page);
    const standings = page.getByTestId('standings');
    await expect.poll(() => standings.getByTestId('standings-row').count(), { timeout: 10_000 }).toBe(2);
    const first = standings.getByTestId('standings-row').first();
    expect(await first.textContent()).toContain('Gamma United');
    expect(await first.locator('td').last().textContent()).toBe('3');
    expect(await page.getByTestId('statistic-note').textContent()).toContain('not an official table');
  });

  it('answers the 404 page for a champ that does not exist', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${origin()}/en/champs/2147483000-nobody`);
    expect(response?.status()).toBe(404);
  });

  it('adds live games to multi-live, keeps the choice, follows a game to its end and removes games', async () => {
    const first = await createLiveGame('E2E Multi Cup', 'Epsilon FC', 'Zeta City');
    const second = await createLiveGame('E2E Multi Cup', 'Eta Athletic', 'Theta Rangers');

    const page = await newPage(browser);
    await page.goto(`${origin()}/en/multi`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Multi-live is empty' }).count(), { timeout: 10_000 }).toBe(1);

    // Add both from the list of games in play.
    await expect.poll(() => chooser(page, first.id).count(), { timeout: 10_000 }).toBe(1);
    await chooser(page, first.id).click();
    await expect.poll(() => card(page, first.id).count(), { timeout: 10_000 }).toBe(1);
    expect(gamesOfUrl(page)).toBe(String(first.id));
    await chooser(page, second.id).click();
    await expect.poll(() => card(page, second.id).count(), { timeout: 10_000 }).toBe(1);
    expect(gamesOfUrl(page)).toBe(`${first.id},${second.id}`);
    expect(await card(page, first.id).textContent()).toContain('Epsilon FC');
    expect(await card(page, first.id).locator('button[data-outcome]').count()).toBeGreaterThan(0);

    // Remove the first from its card.
    await card(page, first.id).getByRole('button', { name: 'Remove Epsilon FC – Zeta City from multi-live' }).click();
    await expect.poll(() => card(page, first.id).count(), { timeout: 10_000 }).toBe(0);
    expect(gamesOfUrl(page)).toBe(String(second.id));

    // The bare page opens the choice kept in the browser.
    await page.goto(`${origin()}/en/multi`);
    await hydrated(page);
    await expect.poll(() => card(page, second.id).count(), { timeout: 10_000 }).toBe(1);
    expect(gamesOfUrl(page)).toBe(String(second.id));

    // A shared link opens the same games in another browser.
    const other = await newPage(browser);
    await other.goto(`${origin()}/en/multi?games=${second.id},${first.id}`);
    await hydrated(other);
    expect(await other.locator('[data-testid="multi-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-game-id')))).toEqual([String(second.id), String(first.id)]);

    // The game ends: its card shows the final score and the finished mark without a reload.
    await ops('POST', `/games/${second.id}/finish`, { score: { home: 1, away: 0 } });
    await expect.poll(() => card(page, second.id).getAttribute('data-finished'), { timeout: 15_000 }).toBe('true');
    expect(await card(page, second.id).getByTestId('multi-score-home').textContent()).toBe('1');
    expect(await card(page, second.id).getByTestId('multi-score-away').textContent()).toBe('0');
    expect(await card(page, second.id).getByTestId('multi-finished').textContent()).toBe('Finished');

    await card(page, second.id).getByRole('button', { name: /^Remove Eta Athletic/ }).click();
    await expect.poll(() => page.locator('[data-testid="multi-card"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Multi-live is empty' }).count()).toBe(1);
  });
});
