/**
 * The proof-of-work captcha in the browser (issue 10): after 3 failed logins the login form
 * shows the ALTCHA widget (loaded only then), which solves a challenge on its own under the
 * site's CSP; the next submit carries its token and logs in. Labels follow the language.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { header, hydrated, loggedIn, registerFastByApi } from './support/player.ts';

/** Three failed password logins for `login` (a player's or not: the throttle counts both), then past the 1 s back-off. */
async function failThrice(login: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${origin()}/web-api/auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uLogin: login, uPassword: 'not the password' }),
    });
    expect(res.status).toBe(401);
  }
  await ops('POST', '/clock/advance', { seconds: 2 });
}

/** Console messages about refused resources (CSP). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe('the captcha', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('after 3 failed logins: the widget loads only then, solves by itself, and its token logs the player in', async () => {
    const { login, password } = await registerFastByApi();
    await failThrice(login);

    const page = await newPage(browser);
    const violations = cspViolations(page);
    const widgetFiles: string[] = [];
    page.on('request', (request) => {
      if (/altcha|pbkdf2/.test(request.url())) widgetFiles.push(new URL(request.url()).pathname);
    });
    await page.goto(`${origin()}/en/?modal=login`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail, phone or account ID').fill(login);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    expect(widgetFiles).toEqual([]);

    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('For your security, wait for the check below to finish, then try again.');
    // The widget: a checkbox labelled "I'm not a robot", then with its state; ticked once the browser has done the work.
    const check = dialog.locator('altcha-widget').getByRole('checkbox');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Verified' }).isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate(() => globalThis.$altcha.i18n.get('en')?.['label'])).toBe("I'm not a robot");
    expect(widgetFiles.some((path) => /\/assets\/altcha-widget-[\w-]+\.js$/.test(path))).toBe(true);
    expect(widgetFiles.some((path) => /\/assets\/pbkdf2-[\w-]+\.js$/.test(path))).toBe(true);
    // Reachable from the keyboard.
    await check.focus();
    expect(await check.evaluate((el) => el === document.activeElement)).toBe(true);

    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await loggedIn(page);
    expect(violations).toEqual([]);
    expect(await header(page).getByRole('button', { name: 'Log out' }).count()).toBe(1);
  });

  it('speaks the page language on the login page (ru)', async () => {
    const login = `captcha-ru-${Date.now()}@example.com`;
    await failThrice(login);
    const page = await newPage(browser, 'ru-RU');
    const violations = cspViolations(page);
    await page.goto(`${origin()}/ru/user/login`);
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.locator('input[name="login"]') });
    await form.locator('input[name="login"]').fill(login);
    await form.locator('input[name="password"]').fill('whatever password');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Для безопасности дождитесь окончания проверки ниже и попробуйте снова.');
    await expect.poll(() => form.getByRole('checkbox', { name: 'Проверка пройдена' }).isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate(() => globalThis.$altcha.i18n.get('ru')?.['label'])).toBe('Я не робот');
    expect(await form.getByText('Короткая проверка в вашем браузере', { exact: false }).count()).toBe(1);
    expect(violations).toEqual([]);
  });
});
