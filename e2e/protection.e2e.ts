/**
 * Player protection in Chromium (issue 12 part 6, decision 0019):
 * - a player reaches the limits from the footer and the top-up page, sets a deposit limit (at
 *   once), is refused a deposit above it with what is left, raises it (pending, with its due
 *   time), and at the due time the non-closable approval dialog asks; they confirm. A removal
 *   is cancelled, asked again and confirmed the next day: the limit is gone;
 * - a reality check set to 5 minutes shows its dialog at the stored time across a reload,
 *   continue sets the next one, log out ends the session;
 * - a session limit of 1 hour: the notice once the hour is used, then logout; a new login the
 *   same day is ended again;
 * - a bet past a wagering limit is refused in the bet slip with what is left;
 * - a self-exclusion warns before it starts, then locks the extra limits and closes deposits;
 * - with the questionnaire on, a raise asks the questions first; with reject by DELETE, a
 *   pending change is cancelled through it; the section in Russian.
 * The server runs on the fake clock: time moves through `POST /ops-api/v1/clock/advance`. A
 * session lives at most 24 h, so after a day the player logs in again (as they would).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { header, hydrated, loggedIn, registerOneClick, type Credentials } from './support/player.ts';
import { gameAt2, pickHome } from './support/games.ts';
import { deposit100 } from './support/wallet.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/e2e-protection';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

async function logIn(page: Page, { login, password }: Credentials): Promise<void> {
  await page.goto(`${origin()}/en/line?modal=login`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail, phone or account ID').fill(login);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await loggedIn(page);
}

const loggedOut = (page: Page) => expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count(), { timeout: 15_000 }).toBe(1);
const advance = (seconds: number) => ops('POST', '/clock/advance', { seconds });
const DAY = 86_400;

async function openLimits(page: Page): Promise<void> {
  await page.goto(`${origin()}/en/office/responsible`);
  await hydrated(page);
  await expect.poll(() => page.getByTestId('responsible').count(), { timeout: 10_000 }).toBe(1);
}

const notice = (page: Page) => page.getByTestId('responsible-notice');

/** The server's fake time (ms). */
async function serverNow(): Promise<number> {
  const { now } = (await (await ops('GET', '/clock')).json()) as { now: string | number };
  return typeof now === 'number' ? now : Date.parse(now);
}

