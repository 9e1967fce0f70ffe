/**
 * Bundles the server for `npm start`: the server's and the workspace packages' TypeScript
 * in one ES module, `apps/server/dist/server.js`, so production starts without tsx compiling
 * some 400 files on every start (and keeping their source maps in memory). Packages from
 * node_modules stay external, loaded as published. The bundle sits at the same depth as
 * `src/server.ts`, so paths it makes from `import.meta.url` point at the same folders.
 *
 * Beside it, `dist/pglite-initial/`: the data directory of a new PGlite cluster with every
 * migration applied, which a first start on an empty data directory copies instead of
 * running initdb (database.ts).
 */
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest, PGliteDialect } from '@betsite/db';

const root = fileURLToPath(new URL('.', import.meta.url));

await build({
  entryPoints: [`${root}src/server.ts`],
  outfile: `${root}dist/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        // Relative imports and the workspace's own packages (TypeScript sources) are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@betsite/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

// Made beside and renamed into place: a server starting meanwhile never copies half a cluster.
const initial = `${root}dist/pglite-initial`;
const making = `${initial}.making-${process.pid}`;
rmSync(making, { recursive: true, force: true });
const db = new Kysely({ dialect: new PGliteDialect(await PGlite.create({ dataDir: making })) });
try {
  await migrateToLatest(db);
} finally {
  // Closing shuts the cluster down cleanly: a copy opens without recovery.
  await db.destroy();
}
rmSync(initial, { recursive: true, force: true });
renameSync(making, initial);
// The dump earlier builds wrote, which nothing reads now.
rmSync(`${root}dist/pglite-initial.tar`, { force: true });
