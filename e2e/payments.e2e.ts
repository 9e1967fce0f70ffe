import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { hydrated, registerOneClick } from './support/player.ts';
import { payBySandboxCard } from './support/wallet.ts';


/** The history row of a payment, by the id in the onpay page's `?payment=`. */
const historyRow = (page: Page, paymentId: string) => page.locator(`tr[data-payment-id="${paymentId}"]`);

describe('a player pays in and out through the sandbox provider', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('deposits 100 with a 3-D Secure card, withdraws 40, and the operator approves it', async () => {
    const page = await newPage(browser);
    await registerOneClick(page);

    // Top up: amount, card, on to the provider's page.
    await page.goto(`${origin()}/en/office/recharge`);
    await hydrated(page);
    const recharge = page.getByRole('region', { name: 'Top up your balance' });
    await expect.poll(() => recharge.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
    await recharge.getByRole('button', { name: /^100\b/ }).click();
    expect(await recharge.getByLabel(/^Amount/).inputValue()).toBe('100');
    await recharge.getByRole('radio', { name: 'Bank card' }).check();
    await recharge.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox-pay\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Pay 100\.00 [A-Z]{3}/);

    await payBySandboxCard(page);

    await page.waitForURL(/\/en\/onpay\/success\?payment=/);
    const depositId = new URL(page.url()).searchParams.get('payment')!;
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'Your deposit was successful' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 10_000 }).toMatch(/Payment of 100\.00 [A-Z]{3}: completed/);

    await page.goto(`${origin()}/en/office/historypay`);
    await hydrated(page);
    await expect.poll(() => historyRow(page, depositId).textContent(), { timeout: 10_000 }).toMatch(/Deposit.*Bank card.*\+100\.00.*Completed/);

    // Withdraw 40: reserved at once, waiting for the operator.
    await page.goto(`${origin()}/en/office/deduce`);
    await hydrated(page);
    const deduce = page.getByRole('region', { name: 'Withdraw money' });
    await expect.poll(() => deduce.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
    expect(await deduce.getByLabel('Account').locator('option').first().textContent()).toMatch(/100\.00/);
    await deduce.getByLabel(/^Amount/).fill('40');
    await deduce.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.waitForURL(/\/en\/onpay\/withdraw\/pending\?payment=/);
    const withdrawalId = new URL(page.url()).searchParams.get('payment')!;
    await hydrated(page);
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 10_000 }).toMatch(/Payment of 40\.00 [A-Z]{3}: awaiting approval/);

    await page.goto(`${origin()}/en/office/historypay`);
    await hydrated(page);
    await expect.poll(() => historyRow(page, withdrawalId).textContent(), { timeout: 10_000 }).toMatch(/Withdrawal.*−40\.00.*Awaiting approval/);

    // The operator finds it in the queue and approves it.
    const queue = (await (await ops('GET', '/withdrawals?status=awaiting_approval')).json()) as { withdrawals: { id: string }[] };
    expect(queue.withdrawals.map((w) => w.id)).toContain(withdrawalId);
    const approved = (await (await ops('POST', `/withdrawals/${withdrawalId}/approve`)).json()) as { status: string };
    expect(approved.status).toBe('succeeded');

    await page.reload();
    await hydrated(page);
    await expect.poll(() => historyRow(page, withdrawalId).textContent(), { timeout: 10_000 }).toMatch(/Withdrawal.*−40\.00.*Completed/);
    await expect.poll(() => historyRow(page, depositId).textContent(), { timeout: 10_000 }).toMatch(/Completed/);
  });
});
