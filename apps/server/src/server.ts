/**
 * The process's entry. On PGlite it starts the database's thread first (pglite-thread.ts: a
 * first start's copy of the initial cluster, then PGlite opening), then loads the application
 * (main.ts) meanwhile. So this module imports nothing more: whatever it imports loads before
 * that starts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PgliteThread } from './pglite-thread.ts';

const onPglite = !process.env['DATABASE_URL'];
// PGlite's WebAssembly runs on its baseline code only (decision 0040): its optimised
// recompiles held ~50 MB of freed allocator memory the process never gave back, and cost
// no measurable query speed. Set before PGlite compiles its module, the only WebAssembly here.
if (onPglite) setFlagsFromString('--liftoff-only');

// Made by `npm run build` beside the bundle (build.ts); absent beside the sources, where a new data directory runs initdb.
const initialCluster = fileURLToPath(new URL('./pglite-initial', import.meta.url));
// Read before main.ts validates the environment, as loadEnv reads them: empty is unset, DATA_DIR defaults to ./data.
const pglite = onPglite ? new PgliteThread(join(process.env['DATA_DIR'] || './data', 'pglite'), initialCluster) : null;
const { main } = await import('./main.ts');
await main(initialCluster, pglite);
