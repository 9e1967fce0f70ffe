/**
 * The server's PGlite, in a worker thread of its own (decision 0040). PGlite runs each
 * statement synchronously on the thread that calls it; on the main thread that was every
 * query's time taken from rendering, the sockets and the feed, and its ~0.7 s of opening was
 * added to the start. Here it opens on the other core while the main thread loads and builds
 * the application (server.ts starts it first), and its statements run beside the event loop.
 *
 * The thread also makes a new data directory: a copy of the initial cluster (decision 0028),
 * made beside and renamed into place so a start killed mid-copy leaves no half cluster; when
 * the copy fails or the cluster does not open (made by another PGlite), it starts empty and
 * PGlite runs initdb, as without one.
 *
 * Its code is CommonJS run with `eval`, so it needs no file of its own beside the bundle and
 * runs the same under tsx, vitest and the bundle. It loads PGlite from the path resolved here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGLITE_INT8_OID, PGLITE_START_PARAMS } from '@betsite/db/pglite-settings';
import { asError, type ErrorFields } from './lib/thread-errors.ts';

const THREAD = `
const { parentPort, workerData: w } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { PGlite, protocol, parse } = require(w.pglite);

const messageOf = (error) => (error instanceof Error ? error.message : String(error));
/** lib/thread-errors.ts's errorFields: this code imports nothing of ours. */
function errorFields(error) {
  const fields = { message: messageOf(error), name: error instanceof Error ? error.name : 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

function copyInitialCluster() {
  const partial = w.dataDir + '.partial-' + process.pid;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(w.initialCluster, partial, { recursive: true });
    if (fs.existsSync(w.dataDir)) fs.rmdirSync(w.dataDir);
    fs.renameSync(partial, w.dataDir);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

function create() {
  fs.mkdirSync(w.dataDir, { recursive: true });
  return PGlite.create({ dataDir: w.dataDir, parsers: { [w.int8Oid]: (value) => BigInt(value) }, startParams: [...PGlite.defaultStartParams, ...w.startParams] });
}

async function open() {
  if (!w.copyInitial) return { pglite: await create(), fellBack: null };
  try {
    copyInitialCluster();
    return { pglite: await create(), fellBack: null };
  } catch (error) {
    fs.rmSync(w.dataDir, { recursive: true, force: true });
    return { pglite: await create(), fellBack: messageOf(error) };
  }
}

/**
 * A registered statement (@betsite/db prepared.ts, decision 0047) by its name: parsed, planned and its
 * parameters' types described once, then bound and run in one call into PGlite. A query
 * makes five calls (parse, describe, bind, describe, execute) and plans every time: the line
 * listing took 0.48-0.55 ms that way and 0.24 ms named. Values are serialised by parameter
 * type as PGlite's query does; answers are parsed by its own parser.
 */
const parameterTypes = new Map();
const { serialize } = protocol;
function queryNamed(pglite, name, text, params) {
  return pglite._runExclusiveQuery(async () => {
    let types = parameterTypes.get(name);
    if (!types) {
      const { messages } = await pglite.execProtocol(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]));
      types = parse.parseDescribeStatementResults(messages);
      parameterTypes.set(name, types);
    }
    const values = params.map((value, i) => (value === null || value === undefined ? null : (pglite.serializers[types[i]] ?? String)(value)));
    const { messages } = await pglite.execProtocol(Buffer.concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
    return parse.parseResults(messages, pglite.parsers, { rowMode: 'object' })[0];
  });
}

open().then(
  ({ pglite, fellBack }) => {
    parentPort.on('message', async (m) => {
      if (m.close) {
        await pglite.close();
        parentPort.postMessage({ closed: true });
        parentPort.close();
        return;
      }
      try {
        const result = m.name ? await queryNamed(pglite, m.name, m.sql, m.params) : await pglite.query(m.sql, m.params, { rowMode: 'object' });
        parentPort.postMessage({ id: m.id, rows: result.rows, command: result.command, affectedRows: result.affectedRows });
      } catch (error) {
        parentPort.postMessage({ id: m.id, error: errorFields(error) });
      }
    });
    parentPort.postMessage({ opened: true, fellBack });
  },
  (error) => parentPort.postMessage({ opened: false, error: errorFields(error) }),
);
`;

type ThreadMessage =
  | { opened: true; fellBack: string | null }
  | { opened: false; error: ErrorFields }
  | { id: number; rows: unknown[]; command?: string; affectedRows?: number }
  | { id: number; error: ErrorFields }
  | { closed: true };

interface Pending {
  resolve(result: { rows: unknown[]; command?: string; affectedRows?: number }): void;
  reject(error: Error): void;
}

/** A new data directory is one that is absent or empty: anything else is left for PGlite to judge. */
function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** PGlite in its thread, answering the PGlite dialect (`PgliteSession` of @betsite/db). */
export class PgliteThread {
  /** The data directory it was started for. */
  readonly dataDir: string;
  /** Resolves once PGlite is open; `fellBack` says why the initial cluster was not used, if it was meant to be. */
  readonly opened: Promise<{ fellBack: string | null }>;
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #closed = false;
  #closing: Promise<void> | undefined;
  #onClosed: (() => void) | undefined;

  /** `initialCluster`: copied into `dataDir` when that is new (absent or empty) and it holds a cluster. */
  constructor(dataDir: string, initialCluster?: string) {
    this.dataDir = dataDir;
    const copyInitial = Boolean(initialCluster && isNewDataDir(dataDir) && existsSync(join(initialCluster, 'PG_VERSION')));
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    this.#worker = new Worker(THREAD, {
      eval: true,
      // Its heap holds PGlite's glue and the answers in flight: a small young generation is enough.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      workerData: { dataDir, initialCluster, copyInitial, pglite, int8Oid: PGLITE_INT8_OID, startParams: PGLITE_START_PARAMS },
    });
    // Idle, the thread keeps the process alive no more than PGlite on the main thread would.
    this.#worker.unref();
    this.opened = new Promise((resolve, reject) => {
      this.#worker.on('message', (message: ThreadMessage) => {
        if ('opened' in message) {
          if (message.opened) resolve({ fellBack: message.fellBack });
          else reject(asError(message.error));
        } else if ('closed' in message) this.#onClosed?.();
        else this.#answer(message);
      });
      const fail = (error: Error) => {
        this.#closed = true;
        reject(error);
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        this.#onClosed?.();
      };
      this.#worker.on('error', fail);
      this.#worker.on('exit', (code) => fail(new Error(`the PGlite thread exited with code ${code}`)));
    });
    this.waitReady = this.opened.then(() => undefined);
    // Awaited by whoever opens the database; here only so a failure is not also an unhandled rejection.
    this.waitReady.catch(() => undefined);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; command?: string; affectedRows?: number }> {
    return this.#ask<R>({ sql, params });
  }

  /** `sql` as the named statement `name`, parsed and planned once in the thread (a statement of @betsite/db prepared.ts). */
  queryPrepared<R>(name: string, sql: string, params: unknown[]): Promise<{ rows: R[]; command?: string; affectedRows?: number }> {
    return this.#ask<R>({ sql, params, name });
  }

  #ask<R>(question: { sql: string; params: unknown[]; name?: string }): Promise<{ rows: R[]; command?: string; affectedRows?: number }> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = ++this.#nextId;
    // A query in flight keeps the process alive until it is answered.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.#worker.postMessage({ id, ...question });
    });
  }

  /** Closes PGlite cleanly (a checkpoint, so the next open needs no recovery) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.opened.catch(() => undefined);
      if (this.#closed) return;
      this.#closed = true;
      this.#worker.ref();
      await new Promise<void>((resolve) => {
        this.#onClosed = resolve;
        this.#worker.postMessage({ close: true });
      });
    })();
    return this.#closing;
  }

  #answer(message: Exclude<ThreadMessage, { opened: boolean } | { closed: true }>) {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in message) pending.reject(asError(message.error));
    else pending.resolve(message);
  }
}
