/**
 * The simulated provider in a worker thread (feed-worker.ts), behind the same `FeedProvider`
 * interface as any provider: the ingester here only receives its events, as it would a real
 * provider's. In the main thread the simulation priced every live game once a second in one
 * go: ~11% of the main thread under load, and a stall of 46–59 ms that every request in
 * flight waited out (decision 0045).
 *
 * Only on the system clock: the fake clock (FAKE_CLOCK=1, tests and demos) is the main
 * thread's, so there the feed runs in-process (line/index.ts). The worker starts at the first
 * call, so a node that never holds the feed's lease never builds the simulated world.
 *
 * The worker is the bundle's `dist/feed-worker.js` beside `dist/server.js`; from the sources
 * (tsx, vitest) it is the `.ts` file, loaded through tsx.
 */
import { Worker } from 'node:worker_threads';
import type { FeedCatalogue, FeedEvent, FeedGameSnapshot, FeedListener, FeedProvider, FeedSnapshot } from '@betsite/feed';
import { asError } from '../../lib/thread-errors.ts';
import { SNAPSHOT_PART_GAMES, type FeedThreadRequest, type FeedWorkerData, type FeedWorkerMessage } from './feed-thread-protocol.ts';

interface Pending {
  resolve(value: FeedCatalogue | FeedSnapshot): void;
  reject(error: Error): void;
  games: FeedGameSnapshot[];
}

export type FeedThreadOptions = FeedWorkerData['feed'];

/**
 * The worker's young generation, capped: V8's default grew it to 32 MB, all resident, for
 * pricing garbage that dies within a tick. At 3 MB the survivors it promotes add ~13 MB to
 * its old generation, and the process holds ~17 MB less after a minute (decision 0046).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 3 };

export class FeedThread implements FeedProvider {
  readonly name = 'simulated';
  readonly #workerData: FeedWorkerData;
  readonly #onFailure: (error: Error) => void;
  readonly #listeners = new Set<FeedListener>();
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | null = null;
  #nextId = 1;
  /** Why the worker stopped answering, once it has. */
  #failure: Error | null = null;

  constructor(options: FeedThreadOptions, { onFailure = () => undefined, partGames = SNAPSHOT_PART_GAMES }: { onFailure?: (error: Error) => void; partGames?: number } = {}) {
    this.#workerData = { feed: options, partGames };
    this.#onFailure = onFailure;
  }

  catalogue(): Promise<FeedCatalogue> {
    return this.#ask('catalogue') as Promise<FeedCatalogue>;
  }

  snapshot(): Promise<FeedSnapshot> {
    return this.#ask('snapshot') as Promise<FeedSnapshot>;
  }

  subscribe(listener: FeedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    this.#send({ type: 'start' });
  }

  stop(): void {
    // Nothing to stop before the first call.
    if (this.#worker) this.#send({ type: 'stop' });
  }

  /** Ends the thread (the server's close). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#fail(new Error('the feed thread was closed'));
    await worker?.terminate();
  }

  #ask(type: 'catalogue' | 'snapshot'): Promise<FeedCatalogue | FeedSnapshot> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, games: [] });
      this.#send({ type, id });
    });
  }

  #send(request: FeedThreadRequest): void {
    if (this.#failure) {
      if ('id' in request) this.#settle(request.id, this.#failure);
      return;
    }
    this.#spawned().postMessage(request);
  }

  #spawned(): Worker {
    if (this.#worker) return this.#worker;
    const fromSources = import.meta.url.endsWith('.ts');
    // Bundled, the worker sits beside the server's bundle; from the sources, two folders up from here.
    const file = new URL(fromSources ? '../../feed-worker.ts' : './feed-worker.js', import.meta.url);
    // tsx is a development dependency: only the sources need it, through its API (a worker does not take `--import` hooks).
    const fromSourcesWorker = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`;
    const options = { workerData: this.#workerData, resourceLimits: WORKER_LIMITS };
    const worker = fromSources ? new Worker(fromSourcesWorker, { ...options, eval: true }) : new Worker(file, options);
    worker.on('message', (message: FeedWorkerMessage) => this.#receive(message));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#fail(new Error(`the feed thread exited with code ${code}`));
    });
    // The thread alone does not keep the process alive: the server does, while it runs.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #receive(message: FeedWorkerMessage): void {
    if (message.type === 'events') {
      for (const event of message.events) this.#deliver(event);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    if (message.type === 'snapshot-part') {
      pending.games.push(...message.games);
      return;
    }
    this.#pending.delete(message.id);
    if (message.type === 'failed') pending.reject(asError(message.error));
    else if ('games' in message.value) pending.resolve({ ...message.value, games: pending.games });
    else pending.resolve(message.value);
  }

  #deliver(event: FeedEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#onFailure(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const id of [...this.#pending.keys()]) this.#settle(id, error);
    if (this.#worker !== null) this.#onFailure(error);
  }

  #settle(id: number, error: Error): void {
    this.#pending.get(id)?.reject(error);
    this.#pending.delete(id);
  }
}
