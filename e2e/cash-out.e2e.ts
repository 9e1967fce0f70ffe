/**
 * Cash-out in the browser (issue 11, SPEC §4 "sell"): a funded player bets 10 on a home win at
 * 2.00, opens My bets, sees the cash-out offer (20.00 × 1/2.00 less 5 % = 9.50), confirms it,
 * and sees the coupon sold and the balance rise by it; the offer follows the odds while the
 * coupon is on screen. Another insures half a stake, and gets it back when the bet loses.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { gameAt2, pickHome, setCoef } from './support/games.ts';
import { hydrated, registerOneClick } from './support/player.ts';
import { deposit100, headerBalance } from './support/wallet.ts';

/** Each test registers, tops up and bets through the pages first: room for a loaded machine. */
const LONG = 60_000;

const shots = process.env.CASH_OUT_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

/** From a game's page: its home win in the slip, a stake of 10, placed; answers the balance before. */
async function betTenOnHome(page: Page, gameId: number): Promise<number> {
  await pickHome(page, gameId);
  const slip = page.getByRole('region', { name: /Bet slip/ });
  await expect.poll(() => slip.getByTestId('selection').count()).toBe(1);
  await slip.getByLabel(/^Stake/).fill('10');
  await expect.poll(() => slip.getByTestId('coupon-charged').textContent(), { timeout: 10_000 }).toMatch(/10\.00/);
  const start = await headerBalance(page);
  await slip.getByTestId('place-bet').click();
  await expect.poll(() => slip.getByTestId('coupon-placed').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(start - 10, 2);
  return start;
}

/** A new funded player with 10 on the home win (at 2.00) of a new game, on My bets in the office. */
async function tenOnHomeInMyBets(browser: Browser, home: string, away: string): Promise<{ page: Page; gameId: number; start: number }> {
  const gameId = await gameAt2('E2E Cash-out Cup', home, away);
  const page = await newPage(browser);
  await registerOneClick(page);
  await deposit100(page);
  const start = await betTenOnHome(page, gameId);
  await page.goto(`${origin()}/en/office/history`);
  await hydrated(page);
  return { page, gameId, start };
}

describe('cash-out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a player cashes out an open single from My bets: the coupon is sold and the balance rises by the offer', async () => {
    const { page, gameId, start } = await tenOnHomeInMyBets(browser, 'Cash Rovers', 'Cash United');
    // My bets in the office: the open coupon offers 9.50.
    const bets = page.getByRole('region', { name: 'My bets' });
    const coupon = bets.getByTestId('coupon').first();
    await expect.poll(() => coupon.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    const button = coupon.getByTestId('cash-out');
    await expect.poll(() => button.textContent(), { timeout: 10_000 }).toMatch(/Cash out .*9\.50/);
    await shot(page, 'cash-out-offer');

    // The odds shorten to 1.60 while it is on screen: the offer follows (20 × 1/1.6 × 0.95 = 11.875 → 11.87).
    await setCoef(gameId, 1.6);
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toMatch(/11\.87/);

    // Confirm step, then sold.
    await button.click();
    const confirm = coupon.getByTestId('cash-out-confirm');
    await expect.poll(() => confirm.textContent()).toMatch(/Cash out this bet for .*11\.87\?/);
    await shot(page, 'cash-out-confirm');
    await confirm.getByRole('button', { name: 'Confirm cash-out' }).click();
    await expect.poll(() => coupon.getAttribute('data-state'), { timeout: 10_000 }).toBe('sold');
    expect(await coupon.getByTestId('coupon-status').textContent()).toBe('Cashed out');
    expect(await coupon.getByTestId('coupon-payout').textContent()).toMatch(/11\.87/);
    expect(await coupon.getByTestId('cash-out').count()).toBe(0);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(start - 10 + 11.87, 2);
    await shot(page, 'cash-out-sold');

    // After a reload it is still sold, under the settled filter.
    await page.reload();
    await hydrated(page);
    await bets.getByRole('radio', { name: 'Settled' }).check();
    await expect.poll(() => bets.getByTestId('coupon').first().getAttribute('data-state'), { timeout: 10_000 }).toBe('sold');
  }, LONG);

  it('a player insures half the stake of an open bet from My bets, is charged the premium, and is paid the insured part back when it loses', async () => {
    const { page, gameId, start } = await tenOnHomeInMyBets(browser, 'Cover Rovers', 'Cover United');
    const coupon = page.getByRole('region', { name: 'My bets' }).getByTestId('coupon').first();
    await expect.poll(() => coupon.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    await coupon.getByTestId('insure').click();
    const panel = coupon.getByTestId('insure-panel');
    // P(loss) 1/2 at 2.00: 5.00 insured costs 5.00 × 0.5 × 1.05 = 2.625 → 2.63.
    await panel.getByRole('radio', { name: /^50 %: .*5\.00.*2\.63/ }).check();
    await shot(page, 'insure-choice');
    await panel.getByRole('button', { name: /Insure for .*2\.63/ }).click();
    await expect.poll(() => coupon.getByTestId('coupon-insurance').textContent(), { timeout: 10_000 }).toMatch(/Insured: .*5\.00.*premium .*2\.63/);
    expect(await coupon.getByTestId('insure').count()).toBe(0);
    await expect.poll(() => coupon.getByTestId('cash-out-note').textContent(), { timeout: 10_000 }).toBe('Insured bets cannot be cashed out.');
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(start - 10 - 2.63, 2);
    await shot(page, 'insured');

    // The home side loses and the sweep settles it: the card turns lost on its own, with the insured 5.00 paid back.
    await ops('POST', `/games/${gameId}/finish`, { score: { home: 0, away: 1 } });
    await ops('POST', '/clock/advance', { seconds: 10 });
    await ops('POST', '/jobs/run');
    await expect.poll(() => coupon.getAttribute('data-state'), { timeout: 15_000 }).toBe('lost');
    expect(await coupon.getByTestId('coupon-insurance').textContent()).toMatch(/Insurance paid back .*5\.00/);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(start - 10 - 2.63 + 5, 2);
    await shot(page, 'insurance-paid');
  }, LONG);
});
