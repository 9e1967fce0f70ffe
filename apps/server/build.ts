/**
 * Bundles the server for `npm start`: the server's and the workspace packages' TypeScript
 * in one ES module, `apps/server/dist/server.js`, so production starts without tsx compiling
 * some 400 files on every start (and keeping their source maps in memory). Packages from
 * node_modules stay external, loaded as published. The bundle sits at the same depth as
 * `src/server.ts`, so paths it makes from `import.meta.url` point at the same folders.
 *
 * Beside it, `dist/pglite-initial.tar`: a new PGlite cluster with every migration applied,
 * which a first start on an empty data directory loads instead of running initdb
 * (database.ts).
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
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

const pglite = await PGlite.create();
const db = new Kysely({ dialect: new PGliteDialect(pglite) });
try {
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(`${root}dist/pglite-initial.tar`, Buffer.from(await dump.arrayBuffer()));
} finally {
  await db.destroy();
}
