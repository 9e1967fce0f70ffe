/**
 * The worker of feed-thread.ts: the simulated provider (`SimulatedFeed` on the system clock)
 * in its own thread, as a real provider is another machine. It answers the catalogue and the
 * snapshot (the snapshot's games in parts, so neither thread copies a week's line in one
 * message) and posts each tick's events as one message. `npm run build` bundles it beside the
 * server (dist/feed-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SimulatedFeed, type FeedEvent } from '@betsite/feed';
import { errorFields } from './lib/thread-errors.ts';
import type { FeedThreadRequest, FeedWorkerData, FeedWorkerMessage } from './modules/line/feed-thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('feed-worker.ts runs as a worker thread (feed-thread.ts)');
const post = (message: FeedWorkerMessage) => port.postMessage(message);

const { feed: options, partGames } = workerData as FeedWorkerData;
const feed = new SimulatedFeed(options);

// A tick delivers its events one by one, synchronously: they leave together once it is over.
const pending: FeedEvent[] = [];
feed.subscribe((event) => {
  if (pending.length === 0) queueMicrotask(() => post({ type: 'events', events: pending.splice(0) }));
  pending.push(event);
});

async function answer(request: Extract<FeedThreadRequest, { id: number }>): Promise<void> {
  try {
    if (request.type === 'catalogue') {
      post({ type: 'answer', id: request.id, value: await feed.catalogue() });
      return;
    }
    const { games, ...head } = await feed.snapshot();
    for (let i = 0; i < games.length; i += partGames) post({ type: 'snapshot-part', id: request.id, games: games.slice(i, i + partGames) });
    post({ type: 'answer', id: request.id, value: { ...head, games: [] } });
  } catch (error) {
    post({ type: 'failed', id: request.id, error: errorFields(error) });
  }
}

port.on('message', (request: FeedThreadRequest) => {
  if (request.type === 'start') feed.start();
  else if (request.type === 'stop') feed.stop();
  else void answer(request);
});
