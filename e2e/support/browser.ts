import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Launch flags that work on these machines (no sandbox as root, no background networking). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const origin = () => inject('origin');

/** Calls the operator API of the running server. */
export async function ops(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${inject('origin')}/ops-api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${inject('opsToken')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res;
}

export async function newPage(browser: Browser, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
  return context.newPage();
}
