/** What most browser tests do first: wait for hydration, find the header, become a player in one click. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { origin } from './browser.ts';

export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
export const header = (page: Page) => page.getByRole('banner');
export const loggedIn = (page: Page) => expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count(), { timeout: 10_000 }).toBe(1);

/** The login and password one-click registration generated (to log in again later). */
export interface Credentials {
  login: string;
  password: string;
}

/** A new one-click player made through the API (no browser): its credentials, session token and id. */
export async function registerFastByApi(country = 'DE', currency = 'EUR'): Promise<Credentials & { token: string; userId: string }> {
  const res = await fetch(`${origin()}/web-api/registration/v1/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency, country, language: 'en', bonusChoice: 0 }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Credentials & { token: string; userId: string };
}

/** Registers a new player in one click from the registration modal and continues, logged in; answers the generated credentials. */
export async function registerOneClick(page: Page): Promise<Credentials> {
  await page.goto(`${origin()}/en/?modal=registration`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  // The modal's form hydrates after the page: check until the one-click form shows.
  await expect
    .poll(
      async () => {
        await dialog.getByRole('radio', { name: 'One click' }).check();
        return dialog.getByLabel('E-mail', { exact: true }).count();
      },
      { timeout: 10_000 },
    )
    .toBe(0);
  await dialog.getByRole('checkbox', { name: /over 18/ }).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  const shown = dialog.getByTestId('fast-credentials').locator('output');
  await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(2);
  const [login, password] = await shown.allTextContents();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await loggedIn(page);
  return { login: login!, password: password! };
}
