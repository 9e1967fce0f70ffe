/**
 * The casino in Chromium (issue 13): the lobby, search as you type, favorites and my casino,
 * a visitor's demo-only game page, and the remote-app host's error block and retries when
 * the game server answers 500 the first times (SPEC §4, §8).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated, registerOneClick } from './support/player.ts';
import { headerBalance, topUp } from './support/wallet.ts';

const host = (page: Page) => page.getByTestId('remote-app');
const hostState = (page: Page) => host(page).getAttribute('data-state');
/** "1,234.56 RUB" → 123456 (minor units). */
const minorOf = (text: string | null) => BigInt((text ?? '').replace(/[^\d]/g, '') || '0');

interface Round {
  id: string;
  engine: string;
  stake: string;
  win: string;
  fairness: { serverSeed: string | null };
}
/** The player's real-money rounds, newest first (the site's history API, with the page's session). */
async function rounds(page: Page): Promise<Round[]> {
  const res = await page.request.get(`${origin()}/web-api/casino/v1/rounds?limit=20`, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rounds: Round[] }).rounds;
}

/** Opens a game page and starts it in a mode; answers the game's frame once it says it is drawn. */
async function startGame(page: Page, path: string, title: string, mode: 'Play for real' | 'Play demo') {
  await page.goto(`${origin()}/en/${path}`);
  await hydrated(page);
  await page.getByRole('button', { name: mode }).click();
  await expect.poll(() => hostState(page), { timeout: 15_000 }).toBe('2');
  const frame = page.frameLocator(`iframe[title="${title} game"]`);
  await expect.poll(() => frame.getByTestId('rgs-balance').textContent(), { timeout: 10_000 }).toMatch(/\d/);
  return frame;
}
/** The game ids of the tiles in a list, in order. */
const tileIds = (page: Page, list: string) =>
  page
    .getByTestId(list)
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset['testid']));

