/**
 * The sportsbook in the browser: a live game made through the ops API shows in the live
 * listing and on its page; a price changed by the operator moves on the open page without a
 * reload, with its up/down mark; a click on the odds puts the selection in the header count
 * and the slip column; a finished game leaves the live listing by itself.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCoef } from '@betsite/domain';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated } from './support/player.ts';

interface OutcomeBody {
  key: string;
  coef: number;
  blocked: boolean;
}
interface GameBody {
  id: number;
  markets: { key: string; blocked: boolean; outcomes: OutcomeBody[] }[];
}

async function createLiveGame(home: string, away: string): Promise<GameBody> {
  const res = await ops('POST', '/games', { sportId: 1, champName: 'E2E Sportsbook Cup', home, away, live: true });
  const body = (await res.json()) as { game?: GameBody } & Partial<GameBody>;
  return (body.game ?? body) as GameBody;
}

const HOME = '1x2:match/home';
const row = (page: Page, gameId: number) => page.locator(`[data-testid="game-row"][data-game-id="${gameId}"]`);

describe('the sportsbook in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a live game, moves its odds live, takes a selection, and drops the game when it ends', async () => {
    const game = await createLiveGame('Alpha Rovers', 'Beta Wanderers');
    const home = game.markets.flatMap((m) => m.outcomes).find((o) => o.key === HOME);
    expect(home, 'the game has a 1X2 market').toBeDefined();

    const page = await newPage(browser);
    await page.goto(`${origin()}/en/live/`);
    await hydrated(page);
    await expect.poll(() => row(page, game.id).count(), { timeout: 10_000 }).toBe(1);
    expect(await row(page, game.id).textContent()).toContain('Alpha Rovers');

    // Its page, by a client navigation.
    await row(page, game.id).getByRole('link', { name: /Alpha Rovers/ }).click();
    await page.waitForURL((url) => url.pathname.includes(`/${game.id}-alpha-rovers-beta-wanderers`));
    await expect.poll(() => page.getByTestId('scoreboard').count(), { timeout: 10_000 }).toBe(1);
    const odd = page.locator(`#main-content button[data-outcome="${HOME}"]`).first();
    await expect.poll(() => odd.locator('span').last().textContent(), { timeout: 10_000 }).toBe(formatCoef(home!.coef, 0));
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    // The operator raises the price: the open page shows it, marked as rising, without a reload.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const raised = Math.round((home!.coef + 0.5) * 1000) / 1000;
    await ops('PATCH', `/games/${game.id}/odds`, { outcomes: [{ key: HOME, coef: raised }] });
    await expect.poll(() => odd.getAttribute('data-trend'), { timeout: 10_000 }).toBe('up');
    expect(await odd.textContent()).toContain(formatCoef(raised, 0));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // …and lowers it: marked as falling.
    const lowered = Math.round((raised - 0.8) * 1000) / 1000;
    await ops('PATCH', `/games/${game.id}/odds`, { outcomes: [{ key: HOME, coef: lowered }] });
    await expect.poll(() => odd.getAttribute('data-trend'), { timeout: 10_000 }).toBe('down');
    expect(await odd.textContent()).toContain(formatCoef(lowered, 0));

    // A click selects it: the header counts it and the slip column lists it.
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('header-slip-count').textContent()).toBe('1');
    const slip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(1);
    expect(await slip.getByTestId('selection').textContent()).toContain('Alpha Rovers');
    expect(await slip.getByTestId('selection-coef').textContent()).toContain(formatCoef(lowered, 0));
    // Selections survive a reload (stored in the browser).
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByTestId('header-slip-count').textContent(), { timeout: 10_000 }).toBe('1');

    // Back in the live listing, the game leaves it when the operator finishes it.
    await page.goto(`${origin()}/en/live/`);
    await hydrated(page);
    await expect.poll(() => row(page, game.id).count(), { timeout: 10_000 }).toBe(1);
    await ops('POST', `/games/${game.id}/finish`, { score: { home: 2, away: 1 } });
    await expect.poll(() => row(page, game.id).count(), { timeout: 15_000 }).toBe(0);

    // Its page now shows the result and the settlement of each outcome.
    await page.goto(`${origin()}/en/live/all/1-football/x/${game.id}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('score').textContent(), { timeout: 10_000 }).toMatch(/2\s*:?\s*–?\s*1/);
    expect(await page.locator(`#main-content [data-outcome="${HOME}"]`).first().textContent()).toContain('Won');
  });

  it('answers the 404 page for a game that does not exist', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${origin()}/en/live/all/1-football/1-x/2147483000-nobody`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('This page could not be found');
  });
});
