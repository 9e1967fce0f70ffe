/**
 * The process's entry. It starts what opening PGlite can do before the application's code
 * has loaded (database-prepare.ts: a first start's copy of the initial cluster, in a worker
 * thread), then loads the application (main.ts) meanwhile. So this module imports nothing
 * more: whatever it imports loads before that starts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparePglite } from './database-prepare.ts';

// Made by `npm run build` beside the bundle (build.ts); absent beside the sources, where a new data directory runs initdb.
const initialCluster = fileURLToPath(new URL('./pglite-initial', import.meta.url));
// Read before main.ts validates the environment, as loadEnv reads them: empty is unset, DATA_DIR defaults to ./data.
const prepared = process.env['DATABASE_URL'] ? null : preparePglite(join(process.env['DATA_DIR'] || './data', 'pglite'), initialCluster);
const { main } = await import('./main.ts');
await main(initialCluster, prepared);
