/**
 * The live transport in the browser: every tab opens one WebSocket, and a deposit made in
 * one tab moves the header balance of another tab of the same player at once, without a
 * reload and without polling (the header polls only while the live connection is down).
 */
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated, registerOneClick } from './support/player.ts';

const headerBalance = (page: Page) => header(page).getByTestId('header-balance');
const LIVE_PATH = '/web-api/live/v1/ws';

/** The live sockets a page opens, and the text frames each receives. */
function watchSockets(page: Page) {
  const sockets: { socket: WebSocket; received: string[] }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith(LIVE_PATH)) return;
    const entry = { socket, received: [] as string[] };
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') entry.received.push(frame.payload);
    });
    sockets.push(entry);
  });
  return sockets;
}

describe('live data in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("moves another tab's header balance as soon as a deposit succeeds", async () => {
    const payer = await newPage(browser);
    await registerOneClick(payer);
    await hydrated(payer);
    // The balance is loaded (masked: SPEC §9 user_hide_balance defaults to true) before it can be shown.
    await expect.poll(() => headerBalance(payer).textContent(), { timeout: 10_000 }).toBe('••••');
    await header(payer).getByRole('button', { name: 'Show balance' }).click();
    await expect.poll(() => headerBalance(payer).textContent()).toMatch(/\b0\.00/);

    // A second tab of the same player (same cookies), watching its socket.
    const watcher = await payer.context().newPage();
    const sockets = watchSockets(watcher);
    await watcher.goto(`${origin()}/en/`);
    await hydrated(watcher);
    await expect.poll(() => headerBalance(watcher).textContent(), { timeout: 10_000 }).toMatch(/\b0\.00/);
    await expect.poll(() => sockets.flatMap((s) => s.received).some((m) => m.includes('"type":"snapshot"') && m.includes('"topic":"balance"')), { timeout: 10_000 }).toBe(true);

    // Top up 100 in the first tab through the sandbox provider (a card that needs no 3-D Secure).
    await payer.goto(`${origin()}/en/office/recharge`);
    await hydrated(payer);
    const recharge = payer.getByRole('region', { name: 'Top up your balance' });
    await expect.poll(() => recharge.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
    await recharge.getByRole('button', { name: /^100\b/ }).click();
    await recharge.getByRole('radio', { name: 'Bank card' }).check();
    await recharge.getByRole('button', { name: 'Continue to payment' }).click();
    await payer.waitForURL(/\/sandbox-pay\/[0-9a-f-]{36}$/);
    await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payer.getByLabel('CVC').fill('123');
    await payer.getByRole('button', { name: 'Pay by card' }).click();
    await payer.waitForURL(/\/en\/onpay\/success\?payment=/);

    // The watching tab was not reloaded; its balance arrives over the socket well within the 60 s poll.
    await expect.poll(() => headerBalance(watcher).textContent(), { timeout: 5_000 }).toMatch(/\b100\.00/);
    expect(sockets.flatMap((s) => s.received).some((m) => m.includes('"type":"delta"') && m.includes('"new_balance":"10000"'))).toBe(true);
    // One socket per tab.
    expect(sockets).toHaveLength(1);
  });

  it("opens no live socket for a visitor's page without live topics", async () => {
    const page = await newPage(browser);
    const sockets = watchSockets(page);
    // (The home page shows live games, so it follows them.)
    await page.goto(`${origin()}/en/promotions`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(sockets).toHaveLength(0);
  });
});
