/**
 * The vip bet in the browser (issue 11, SPEC §5): a player with money puts a stake above the
 * max in the slip and asks for a vip bet; the whole stake is held and the coupon waits in
 * review; the operator counter-offers a smaller stake through the ops API; the player sees the
 * offer in My bets with its countdown, accepts it, and the balance is the deposit less the
 * counter stake (the rest came back).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { gameAt2, pickHome } from './support/games.ts';
import { hydrated, registerOneClick } from './support/player.ts';
import { headerBalance as balance, topUp } from './support/wallet.ts';

/** Above the default max stake in any currency (RUB 15 000, EUR/USD 500). */
const ASKED = 16_000;
const COUNTER = 15_000;
const DEPOSIT = 20_000;

interface ReviewQueue {
  coupons: { userId: string; coupon: { id: string; status: string; bets: { gameId: number }[]; review: { askedAmount: string } | null } }[];
}

const shots = process.env.BETSLIP_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

describe('the vip bet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes to the operator above the max; a counter-offer accepted in My bets charges the counter stake', async () => {
    const gameId = await gameAt2('E2E Vip Cup', 'Vip Rovers', 'Vip United');

    const page = await newPage(browser);
    await registerOneClick(page);
    await topUp(page, DEPOSIT);

    // The pick, and a stake above the max: the slip offers to ask for a vip bet.
    await pickHome(page, gameId);
    const slip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(1);
    await slip.getByLabel(/^Stake/).fill(String(ASKED));
    const ask = slip.getByTestId('vip-bet');
    await expect.poll(() => ask.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => ask.isEnabled(), { timeout: 10_000 }).toBe(true);
    const before = await balance(page);
    expect(before).toBeCloseTo(DEPOSIT, 2);
    await ask.click();
    await expect.poll(() => slip.getByTestId('coupon-placed').getAttribute('data-status'), { timeout: 10_000 }).toBe('review');
    // The whole asked stake is held.
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(DEPOSIT - ASKED, 2);
    await shot(page, 'vip-slip-review');

    // My bets: waiting for the bookmaker, with a countdown.
    await page.goto(`${origin()}/en/office/history`);
    await hydrated(page);
    const bets = page.getByRole('region', { name: 'My bets' });
    const card = bets.getByTestId('coupon').first();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('review');
    const review = card.getByTestId('vip-review');
    await expect.poll(() => review.getAttribute('data-stage'), { timeout: 10_000 }).toBe('waiting');
    expect(await card.getByTestId('vip-countdown').textContent()).toMatch(/^[0-5]:\d\d$/);
    await shot(page, 'vip-my-bets-waiting');

    // The operator finds it in the queue and counter-offers.
    const queue = (await (await ops('GET', '/coupons/review')).json()) as ReviewQueue;
    const mine = queue.coupons.find((c) => c.coupon.bets.some((b) => b.gameId === gameId));
    expect(mine?.coupon.status).toBe('review');
    expect(Number(mine!.coupon.review!.askedAmount)).toBe(ASKED);
    const couponId = mine!.coupon.id;
    expect(await card.getAttribute('data-coupon-id')).toBe(couponId);
    await ops('POST', `/coupons/${couponId}/review`, { decision: 'counter', amount: String(COUNTER) });

    // The offer shows in My bets (followed without a reload); the player accepts it.
    await expect.poll(() => review.getAttribute('data-stage'), { timeout: 15_000 }).toBe('counter');
    expect(await card.getByTestId('vip-counter').textContent()).toMatch(/15,000\.00/);
    await shot(page, 'vip-my-bets-counter');
    await card.getByTestId('vip-accept').click();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    expect(await card.getByTestId('vip-review').count()).toBe(0);
    // The counter stake is charged; the rest of the asked stake came back.
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(DEPOSIT - COUNTER, 2);
    await page.reload();
    await hydrated(page);
    const after = page.getByRole('region', { name: 'My bets' }).getByTestId('coupon').first();
    await expect.poll(() => after.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    expect(await after.textContent()).toMatch(/15,000\.00/);
    await shot(page, 'vip-my-bets-accepted');
  });
});
