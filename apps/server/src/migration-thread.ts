/**
 * A PostgreSQL database's migrations, run from the process's first moment in a worker thread
 * (migrations-worker.ts) while the main thread loads and builds the application; server.ts
 * starts it when DATABASE_URL is set, as it starts PGlite's thread otherwise. A new database's
 * thirty-odd migrations take PostgreSQL ~0.6 s of DDL, which began only once the application
 * had loaded (~0.9 s) and so made a first start on a new database ~0.5 s longer than a restart.
 * On a migrated database the worker's answer is one small read (migrate.ts, `upToDate`).
 *
 * The worker is the bundle's `dist/migrations-worker.js` beside `dist/server.js`; from the
 * sources (tsx, vitest) it is the `.ts` file, loaded through tsx.
 */
import { Worker } from 'node:worker_threads';
import { asError, type ErrorFields } from './lib/thread-errors.ts';

type WorkerMessage = { applied: string[] } | { error: ErrorFields };

export class MigrationThread {
  /** The database it migrates. */
  readonly databaseUrl: string;
  /** The migrations it applied (empty when the database was up to date); rejects with the migration's error. */
  readonly applied: Promise<string[]>;
  readonly #worker: Worker;

  constructor(databaseUrl: string) {
    this.databaseUrl = databaseUrl;
    const fromSources = import.meta.url.endsWith('.ts');
    const file = new URL(fromSources ? './migrations-worker.ts' : './migrations-worker.js', import.meta.url);
    // tsx is a development dependency: only the sources need it, through its API (a worker does not take `--import` hooks).
    const fromSourcesWorker = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`;
    this.#worker = fromSources ? new Worker(fromSourcesWorker, { eval: true, workerData: { databaseUrl } }) : new Worker(file, { workerData: { databaseUrl } });
    this.applied = new Promise((resolve, reject) => {
      this.#worker.once('message', (message: WorkerMessage) => ('applied' in message ? resolve(message.applied) : reject(asError(message.error))));
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) => reject(new Error(`the migration thread exited with code ${code} before it answered`)));
    });
    // Awaited by whoever opens the database; here only so a failure is not also an unhandled rejection.
    this.applied.catch(() => undefined);
  }

  /** Stops the migrations where they are (their transaction rolls back) when nobody will wait for them. */
  async close(): Promise<void> {
    await this.#worker.terminate();
  }
}
