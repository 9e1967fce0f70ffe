/**
 * The search over the sports tree: typing a team's name on the line page shows its games
 * (the one in play first, with its score) and the team, the matched part marked; the arrow
 * keys and Enter open a game's page by a client navigation; Escape and a click outside close
 * the popup; a newer query aborts the request of an older one; a query nobody matches says so.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated } from './support/player.ts';

interface GameBody {
  id: number;
}

async function createGame(home: string, away: string, live: boolean): Promise<GameBody> {
  const res = await ops('POST', '/games', { sportId: 1, champName: 'E2E Search Cup', home, away, live });
  const body = (await res.json()) as { game?: GameBody } & Partial<GameBody>;
  return (body.game ?? body) as GameBody;
}

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search for games, teams and competitions' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

describe('the sports search', () => {
  let browser: Browser;
  let lineGame: GameBody;
  let liveGame: GameBody;

  beforeAll(async () => {
    browser = await launchBrowser();
    lineGame = await createGame('Quokka Rovers', 'Wombat Athletic', false);
    liveGame = await createGame('Numbat Town', 'Quokka Rovers', true);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the games and the team of a name and opens a game from the keyboard', async () => {
    const page = await newPage(browser);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/web-api/line/v1/search')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await page.goto(`${origin()}/en/line/`);
    await hydrated(page);

    const input = combobox(page);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    const listId = await input.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    // The popup it controls is in the page, hidden until there is something to show.
    expect(await page.locator(`[id="${listId}"][role="listbox"]`).count()).toBe(1);

    await input.click();
    await input.pressSequentially('quokka', { delay: 20 });
    const games = listbox(page).getByRole('group', { name: 'Games' });
    await expect.poll(() => games.getByRole('option').count(), { timeout: 10_000 }).toBe(2);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    // Typing pauses once: one request for the whole word (not one per key).
    expect(searches.at(-1)).toBe('quokka');
    expect(searches.length).toBeLessThanOrEqual(2);

    // The game in play first, with its live mark and score; then the one to come with its kick-off.
    const [first, second] = [games.getByRole('option').nth(0), games.getByRole('option').nth(1)];
    expect(await first.textContent()).toMatch(/Live\s*0:0.*Numbat Town – Quokka Rovers/);
    expect(await second.textContent()).toMatch(/(Today|Tomorrow) \d\d:\d\d.*Quokka Rovers – Wombat Athletic/);
    expect(await first.getAttribute('href')).toContain(`/en/live/all/1-football/`);
    expect(await second.getAttribute('href')).toContain(`/${lineGame.id}-quokka-rovers-wombat-athletic`);
    // The team, and the matched part of the names marked.
    const teams = listbox(page).getByRole('group', { name: 'Teams' });
    expect(await teams.getByRole('option').count()).toBe(1);
    expect(await teams.getByRole('option').getAttribute('href')).toMatch(/^\/en\/team\/\d+-quokka-rovers$/);
    expect(await teams.locator('mark').allTextContents()).toEqual(['Quokka']);
    expect(await first.locator('mark').allTextContents()).toEqual(['Quokka']);

    // The arrows move the highlight (the focus stays in the input); Escape closes and forgets it.
    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    expect(await input.inputValue()).toBe('quokka');

    // Down opens it again on the first option; Up from the top goes round to the last (the team).
    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await input.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await teams.getByRole('option').getAttribute('id'));
    await input.press('ArrowDown'); // round to the live game
    await input.press('ArrowDown'); // the line game
    expect(await input.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');

    // Enter opens its page without reloading the document.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith(`/${lineGame.id}-quokka-rovers-wombat-athletic`));
    await expect.poll(() => page.getByTestId('scoreboard').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Quokka Rovers – Wombat Athletic');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(liveGame.id).toBeGreaterThan(0);
  });

  it('aborts the request of an older query and never shows its late answer', async () => {
    const page = await newPage(browser);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/search')) aborted.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    // The server is slow to answer "numbat".
    await page.route('**/web-api/line/v1/search?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'numbat') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${origin()}/en/line/`);
    await hydrated(page);
    const input = combobox(page);
    await input.click();
    await input.pressSequentially('numbat');
    await expect.poll(() => page.getByTestId('sports-search-popup').textContent()).toContain('Searching…');
    await page.waitForTimeout(400); // the request for "numbat" is on its way
    await input.fill('wombat');
    const games = listbox(page).getByRole('group', { name: 'Games' });
    await expect.poll(() => games.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual([expect.stringContaining('Quokka Rovers – Wombat Athletic')]);
    await expect.poll(() => aborted).toContain('numbat');
    await page.waitForTimeout(1_500); // long after "numbat" would have come
    expect(await games.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Quokka Rovers – Wombat Athletic')]);
  });

  it('says when nothing matches, and closes on a click outside', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/line/`);
    await hydrated(page);
    const input = combobox(page);
    const popup = page.getByTestId('sports-search-popup');

    // One character is not enough yet.
    await input.click();
    await input.pressSequentially('z');
    await expect.poll(() => popup.textContent()).toContain('Type at least 2 characters');

    await input.pressSequentially('zqx%_');
    await expect.poll(() => popup.textContent(), { timeout: 10_000 }).toContain('Nothing found for “zzqx%_”');
    expect(await listbox(page).getByRole('option').count()).toBe(0);

    await page.getByRole('heading', { level: 1 }).click();
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await popup.isVisible()).toBe(false);

    // The champ is found by its name and links to its page.
    await input.fill('E2E Search');
    const champs = listbox(page).getByRole('group', { name: 'Competitions' });
    await expect.poll(() => champs.getByRole('option').count(), { timeout: 10_000 }).toBe(1);
    expect(await champs.getByRole('option').getAttribute('href')).toMatch(/^\/en\/champ\/\d+-e2e-search-cup\/home$/);
    await champs.getByRole('option').click();
    await page.waitForURL((url) => /\/en\/champ\/\d+-e2e-search-cup\/home$/.test(url.pathname));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toContain('E2E Search Cup');
  });
});
