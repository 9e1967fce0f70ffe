/**
 * The full bet slip in the browser (issue 11, part 2): a funded player picks home wins of
 * three pre-match games on their pages and places each of the ten bet types from the slip —
 * system (with its value, bankers tried), lucky, patent, multi-bet over blocks,
 * accumulator, anti-accumulator, chain, singles (one with its own stake), conditional over
 * blocks — saves the slip as a code and loads it back, sees the odds move under each
 * changeCoefAction (asked, any change taken, a rise taken and a fall asked), places a single
 * on a live game from the live page (checked after the live delay), one dropped when the
 * score changes during the delay (stake back), and one in one-click mode (turning it on
 * asks to clear the slip), and sees the balance drop by each charged amount. After the operator finishes the games, My bets shows every
 * coupon settled and paid as quoted (the anti-accumulator lost), and the balance grows by
 * the payouts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCoef } from '@betsite/domain';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { createGame, HOME, pickHome, setCoef } from './support/games.ts';
import { header, hydrated, registerOneClick } from './support/player.ts';
import { deposit100, headerBalance as balance } from './support/wallet.ts';

const CUP = 'E2E Types Cup';

const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

const shots = process.env.BETSLIP_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

describe('the full bet slip', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('places the ten bet types, follows odds changes by changeCoefAction, and pays every coupon after the games finish', { timeout: 120_000 }, async () => {
    const games = [await createGame(CUP, 'Types Alpha', 'Types Beta'), await createGame(CUP, 'Types Gamma', 'Types Delta'), await createGame(CUP, 'Types Eps', 'Types Zeta')];
    const live = await createGame(CUP, 'Live Lions', 'Live Tigers', true);
    const page = await newPage(browser);
    await registerOneClick(page);
    await deposit100(page);

    for (const g of games) await pickHome(page, g.id);
    const slip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(3);
    const amount = slip.getByTestId('coupon-amount');
    await expect.poll(() => amount.inputValue(), { timeout: 10_000 }).toMatch(/\d/);

    let charged = 0;
    /** Chooses the type, enters the stake, waits for the quote's charged amount, places, checks the balance, and comes back to the form. */
    const placeAs = async (type: string, stake: string, expectCharged: number, before?: (s: Locator) => Promise<void>) => {
      await slip.getByRole('radio', { name: type, exact: true }).check();
      await amount.fill(stake);
      if (before) await before(slip);
      await expect.poll(() => slip.getByTestId('coupon-charged').textContent().then(amountOf), { timeout: 10_000 }).toBe(expectCharged);
      const was = await balance(page);
      await expect.poll(() => slip.getByTestId('place-bet').isEnabled(), { timeout: 10_000 }).toBe(true);
      await slip.getByTestId('place-bet').click();
      await expect.poll(() => slip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/Your bet is accepted.*Coupon № [0-9A-F]{8}/);
      expect(amountOf(await slip.getByTestId('placed-amount').textContent())).toBe(expectCharged);
      await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(was - expectCharged, 2);
      charged += expectCharged;
      await slip.getByRole('button', { name: 'Repeat bet' }).click();
      await expect.poll(() => slip.getByTestId('selection').count()).toBe(3);
    };

    // System 2 of 3 (3 bets of 3); a banker makes it 2 bets, and is taken off again.
    await placeAs('System', '9', 9, async (s) => {
      await expect.poll(() => s.getByTestId('system-value').inputValue(), { timeout: 10_000 }).toBe('2');
      await s.getByTestId('banker').first().click();
      await expect.poll(() => s.getByTestId('coupon-lines').textContent(), { timeout: 10_000 }).toBe('2');
      await shot(page, 'types-system-banker');
      await s.getByTestId('banker').first().click();
      await expect.poll(() => s.getByTestId('coupon-lines').textContent(), { timeout: 10_000 }).toBe('3');
    });
    // The minimum stake is RUB 3 a bet (line): lucky of 3 has 7 bets, patent 4.
    await placeAs('Lucky', '21', 21);
    await placeAs('Patent', '12', 12);
    // Multi-bet: a system of 2 over three blocks (one pick each).
    await placeAs('Multi-bet', '9', 9, async (s) => {
      await expect.poll(() => s.getByTestId('blocks').locator('li').count(), { timeout: 10_000 }).toBe(3);
      await shot(page, 'types-multi-bet');
    });
    await placeAs('Accumulator', '3', 3);
    await placeAs('Anti-accumulator', '3', 3);
    await placeAs('Chain', '3', 3);
    // Singles: 3 each, the third with its own stake of 4.
    await placeAs('Singles', '3', 10, async (s) => {
      await s.getByTestId('own-stake').nth(2).fill('4');
    });
    // Conditional: block 1 staked 3, blocks 2 and 3 from the winnings (all).
    await placeAs('Conditional', '3', 3, async (s) => {
      await expect.poll(() => s.getByTestId('blocks').locator('li').count(), { timeout: 10_000 }).toBe(3);
      await shot(page, 'types-conditional');
    });

    // Save the slip as a code, empty it, and load the code back.
    await slip.getByRole('button', { name: 'Save the slip as a code' }).click();
    const code = ((await slip.getByTestId('slip-code').locator('strong').textContent({ timeout: 10_000 })) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await slip.getByRole('button', { name: 'Remove all' }).click();
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(0);
    await slip.getByTestId('load-code').fill(code.toLowerCase());
    await slip.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => slip.getByTestId('selection').count(), { timeout: 10_000 }).toBe(3);

    // Odds changes on a single: keep the first pick only.
    for (const g of games.slice(1)) await slip.locator(`[data-selection-id="${g.id}|${HOME}"]`).getByRole('button', { name: /^Remove/ }).click();
    await expect.poll(() => slip.getByTestId('selection').count()).toBe(1);
    const [first] = games as [{ id: number; coef: number }];
    const settings = slip.getByTestId('slip-settings');
    await settings.locator('summary').click();
    const mode = settings.getByLabel('When the odds change');
    const single = async (stake: string, expectCoef: number) => {
      await amount.fill(stake);
      await expect.poll(() => slip.getByTestId('coupon-coef').textContent(), { timeout: 10_000 }).toBe(formatCoef(expectCoef, 0));
      const was = await balance(page);
      await expect.poll(() => slip.getByTestId('place-bet').isEnabled(), { timeout: 10_000 }).toBe(true);
      await slip.getByTestId('place-bet').click();
      await expect.poll(() => slip.getByTestId('placed-coef').textContent(), { timeout: 10_000 }).toBe(formatCoef(expectCoef, 0));
      await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(was - Number(stake), 2);
      charged += Number(stake);
      await slip.getByRole('button', { name: 'Repeat bet' }).click();
    };

    // Above the maximum a line bet can go to the bookmaker as a vip bet.
    await amount.fill('16000');
    await expect.poll(() => slip.getByTestId('vip-bet').count(), { timeout: 10_000 }).toBe(1);
    expect(await slip.getByTestId('place-bet').count()).toBe(0);
    await amount.fill('3');
    await expect.poll(() => slip.getByTestId('place-bet').count(), { timeout: 10_000 }).toBe(1);

    // 0 "ask me every time": a change is shown and waits for the player's yes.
    await mode.selectOption('0');
    let coef = Math.round((first.coef + 0.2) * 100) / 100;
    await setCoef(first.id, coef);
    await expect.poll(() => slip.getByTestId('coefs-changed').count(), { timeout: 12_000 }).toBe(1);
    await expect.poll(() => slip.getByTestId('place-bet').count()).toBe(0);
    await shot(page, 'types-coef-ask');
    await slip.getByRole('button', { name: 'Accept new odds' }).first().click();
    await single('3', coef);

    // 1 "accept any change": a fall is taken by itself.
    await mode.selectOption('1');
    coef = Math.round((coef - 0.3) * 100) / 100;
    await setCoef(first.id, coef);
    await expect.poll(() => slip.getByTestId('coefs-taken').count(), { timeout: 12_000 }).toBe(1);
    await single('3', coef);

    // 2 "accept higher odds": a rise is taken, a fall is asked.
    await mode.selectOption('2');
    coef = Math.round((coef + 0.4) * 100) / 100;
    await setCoef(first.id, coef);
    await expect.poll(() => slip.getByTestId('coupon-coef').textContent(), { timeout: 12_000 }).toBe(formatCoef(coef, 0));
    expect(await slip.getByTestId('coefs-changed').count()).toBe(0);
    coef = Math.round((coef - 0.1) * 100) / 100;
    await setCoef(first.id, coef);
    await expect.poll(() => slip.getByTestId('coefs-changed').count(), { timeout: 12_000 }).toBe(1);
    await slip.getByRole('button', { name: 'Accept new odds' }).first().click();
    await single('3', coef);

    // A live single from the live page: checked after the live delay, then accepted.
    await slip.getByRole('button', { name: 'Remove all' }).click();
    await pickHome(page, live.id, 'live');
    const liveSlip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => liveSlip.getByTestId('selection').count()).toBe(1);
    await liveSlip.getByTestId('coupon-amount').fill('3');
    await expect.poll(() => liveSlip.getByTestId('coupon-charged').textContent().then(amountOf), { timeout: 10_000 }).toBe(3);
    const beforeLive = await balance(page);
    await liveSlip.getByTestId('place-bet').click();
    await expect.poll(() => liveSlip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/Your live bet is being checked/);
    await shot(page, 'types-live-checking');
    await ops('POST', '/clock/advance', { seconds: 5 });
    await ops('POST', '/jobs/run');
    await expect.poll(() => liveSlip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/Your bet is accepted/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(beforeLive - 3, 2);
    charged += 3;

    // Drop on score change: the score moves during the live delay, the bet is refused and the stake comes back.
    await liveSlip.getByRole('button', { name: 'Repeat bet' }).click();
    await liveSlip.getByTestId('slip-settings').locator('summary').click();
    await liveSlip.getByTestId('slip-settings').getByLabel(/Cancel a live bet if the score changes/).check();
    await expect.poll(() => liveSlip.getByTestId('place-bet').isEnabled(), { timeout: 10_000 }).toBe(true);
    const beforeDrop = await balance(page);
    await liveSlip.getByTestId('place-bet').click();
    await expect.poll(() => liveSlip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/being checked/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(beforeDrop - 3, 2);
    await ops('POST', `/games/${live.id}/score`, { score: { home: 1, away: 0 } });
    await ops('POST', '/clock/advance', { seconds: 5 });
    await ops('POST', '/jobs/run');
    await expect.poll(() => liveSlip.getByTestId('coupon-refusal').textContent(), { timeout: 10_000 }).toMatch(/The score changed/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(beforeDrop, 2);

    // One-click: turning it on with a pick in the slip asks to clear it; then a click on odds is a bet.
    await liveSlip.getByTestId('one-click').click();
    await liveSlip.getByRole('button', { name: 'Clear and turn on' }).click();
    await expect.poll(() => liveSlip.getByTestId('selection').count()).toBe(0);
    await liveSlip.getByTestId('one-click-amount').fill('3');
    const beforeOneClick = await balance(page);
    await page.locator(`#main-content button[data-outcome="${HOME}"]`).first().click();
    await expect.poll(() => liveSlip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/being checked/);
    await ops('POST', '/clock/advance', { seconds: 5 });
    await ops('POST', '/jobs/run');
    await expect.poll(() => liveSlip.getByTestId('coupon-placed').textContent(), { timeout: 10_000 }).toMatch(/Your bet is accepted/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(beforeOneClick - 3, 2);
    await shot(page, 'types-one-click');
    charged += 3;
    expect(charged).toBe(88);

    // The games finish (home wins): every coupon is settled.
    const possible = new Map<string, number>();
    const readBets = async () => {
      await page.goto(`${origin()}/en/office/history`);
      await hydrated(page);
      const bets = page.getByRole('region', { name: 'My bets' });
      await bets.getByRole('radio', { name: 'All bets' }).check();
      await expect.poll(() => bets.getByTestId('coupon').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      while ((await bets.getByRole('button', { name: 'Show more' }).count()) > 0) {
        const n = await bets.getByTestId('coupon').count();
        await bets.getByRole('button', { name: 'Show more' }).click();
        await expect.poll(() => bets.getByTestId('coupon').count(), { timeout: 10_000 }).toBeGreaterThan(n);
      }
      return bets;
    };
    let bets = await readBets();
    expect(await bets.getByTestId('coupon').count()).toBe(15);
    for (const c of await bets.getByTestId('coupon').all()) possible.set((await c.getAttribute('data-coupon-id'))!, amountOf(await c.getByTestId('coupon-payout').textContent()));
    const beforeSettlement = await balance(page);
    for (const g of [...games, live]) await ops('POST', `/games/${g.id}/finish`, { score: { home: 2, away: 0 } });
    await expect
      .poll(
        async () => {
          await ops('POST', '/clock/advance', { seconds: 10 });
          await ops('POST', '/jobs/run');
          return page.evaluate(async () => {
            const res = await fetch('/web-api/coupon/v1/coupons?status=open&limit=100', { credentials: 'include' });
            return ((await res.json()) as { coupons: unknown[] }).coupons.length;
          });
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);
    bets = await readBets();
    let paid = 0;
    for (const c of await bets.getByTestId('coupon').all()) {
      const id = (await c.getAttribute('data-coupon-id'))!;
      const type = (await c.textContent()) ?? '';
      const payout = amountOf(await c.getByTestId('coupon-payout').textContent());
      if ((await c.getAttribute('data-state')) === 'refused') {
        // The dropped live bet: its stake came back when it was refused.
        expect(payout).toBe(3);
        continue;
      }
      if (/^Anti-accumulator/.test(type)) {
        expect(await c.getAttribute('data-state')).toBe('lost');
        expect(payout).toBe(0);
      } else {
        expect(await c.getAttribute('data-state'), type).toBe('won');
        expect(payout, type).toBe(possible.get(id));
      }
      paid += payout;
    }
    await shot(page, 'types-my-bets-settled');
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeCloseTo(beforeSettlement + paid, 2);

    // Repeat of a settled coupon: its games are over, so nothing comes back into the slip.
    await bets.getByTestId('repeat-coupon').first().click();
    await expect.poll(() => bets.getByText('None of these picks is offered any more.').count(), { timeout: 10_000 }).toBe(1);
  });

  it('collapses into the quick coupon below 1366 px and on pages without a slip; the coupon page shows the slip', async () => {
    const game = await createGame(CUP, 'Quick Owls', 'Quick Hawks');
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1200, height: 860 } });
    const page = await context.newPage();
    await pickHome(page, game.id);
    const quick = page.getByTestId('quick-coupon');
    await expect.poll(() => quick.count(), { timeout: 10_000 }).toBe(1);
    await quick.getByRole('button', { name: /Bet slip/ }).click();
    const slip = quick.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => slip.getByText(/Log in or register to place this bet/).count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'quick-coupon');
    await page.keyboard.press('Escape');
    await expect.poll(() => slip.count()).toBe(0);

    // A remote app adds a pick and moves its odds through browser events (SPEC §7).
    const other = await createGame(CUP, 'Remote Rams', 'Remote Bulls');
    await page.evaluate((g) => {
      const detail = { gameId: g.id, outcomeKey: '1x2:match/home', coef: g.coef, home: { id: 1, name: 'Remote Rams' }, away: { id: 2, name: 'Remote Bulls' }, pickName: 'Remote Rams', marketName: '1X2' };
      window.dispatchEvent(new CustomEvent('coupon:add', { detail }));
      window.dispatchEvent(new CustomEvent('coupon:update', { detail: { id: `${g.id}|1x2:match/home`, coef: 3.5 } }));
    }, other);
    await expect.poll(() => header(page).getByTestId('header-slip-count').textContent(), { timeout: 10_000 }).toBe('2');
    await quick.getByRole('button', { name: /Bet slip/ }).click();
    await expect.poll(() => slip.locator(`[data-selection-id="${other.id}|${HOME}"]`).textContent(), { timeout: 10_000 }).toMatch(/Remote Rams[\s\S]*3\.5/);
    await page.keyboard.press('Escape');

    // The header's "Bet slip" opens the coupon page from a page without a slip; the quick coupon is not shown there.
    await page.goto(`${origin()}/en/promotions`);
    await hydrated(page);
    await expect.poll(() => quick.count(), { timeout: 10_000 }).toBe(1);
    await header(page).getByTestId('header-slip').click();
    await page.waitForURL(/\/en\/coupon$/);
    await expect.poll(() => page.getByRole('region', { name: /Bet slip/ }).getByTestId('selection').count(), { timeout: 10_000 }).toBe(2);
    expect(await quick.count()).toBe(0);
    await context.close();
  });
});
