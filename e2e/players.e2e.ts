import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated } from './support/player.ts';
import { activationLinkFor } from './support/outbox.ts';


async function expectPlayer(page: Page) {
  await expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count()).toBe(1);
  expect(await header(page).getByRole('link', { name: 'Log in' }).count()).toBe(0);
}

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count()).toBe(1);
}

describe('a newcomer becomes a player', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers by e-mail, confirms the address by the mailed link, reaches the office, and logs out', async () => {
    const page = await newPage(browser);
    const email = `player-${Date.now()}@example.com`;
    await page.goto(`${origin()}/en/?modal=registration`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('Kestrel-Harbour-2026');
    await dialog.getByRole('checkbox', { name: /over 18/ }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    // Registering by e-mail does not log in: the mailed link does.
    await expect.poll(() => dialog.getByText(/check your e-mail/i).count()).toBe(1);
    await page.goto(await activationLinkFor(email));
    await hydrated(page);
    await page.getByTestId('activation-done').getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${origin()}/en/`);
    await expectPlayer(page);

    await page.goto(`${origin()}/en/office/account`);
    expect(new URL(page.url()).pathname).toBe('/en/office/account');
    await hydrated(page);
    await logOut(page);
    // The office is for players only: logging out there leads home.
    expect(new URL(page.url()).pathname).toBe('/en/');
  });

  it('registers in one click, keeps the generated credentials, and logs in with them', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=registration`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'One click' }).check();
    await dialog.getByRole('checkbox', { name: /over 18/ }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    const shown = dialog.getByTestId('fast-credentials').locator('output');
    await expect.poll(() => shown.count()).toBe(2);
    const [login, password] = await shown.allTextContents();
    expect(login).toMatch(/^[1-9][0-9]+$/);
    expect(password?.length).toBeGreaterThanOrEqual(8);

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectPlayer(page);
    await logOut(page);

    await page.goto(`${origin()}/en/line?modal=login`);
    await hydrated(page);
    const loginDialog = page.getByRole('dialog');
    await loginDialog.getByLabel('E-mail, phone or account ID').fill(login!);
    await loginDialog.getByLabel('Password').fill('not-the-password');
    await loginDialog.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => loginDialog.getByRole('alert').count()).toBe(1);
    expect(await header(page).getByRole('link', { name: 'Log in' }).count()).toBe(1);

    await loginDialog.getByLabel('Password').fill(password!);
    await loginDialog.getByRole('button', { name: 'Log in' }).click();
    await expectPlayer(page);
    expect(new URL(page.url()).pathname).toBe('/en/line');
  });

  it('offers visitors the registration widget beside the events, and registers from it', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    const widget = page.getByRole('region', { name: 'Registration' });
    await expect
      .poll(
        async () => {
          // The widget comes in its own chunk once the page is live.
          if ((await widget.count()) === 0) return -1;
          await widget.getByRole('radio', { name: 'One click' }).check();
          return widget.getByLabel('E-mail', { exact: true }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await widget.getByRole('checkbox', { name: /over 18/ }).check();
    await widget.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => widget.getByTestId('fast-credentials').locator('output').count(), { timeout: 10_000 }).toBe(2);
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count(), { timeout: 10_000 }).toBe(1);
    // A player is not offered it.
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    expect(await page.getByRole('region', { name: 'Registration' }).count()).toBe(0);
  });

  it('keeps visitors out of the office', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/office/account`);
    expect(new URL(page.url()).pathname).toBe('/en/user/login');
  });
});
