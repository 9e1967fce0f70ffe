/**
 * The baseline of bench/feed-fanout.ts: a bare `ws` broadcast server with the same protocol
 * the benchmark's clients speak (subscribe to `game:{id}`, a snapshot of the game's markets,
 * then numbered deltas) and the same load feed (load-feed.ts: the same events at the same
 * rate) — no ingester, no database, no bus: each event is serialised once and written to the
 * game's subscribers as it is emitted. The same bench routes as fanout-server.ts (state,
 * stats after a full GC, run with the process's event-loop delay, GC pauses and CPU).
 * Prints `LISTENING <origin>`; exits when its stdin closes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_WS_PATH } from '@betsite/contracts';
import { LoadFeed, loadGameId, type LoadRunReport } from './load-feed.ts';
import { probeProcess, type ProcessMeasures } from './process-probe.ts';

export interface BaselineRunAnswer {
  report: LoadRunReport;
  server: ProcessMeasures;
}

const games = Number(process.env.FANOUT_GAMES ?? 100);
const feed = new LoadFeed(games);
/** Game i of the load feed is our game i + 1. */
const gameIds = Array.from({ length: games }, (_, i) => i + 1);
const indexOf = new Map(Array.from({ length: games }, (_, i) => [loadGameId(i), i]));
const snapshot = await feed.snapshot();
const topics = gameIds.map((id, i) => ({ topic: `game:${id}`, seq: 0, sockets: new Set<WebSocket>(), game: snapshot.games[i] }));

feed.subscribe((event) => {
  if (event.type !== 'odds') return;
  const topic = topics[indexOf.get(event.gameId) ?? -1];
  if (!topic) return;
  const frame = JSON.stringify({ type: 'delta', topic: topic.topic, seq: ++topic.seq, data: { at: event.at, markets: event.markets } });
  for (const socket of topic.sockets) socket.send(frame);
});

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; topic: string };
    const topic = topics.find((t) => t.topic === message.topic);
    if (message.type !== 'subscribe' || !topic) return;
    topic.sockets.add(socket);
    socket.send(JSON.stringify({ type: 'snapshot', topic: topic.topic, seq: topic.seq, data: topic.game }));
  });
  socket.on('close', () => {
    for (const topic of topics) topic.sockets.delete(socket);
  });
});

const collect = (globalThis as { gc?: () => void }).gc;
const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const bodyOf = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text) as { perSecond: number; seconds: number };
};

const server = createServer((req, res) => {
  if (req.url === '/bench/state') return json(res, { ready: true, gameIds, marketsPerGame: feed.marketsOf(0) });
  if (req.url === '/bench/stats') {
    collect?.();
    return json(res, { memory: process.memoryUsage(), live: { connections: wss.clients.size } });
  }
  if (req.url === '/bench/run' && req.method === 'POST') {
    void bodyOf(req).then(async ({ perSecond, seconds }) => {
      const stop = probeProcess();
      const report = await feed.run({ perSecond, seconds });
      const answer: BaselineRunAnswer = { report, server: stop() };
      json(res, answer);
    });
    return;
  }
  res.writeHead(404).end();
});
server.on('upgrade', (req, socket, head) => {
  if (req.url !== LIVE_WS_PATH) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.stdin.once('end', () => process.exit(0)).resume();
