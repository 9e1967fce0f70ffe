import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated } from './support/player.ts';

const headerBalance = (page: Page) => header(page).getByTestId('header-balance');

async function registerInOneClick(page: Page) {
  await page.goto(`${origin()}/en/?modal=registration`);
  await hydrated(page);
  // The first page of a fresh server may still be loading chunks that re-render the form.
  await page.waitForLoadState('networkidle');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'One click' }).check();
  await dialog.getByRole('checkbox', { name: /over 18/ }).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => dialog.getByTestId('fast-credentials').locator('output').count()).toBe(2);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count()).toBe(1);
}

describe('the wallet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a new player their balance, hides it, and manages a currency account from the office', async () => {
    const page = await newPage(browser);
    await registerInOneClick(page);

    // SPEC §9: user_hide_balance defaults to true, so the balance starts masked.
    await expect.poll(() => headerBalance(page).textContent()).toBe('••••');
    await header(page).getByRole('button', { name: 'Show balance' }).click();
    await expect.poll(() => headerBalance(page).textContent()).toMatch(/0\.00/);
    await header(page).getByRole('button', { name: 'Hide balance' }).click();
    await expect.poll(() => headerBalance(page).textContent()).toBe('••••');
    await header(page).getByRole('button', { name: 'Show balance' }).click();
    await expect.poll(() => headerBalance(page).textContent()).toMatch(/RUB.0\.00/);

    await page.goto(`${origin()}/en/office/account`);
    await hydrated(page);
    // The preference is the server's: still shown after a new page load.
    await expect.poll(() => headerBalance(page).textContent()).toMatch(/RUB.0\.00/);
    const accounts = page.getByRole('region', { name: 'Accounts and balances' });
    await expect.poll(() => accounts.getByTestId('account-RUB-0').count()).toBe(1);
    expect(await accounts.getByTestId('account-RUB-0').textContent()).toMatch(/Main account.*active/);
    expect(await accounts.getByTestId('account-RUB-4').count()).toBe(1);

    await accounts.getByLabel('Add a currency account').selectOption('USD');
    await accounts.getByRole('button', { name: 'Add currency' }).click();
    await expect.poll(() => accounts.getByRole('status').textContent()).toBe('Your USD account is open.');
    const usdRow = accounts.getByTestId('account-USD-9');
    expect(await usdRow.textContent()).toMatch(/Currency account, USD.*\$0\.00/);

    await usdRow.getByRole('button', { name: 'Make the USD Currency account active' }).click();
    await expect.poll(() => accounts.getByRole('status').textContent()).toMatch(/USD account is now your main account/);
    expect(await usdRow.textContent()).toMatch(/active/);
    await expect.poll(() => headerBalance(page).textContent()).toBe('$0.00');

    await usdRow.getByRole('button', { name: 'Remove the USD account' }).click();
    await expect.poll(() => accounts.getByRole('status').textContent()).toBe('The USD account is removed.');
    expect(await accounts.getByTestId('account-USD-9').count()).toBe(0);
    expect(await accounts.getByTestId('account-RUB-0').textContent()).toMatch(/active/);
    await expect.poll(() => headerBalance(page).textContent()).toMatch(/RUB.0\.00/);
  });
});
