/**
 * Logins per second: `POST /web-api/auth/v1/login` with a right password, each one an
 * argon2id verification (OWASP parameters m=19 MiB, t=2, p=1) and a new session row,
 * against the real production server (embedded database unless DATABASE_URL is set).
 * Per-IP rate limits are scaled up (RATE_LIMITS_SCALE) since every request comes from here.
 * Usage: node --import tsx bench/logins.ts [connections=16] [seconds=15]
 */
import autocannon from 'autocannon';
import { cpus } from 'node:os';
import { startServer } from '../e2e/support/server.ts';

const connections = Number(process.argv[2] ?? 16);
const duration = Number(process.argv[3] ?? 15);

const server = await startServer({ NODE_ENV: 'production', FAKE_CLOCK: '0', RATE_LIMITS_SCALE: '1000000' });
try {
  const registered = await fetch(`${server.origin}/web-api/registration/v1/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }),
  });
  if (registered.status !== 201) throw new Error(`fast registration answered ${registered.status}: ${await registered.text()}`);
  const { login, password } = (await registered.json()) as { login: string; password: string };
  const url = `${server.origin}/web-api/auth/v1/login`;
  const request = {
    url,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ uLogin: login, uPassword: password, save: false }),
  };
  const check = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
  if (!check.ok) throw new Error(`login answered ${check.status}: ${await check.text()}`);

  await autocannon({ ...request, connections, duration: 3 });
  const result = await autocannon({ ...request, connections, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(`Logins: POST /web-api/auth/v1/login (argon2id verify + new session), ${connections} connections, ${duration} s, ${cpus().length} CPUs`);
  console.log(`  logins/s    avg ${result.requests.average.toFixed(1)}  (total ${result.requests.total}, non-2xx/errors ${failed})`);
  if (failed > 0) console.log(`  statuses ${JSON.stringify(result.statusCodeStats)}  errors ${result.errors}  timeouts ${result.timeouts}`);
  console.log(`  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
} finally {
  await server.stop();
}
