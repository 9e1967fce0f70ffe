/** Money for browser tests: a sandbox card top-up and the header balance. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { origin } from './browser.ts';
import { header, hydrated } from './player.ts';

/** On the sandbox provider's page: pays with the 3-D Secure test card and confirms the 3-D Secure step. */
export async function payBySandboxCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByRole('heading', { name: '3-D Secure confirmation' }).waitFor();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
}

/**
 * Tops up through the sandbox card provider, as e2e/payments.e2e.ts does: `amount` typed in,
 * or the 100 preset button when it is left out; waits until the payment is completed.
 */
export async function topUp(page: Page, amount?: number): Promise<void> {
  await page.goto(`${origin()}/en/office/recharge`);
  await hydrated(page);
  const recharge = page.getByRole('region', { name: 'Top up your balance' });
  await expect.poll(() => recharge.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
  if (amount === undefined) await recharge.getByRole('button', { name: /^100\b/ }).click();
  else await recharge.getByLabel(/^Amount/).fill(String(amount));
  await recharge.getByRole('radio', { name: 'Bank card' }).check();
  await recharge.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/sandbox-pay\/[0-9a-f-]{36}$/);
  await payBySandboxCard(page);
  await page.waitForURL(/\/en\/onpay\/success\?payment=/);
  await hydrated(page);
  await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 10_000 }).toMatch(/completed/);
}

/** Tops up 100 with the preset button. */
export const deposit100 = (page: Page): Promise<void> => topUp(page);

/** The header balance as a number (shown first: it starts hidden). */
export async function headerBalance(page: Page): Promise<number> {
  const shown = header(page).getByTestId('header-balance');
  if ((await header(page).getByRole('button', { name: 'Show balance' }).count()) > 0) await header(page).getByRole('button', { name: 'Show balance' }).click();
  await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toMatch(/\d/);
  return Number((await shown.textContent())!.replace(/[^\d.]/g, ''));
}
