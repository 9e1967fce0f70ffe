import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ops, origin } from './support/browser.ts';
import { createGame } from './support/games.ts';
import { registerFastByApi } from './support/player.ts';

/** Plain HTTP: what a crawler or curl sees, before any JavaScript. */
async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${origin()}${path}`, { redirect: 'manual', headers: { 'accept-language': 'en-US,en;q=0.9', ...headers } });
}

describe('server-rendered pages', () => {
  it('renders /en/ with header, footer and lang/dir on <html>', async () => {
    const res = await get('/en/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"/);
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).toContain('<h1');
  });

  it('renders /ar/ right to left', async () => {
    const html = await (await get('/ar/')).text();
    expect(html).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"/);
  });

  it('redirects / and unknown language paths into the language', async () => {
    const root = await get('/');
    expect([301, 302]).toContain(root.status);
    expect(root.headers.get('location')).toBe('/en/');
    const nonsense = await get('/nonsense/path');
    expect([301, 302]).toContain(nonsense.status);
    expect(nonsense.headers.get('location')).toBe('/en/nonsense/path');
  });

  it('answers unknown pages with a real 404 page', async () => {
    const res = await get('/en/no-such-page-xyz');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This page could not be found');
  });

  it('sends a rendered page compressed whole: brotli where taken, else gzip, with its length', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      // A player's office page is rendered for every request (never from the page cache).
      const { token } = await registerFastByApi();
      const raw = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const url = new URL('/en/office/history', origin());
        httpGet(url, { headers: { accept: 'text/html', 'accept-encoding': accept, cookie: `user_token=${token}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      expect(raw.headers['content-encoding'] ?? null).toBe(encoding);
      expect(raw.headers['vary']).toContain('accept-encoding');
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      const html = (encoding === 'br' ? brotliDecompressSync(raw.body) : encoding === 'gzip' ? gunzipSync(raw.body) : raw.body).toString('utf8');
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('</html>');
    }
  });

  it('sends a visitor from the office to the login page', async () => {
    const res = await get('/en/office/history');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/user/login');
  });

  it('serves visitors a micro-cached page, with a fresh CSP nonce every time', async () => {
    const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
    const first = await get('/en/casino');
    const second = await get('/en/casino');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    const [a, b] = [await first.text(), await second.text()];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(b)).not.toBe(nonceOf(a));
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonceOf(b)}'`);
    // A display cookie (dark theme) is another page.
    const dark = await get('/en/casino', { cookie: 'app_theme=1' });
    expect(dark.headers.get('x-page-cache')).toBe('miss');
    expect(await dark.text()).toContain('data-theme="dark"');
  });

  it("renders a line page once for players alike, each getting their own id, and apart for a player who hides a sport", async () => {
    const champ = `Shared Render Cup ${Date.now()}`;
    await createGame(champ, 'Shared Home', 'Shared Away');
    const register = async () => {
      const { token, userId } = await registerFastByApi();
      return { token, userId, cookie: `user_token=${token}` };
    };
    const [a, b, hider] = [await register(), await register(), await register()];
    const hide = await fetch(`${origin()}/web-api/office/v1/disallowed-sports`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-auth': hider.token },
      body: JSON.stringify({ line: [1], live: [] }),
    });
    expect(hide.status).toBe(200);

    const path = `/en/line?shared=${Date.now()}`;
    const pageOf = async (player: { cookie: string }) => {
      const res = await get(path, { cookie: player.cookie });
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-page-cache'), html: await res.text() };
    };
    const first = await pageOf(a);
    const second = await pageOf(b);
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    expect(first.html).toContain(champ);
    // Each page names its own player and no other; apart from that (and the nonce) they are one render.
    expect(first.html).toContain(a.userId);
    expect(second.html).toContain(b.userId);
    expect(second.html).not.toContain(a.userId);
    const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1] ?? '';
    const normal = (html: string, userId: string) => html.replaceAll(userId, 'PLAYER').replaceAll(nonceOf(html), 'NONCE');
    expect(normal(second.html, b.userId)).toBe(normal(first.html, a.userId));
    // Once precompressed (in the background), hits go out as the spliced gzip: the same page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const gzipped = await get(path, { cookie: b.cookie, 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('x-page-cache')).toBe('hit');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const third = await gzipped.text();
    expect(third).toContain(b.userId);
    expect(normal(third, b.userId)).toBe(normal(first.html, a.userId));
    // A visitor's page of the same url is another render (log-in buttons, no player).
    const visitor = await get(path);
    expect(visitor.headers.get('x-page-cache')).toBe('miss');
    expect(await visitor.text()).not.toContain(b.userId);
    // Hiding football is another variant: its own render, without the football champ.
    const hidden = await pageOf(hider);
    expect(hidden.cache).toBe('miss');
    expect(hidden.html).not.toContain(champ);
    // The office is the player's own: never shared.
    const office = await get('/en/office/history', { cookie: a.cookie });
    expect(office.headers.get('x-page-cache')).toBeNull();
  });

  it('has SEO metadata in the HTML', async () => {
    const html = await (await get('/en/line')).text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/en\/line"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="de" href="[^"]*\/de\/line"/i);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });
});

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the home page with the site header and footer', async () => {
    const page = await newPage(browser);
    const res = await page.goto(`${origin()}/en/`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
  });

  it('takes a visitor from / to the language root chosen by the browser', async () => {
    const page = await newPage(browser, 'de-DE');
    await page.goto(`${origin()}/`);
    expect(new URL(page.url()).pathname).toBe('/de/');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage(browser);
    const res = await page.goto(`${origin()}/en/no-such-page-xyz`);
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('This page could not be found');
  });

  it('sends a visitor who opens the office to login', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/office/history`);
    expect(new URL(page.url()).pathname).toBe('/en/user/login');
  });

  it('navigates between two sections on the client without a full reload', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/line`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.locator('header a[href="/en/live"]').first().click();
    await page.waitForURL(`${origin()}/en/live`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('fetches the dictionary files the page names, and a navigation fetches only the new ones', async () => {
    const page = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('.json') && req.url().includes('/assets/')) fetched.push(new URL(req.url()).pathname);
    });
    await page.goto(`${origin()}/en/line`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const named = await page.locator('link[data-dictionary]').evaluateAll((links) => links.map((l) => `${l.getAttribute('data-dictionary')} ${new URL((l as HTMLLinkElement).href).pathname}`));
    expect(named.map((n) => n.split(' ')[0])).toEqual(['en/main', 'en/sports']);
    // The texts are not in the page's data (decision 0037): only the files' names are.
    const data = await page.locator('script').evaluateAll((scripts) => scripts.map((s) => s.textContent ?? '').join(''));
    expect(data).not.toContain('main_dictionary_load_error');
    expect(new Set(fetched)).toEqual(new Set(named.map((n) => n.split(' ')[1])));
    await page.locator('header a[href="/en/casino"]').first().click();
    await page.waitForURL(`${origin()}/en/casino`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Casino');
    expect(fetched.filter((f) => f.includes('/main-'))).toHaveLength(1);
    expect(fetched.some((f) => f.includes('/casino-'))).toBe(true);
  });

  it("shows the SPEC §8 dictionary error when the first page's texts cannot be fetched, and the next navigation brings the texts", async () => {
    const page = await newPage(browser);
    await page.route('**/assets/*.json', (route) => route.abort());
    await page.goto(`${origin()}/en/line`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'We could not load the texts of this page' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(1);
    await page.unroute('**/assets/*.json');
    // The next navigation in the app loads the texts again, and the page comes.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('header a[href="/en/live"]').first().click();
    await page.waitForURL(`${origin()}/en/live`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'We could not load the texts' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0);
  });

  it('opens a modal from the URL and closes it on navigation', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/?modal=registration`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    // The registration form links to the rules: following it is a navigation to another page.
    await dialog.locator('a[href^="/en/rules"]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/rules/'));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('modal')).toBe(false);
  });

  it('closes a modal with Escape and keeps focus inside it while open', async () => {
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/line?modal=login`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    // Focus moves into the dialog when it opens…
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    // …and Tab keeps it there.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/en/line');
  });

  it('sends every page to maintenance while maintenance is active, and back after', async () => {
    await ops('PATCH', '/site-config', { maintenance: { isActive: true } });
    try {
      const page = await newPage(browser);
      for (const path of ['/en/', '/en/line', '/en/casino']) {
        await page.goto(`${origin()}${path}`);
        expect(new URL(page.url()).pathname).toBe('/en/maintenance');
      }
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    } finally {
      await ops('PATCH', '/site-config', { maintenance: { isActive: false } });
    }
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/maintenance`);
    expect(new URL(page.url()).pathname).toBe('/en/');
  });

  it('sends visitors matching a block rule with reason 13 to block-ua', async () => {
    const created = await ops('POST', '/block-rules', { reason: 13, country: 'UA' });
    const rule = (await created.json()) as { id: string };
    try {
      const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'x-country-code': 'UA' } });
      const page = await context.newPage();
      await page.goto(`${origin()}/en/line`);
      expect(new URL(page.url()).pathname).toBe('/en/block-ua');
      await context.close();
    } finally {
      await ops('DELETE', `/block-rules/${rule.id}`);
    }
    const page = await newPage(browser);
    await page.goto(`${origin()}/en/block-ua`);
    expect(new URL(page.url()).pathname).toBe('/en/');
  });
});
