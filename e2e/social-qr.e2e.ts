import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated, loggedIn } from './support/player.ts';


describe('social sign-in and QR login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers with the sandbox provider from the registration modal, then signs in with it again', async () => {
    const subject = `e2e-${Date.now()}`;
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=registration`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    const sandbox = dialog.getByRole('link', { name: 'Register with Sandbox ID' });
    await expect.poll(() => sandbox.count(), { timeout: 10_000 }).toBe(1);
    // Like the form's own submit, the social button wants the rules accepted first.
    await sandbox.click();
    expect(new URL(page.url()).origin + new URL(page.url()).pathname).toBe(`${origin()}/en/`);
    await dialog.getByRole('checkbox', { name: /over 18/ }).check();
    await sandbox.click();

    // The provider's consent page: another identity, with a verified e-mail.
    await page.waitForURL(/\/sandbox-idp\/authorize\?/);
    await page.getByRole('radio', { name: 'Another identity' }).check();
    await page.getByLabel('Subject id').fill(subject);
    await page.getByLabel('Name').fill('E2E Social');
    await page.getByLabel('E-mail', { exact: true }).fill(`${subject}@example.com`);
    await page.getByRole('checkbox', { name: 'E-mail verified' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${origin()}/en/`);
    await hydrated(page);
    await loggedIn(page);
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count()).toBe(1);

    // Again from the login modal: the same identity logs the same player in, no new account.
    await page.goto(`${origin()}/en/line?modal=login`);
    await hydrated(page);
    const login = page.getByRole('dialog').getByRole('link', { name: 'Log in with Sandbox ID' });
    await expect.poll(() => login.count(), { timeout: 10_000 }).toBe(1);
    await login.click();
    await page.waitForURL(/\/sandbox-idp\/authorize\?/);
    await page.getByRole('radio', { name: 'Another identity' }).check();
    await page.getByLabel('Subject id').fill(subject);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${origin()}/en/line`);
    await loggedIn(page);
  });

  it('says so on the login page when the player cancels at the provider', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=login`);
    await hydrated(page);
    const login = page.getByRole('dialog').getByRole('link', { name: 'Log in with Sandbox ID' });
    await expect.poll(() => login.count(), { timeout: 10_000 }).toBe(1);
    await login.click();
    await page.waitForURL(/\/sandbox-idp\/authorize\?/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/en\/user\/login\?social_error=denied$/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('social-error').getByRole('alert').textContent()).toContain('You cancelled the sign-in');
  });

  it('logs a second browser in by QR: the logged-in one approves the code the other shows', async () => {
    // The approving device: a player registered in one click, in its own browser context.
    const phone = await newPage(browser);
    const registered = await phone.context().request.post(`${origin()}/web-api/registration/v1/fast`, {
      data: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 },
    });
    expect(registered.status()).toBe(201);

    // The waiting browser: the login modal's QR login.
    const desktop = await newPage(browser);
    await desktop.goto(`${origin()}/en/?modal=login`);
    await hydrated(desktop);
    const dialog = desktop.getByRole('dialog');
    const qrTab = dialog.getByRole('tab', { name: /QR/ }).or(dialog.getByRole('button', { name: /QR/ }));
    await expect.poll(() => qrTab.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await qrTab.first().click();
    const shown = dialog.getByTestId('qr-code');
    await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByRole('img', { name: 'QR code to log in on this device' }).count()).toBe(1);
    const code = ((await shown.textContent()) ?? '').replace(/\s/g, '');
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    // The phone opens the office QR page (where the QR code leads) and approves.
    await phone.goto(`${origin()}/en/office/auth-qr?code=${code}`);
    await hydrated(phone);
    const section = phone.getByRole('region', { name: 'QR login' });
    expect(await section.getByLabel('Code shown on the other device').inputValue()).toBe(code);
    await section.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => section.getByRole('region', { name: 'Who asks to log in' }).textContent(), { timeout: 10_000 }).toContain('127.0.0.1');
    await section.getByRole('button', { name: 'Approve login' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toContain('the other device is now logged in');

    // The desktop notices within a poll or two and reloads as the player.
    await loggedIn(desktop);

    // The same code cannot be approved again.
    await section.getByLabel('Code shown on the other device').fill(code);
    await section.getByRole('button', { name: 'Approve another device' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('already been answered');
  });
});
