/**
 * The user-accounts call under load: `GET /web-api/office/v1/accounts` (balance, bonus,
 * all_accounts from the ledger) for one one-click player, by its token in `X-Auth`, against
 * the real server (embedded database unless DATABASE_URL is set), measured by autocannon.
 * Usage: node --import tsx bench/accounts.ts [connections=200] [seconds=15]
 */
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';

const connections = Number(process.argv[2] ?? 200);
const duration = Number(process.argv[3] ?? 15);

const server = await startServer({ NODE_ENV: 'production', FAKE_CLOCK: '0' });
try {
  const registered = await fetch(`${server.origin}/web-api/registration/v1/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'RUB', country: 'RU', language: 'ru', bonusChoice: 0 }),
  });
  if (registered.status !== 201) throw new Error(`fast registration answered ${registered.status}: ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const url = `${server.origin}/web-api/office/v1/accounts`;
  const headers = { 'x-auth': token, accept: 'application/json' };
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`accounts answered ${check.status}: ${await check.text()}`);

  // Warm up JIT, pools and the database before measuring.
  await autocannon({ url, connections, duration: 3, headers });
  const result = await autocannon({ url, connections, duration, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(`Accounts: GET /web-api/office/v1/accounts (X-Auth), ${connections} connections, ${duration} s`);
  console.log(`  requests/s  avg ${result.requests.average.toFixed(0)}  (total ${result.requests.total}, non-2xx/errors ${failed})`);
  if (failed > 0) console.log(`  statuses ${JSON.stringify(result.statusCodeStats)}  errors ${result.errors}  timeouts ${result.timeouts}`);
  console.log(`  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
} finally {
  await server.stop();
}
