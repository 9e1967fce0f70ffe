/**
 * What opening PGlite can start before the application's code has loaded (server.ts starts
 * it first, decision 0036): a new data directory's copy of the initial cluster (decision
 * 0028) and the compile of PGlite's WebAssembly. Both run in a worker thread: the main thread
 * meanwhile loads the application's modules, one long task, and work queued on its own event
 * loop would wait for that to end.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface PglitePreparation {
  /** PGlite's data directory this was made for. */
  dataDir: string;
  /** Null when there was nothing to copy (not a new data directory, or no initial cluster); else the copy's error, or null once it is in place. */
  copied: Promise<Error | null> | null;
  /** PGlite's WebAssembly, compiled; undefined when that did not work (PGlite then compiles it itself). */
  wasmModule: Promise<WebAssembly.Module | undefined>;
}

/**
 * Copies beside and renames into place, so a start killed mid-copy leaves no half cluster for
 * the next one to open; compiles the WebAssembly first, as it is quicker. CommonJS run with
 * `eval`, so it needs no file of its own beside the bundle.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
async function compile(path) {
  try {
    return path ? await WebAssembly.compile(fs.readFileSync(path)) : undefined;
  } catch {
    return undefined;
  }
}
function copy(from, to) {
  const partial = to + '.partial-' + process.pid;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    fs.cpSync(from, partial, { recursive: true });
    if (fs.existsSync(to)) fs.rmdirSync(to);
    fs.renameSync(partial, to);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}
(async () => {
  parentPort.postMessage({ wasmModule: await compile(workerData.wasm) });
  if (!workerData.from) return;
  try {
    copy(workerData.from, workerData.to);
    parentPort.postMessage({ copied: true });
  } catch (error) {
    parentPort.postMessage({ copied: false, error: error instanceof Error ? error.message : String(error) });
  }
})();
`;

/** A new data directory is one that is absent or empty: anything else is left for PGlite to judge. */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** Starts the copy (when `dataDir` is new and `initialCluster` holds a cluster) and the compile; never throws, its promises never reject. */
export function preparePglite(dataDir: string, initialCluster?: string): PglitePreparation {
  const from = initialCluster && isNewDataDir(dataDir) && existsSync(join(initialCluster, 'PG_VERSION')) ? initialCluster : undefined;
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { wasm: pgliteWasmPath(), from, to: dataDir } });
  } catch (error) {
    return { dataDir, copied: from ? Promise.resolve(asError(error)) : null, wasmModule: Promise.resolve(undefined) };
  }
  // A worker that dies before it answers: no compiled module, and the copy failed.
  const ended = new Promise<Error>((resolve) => {
    worker.once('error', (error) => resolve(asError(error)));
    worker.once('exit', (code) => resolve(new Error(`the PGlite preparation worker exited with code ${code}`)));
  });
  const message = <T>(pick: (m: Record<string, unknown>) => T | undefined) =>
    new Promise<T>((resolve) => {
      const listen = (m: Record<string, unknown>) => {
        const value = pick(m);
        if (value === undefined) return;
        worker.off('message', listen);
        resolve(value);
      };
      worker.on('message', listen);
    });
  const wasmModule = Promise.race([message((m) => ('wasmModule' in m ? [m['wasmModule'] as WebAssembly.Module | undefined] : undefined)), ended.then(() => [undefined])]).then(([module]) => module);
  const copied = from ? Promise.race([message((m) => ('copied' in m ? (m['copied'] ? null : new Error(String(m['error']))) : undefined)), ended]) : null;
  return { dataDir, copied, wasmModule };
}

/** Where PGlite's WebAssembly is, or undefined when it is not where this PGlite version keeps it. */
function pgliteWasmPath(): string | undefined {
  try {
    const path = join(createRequire(import.meta.url).resolve('@electric-sql/pglite'), '..', 'pglite.wasm');
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
