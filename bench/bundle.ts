/**
 * What a page makes the browser download before the first interaction: every script and
 * stylesheet it loads in Chromium, with raw and gzip sizes (`npm run build` first). The
 * simulated feed is on, so the pages show real games. Without paths: `/en/`, `/en/line/`, a
 * game page of the line and the casino lobby, with the files of `/en/` listed (issue 14: the
 * scripts of `/en/` stay at or under 150 KB gzip).
 * Usage: node --import tsx bench/bundle.ts [path …]
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { lineGamePath } from './support/pages.ts';

const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', FEED: 'simulated' });
const browser = await launchBrowser();
try {
  const given = process.argv.slice(2);
  const paths = given.length > 0 ? given : ['/en/', '/en/line/', await lineGamePath(server.origin), '/en/casino/'];
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [i, path] of paths.entries()) {
    const page = await browser.newPage();
    const files: { url: string; type: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body();
      files.push({ url: new URL(response.url()).pathname, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    await page.close();
    if (i === 0) for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.type.padEnd(10)} ${kb(f.raw).padStart(7)} KB raw ${kb(f.gzip).padStart(6)} KB gzip  ${f.url}`);
    const scripts = files.filter((f) => f.type === 'script');
    const sum = (list: typeof files, key: 'raw' | 'gzip') => list.reduce((s, f) => s + f[key], 0);
    console.log(
      `Bundle for ${path}: JavaScript ${kb(sum(scripts, 'gzip'))} KB gzip (${sum(scripts, 'gzip')} bytes) in ${scripts.length} files (${kb(sum(scripts, 'raw'))} KB raw), ` +
        `CSS ${kb(sum(files.filter((f) => f.type === 'stylesheet'), 'gzip'))} KB gzip`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
