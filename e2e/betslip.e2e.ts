/**
 * The bet slip in the browser (issue 11): a player with money picks two games' home wins,
 * sees the accumulator's quote, places it, sees the balance drop by the stake and the
 * coupon open in My bets; once the operator finishes both games and the settlement sweep
 * has run, My bets shows it settled with its payout.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCoef } from '@betsite/domain';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { createGame, pickHome } from './support/games.ts';
import { hydrated, registerOneClick } from './support/player.ts';
import { deposit100, headerBalance as balance } from './support/wallet.ts';

const CUP = 'E2E Slip Cup';
const shots = process.env.BETSLIP_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

describe('the bet slip', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('places an accumulator, charges the stake, and shows it open, then settled with its payout', async () => {
    const first = await createGame(CUP, 'Slip Rovers', 'Slip United');
    const second = await createGame(CUP, 'Coupon City', 'Coupon Athletic');
    const page = await newPage(browser);
    await registerOneClick(page);
    await deposit100(page);

    // Two home wins from the games' pages.
    for (const game of [first, second]) await pickHome(page, game.id);
    const slip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(2);
    expect(await slip.getByText(/come with the full bet slip/).count()).toBe(0);

    // The accumulator is offered and quoted: total odds and possible win for a stake of 10.
    const express = slip.getByRole('radio', { name: 'Accumulator', exact: true });
    await expect.poll(() => express.isChecked(), { timeout: 10_000 }).toBe(true);
    await slip.getByLabel(/^Stake/).fill('10');
    const total = Math.round(first.coef * second.coef * 1000) / 1000;
    await expect.poll(() => slip.getByTestId('coupon-coef').textContent(), { timeout: 10_000 }).toBe(formatCoef(total, 0));
    await expect.poll(() => slip.getByTestId('coupon-charged').textContent()).toMatch(/10\.00/);
    await expect.poll(() => slip.getByTestId('coupon-win').textContent()).toMatch(/\d+\.\d\d/);
    await shot(page, 'slip-quote');

    const before = await balance(page);
    await slip.getByTestId('place-bet').click();
    await expect.poll(() => slip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/Your bet is accepted.*Coupon № [0-9A-F]{8}/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(before - 10, 2);
    await shot(page, 'slip-placed');

    // "Repeat" keeps the selections.
    await slip.getByRole('button', { name: 'Repeat bet' }).click();
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(2);

    // My bets in the slip: open, with both selections.
    await slip.getByRole('tab', { name: 'My bets' }).click();
    const coupon = slip.getByTestId('coupon').first();
    await expect.poll(() => coupon.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    expect(await coupon.textContent()).toMatch(/Accumulator.*Slip Rovers – Slip United.*Coupon City – Coupon Athletic/);
    const possibleWin = await coupon.getByTestId('coupon-payout').textContent();
    expect(Number(possibleWin!.replace(/[^\d.]/g, ''))).toBeCloseTo(10 * total, 1);
    await shot(page, 'slip-my-bets');

    // The operator finishes both games (home wins); the settlement sweep pays the coupon.
    await ops('POST', `/games/${first.id}/finish`, { score: { home: 2, away: 0 } });
    await ops('POST', `/games/${second.id}/finish`, { score: { home: 1, away: 0 } });
    await expect
      .poll(
        async () => {
          await ops('POST', '/clock/advance', { seconds: 10 });
          await ops('POST', '/jobs/run');
          await page.goto(`${origin()}/en/office/history`);
          await hydrated(page);
          const bets = page.getByRole('region', { name: 'My bets' });
          await bets.getByRole('radio', { name: 'All bets' }).check();
          await expect.poll(() => bets.getByTestId('coupon').count(), { timeout: 10_000 }).toBeGreaterThan(0);
          return bets.getByTestId('coupon').first().getAttribute('data-state');
        },
        { timeout: 25_000, interval: 500 },
      )
      .toBe('won');
    const settled = page.getByRole('region', { name: 'My bets' }).getByTestId('coupon').first();
    expect(await settled.getByTestId('coupon-status').textContent()).toBe('Won');
    // Both picks won: it paid what it could win.
    expect(await settled.getByTestId('coupon-payout').textContent()).toBe(possibleWin);
    expect(await settled.locator('[data-outcome="win"]').count()).toBe(2);
    await shot(page, 'office-my-bets');
  });
});
