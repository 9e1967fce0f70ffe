/**
 * The live transport under load (issue 4 benchmark): N WebSocket subscribers on one node,
 * M deltas a second published for some seconds, measured from just before the server
 * publishes a delta to the moment a client has read it.
 *
 * The production server starts with OPS_TOKEN, which gives it the synthetic `test:*` topics;
 * the operator's load run (`POST /ops-api/v1/live/load`) publishes inside the server, each
 * delta stamped with its send time; the clients here read them. Both processes read the
 * same system clock (`performance.timeOrigin + performance.now()`). Prints latency
 * percentiles, messages lost (every delta each client should have seen, by sequence
 * number), and the server's resident memory per connection.
 *
 * The server is `apps/server/src/server.ts` when the web build exists, else `build()`
 * without pages (bench/support/server.ts), in its own process either way, so the clients
 * never share a process with the server.
 *
 * By default each subscriber follows one of 100 game topics, each changing 5 times a second
 * (500 changes/s in all, 25,000 messages/s to the clients); raise topicsPerClient for more.
 * With DATABASE_URL the server uses that PostgreSQL (its memory figures are then free of
 * the embedded database's).
 *
 * Usage: node --import tsx bench/live.ts [clients=5000] [perSecond=500] [seconds=20] [topics=100] [topicsPerClient=1]
 * Against a running server: LIVE_BENCH_ORIGIN=http://host:port LIVE_BENCH_OPS_TOKEN=… (it must have OPS_TOKEN)
 * LIVE_BENCH_METRICS_TOKEN=… (its METRICS_TOKEN, for the memory figures).
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { LIVE_WS_PATH, type LiveOpsLoadResult } from '@betsite/contracts';
import type { RunningServer } from '../e2e/support/server.ts';
import { startBenchServer } from './support/server.ts';
import { closeAll } from './support/sockets.ts';
import { percentiles, summarise } from './support/stats.ts';

const [clients, perSecond, seconds, topics, topicsPerClient] = [5000, 500, 20, 100, 1].map((fallback, i) => Number(process.argv[2 + i] ?? fallback)) as [
  number,
  number,
  number,
  number,
  number,
];
const PREFIX = `b${Date.now().toString(36)}-`;
const CONNECT_CONCURRENCY = 200;
const WARMUP_SECONDS = 3;

const external = process.env.LIVE_BENCH_ORIGIN;
const metricsToken = external ? (process.env.LIVE_BENCH_METRICS_TOKEN ?? '') : 'bench-metrics-token-0123456789';
const server: RunningServer = external
  ? { origin: external, opsToken: process.env.LIVE_BENCH_OPS_TOKEN ?? '', stop: async () => undefined }
  : await startBenchServer({ METRICS_TOKEN: metricsToken });

async function ops(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.origin}/ops-api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.opsToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A gauge of the server's Prometheus metrics (process memory). */
async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name}`);
  return Number(line.split(' ')[1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const topicName = (i: number) => `test:${PREFIX}${i}`;

let measuring = false;
const latencies: number[] = [];
let received = 0;
let gaps = 0;
let duplicates = 0;
let snapshots = 0;
let errors = 0;

interface Client {
  socket: WebSocket;
  /** Last sequence number per topic index, and deltas counted while measuring. */
  last: Map<number, number>;
  counted: Map<number, number>;
}

function openClient(index: number, url: string): Promise<Client> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  const client: Client = { socket, last: new Map(), counted: new Map() };
  const mine = Array.from({ length: topicsPerClient }, (_, j) => (index * topicsPerClient + j) % topics);
  const byName = new Map(mine.map((t) => [topicName(t), t]));
  return new Promise((resolve, reject) => {
    let pending = mine.length;
    socket.on('error', reject);
    socket.on('open', () => {
      for (const t of mine) socket.send(JSON.stringify({ type: 'subscribe', topic: topicName(t) }));
    });
    socket.on('message', (raw) => {
      const at = now();
      const message = JSON.parse(String(raw)) as { type: string; topic?: string; seq?: number; data?: { sentAt?: number } };
      const t = byName.get(message.topic ?? '');
      if (message.type === 'snapshot' && t !== undefined) {
        client.last.set(t, message.seq ?? 0);
        snapshots++;
        if (--pending === 0) resolve(client);
      } else if (message.type === 'delta' && t !== undefined) {
        const seq = message.seq ?? 0;
        const last = client.last.get(t) ?? 0;
        if (seq <= last) duplicates++;
        else if (seq !== last + 1) gaps++;
        client.last.set(t, seq);
        if (measuring) {
          latencies.push(at - (message.data?.sentAt ?? at));
          client.counted.set(t, (client.counted.get(t) ?? 0) + 1);
          received++;
        }
      } else if (message.type === 'error') {
        errors++;
        console.error('live error:', String(raw));
      }
    });
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const opened: Client[] = [];
try {
  const url = `${server.origin.replace(/^http/, 'ws')}${LIVE_WS_PATH}`;
  await sleep(1000);
  /** Resident memory, and what JavaScript holds (heap in use plus Buffers outside it). */
  const memory = async () => ({
    rss: await metric('process_resident_memory_bytes'),
    js: (await metric('nodejs_heap_size_used_bytes')) + (await metric('nodejs_external_memory_bytes')),
  });
  const before = await memory();

  const connectStarted = performance.now();
  for (let i = 0; i < clients; i += CONNECT_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients - i) }, (_, j) => openClient(i + j, url));
    opened.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await sleep(3000);
  const connected = await memory();

  // Warm-up: JIT and buffers, not measured.
  await ops('/live/load', { prefix: PREFIX, topics, perSecond, seconds: WARMUP_SECONDS });
  await sleep(1000);

  measuring = true;
  const load = (await ops('/live/load', { prefix: PREFIX, topics, perSecond, seconds })) as LiveOpsLoadResult;
  await sleep(2000); // stragglers
  measuring = false;
  const loaded = await memory();

  let expected = 0;
  let lost = 0;
  for (const [index, client] of opened.entries()) {
    for (let j = 0; j < topicsPerClient; j++) {
      const t = (index * topicsPerClient + j) % topics;
      const range = load.ranges[topicName(t)];
      const want = range ? range[1] - range[0] + 1 : 0;
      expected += want;
      lost += Math.max(0, want - (client.counted.get(t) ?? 0));
    }
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  console.log(`Live: ${clients} WebSocket subscribers × ${topicsPerClient} topics (of ${topics}), ${perSecond} deltas/s for ${seconds} s, one node`);
  console.log(`  connect + subscribe  ${connectSeconds.toFixed(1)} s (${snapshots} snapshots)`);
  console.log(`  published ${load.published} deltas (publisher lag max ${ms(load.maxLagMs)}); delivered ${received} messages (${Math.round(received / seconds)}/s)`);
  console.log(`  latency publish→client  ${percentiles(summarise(latencies))}`);
  console.log(`  messages lost ${lost} of ${expected} (gaps ${gaps}, duplicates ${duplicates}, errors ${errors})`);
  console.log(
    `  server memory  RSS ${mb(before.rss)} → ${mb(connected.rss)} connected → ${mb(loaded.rss)} after the load; per connection ${kb((connected.rss - before.rss) / clients)} RSS, ${kb((connected.js - before.js) / clients)} JS heap + buffers`,
  );
  if (lost > 0 || gaps > 0) process.exitCode = 1;
} finally {
  await closeAll(opened.map((c) => c.socket));
  await server.stop();
}
