/**
 * The player's real state in the guards (issue 12 part 5, decision 0020), in Chromium:
 * - a banned player is kept to the routes open to them: the first request for a closed
 *   page lands on withdrawal (level 1) or the appeal history (higher levels), a click to a
 *   closed page leaves them where they are, an allowed page opens;
 * - a player whose terms changed is sent to the confirm page (on a page load, and at once
 *   when a call answers 451), accepts, and goes on;
 * - a player the operator asked to identify is sent to the office identification route.
 * The operator sets the ban level and the identification request through the ops API.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated, registerOneClick } from './support/player.ts';

interface SiteFlags {
  confirmTermsEnabled: boolean;
  identificationEnabled: boolean;
}

async function userIdOf(page: Page): Promise<string> {
  const body = await page.evaluate(async () => (await fetch('/web-api/auth/v1/user-id', { headers: { accept: 'application/json' } })).json());
  const userId = (body as { userId?: unknown }).userId;
  if (typeof userId !== 'string') throw new Error(`no user id: ${JSON.stringify(body)}`);
  return userId;
}

const setStanding = (userId: string, standing: { banLevel?: number; needIdentification?: boolean }) => ops('PATCH', `/players/${userId}/standing`, standing);
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${origin()}${path}`);
  await hydrated(page);
}

describe('the player state in the guards', () => {
  let browser: Browser;
  let flags: SiteFlags;

  beforeAll(async () => {
    browser = await launchBrowser();
    const config = (await (await ops('PATCH', '/site-config', {})).json()) as { flags: SiteFlags };
    flags = { confirmTermsEnabled: config.flags.confirmTermsEnabled, identificationEnabled: config.flags.identificationEnabled };
  });
  afterAll(async () => {
    await ops('PATCH', '/site-config', { flags }).catch(() => undefined);
    await browser?.close();
  });

  it('keeps a banned player to the routes open to their ban level', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    const userId = await userIdOf(page);

    await setStanding(userId, { banLevel: 2 });
    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/block-appeal-history');
    await open(page, '/en/office/deduce');
    expect(pathOf(page)).toBe('/en/block-appeal-history');

    // A click to a closed page is cancelled (SPEC §2, code 45): the player stays.
    await page.locator('header a[href^="/en/line"]').first().click();
    await expect.poll(() => page.getByText('Your account is restricted (code 45)', { exact: false }).count(), { timeout: 10_000 }).toBe(1);
    expect(pathOf(page)).toBe('/en/block-appeal-history');
    // An allowed page opens.
    await page.locator('footer a[href="/en/contacts"]').first().click();
    await page.waitForURL(`${origin()}/en/contacts`);

    // Level 1: withdrawal only.
    await setStanding(userId, { banLevel: 1 });
    await open(page, '/en/office/recharge');
    expect(pathOf(page)).toBe('/en/office/deduce');
    await open(page, '/en/office/history');
    expect(pathOf(page)).toBe('/en/office/history');

    // Lifted: everything opens again.
    await setStanding(userId, { banLevel: 0 });
    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/line');
  });

  it('sends a player whose terms changed to the confirm page, where they accept and go on', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    const publish = async () => {
      const config = (await (await ops('PATCH', '/site-config', {})).json()) as { terms: { version: number } };
      const { now } = (await (await ops('GET', '/clock')).json()) as { now: string };
      // Published after this player registered: they must confirm.
      await ops('PATCH', '/site-config', {
        flags: { confirmTermsEnabled: true },
        terms: { version: config.terms.version + 1, updatedAt: new Date(Date.parse(now) + 1000).toISOString() },
      });
    };

    await publish();
    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/confirm');
    const confirm = page.getByTestId('confirm-terms');
    await expect.poll(() => confirm.getByRole('heading', { name: 'Please review the updated terms' }).count()).toBe(1);
    // Withdrawal stays open to them.
    await open(page, '/en/office/deduce');
    expect(pathOf(page)).toBe('/en/office/deduce');

    await open(page, '/en/confirm');
    await page.getByRole('button', { name: 'I accept the new terms' }).click();
    await page.waitForURL(`${origin()}/en/`);
    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/line');

    // Terms change again while the player is on a page: the next call they make answers 451
    // (exception_code 1) and the tab goes to the confirm page at once.
    await open(page, '/en/office/settings');
    const football = page.getByRole('group', { name: 'Show in live' }).getByRole('checkbox', { name: 'Football' });
    await expect.poll(() => football.count(), { timeout: 10_000 }).toBe(1);
    await publish();
    await football.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${origin()}/en/confirm`, { timeout: 10_000 });
    await hydrated(page);
    await page.getByRole('button', { name: 'I accept the new terms' }).click();
    await page.waitForURL(`${origin()}/en/`);
    // Accepted: the save goes through now.
    await open(page, '/en/office/settings');
    await expect.poll(() => football.count(), { timeout: 10_000 }).toBe(1);
    await football.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count(), { timeout: 10_000 }).toBe(1);
    expect(pathOf(page)).toBe('/en/office/settings');
    await ops('PATCH', '/site-config', { flags: { confirmTermsEnabled: false } });
  });

  it('sends a player the operator asked to identify to the identification route', { timeout: 60_000 }, async () => {
    await ops('PATCH', '/site-config', { flags: { identificationEnabled: true } });
    const page = await newPage(browser);
    await registerOneClick(page);
    const userId = await userIdOf(page);
    await setStanding(userId, { needIdentification: true });

    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/office/identification');
    await expect.poll(() => page.getByRole('heading', { name: 'Please confirm your identity' }).count(), { timeout: 10_000 }).toBe(1);
    // Client navigation too.
    await page.locator('header a[href^="/en/line"]').first().click();
    await page.waitForURL(`${origin()}/en/office/identification`);
    // The identification page itself stays open.
    await open(page, '/en/office/identification');
    expect(pathOf(page)).toBe('/en/office/identification');

    await setStanding(userId, { needIdentification: false });
    await open(page, '/en/line');
    expect(pathOf(page)).toBe('/en/line');
  });
});
