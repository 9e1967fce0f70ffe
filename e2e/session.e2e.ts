import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { header, hydrated, loggedIn, registerOneClick } from './support/player.ts';
import { activationLinkFor } from './support/outbox.ts';

const loggedOut = (page: Page) => expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count(), { timeout: 10_000 }).toBe(1);

describe('the session lifecycle in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await ops('PATCH', '/site-config', { registrationReminder: { delay: 60, interval: 30 } }).catch(() => undefined);
    await browser?.close();
  });

  it('registers by e-mail, is logged in only by the mailed link, which works once', async () => {
    const page = await newPage(browser);
    const email = `activate-${Date.now()}@example.com`;
    await page.goto(`${origin()}/en/?modal=registration`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('Kestrel-Harbour-2026');
    await dialog.getByRole('checkbox', { name: /over 18/ }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    // Registering does not log in: the form says to check the mailbox.
    await expect.poll(() => dialog.getByText(/check your e-mail/i).count(), { timeout: 10_000 }).toBe(1);
    expect(await header(page).getByRole('button', { name: 'Log out' }).count()).toBe(0);

    const link = await activationLinkFor(email);
    expect(new URL(link).pathname).toBe('/en/user/activate');
    await page.goto(link);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('activation-done').count(), { timeout: 10_000 }).toBe(1);
    // The token left the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByTestId('activation-done').getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${origin()}/en/`);
    await loggedIn(page);

    // The link is spent: a second visit says so and offers to log in.
    const again = await newPage(browser);
    await again.goto(link);
    await hydrated(again);
    await expect.poll(() => again.getByRole('heading', { name: 'This link was used already' }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('offers a new link for a broken one, with the same answer for any address', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/user/activate#token=${'A'.repeat(43)}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { name: 'This link does not work' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect.poll(() => page.getByText(/a new link is on its way/).count(), { timeout: 10_000 }).toBe(1);
  });

  it('logs an idle player off and tells them on the next visit', async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    // 30 idle minutes (site default) and the server's slack: the session is over.
    await ops('POST', '/clock/advance', { seconds: 33 * 60 });
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    await loggedOut(page);
    const notice = page.getByText('You were logged out after 30 minutes without activity. Log in again to continue.');
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
    // Told once: the flag is gone.
    expect(await page.evaluate(() => document.cookie)).not.toContain('logout_reason');
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
  });

  describe('the registration reminder (shown after 1 s here)', () => {
    beforeAll(async () => {
      await ops('PATCH', '/site-config', { registrationReminder: { delay: 1, interval: 30 } });
    });

    it('reminds a visitor to register after the delay, then not again within the interval', async () => {
      const page = await newPage(browser);
      await page.goto(`${origin()}/en/line`);
      await hydrated(page);
      const reminder = page.getByTestId('registration-reminder');
      await expect.poll(() => reminder.count(), { timeout: 10_000 }).toBe(1);
      expect(await reminder.getByRole('heading', { name: 'Join Betsite' }).count()).toBe(1);

      await reminder.getByRole('link', { name: 'Register' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(1);
      expect(await reminder.count()).toBe(0);

      await page.goto(`${origin()}/en/live`);
      await hydrated(page);
      await page.waitForTimeout(2_500);
      expect(await page.getByTestId('registration-reminder').count()).toBe(0);
    });

    it('does not remind a visitor who has a modal open', async () => {
      const page = await newPage(browser);
      await page.goto(`${origin()}/en/line?modal=login`);
      await hydrated(page);
      await page.waitForTimeout(2_500);
      expect(await page.getByTestId('registration-reminder').count()).toBe(0);
    });
  });
});
