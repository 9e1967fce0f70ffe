/**
 * Lighthouse (desktop preset, headless system Chromium) on the pages issue 14 names: the home
 * page, the line, a game page of the line and the casino lobby, against the real server with
 * the simulated feed on (`npm run build` first). Each page is measured `runs` times and the
 * run with the median performance score is printed: performance and accessibility scores,
 * LCP, CLS, TBT and the JavaScript transferred (bodies as sent, with their headers); then any
 * accessibility finding of any run. The box is shared, so look at the median, not one run.
 * Usage: node --import tsx bench/lighthouse.ts [runs=3] [path …]
 * CHROME_PATH (or CHROMIUM_PATH) names the browser, default /usr/bin/chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '../e2e/support/server.ts';
import { lineGamePath } from './support/pages.ts';

const runs = Number(process.argv[2] ?? 3);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Figures {
  perf: number;
  a11y: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  findings: string[];
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const weighted = new Set(lhr.categories.accessibility?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id));
  const findings = Object.values(lhr.audits)
    .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1)
    .flatMap((a) => {
      const nodes = (a.details as { items?: { node?: { selector?: string; explanation?: string } }[] } | undefined)?.items ?? [];
      return [`${a.id}: ${a.title}`, ...nodes.slice(0, 3).map((i) => `  ${i.node?.selector ?? ''} — ${(i.node?.explanation ?? '').split('\n').at(-1)?.trim()}`)];
    });
  return {
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsKb: (items.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
    findings,
  };
}

const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', FEED: 'simulated', LINE_CACHE_TTL_MS: '1000' });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/en/', '/en/line/', await lineGamePath(server.origin), '/en/casino/'];
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
  console.log(`Lighthouse ${desktopConfig.settings?.formFactor ?? 'desktop'}, median of ${runs} runs per page`);
  for (const path of paths) {
    const url = `${server.origin}${path}`;
    // One run unmeasured: the server's caches and JIT warm for this page, and the feed's
    // start-up pricing (the first seconds of a server) is over before the first figure.
    await lighthouse(url, flags, desktopConfig);
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, flags, desktopConfig);
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      if (result.lhr.runtimeError) console.log(`    run ${i + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      all.push(figuresOf(result.lhr));
    }
    const median = [...all].sort((a, b) => a.perf - b.perf)[Math.floor(all.length / 2)]!;
    console.log(
      `${path.padEnd(56)} perf ${String(median.perf).padStart(3)} (${all.map((f) => f.perf).join('/')})  a11y ${median.a11y}  ` +
        `LCP ${median.lcpMs.toFixed(0)} ms  CLS ${median.cls.toFixed(3)}  TBT ${median.tbtMs.toFixed(0)} ms  JS ${median.jsKb.toFixed(1)} KB`,
    );
    for (const line of new Set(all.flatMap((f) => f.findings))) console.log(`    ${line}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
