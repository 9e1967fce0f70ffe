/**
 * SSR of the casino lobby with 500 games in the catalogue (issue 13), beside the home page
 * in the same server and run (the aim: the lobby as fast as the home page). The feed is on
 * (the real configuration); 500 games are put into the catalogue through the operator API
 * (`PUT /ops-api/v1/casino/games/:id`) on top of the demo seed, spread over the categories
 * and providers as a real lobby's are.
 *
 * Measured with autocannon (`npm run build` first), twice: as served (visitors' pages
 * micro-cached for 2 s) and with every request rendered (PAGE_CACHE_TTL_MS=0). Prints the
 * lobby's requests/s and latency beside the home page's and their ratio.
 *
 * Usage: node --import tsx bench/casino-lobby.ts [connections=10] [seconds=10]
 */
import autocannon from 'autocannon';
import { CASINO_CATEGORIES, CASINO_SOLO_ENGINES, type CasinoOpsGameInput } from '@betsite/contracts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';

const CONNECTIONS = Number(process.argv[2] ?? 10);
const SECONDS = Number(process.argv[3] ?? 10);
const GAMES = 500;
const SETTLE_MS = 20_000;
const PALETTES: [string, string][] = [
  ['#1d3557', '#e63946'],
  ['#2a9d8f', '#e9c46a'],
  ['#3a0ca3', '#f72585'],
  ['#264653', '#f4a261'],
  ['#283618', '#dda15e'],
];
const MOTIFS = ['fruit', 'pyramid', 'neon', 'wheel', 'cards', 'dice', 'gem', 'rocket', 'ticket', 'dragon'];

function game(i: number, providers: readonly string[]): CasinoOpsGameInput {
  const engine = CASINO_SOLO_ENGINES[i % CASINO_SOLO_ENGINES.length]!;
  return {
    provider: providers[i % providers.length]!,
    category: CASINO_CATEGORIES[i % CASINO_CATEGORIES.length]!,
    subcategories: i % 7 === 0 ? ['popular'] : [],
    titles: { en: `Bench Game ${i}`, ru: `Тестовая игра ${i}` },
    descriptions: { en: `Catalogue row ${i} of the lobby benchmark.` },
    art: { motif: MOTIFS[i % MOTIFS.length]!, colors: PALETTES[i % PALETTES.length]! },
    engine,
    rtp: '96.00',
    volatility: (['low', 'medium', 'high'] as const)[i % 3]!,
    minStake: '10',
    maxStake: '10000',
    demo: true,
    isNew: i % 11 === 0,
    popular: i % 7 === 0,
    popularity: i,
  };
}

async function fillCatalogue(server: RunningServer): Promise<number> {
  const headers = { authorization: `Bearer ${server.opsToken}`, 'content-type': 'application/json' };
  const listed = (await (await fetch(`${server.origin}/ops-api/v1/casino/games`, { headers })).json()) as { games: { id: string; provider: string }[] };
  const providers = [...new Set(listed.games.map((g) => g.provider))];
  if (providers.length === 0) throw new Error('the demo catalogue has no providers');
  const missing = GAMES - listed.games.length;
  for (let i = 0; i < missing; i++) {
    const res = await fetch(`${server.origin}/ops-api/v1/casino/games/bench-game-${i}`, { method: 'PUT', headers, body: JSON.stringify(game(i, providers)) });
    if (!res.ok) throw new Error(`PUT bench-game-${i}: ${res.status} ${await res.text()}`);
  }
  const after = (await (await fetch(`${server.origin}/ops-api/v1/casino/games`, { headers })).json()) as { games: unknown[] };
  return after.games.length;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(url: string): Promise<Figures> {
  const headers = { 'accept-language': 'en', 'accept-encoding': 'gzip' };
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
}

const line = (label: string, f: Figures) =>
  `  ${label.padEnd(14)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   non-2xx/errors ${f.failed}`;

async function run(label: string, env: Record<string, string>) {
  const server = await startServer({ FAKE_CLOCK: '0', NODE_ENV: 'production', FEED: 'simulated', ...env });
  try {
    const games = await fillCatalogue(server);
    const page = await fetch(`${server.origin}/en/casino`, { headers: { 'accept-language': 'en' } });
    const html = await page.text();
    const tiles = (html.match(/data-testid="game-/g) ?? []).length;
    console.log(`${label}: ${games} games in the catalogue; /en/casino ${page.status}, ${(html.length / 1024).toFixed(0)} KB, ${tiles} tiles in the HTML; ${CONNECTIONS} connections, ${SECONDS} s`);
    // The feed ingests its week of games at start: let it settle, and measure the home page
    // before and after the casino pages so a drift in the machine shows.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const homeBefore = await measure(`${server.origin}/en/`);
    const lobby = await measure(`${server.origin}/en/casino`);
    const slots = await measure(`${server.origin}/en/slots`);
    const homeAfter = await measure(`${server.origin}/en/`);
    const home = (homeBefore.rps + homeAfter.rps) / 2;
    console.log(line('home /en/', homeBefore));
    console.log(line('lobby /casino', lobby));
    console.log(line('slots /slots', slots));
    console.log(line('home again', homeAfter));
    console.log(`  ratio to the home page (mean of both runs): lobby ${(lobby.rps / home).toFixed(2)}   slots ${(slots.rps / home).toFixed(2)}`);
  } finally {
    await server.stop();
  }
}

await run('as served (page micro-cache 2 s)', {});
await run('every request rendered (PAGE_CACHE_TTL_MS=0)', { PAGE_CACHE_TTL_MS: '0' });
