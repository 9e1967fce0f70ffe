/**
 * Game launch to first frame in headless Chromium (issue 13; the aim: under 1 s). The real
 * server (production build, feed on) and the system Chromium; a visitor opens a game page,
 * waits for it to hydrate, and presses "Play demo". Timed from the press to the host's
 * ready state (SPEC §4 state 2), which the host enters when the game in the iframe posts
 * `ready` after drawing its first frame — so the figure holds the launch token, the game
 * server's session, the iframe's document, the games bundle, the session view and the
 * first paint.
 *
 * Cold: a new browser context each time (empty cache). Warm: the same context launching the
 * game again (the games bundle cached, as for a player who played before).
 *
 * Usage: node --import tsx bench/casino-launch.ts [launches=10] [path=slots/all/game/fruit-fiesta/fruit-fiesta]
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { startServer } from '../e2e/support/server.ts';
import { percentiles, summarise } from './support/stats.ts';

const LAUNCHES = Number(process.argv[2] ?? 10);
const PATH = process.argv[3] ?? 'slots/all/game/fruit-fiesta/fruit-fiesta';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * One launch, timed by the page's own clock: from the press (the click event, caught first) to
 * the host's state turning ready. Playwright's checks before it clicks (the button visible,
 * stable for two frames, hit at its centre) take ~100 ms and are no part of the launch; the
 * figure the harness sees around `click()` is printed beside it.
 */
async function launchOnce(context: BrowserContext, url: string): Promise<{ page: number; harness: number }> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await page.evaluate(() => {
      const marks = window as unknown as { launchPressedAt?: number; launchReadyAt?: number };
      window.addEventListener('click', () => (marks.launchPressedAt ??= performance.now()), { capture: true, once: true });
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid="remote-app"][data-state="2"]')) {
          marks.launchReadyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
    });
    const host = page.getByTestId('remote-app');
    const started = performance.now();
    await page.getByRole('button', { name: 'Play demo' }).click();
    await host.and(page.locator('[data-state="2"]')).waitFor({ timeout: 15_000 });
    const harness = performance.now() - started;
    const inPage = await page.evaluate(() => {
      const marks = window as unknown as { launchPressedAt?: number; launchReadyAt?: number };
      return (marks.launchReadyAt ?? NaN) - (marks.launchPressedAt ?? NaN);
    });
    return { page: inPage, harness };
  } finally {
    await page.close();
  }
}

const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', FEED: 'simulated' });
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ARGS });
try {
  const url = `${server.origin}/en/${PATH}`;
  const viewport = { width: 1366, height: 900 };
  // One launch to warm the server (JIT, catalogue cache), not counted.
  await launchOnce(await browser.newContext({ viewport }), url);
  const cold: { page: number; harness: number }[] = [];
  const warm: { page: number; harness: number }[] = [];
  for (let i = 0; i < LAUNCHES; i++) {
    const context = await browser.newContext({ viewport });
    cold.push(await launchOnce(context, url));
    warm.push(await launchOnce(context, url));
    await context.close();
  }
  const show = (label: string, runs: { page: number; harness: number }[]) => {
    console.log(`  ${label.padEnd(5)} ${percentiles(summarise(runs.map((r) => r.page)))}`);
    console.log(`        (around Playwright's click: ${percentiles(summarise(runs.map((r) => r.harness)))})`);
  };
  console.log(`Game launch to first frame: /en/${PATH}, the press of "Play demo" → host ready (page clock), ${LAUNCHES} launches each`);
  show('cold', cold);
  show('warm', warm);
} finally {
  await browser.close();
  await server.stop();
}
