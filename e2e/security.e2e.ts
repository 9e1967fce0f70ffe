import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { header, hydrated, loggedIn, registerFastByApi } from './support/player.ts';



/** The server's (fake) clock, which decides which TOTP code is current. */
async function serverNow(): Promise<number> {
  const { now } = (await (await ops('GET', '/clock')).json()) as { now: string };
  return new Date(now).getTime();
}
const totpNow = async (secret: string) => generateSync({ secret, epoch: Math.floor((await serverNow()) / 1000) });
/** A TOTP code works once: the next one needs the next 30-second step. */
const nextStep = () => ops('POST', '/clock/advance', { seconds: 30 });

const fastPlayer = () => registerFastByApi('gb', 'GBP');

const isLoggedIn = async (token: string) => (await fetch(`${origin()}/web-api/auth/v1/user-id`, { headers: { 'x-auth': token } })).status === 200;

async function logInWithPassword(page: Page, login: string, password: string) {
  await page.goto(`${origin()}/en/?modal=login`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail, phone or account ID').fill(login);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  return dialog;
}

describe('the security page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns two-step on, then a password login asks for the code; other devices can be logged out', async () => {
    // The account, and a session of it on "another device" (this test's HTTP client).
    const player = await fastPlayer();
    expect(await isLoggedIn(player.token)).toBe(true);

    const page = await newPage(browser);
    await logInWithPassword(page, player.login, player.password);
    await loggedIn(page);

    await page.goto(`${origin()}/en/office/security`);
    await hydrated(page);
    const twoStep = page.locator('#security-two-step').locator('..');
    await page.getByRole('button', { name: 'Turn on two-step authentication' }).click();

    // A sensitive change: the password again first.
    const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
    await reauth.getByLabel('Password').fill(player.password);
    await reauth.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => reauth.count()).toBe(0);

    const secretNode = page.getByTestId('two-step-secret');
    await expect.poll(() => secretNode.count()).toBe(1);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    const secret = (await secretNode.getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(await totpNow(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();

    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => twoStep.getByText(/Two-step authentication is on since/).count()).toBe(1);
    await expect.poll(() => page.getByText('Protection level 40 of 100').count()).toBe(1);

    // Log out, then log in again: password, then the code.
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count()).toBe(1);
    await nextStep();
    const dialog = await logInWithPassword(page, player.login, player.password);
    const code = dialog.getByLabel('Code', { exact: true });
    await expect.poll(() => code.count()).toBe(1);
    expect(await header(page).getByRole('link', { name: 'Log in' }).count()).toBe(1);
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/Wrong code/);
    await code.fill(await totpNow(secret));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await loggedIn(page);

    // Log out every other device: the API client's session ends.
    await page.goto(`${origin()}/en/office/security`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('session-other').count()).toBe(1);
    expect(await page.getByTestId('session-current').count()).toBe(1);
    await page.getByRole('button', { name: 'Log out all other devices' }).click();
    await expect.poll(() => page.getByText('1 other device was logged out.').count()).toBe(1);
    await expect.poll(() => page.getByTestId('session-other').count()).toBe(0);
    expect(await isLoggedIn(player.token)).toBe(false);
    await loggedIn(page);
  });
});
