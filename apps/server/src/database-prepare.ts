/**
 * What opening PGlite can start before the application's code has loaded (server.ts starts
 * it first, decision 0036): a new data directory's copy of the initial cluster (decision
 * 0028). It runs in a worker thread: the main thread meanwhile loads the application's
 * modules, one long task, and work queued on its own event loop would wait for that to end.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface PglitePreparation {
  /** PGlite's data directory this was made for. */
  dataDir: string;
  /** Null when there was nothing to copy (not a new data directory, or no initial cluster); else the copy's error, or null once it is in place. */
  copied: Promise<Error | null> | null;
}

/**
 * Copies beside and renames into place, so a start killed mid-copy leaves no half cluster for
 * the next one to open. CommonJS run with `eval`, so it needs no file of its own beside the bundle.
 */
const WORKER = `
const { parentPort, workerData: { from, to } } = require('node:worker_threads');
const fs = require('node:fs');
const partial = to + '.partial-' + process.pid;
try {
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(from, partial, { recursive: true });
  if (fs.existsSync(to)) fs.rmdirSync(to);
  fs.renameSync(partial, to);
  parentPort.postMessage({ copied: true });
} catch (error) {
  parentPort.postMessage({ copied: false, error: error instanceof Error ? error.message : String(error) });
} finally {
  fs.rmSync(partial, { recursive: true, force: true });
}
`;

/** A new data directory is one that is absent or empty: anything else is left for PGlite to judge. */
function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** Starts the copy when `dataDir` is new and `initialCluster` holds a cluster; never throws, `copied` never rejects. */
export function preparePglite(dataDir: string, initialCluster?: string): PglitePreparation {
  if (!initialCluster || !isNewDataDir(dataDir) || !existsSync(join(initialCluster, 'PG_VERSION'))) return { dataDir, copied: null };
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { from: initialCluster, to: dataDir } });
  } catch (error) {
    return { dataDir, copied: Promise.resolve(asError(error)) };
  }
  const copied = new Promise<Error | null>((resolve) => {
    worker.once('message', (m: { copied: boolean; error?: string }) => resolve(m.copied ? null : new Error(m.error)));
    // A worker that dies before it answers: the copy failed (after its answer these change nothing).
    worker.once('error', (error) => resolve(asError(error)));
    worker.once('exit', (code) => resolve(new Error(`the PGlite copy worker exited with code ${code}`)));
  });
  return { dataDir, copied };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
