/**
 * What a captcha costs (issue 10, decision record 0014): one proof-of-work challenge at the
 * server's default difficulty (PBKDF2/SHA-256, `DEFAULT_CAPTCHA_DIFFICULTY`), solved
 *
 * 1. by a script: altcha-lib's solver in Node on one thread, as a bot would run it (wall
 *    time and CPU time per solve; a bot pays this per try, whatever it does with the token);
 * 2. by the `altcha` widget in headless Chromium, on the real login form after 3 failed
 *    logins, under the site's CSP (its Web Workers, one per core): the proof of work alone
 *    (`solution.time`) and a whole `verify()` (fetch the challenge + solve, without the
 *    widget's 0.5 s minimum display time, which a person also sees).
 *
 * Usage: node --import tsx bench/captcha.ts [script solves=20] [browser solves=10]
 * (`npm run build` first; WEB_BUILD_DIR picks another build, as for the server).
 */
import { pbkdf2Sync } from 'node:crypto';
import { cpus } from 'node:os';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { percentiles, summarise } from './support/stats.ts';

const scriptSolves = Number(process.argv[2] ?? 20);
const browserSolves = Number(process.argv[3] ?? 10);

interface Challenge {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature: string;
}

/**
 * What a bot runs: ALTCHA v2's search in a tight synchronous loop (no library): the key
 * PBKDF2(nonce ‖ uint32 counter, salt, cost) for counter 0, 1, 2 … until it starts with
 * the challenge's prefix.
 */
function botSolve({ parameters: p }: Challenge): { counter: number; derivedKey: string } {
  if (p.algorithm !== 'PBKDF2/SHA-256') throw new Error(`unexpected ${p.algorithm}`);
  const nonce = Buffer.from(p.nonce, 'hex');
  const salt = Buffer.from(p.salt, 'hex');
  const prefix = Buffer.from(p.keyPrefix, 'hex');
  const password = Buffer.alloc(nonce.length + 4);
  nonce.copy(password);
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    password.writeUInt32BE(counter, nonce.length);
    const key = pbkdf2Sync(password, salt, p.cost, p.keyLength, 'sha256');
    if (key.subarray(0, prefix.length).equals(prefix)) return { counter, derivedKey: key.toString('hex') };
  }
  throw new Error('not solved');
}

const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', RATE_LIMITS_SCALE: '1000' });
const api = (path: string, body?: unknown) =>
  fetch(
    `${server.origin}/web-api/captcha/v1/${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
try {
  // 1. A script: challenges from the server, solved here, exchanged for tokens.
  {
    const wall: number[] = [];
    const cpu: number[] = [];
    let accepted = 0;
    let first: Challenge['parameters'] | undefined;
    for (let i = 0; i < scriptSolves; i++) {
      const challenge = (await (await api('update')).json()) as Challenge;
      first ??= challenge.parameters;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const solution = botSolve(challenge);
      const used = process.cpuUsage(cpuStarted);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
      const payload = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString(
        'base64',
      );
      if ((await api('validate', { payload })).ok) accepted++;
    }
    console.log(
      `Captcha: ALTCHA ${first?.algorithm}, cost ${first?.cost} (the server's default difficulty), ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'})`,
    );
    const w = summarise(wall);
    console.log(`  script (Node ${process.version}, pbkdf2Sync loop, 1 thread), ${scriptSolves} solves, ${accepted} accepted by /validate:`);
    console.log(
      `    per solve mean ${(w.mean / 1000).toFixed(2)} s  ${percentiles(w)}; CPU per solve mean ${(summarise(cpu).mean / 1000).toFixed(2)} s (a bot's cost per try)`,
    );
  }

  // 2. The widget in Chromium, on the login form, under the site's CSP.
  {
    const browser = await launchBrowser();
    try {
      // Three failed logins for one (unknown) login: the next attempt asks for a captcha.
      const login = `captcha-bench-${Date.now()}@example.com`;
      for (let i = 0; i < 3; i++) {
        await fetch(`${server.origin}/web-api/auth/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ uLogin: login, uPassword: 'wrong password' }),
        });
      }
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${server.origin}/en/?modal=login`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('E-mail, phone or account ID').fill(login);
      await dialog.getByLabel('Password', { exact: true }).fill('wrong password');
      const asked = performance.now();
      await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
      // The widget loads (its chunk, stylesheet and worker), fetches a challenge and solves it on its own.
      await page.waitForFunction(() => document.querySelector('altcha-widget')?.getState?.() === 'verified', undefined, { timeout: 60_000 });
      console.log(
        `  Chromium: first captcha on the login form, from the click to "verified": ${((performance.now() - asked) / 1000).toFixed(2)} s (loading the widget, a challenge, the work, the 0.5 s minimum)`,
      );

      const runs = await page.evaluate(async (n) => {
        const widget = document.querySelector('altcha-widget')!;
        await widget.configure({ minDuration: 0 });
        const out: { solve: number; verify: number; workers: number }[] = [];
        for (let i = 0; i < n; i++) {
          const started = performance.now();
          const result = await widget.verify();
          out.push({ solve: result?.solution?.time ?? Number.NaN, verify: performance.now() - started, workers: widget.getConfiguration().workers });
        }
        return out;
      }, browserSolves);
      const solve = summarise(runs.map((r) => r.solve));
      const verify = summarise(runs.map((r) => r.verify));
      const version = browser.version();
      console.log(
        `  Chromium ${version} (widget, ${runs[0]?.workers ?? '?'} workers), ${browserSolves} solves: proof of work mean ${(solve.mean / 1000).toFixed(2)} s  ${percentiles(solve)}`,
      );
      console.log(`    whole verify() (challenge fetch + work) mean ${(verify.mean / 1000).toFixed(2)} s  ${percentiles(verify)}`);
      console.log(`    CSP violations reported by the page: ${violations.length}${violations.length ? `\n      ${violations.join('\n      ')}` : ''}`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
