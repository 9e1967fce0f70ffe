/**
 * A player hides a sport from live in the office settings (SPEC §6 "Sports can be
 * blacklisted per user for line and live"): a live football game made through the ops API
 * shows in the live listing; after the player unticks football under "Show in live" and
 * saves, the live listing and its sports tree no longer show football (another sport
 * stays); ticking it again — by keyboard — brings it back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated, registerOneClick } from './support/player.ts';

interface GameBody {
  id: number;
}

async function createLiveGame(sportId: number, home: string, away: string): Promise<GameBody> {
  const res = await ops('POST', '/games', { sportId, champName: 'E2E Hidden Sports Cup', home, away, live: true });
  return ((await res.json()) as { game: GameBody }).game;
}

const row = (page: Page, gameId: number) => page.locator(`[data-testid="game-row"][data-game-id="${gameId}"]`);
const liveColumn = (page: Page) => page.getByRole('group', { name: 'Show in live' });
const lineColumn = (page: Page) => page.getByRole('group', { name: 'Show in line' });

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${origin()}/en/office/settings`);
  await hydrated(page);
  await expect.poll(() => liveColumn(page).getByRole('checkbox', { name: 'Football' }).count(), { timeout: 10_000 }).toBe(1);
}

async function expectSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count(), { timeout: 10_000 }).toBe(1);
}

async function openLive(page: Page): Promise<void> {
  await page.goto(`${origin()}/en/live/`);
  await hydrated(page);
}

describe('hiding sports in the office settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hides football from live for this player only, and un-hiding brings it back', async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    const football = await createLiveGame(1, 'Hidden Rovers', 'Hidden United');
    const hockey = await createLiveGame(2, 'Visible Icemen', 'Visible Blades');

    await openLive(page);
    await expect.poll(() => row(page, football.id).count(), { timeout: 10_000 }).toBe(1);
    expect(await row(page, hockey.id).count()).toBe(1);

    // The settings: every sport ticked in both columns, every box labelled.
    await openSettings(page);
    const footballLive = liveColumn(page).getByRole('checkbox', { name: 'Football' });
    expect(await footballLive.isChecked()).toBe(true);
    expect(await lineColumn(page).getByRole('checkbox', { name: 'Football' }).isChecked()).toBe(true);
    expect(await liveColumn(page).getByRole('checkbox').count()).toBe(await lineColumn(page).getByRole('checkbox').count());

    await footballLive.uncheck();
    expect(await page.getByText('You have unsaved changes.').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectSaved(page);
    expect(await page.getByText('You have unsaved changes.').count()).toBe(0);

    // The live listing, by a client navigation from the header: football is gone, hockey stays.
    await page.getByRole('banner').getByRole('link', { name: 'Live', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/live'));
    await expect.poll(() => row(page, hockey.id).count(), { timeout: 10_000 }).toBe(1);
    expect(await row(page, football.id).count()).toBe(0);
    expect(await page.getByTestId('sport-count-1').count()).toBe(0);
    // And on a fresh load.
    await openLive(page);
    await expect.poll(() => row(page, hockey.id).count(), { timeout: 10_000 }).toBe(1);
    expect(await row(page, football.id).count()).toBe(0);

    // The saved choice shows when the settings open again; the line column is untouched.
    await openSettings(page);
    expect(await liveColumn(page).getByRole('checkbox', { name: 'Football' }).isChecked()).toBe(false);
    expect(await lineColumn(page).getByRole('checkbox', { name: 'Football' }).isChecked()).toBe(true);

    // Another visitor still sees football in live.
    const visitor = await newPage(browser);
    await openLive(visitor);
    await expect.poll(() => row(visitor, football.id).count(), { timeout: 10_000 }).toBe(1);
    await visitor.context().close();

    // Un-hide by keyboard: Space ticks the box, Enter on Save sends it.
    await liveColumn(page).getByRole('checkbox', { name: 'Football' }).focus();
    await page.keyboard.press('Space');
    expect(await liveColumn(page).getByRole('checkbox', { name: 'Football' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expectSaved(page);

    await openLive(page);
    await expect.poll(() => row(page, football.id).count(), { timeout: 10_000 }).toBe(1);
    expect(await row(page, hockey.id).count()).toBe(1);
  });
});
