import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated } from './support/player.ts';
import { outbox } from './support/outbox.ts';


/** The newest password-reset code mailed to `to` (the fake clock gives the activation mail the same time, so pick by content). */
async function codeFor(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await outbox()).filter((m) => m.to === to).map((m) => /password reset code is (\d{6})/.exec(m.text)?.[1]).find(Boolean);
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

describe('password recovery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a code, refuses a wrong one, saves the new password and logs in with it', async () => {
    const email = `recover-${Date.now()}@example.com`;
    const registered = await fetch(`${origin()}/web-api/registration/v1/full`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'first passphrase 1', currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }),
    });
    expect(registered.status).toBe(202);

    const page: Page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=login`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Forgot your password?' }).click();
    // The form arrives with its own chunk: ask until the code step shows.
    await expect
      .poll(
        async () => {
          if ((await dialog.getByLabel('Code').count()) === 0) {
            await dialog.getByLabel('E-mail or phone').fill(email);
            await dialog.getByRole('button', { name: 'Send the code' }).click();
          }
          return dialog.getByLabel('Code').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const code = await codeFor(email);

    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Code').fill(wrong);
    await dialog.getByLabel('New password').fill('second passphrase 2');
    await dialog.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => dialog.getByText('Wrong code. Check it, or ask for a new one.').count(), { timeout: 10_000 }).toBe(1);

    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => dialog.getByText('Your new password is saved. You can log in with it now.').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`${origin()}/en/?modal=login`);
    await hydrated(page);
    const login = page.getByRole('dialog');
    await login.getByLabel('E-mail, phone or account ID').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('second passphrase 2');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count(), { timeout: 10_000 }).toBe(1);
  });
});