describe('player protection in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets, raises, approves and removes a deposit limit; a deposit above it is refused', { timeout: 180_000 }, async () => {
    const page = await newPage(browser);
    const credentials = await registerOneClick(page);

    // The footer's "Deposit and time limits" leads to the section.
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Deposit and time limits' }).first().click();
    await page.waitForURL(/\/en\/office\/responsible$/);
    await expect.poll(() => page.getByTestId('responsible').count(), { timeout: 10_000 }).toBe(1);

    const row = page.getByTestId('limit-20');
    expect(await row.getByTestId('limit-state').textContent()).toBe('Not set');
    await row.getByLabel(/^New limit/).fill('100');
    expect(await row.getByText('Applies at once.').count()).toBe(1);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('Saved.');
    expect(await row.getByTestId('limit-state').textContent()).toBe('Active');
    expect(await row.getByTestId('limit-value').textContent()).toMatch(/100/);

    // The top-up page leads to the limits, and a deposit above the limit is refused with what is left.
    await page.goto(`${origin()}/en/office/recharge`);
    await hydrated(page);
    const recharge = page.getByRole('region', { name: 'Top up your balance' });
    await expect.poll(() => recharge.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
    expect(await recharge.getByRole('link', { name: 'Deposit and time limits' }).count()).toBe(1);
    await recharge.getByLabel(/^Amount/).fill('150');
    await recharge.getByRole('radio', { name: 'Bank card' }).check();
    await recharge.getByRole('button', { name: 'Continue to payment' }).click();
    const refusal = recharge.getByTestId('limit-refusal');
    await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(1);
    expect(await refusal.textContent()).toMatch(/This deposit is above your 24-hour deposit limit\. You can deposit \D*100\D* more now\./);
    await shot(page, '1-deposit-refused');
    await refusal.getByRole('link', { name: 'Deposit and time limits' }).click();
    await page.waitForURL(/\/en\/office\/responsible$/);
    await expect.poll(() => page.getByTestId('responsible').count(), { timeout: 10_000 }).toBe(1);

    // A raise waits 24 hours, with its due time shown.
    await row.getByLabel(/^New limit/).fill('200');
    expect(await row.getByText(/applies after 24 hours/).count()).toBe(1);
    await row.getByRole('button', { name: 'Save' }).click();
    const pending = row.getByTestId('limit-pending');
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
    expect(await pending.textContent()).toMatch(/Change to \D*200\D* requested\. You can confirm it from .+/);
    expect(await row.getByTestId('limit-value').textContent()).toMatch(/100/);
    await shot(page, '2-raise-pending');

    // The next day (the session has ended: log in again) the approval dialog asks at once and cannot be dismissed.
    await advance(DAY + 60);
    await logIn(page, credentials);
    const approval = page.getByTestId('limit-approval');
    await expect.poll(() => approval.count(), { timeout: 15_000 }).toBe(1);
    const dialog = page.getByRole('dialog', { name: 'Confirm your limit change' });
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    expect(await approval.textContent()).toMatch(/24-hour deposit limit: \D*100\D* → \D*200/);
    await shot(page, '3-approval-dialog');
    await page.keyboard.press('Escape');
    expect(await approval.count()).toBe(1);
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => approval.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByText('The limit change is confirmed.').count(), { timeout: 10_000 }).toBe(1);

    await openLimits(page);
    expect(await row.getByTestId('limit-value').textContent()).toMatch(/200/);
    expect(await row.getByTestId('limit-pending').count()).toBe(0);

    // A removal waits too; cancelled, then asked again and confirmed the next day.
    await row.getByRole('button', { name: 'Remove limit' }).click();
    await expect.poll(() => row.getByTestId('limit-pending').textContent(), { timeout: 10_000 }).toMatch(/^Removal requested\./);
    await row.getByRole('button', { name: 'Cancel change' }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('The limit change is cancelled.');
    expect(await row.getByTestId('limit-pending').count()).toBe(0);
    await row.getByRole('button', { name: 'Remove limit' }).click();
    await expect.poll(() => row.getByTestId('limit-pending').count(), { timeout: 10_000 }).toBe(1);

    await advance(DAY + 60);
    await logIn(page, credentials);
    await expect.poll(() => approval.count(), { timeout: 15_000 }).toBe(1);
    expect(await approval.textContent()).toMatch(/→ No limit/);
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => approval.count(), { timeout: 10_000 }).toBe(0);
    await openLimits(page);
    expect(await row.getByTestId('limit-state').textContent()).toBe('Not set');
    await shot(page, '4-limit-removed');
  });

  it('shows the reality check at the chosen interval across a reload and by its timer; continue and log out are reported', { timeout: 90_000 }, async () => {
    const page = await newPage(browser);
    // The browser's clock is driven too, to let the dialog's own timer run out.
    await page.clock.install();
    await registerOneClick(page);
    await openLimits(page);
    const row = page.getByTestId('limit-32');
    await row.getByLabel('Remind me every').selectOption({ label: '5 minutes' });
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('Saved.');
    expect(await row.getByTestId('limit-state').textContent()).toBe('Active');

    // Five minutes later by the server's clock; the reload keeps the timer (the stored next-show time).
    await advance(5 * 60 + 1);
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    const check = page.getByTestId('reality-check');
    await expect.poll(() => check.count(), { timeout: 15_000 }).toBe(1);
    expect(await check.getByTestId('reality-elapsed').textContent()).toMatch(/^0 h [5-9] min$/);
    expect(await check.getByTestId('reality-net').textContent()).toMatch(/0/);
    expect(await check.getByRole('link', { name: 'See my bets' }).count()).toBe(1);
    await shot(page, '5-reality-check');
    await check.getByRole('button', { name: 'Continue playing' }).click();
    await expect.poll(() => check.count(), { timeout: 10_000 }).toBe(0);

    // Not again before the interval…
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(1_500);
    expect(await check.count()).toBe(0);
    // …and again after it, by the page's own timer (no reload); log out ends the session.
    await page.waitForTimeout(1_000);
    await advance(5 * 60 + 1);
    await page.clock.runFor(5 * 60_000 + 1_000);
    await expect.poll(() => check.count(), { timeout: 15_000 }).toBe(1);
    await check.getByRole('button', { name: 'Log out' }).click();
    await loggedOut(page);
  });

  it('ends the session when the session limit is used, with the notice, and refuses a new one the same day', { timeout: 120_000 }, async () => {
    // Two hours of room before the next UTC day (the session hours count per UTC day).
    const now = await serverNow();
    const toMidnight = DAY * 1000 - (now % (DAY * 1000));
    if (toMidnight < 2 * 3_600_000) await advance(Math.ceil(toMidnight / 1000) + 60);

    const page = await newPage(browser);
    const credentials = await registerOneClick(page);
    await openLimits(page);
    const row = page.getByTestId('limit-31');
    await row.getByLabel('Session hours a day').selectOption({ label: '1 hour' });
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('Saved.');

    // 59 minutes of play: the server counts the time between pings (at most 60 s each).
    for (let i = 0; i < 59; i += 1) {
      await advance(60);
      const ended = await page.evaluate(async (url) => {
        const res = await fetch(url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{}' });
        return ((await res.json()) as { sessionEnded: boolean }).sessionEnded;
      }, '/limit-service-api/api/external/web/v3/ping');
      expect(ended).toBe(false);
    }
    // The last minute: the browser's own ping (on this page load) finds the hour used.
    await advance(60);
    await page.goto(`${origin()}/en/line`);
    await hydrated(page);
    const sessionNotice = page.getByTestId('session-limit-notice');
    await expect.poll(() => sessionNotice.count(), { timeout: 40_000 }).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Your session limit has ended' }).count()).toBe(1);
    expect(await sessionNotice.textContent()).toMatch(/Come back tomorrow, from .+/);
    await shot(page, '6-session-limit');
    await sessionNotice.getByRole('button', { name: 'OK, log out' }).click();
    await loggedOut(page);

    // Logging in again the same day: the first ping ends it again.
    await logIn(page, credentials);
    await expect.poll(() => sessionNotice.count(), { timeout: 40_000 }).toBe(1);
  });

  it('refuses a bet past the wagering limit in the bet slip, with what is left and the way to the limits', { timeout: 90_000 }, async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    await deposit100(page);
    await openLimits(page);
    const row = page.getByTestId('limit-1');
    await row.getByLabel(/^New limit/).fill('5');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('Saved.');

    const gameId = await gameAt2('Protection League', 'Careful FC', 'Steady United');
    await pickHome(page, gameId);
    const slip = page.getByRole('region', { name: /Bet slip/ });
    await expect.poll(() => slip.getByTestId('selection').count(), { timeout: 10_000 }).toBe(1);
    await slip.getByLabel(/^Stake/).fill('10');
    await expect.poll(() => slip.getByTestId('coupon-charged').textContent(), { timeout: 10_000 }).toMatch(/10\.00/);
    await slip.getByTestId('place-bet').click();
    const refusal = slip.getByTestId('coupon-refusal');
    await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(1);
    expect(await refusal.textContent()).toMatch(/This stake is above your 24-hour wagering limit\. You can stake \D*5\D* more now\./);
    await shot(page, '7-slip-wager-refused');
    await refusal.getByRole('link', { name: 'Deposit and time limits' }).click();
    await page.waitForURL(/\/en\/office\/responsible$/);
  });

  it('warns before a self-exclusion, then shows it, locks the extra limits and closes deposits', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    await openLimits(page);
    const row = page.getByTestId('limit-30');
    await row.getByLabel('Self-exclusion period').selectOption({ label: '7 days' });
    const warning = row.getByTestId('exclusion-warning');
    expect(await warning.textContent()).toMatch(/starts at once and lasts 7 days.*cannot be shortened or cancelled/);
    await row.getByRole('button', { name: 'Start self-exclusion' }).click();
    const banner = page.getByTestId('self-excluded');
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(1);
    expect(await banner.textContent()).toMatch(/You are self-excluded.*Until .+ you cannot bet, deposit or play casino games/);
    expect(await page.getByTestId('extra-locked').count()).toBe(1);
    expect(await row.getByTestId('limit-state').textContent()).toBe('Active');
    expect(await page.getByTestId('limit-33').getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await shot(page, '8-self-excluded');

    await page.goto(`${origin()}/en/office/recharge`);
    await hydrated(page);
    const recharge = page.getByRole('region', { name: 'Top up your balance' });
    await expect.poll(() => recharge.getByLabel('Account').count(), { timeout: 10_000 }).toBe(1);
    await recharge.getByRole('button', { name: /^100\b/ }).click();
    await recharge.getByRole('radio', { name: 'Bank card' }).check();
    await recharge.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => recharge.getByTestId('limit-refusal').textContent(), { timeout: 10_000 }).toMatch(/You are self-excluded until .+: betting and deposits are closed\./);
    // Withdrawals stay open.
    await page.goto(`${origin()}/en/office/deduce`);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/en/office/deduce');
  });

  describe('by site config: the questionnaire before a raise, reject by DELETE', () => {
    beforeAll(async () => {
      await ops('PATCH', '/site-config', { protection: { questionnaireRequired: true, limitActionMode: 'delete' } });
    });
    afterAll(async () => {
      await ops('PATCH', '/site-config', { protection: { questionnaireRequired: false, limitActionMode: 'limitaction' } }).catch(() => undefined);
    });

    it('asks the questions before a raise, and cancels the raise by DELETE limit', { timeout: 60_000 }, async () => {
      const page = await newPage(browser);
      await registerOneClick(page);
      await openLimits(page);
      const row = page.getByTestId('limit-10');
      await row.getByLabel(/^New limit/).fill('50');
      await row.getByRole('button', { name: 'Save' }).click();
      // A new limit is never held up by the questionnaire.
      await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('Saved.');

      await row.getByLabel(/^New limit/).fill('80');
      await row.getByRole('button', { name: 'Save' }).click();
      const questions = page.getByRole('dialog', { name: 'A few questions first' });
      await expect.poll(() => questions.count(), { timeout: 10_000 }).toBe(1);
      expect(await questions.getByRole('group').count()).toBe(3);
      await shot(page, '9-questionnaire');
      for (const [i, answer] of ['Yes', 'No', 'No'].entries()) await questions.getByRole('group').nth(i).getByRole('radio', { name: answer }).check();
      await questions.getByRole('button', { name: 'Send answers' }).click();
      await expect.poll(() => questions.count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toMatch(/^Thank you\. The change is requested/);
      expect(await row.getByTestId('limit-pending').textContent()).toMatch(/Change to \D*80\D* requested/);

      const deletes: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname + new URL(r.url()).search);
      });
      await row.getByRole('button', { name: 'Cancel change' }).click();
      await expect.poll(() => notice(page).textContent(), { timeout: 10_000 }).toBe('The limit change is cancelled.');
      expect(deletes).toEqual(['/limit-service-api/api/external/web/v3/limit?limitType=10']);
      expect(await row.getByTestId('limit-pending').count()).toBe(0);
      expect(await row.getByTestId('limit-value').textContent()).toMatch(/50/);
    });
  });

  it('shows the section in Russian', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await registerOneClick(page);
    await page.goto(`${origin()}/ru/office/responsible`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('responsible').count(), { timeout: 10_000 }).toBe(1);
    for (const heading of ['Как работают лимиты', 'Лимиты депозита', 'Тайм-аут, самоисключение и время сессии', 'Проверка реальности', 'Лимиты ставок', 'Лимиты проигрыша']) {
      expect(await page.getByRole('heading', { name: heading, exact: true, level: 2 }).count(), heading).toBe(1);
    }
    expect(await page.getByTestId('limit-32').getByRole('option', { name: '5 минут', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('limit-31').getByRole('option', { name: '24 часа', exact: true }).count()).toBe(1);
    await shot(page, '10-russian');
  });
});
