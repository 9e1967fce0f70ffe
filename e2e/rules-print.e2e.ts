/**
 * Rules and print-outs (issue 11, part 3): the bet-types rules page shows a worked example
 * of every coupon type with the figures the domain computes; a player opens the print-out of
 * a coupon they placed and sees its number, selection and stake, with a Print button; another
 * player's coupon id is "coupon not found" with a 404; a visitor is sent to log in; once the
 * game is settled the print-out shows the score, the result and the payout.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BET_TYPE_EXAMPLES } from '@betsite/domain';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { createGame, HOME } from './support/games.ts';
import { hydrated, registerOneClick } from './support/player.ts';
import { deposit100 } from './support/wallet.ts';

const shots = process.env.RULES_PRINT_SHOTS;
const shot = async (page: Page, name: string, fullPage = false) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
};

describe('rules and coupon print-outs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the bet types rules show a worked example of every type, reached from the general rules', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/rules/1`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Bet types and settlement, with worked examples' }).click();
    await page.waitForURL(/\/en\/rules\/2$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Betting rules: Bet types and settlement');
    const rules = page.getByTestId('bet-type-rules');
    expect(await rules.getByTestId('bet-type').count()).toBe(10);
    expect(await rules.getByTestId('bet-type-example').count()).toBe(BET_TYPE_EXAMPLES.length);
    // System 2 of 3: 100.00 over 3 lines is 33.33 each, 99.99 charged; b loses, a × c pays 124.98.
    const system = rules.locator('[data-example="2_1"]');
    expect(await system.getByTestId('example-lines').textContent()).toBe('3');
    expect(await system.getByTestId('example-charged').textContent()).toMatch(/99\.99/);
    expect(await system.getByTestId('example-payout').textContent()).toMatch(/124\.98/);
    expect(await system.getByTestId('example-line').count()).toBe(3);
    // The index jumps to a type by keyboard.
    await rules.getByRole('link', { name: 'Lucky', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#bet-type-7$/);
    expect(await rules.locator('[data-example="7_1"]').getByTestId('example-line').count()).toBe(7);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'rules-bet-types');
    await page.locator('#bet-type-2').scrollIntoViewIfNeeded();
    await shot(page, 'rules-bet-types-system');
    await page.context().close();
  });

  it('a player prints their coupon; another player gets "not found" (404); a visitor is sent to log in', async () => {
    const game = await createGame('E2E Print Cup', 'Print Rovers', 'Print United');
    const page = await newPage(browser);
    await registerOneClick(page);
    await deposit100(page);

    // A single of 10 placed through the API with the player's session.
    const couponId = randomUUID();
    const placed = await page.request.post(`${origin()}/web-api/coupon/v1/coupons`, {
      headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
      data: { id: couponId, typeId: 0, bets: [{ gameId: game.id, outcomeKey: HOME, coef: game.coef }], amount: '10.00', changeCoefAction: 1 },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    const response = await page.goto(`${origin()}/en/print-coupon/${couponId}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const sheet = page.getByTestId('print-coupon');
    expect(await sheet.getByTestId('print-coupon-number').textContent()).toBe(`Coupon № ${couponId.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(await sheet.getByTestId('print-coupon-type').textContent()).toBe('Single');
    const bets = sheet.getByTestId('print-coupon-bet');
    expect(await bets.count()).toBe(1);
    expect(await bets.first().textContent()).toContain('Print Rovers – Print United');
    expect(await sheet.getByTestId('print-coupon-stake').textContent()).toMatch(/10\.00/);
    expect(await sheet.getByTestId('print-coupon-status').textContent()).toBe('Open');
    // Print opens the browser's dialog; here it is counted instead.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await sheet.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On paper the button is gone.
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(page, 'print-coupon-paper');
    await page.emulateMedia({ media: 'screen' });
    await shot(page, 'print-coupon');

    const other = await newPage(browser);
    await registerOneClick(other);
    const missing = await other.goto(`${origin()}/en/print-coupon/${couponId}`);
    expect(missing?.status()).toBe(404);
    await hydrated(other);
    expect(await other.getByTestId('print-coupon-missing').getByRole('heading', { name: 'Coupon not found' }).count()).toBe(1);
    expect(await other.getByTestId('print-coupon').count()).toBe(0);
    expect((await other.goto(`${origin()}/en/print-coupon/not-a-coupon`))?.status()).toBe(404);
    await shot(other, 'print-coupon-not-found');

    const visitor = await newPage(browser);
    await visitor.goto(`${origin()}/en/print-coupon/${couponId}`);
    await visitor.waitForURL(/\/en\/user\/login/);
    expect(await visitor.getByTestId('print-coupon').count()).toBe(0);

    // Once the game is finished and the sweep has settled the coupon, the print-out shows the score and the payout.
    await ops('POST', `/games/${game.id}/finish`, { score: { home: 2, away: 1 } });
    await expect
      .poll(
        async () => {
          await ops('POST', '/clock/advance', { seconds: 10 });
          await ops('POST', '/jobs/run');
          await page.goto(`${origin()}/en/print-coupon/${couponId}`);
          return page.getByTestId('print-coupon-status').textContent();
        },
        { timeout: 25_000, interval: 500 },
      )
      .toBe('Won');
    await hydrated(page);
    const won = Math.floor(10 * game.coef * 100) / 100;
    expect(Number((await page.getByTestId('print-coupon-payout').textContent())!.replace(/[^\d.]/g, ''))).toBeCloseTo(won, 2);
    expect(await page.getByTestId('print-coupon-bet').first().textContent()).toMatch(/Score 2:1.*Won/);
    await shot(page, 'print-coupon-settled');

    await Promise.all([page.context().close(), other.context().close(), visitor.context().close()]);
  });
});
