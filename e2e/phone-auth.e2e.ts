import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '@betsite/contracts';
import { launchBrowser, newPage, origin } from './support/browser.ts';
import { header, hydrated } from './support/player.ts';

const PASSWORD = 'Harbour-Kestrel-2026';

async function expectPlayer(page: Page) {
  await expect.poll(() => header(page).getByRole('button', { name: 'Log out' }).count(), { timeout: 10_000 }).toBe(1);
}

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => header(page).getByRole('link', { name: 'Log in' }).count(), { timeout: 10_000 }).toBe(1);
}

/** The newest SMS to the phone matching `pattern`, once it is in the development outbox; its 6-digit code. */
async function smsCode(to: string, pattern: RegExp, after: Set<string>): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await fetch(`${origin()}/dev/outbox.json`)).json()) as OutboxResponse;
        const sms = messages.find((m) => m.channel === 'sms' && m.to === to && pattern.test(m.text) && !after.has(m.id));
        if (sms) after.add(sms.id);
        code = sms ? /\b(\d{6})\b/.exec(sms.text)?.[1] : undefined;
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

async function openLoginTab(page: Page, tab: string): Promise<Locator> {
  await page.goto(`${origin()}/en/?modal=login`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog.getByRole('tabpanel');
}

describe('a player by phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers by phone with an SMS code, then logs in by phone + password and by SMS code', async () => {
    const tail = String(Date.now() % 1_000_000).padStart(6, '0');
    const e164 = `+447700${tail}`;
    const seen = new Set<string>();
    const page = await newPage(browser);

    // Registration: phone (the mask formats it), code from the SMS, password.
    await page.goto(`${origin()}/en/?modal=registration`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'By phone' }).check();
    const phoneField = dialog.getByLabel('Phone number');
    await expect.poll(() => dialog.getByLabel('Country code').inputValue()).toBe('gb');
    await phoneField.fill(`07700${tail}`);
    expect(await phoneField.inputValue()).toBe(`7700 ${tail}`);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const registrationCode = await smsCode(e164, /registration code/, seen);
    // The resend button counts down, visibly.
    await expect.poll(() => dialog.getByRole('button', { name: /^New code in \d+ s$/ }).count()).toBe(1);
    await dialog.getByLabel('Code from the SMS').fill(registrationCode);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /over 18/ }).check();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL(`${origin()}/en/`);
    await expectPlayer(page);
    await logOut(page);

    // Phone + password, the number typed internationally this time.
    const phonePanel = await openLoginTab(page, 'Phone');
    await phonePanel.getByLabel('Phone number').fill(`+44 7700 ${tail}`);
    await phonePanel.getByLabel('Password', { exact: true }).fill('not the password');
    await phonePanel.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => phonePanel.getByRole('alert').textContent()).toBe('Wrong phone number or password.');
    await phonePanel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await phonePanel.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPlayer(page);
    await logOut(page);

    // SMS code: phone → send → code.
    const smsPanel = await openLoginTab(page, 'SMS code');
    await smsPanel.getByLabel('Phone number').fill(`7700${tail}`);
    await smsPanel.getByRole('button', { name: 'Send code' }).click();
    const loginCode = await smsCode(e164, /login code/, seen);
    const codeField = smsPanel.getByLabel('Code from the SMS');
    await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await codeField.fill(loginCode === '000000' ? '111111' : '000000');
    await smsPanel.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => smsPanel.getByRole('alert').textContent()).toBe('Wrong code. Check it, or ask for a new one.');
    await codeField.fill(loginCode);
    await smsPanel.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPlayer(page);
  });

  it('switches login modes from the keyboard and focuses the first field', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=login`);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    const tabs = dialog.getByRole('tab');
    await expect.poll(() => tabs.count(), { timeout: 10_000 }).toBe(4);
    expect(await tabs.allTextContents()).toEqual(['E-mail or ID', 'Phone', 'SMS code', 'QR code']);
    await dialog.getByRole('tab', { name: 'E-mail or ID' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('tab', { name: 'SMS code' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('tab', { name: 'SMS code' }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => dialog.getByRole('tabpanel').evaluate((panel) => panel.contains(document.activeElement) && document.activeElement?.tagName))
      .toMatch(/^(SELECT|INPUT)$/);
    await dialog.getByRole('tab', { name: 'SMS code' }).focus();
    await page.keyboard.press('End');
    expect(await dialog.getByRole('tab', { name: 'QR code' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    expect(await dialog.getByRole('tab', { name: 'E-mail or ID' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // Moving the focus does not open a tab; only Enter, Space or a click does.
    expect(await dialog.getByRole('tab', { name: 'SMS code' }).getAttribute('aria-selected')).toBe('true');
  });
});
