/**
 * The process's entry. It starts the database's own thread first — on PGlite its thread
 * (pglite-thread.ts: a first start's copy of the initial cluster, then PGlite opening), on
 * PostgreSQL the migrations (migration-thread.ts) — then loads the application (main.ts)
 * meanwhile. So this module imports nothing more: whatever it imports loads before that starts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { MigrationThread } from './migration-thread.ts';
import { PgliteThread } from './pglite-thread.ts';

// Read before main.ts validates the environment, as loadEnv reads them: empty is unset, DATA_DIR defaults to ./data.
const databaseUrl = process.env['DATABASE_URL'];
const onPglite = !databaseUrl;
// PGlite's WebAssembly runs on its baseline code only (decision 0040): its optimised
// recompiles held ~50 MB of freed allocator memory the process never gave back, and cost
// no measurable query speed. Set before PGlite compiles its module, the only WebAssembly here.
if (onPglite) setFlagsFromString('--liftoff-only');

// Made by `npm run build` beside the bundle (build.ts); absent beside the sources, where a new data directory runs initdb.
const initialCluster = fileURLToPath(new URL('./pglite-initial', import.meta.url));
const started = databaseUrl ? new MigrationThread(databaseUrl) : new PgliteThread(join(process.env['DATA_DIR'] || './data', 'pglite'), initialCluster);
const { main } = await import('./main.ts');
await main(initialCluster, started);
