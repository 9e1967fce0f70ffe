/**
 * What `/en/` makes the browser download: every script and stylesheet the page loads
 * in Chromium, with raw and gzip sizes (`npm run build` first).
 * Usage: node --import tsx bench/bundle.ts [path]
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

const path = process.argv[2] ?? '/en/';
const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production' });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const files: { url: string; type: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body();
    files.push({ url: new URL(response.url()).pathname, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.type.padEnd(10)} ${kb(f.raw).padStart(7)} KB raw ${kb(f.gzip).padStart(6)} KB gzip  ${f.url}`);
  const sum = (type: string, key: 'raw' | 'gzip') => files.filter((f) => f.type === type).reduce((s, f) => s + f[key], 0);
  console.log(`Bundle for ${path}: JavaScript ${kb(sum('script', 'gzip'))} KB gzip (${kb(sum('script', 'raw'))} KB raw), CSS ${kb(sum('stylesheet', 'gzip'))} KB gzip`);
} finally {
  await browser.close();
  await server.stop();
}