describe('the casino', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the lobby in the first HTML, searches as you type, and never shows an empty section', async () => {
    // Server-rendered: the tiles are in the document before any script runs.
    const html = await (await fetch(`${origin()}/en/casino`)).text();
    expect(html).toContain('Fruit Fiesta');
    expect(html).toContain('European Roulette');

    const page = await newPage(browser);
    await page.goto(`${origin()}/en/casino`);
    await hydrated(page);
    const grid = page.getByTestId('casino-games');
    expect(await grid.getByRole('listitem').count()).toBeGreaterThan(10);

    await page.getByRole('searchbox', { name: 'Search games' }).pressSequentially('neon', { delay: 30 });
    await page.waitForURL(/\/en\/casino-search\?q=neon$/);
    await expect.poll(() => tileIds(page, 'casino-games')).toEqual(['game-neon-nights']);
    // Typing on goes on in the same box, which keeps the focus.
    await page.keyboard.type('x');
    await page.waitForURL(/q=neonx$/);
    await expect.poll(() => page.getByRole('heading', { name: 'No games match “neonx”' }).count()).toBe(1);

    // Sorted A–Z from the toolbar.
    await page.goto(`${origin()}/en/slots`);
    await hydrated(page);
    await page.getByLabel('Sort by').selectOption('az');
    await page.waitForURL(/\/en\/slots\?sort=az$/);
    const titles = () => page.getByTestId('casino-games').locator(':scope > li > a > span:nth-child(2)').allTextContents();
    await expect.poll(async () => (await titles()).join('|')).toBe((await titles()).sort((a, b) => a.localeCompare(b)).join('|'));
    expect((await titles())[0]).toBe('Fruit Fiesta');

    // No fishing game of our own: the nearest games, under a heading that says so.
    await page.goto(`${origin()}/en/fishinghunting`);
    expect(await page.getByTestId('nearest-notice').textContent()).toMatch(/no fishing or hunting games yet/);
    expect(await page.getByTestId('casino-games').getByRole('listitem').count()).toBeGreaterThan(0);
  }, 90_000);

  it('lets a player favorite a game and find it in my casino', async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    await page.goto(`${origin()}/en/my-casino/favorites`);
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'No favourite games yet' }).count()).toBe(1);

    await page.goto(`${origin()}/en/slots`);
    await hydrated(page);
    const star = page.getByRole('button', { name: "Favourite Pharaoh's Gold" });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${origin()}/en/my-casino`);
    await hydrated(page);
    await expect.poll(() => tileIds(page, 'favorite-games')).toEqual(['game-pharaohs-gold']);
    // …and off again.
    await page.getByTestId('favorite-games').getByRole('button', { name: /^Favourite / }).click();
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'No favourite games yet' }).count()).toBe(1);
  }, 90_000);

  it('offers a visitor the demo only, with a way to log in for real money', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/slots/all/game/fruit-fiesta/fruit-fiesta`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Fruit Fiesta');
    expect(await page.getByRole('button', { name: 'Play for real' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log in to play for real money' }).count()).toBe(1);
    // A visitor's star asks to log in.
    expect(await page.getByRole('button', { name: /^Log in to add .* to favourites$/ }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Play demo' }).click();
    await expect.poll(() => hostState(page), { timeout: 15_000 }).toBe('2');
    expect(await page.getByTitle('Fruit Fiesta game').count()).toBe(1);
  });

  it('shows the error block and retries when the game server answers 500 the first times', async () => {
    const page = await newPage(browser);
    let calls = 0;
    await page.route('**/rgs/v1/sessions', async (route) => {
      calls++;
      if (calls <= 2) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal_error', message: 'Internal error' }) });
      else await route.continue();
    });
    await page.goto(`${origin()}/en/casino/fast-games/game/dice/dice`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Play demo' }).click();

    const block = page.getByTestId('remote-app-error');
    await expect.poll(() => block.count(), { timeout: 5_000 }).toBe(1);
    expect(await block.getByRole('heading').textContent()).toBe('The game could not be loaded');
    expect(await block.textContent()).toMatch(/Trying again in \d s \(retry 1 of 3\)/);
    expect(await hostState(page)).toBe('-1');

    // Retried after 1 s, failed again, retried after 2 s more: then the game loads.
    await expect.poll(() => hostState(page), { timeout: 15_000 }).toBe('2');
    expect(calls).toBe(3);
    expect(await block.count()).toBe(0);
  });

  it('stops after 3 retries with a reload button that starts over', async () => {
    const page = await newPage(browser);
    let failing = true;
    let calls = 0;
    await page.route('**/rgs/v1/sessions', async (route) => {
      calls++;
      if (failing) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'down' }) });
      else await route.continue();
    });
    await page.goto(`${origin()}/en/casino/fast-games/game/mines/mines`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Play demo' }).click();
    const reload = page.getByTestId('remote-app-error').getByRole('button', { name: 'Reload the game' });
    // 1 + 3 tries over 1 + 2 + 4 s.
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(4);
    await expect.poll(() => page.getByTestId('remote-app-error').textContent()).not.toMatch(/Trying again/);
    expect(await hostState(page)).toBe('-1');
    failing = false;
    await expect.poll(() => reload.isEnabled()).toBe(true);
    await reload.click();
    await expect.poll(() => hostState(page), { timeout: 15_000 }).toBe('2');
    expect(calls).toBe(5);
  });

  it('plays a slot and roulette for real money and in demo: the balance moves by exactly stake and win, the rounds are in the history and verify', async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    await topUp(page);
    // The balance toggle shows once the accounts are loaded.
    await expect.poll(() => header(page).getByRole('button', { name: /^(Show|Hide) balance$/ }).count(), { timeout: 10_000 }).toBe(1);
    expect(await headerBalance(page)).toBe(100);

    // A slot for real money.
    const slot = await startGame(page, 'slots/all/game/fruit-fiesta/fruit-fiesta', 'Fruit Fiesta', 'Play for real');
    const start = minorOf(await slot.getByTestId('rgs-balance').textContent());
    expect(start).toBe(10_000n);
    await slot.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect.poll(async () => (await rounds(page)).length, { timeout: 10_000 }).toBe(1);
    const [spin] = await rounds(page);
    expect(spin).toMatchObject({ engine: 'fruit-fiesta' });
    const afterSlot = start - BigInt(spin!.stake) + BigInt(spin!.win);
    await expect.poll(() => slot.getByTestId('rgs-balance').textContent().then(minorOf), { timeout: 10_000 }).toBe(afterSlot);
    // The game's balance message refreshes the header.
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(Number(afterSlot) / 100);

    // Roulette for real money: one chip on red.
    const roulette = await startGame(page, 'casino/roulette/game/european-roulette/european-roulette', 'European Roulette', 'Play for real');
    expect(minorOf(await roulette.getByTestId('rgs-balance').textContent())).toBe(afterSlot);
    await roulette.getByRole('button', { name: 'Bet on red' }).click();
    await roulette.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect.poll(async () => (await rounds(page)).length, { timeout: 10_000 }).toBe(2);
    // (Newest first, but the e2e server's clock is fake: both rounds may share a time.)
    const wheel = (await rounds(page)).find((r) => r.engine === 'european-roulette');
    expect(wheel).toBeDefined();
    const afterRoulette = afterSlot - BigInt(wheel!.stake) + BigInt(wheel!.win);
    await expect.poll(() => roulette.getByTestId('rgs-balance').textContent().then(minorOf), { timeout: 10_000 }).toBe(afterRoulette);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(Number(afterRoulette) / 100);
    // Reveal the server seed of these rounds (a new one starts).
    await roulette.getByTestId('rgs-fairness').locator('summary').click();
    await roulette.getByRole('button', { name: 'Reveal the server seed and start a new one' }).click();
    await expect.poll(() => roulette.getByTestId('rgs-revealed-seed').count()).toBe(1);

    // Demo: fun money, the real balance does not move, no real round is recorded.
    const demo = await startGame(page, 'slots/all/game/neon-nights/neon-nights', 'Neon Nights', 'Play demo');
    expect(await demo.getByTestId('rgs-balance').textContent()).toMatch(/1,000\.00 FUN/);
    await demo.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect.poll(() => demo.getByTestId('rgs-result').textContent(), { timeout: 10_000 }).toMatch(/win/i);
    expect(await headerBalance(page)).toBe(Number(afterRoulette) / 100);
    expect(await rounds(page)).toHaveLength(2);

    // The office casino history, and the roulette round verified from it.
    await page.goto(`${origin()}/en/office/history?tab=casino`);
    await hydrated(page);
    const table = page.getByTestId('casino-rounds');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
    expect(await table.locator(`[data-testid="round-${wheel!.id}"]`).textContent()).toMatch(/European Roulette.*Settled.*seed/);
    await table.locator(`[data-testid="round-${wheel!.id}"]`).getByRole('link', { name: /^Verify the round of / }).click();
    await page.waitForURL(new RegExp(`/en/provably-fair\\?round=${wheel!.id}$`));
    await hydrated(page);
    await expect.poll(() => page.getByTestId('verify-verdict').textContent(), { timeout: 10_000 }).toMatch(
      /The server seed matches the hash shown before play\.The recomputed outcome is exactly the one recorded for this round\./,
    );
  }, 150_000);
});
