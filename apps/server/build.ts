/**
 * Bundles the server for `npm start`: the server's and the workspace packages' TypeScript
 * in one ES module, `apps/server/dist/main.js`, behind a small entry, `dist/server.js`
 * (src/server.ts, which starts preparing the database first). So production starts without
 * tsx compiling some 400 files on every start (and keeping their source maps in memory). Most packages
 * from node_modules are bundled too (decision 0036): Node resolving, reading and compiling
 * their ~1,500 files one by one was a third of the start. The ones in `EXTERNAL` stay
 * external, loaded as published. The bundles sit at the same depth as `src/`, so paths they
 * make from `import.meta.url` point at the same folders.
 *
 * Beside them, `dist/migrations-worker.js`: the worker that migrates a PostgreSQL database
 * while the application loads (src/migration-thread.ts, decision 0041), and `dist/feed-worker.js`:
 * the simulated provider's thread (modules/line/feed-thread.ts, decision 0045).
 *
 * Beside it, `dist/pglite-initial/`: the data directory of a new PGlite cluster with every
 * migration applied, which a first start on an empty data directory copies instead of
 * running initdb (database.ts).
 */
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest, PGliteDialect } from '@betsite/db';
import { latin1Source } from '../../tooling/latin1-source.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Packages loaded from node_modules at run time, not bundled: those that read files beside
 * their own code (PGlite's WebAssembly, Swagger UI's pages, @fastify/swagger's package.json,
 * pino's transport workers), native ones (argon2), the web build's own imports (one copy of
 * react, react-router, zod and @noble/hashes for both), the drivers loaded only when used
 * (pg, nodemailer, ioredis), and ws with its optional native helpers.
 */
const EXTERNAL = new Set([
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@noble/hashes',
  'argon2',
  'ioredis',
  'isbot',
  'nodemailer',
  'pg',
  'pino',
  'react',
  'react-dom',
  'react-router',
  'ws',
  'zod',
]);

/** `@scope/name` or `name` of an import path. */
const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
} as const;

// The entry: only what starts before the application loads (src/server.ts), which then imports `dist/main.js`.
await build({
  ...common,
  entryPoints: [`${root}src/server.ts`],
  outfile: `${root}dist/server.js`,
  plugins: [
    {
      name: 'main-beside',
      setup(b) {
        b.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './main.js', external: true }));
      },
    },
  ],
});

// The application, the worker that migrates a PostgreSQL database while it loads (src/migration-thread.ts), and the simulated feed's (modules/line/feed-thread.ts).
await build({
  ...common,
  entryPoints: { main: `${root}src/main.ts`, 'migrations-worker': `${root}src/migrations-worker.ts`, 'feed-worker': `${root}src/feed-worker.ts` },
  outdir: `${root}dist`,
  // The CommonJS packages bundled into these ES modules call `require` for Node's own modules and the external packages.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (EXTERNAL.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined));
      },
    },
  ],
});

// Each bundle's source stays in the heap: Latin-1, V8 keeps it at one byte a character (tooling/latin1-source.ts).
for (const bundle of ['server.js', 'main.js', 'migrations-worker.js', 'feed-worker.js']) {
  const file = `${root}dist/${bundle}`;
  const code = readFileSync(file, 'utf8');
  const latin1 = await latin1Source(code, file);
  if (latin1 !== code) writeFileSync(file, latin1);
}

// Made beside and renamed into place: a server starting meanwhile never copies half a cluster.
const initial = `${root}dist/pglite-initial`;
const making = `${initial}.making-${process.pid}`;
rmSync(making, { recursive: true, force: true });
const pglite = await PGlite.create({ dataDir: making });
const db = new Kysely({ dialect: new PGliteDialect(pglite) });
try {
  await migrateToLatest(db);
  // The site uses the one database, postgres. The templates (only CREATE DATABASE reads them) were
  // half of the cluster's ~1,300 files, and a first start's copy pays for each file it creates.
  for (const template of ['template0', 'template1']) {
    // Two calls: DROP DATABASE may not run in the implicit transaction of a multi-statement query.
    await pglite.exec(`alter database ${template} is_template false`);
    await pglite.exec(`drop database ${template}`);
  }
} finally {
  // Closing shuts the cluster down cleanly: a copy opens without recovery.
  await db.destroy();
}
rmSync(initial, { recursive: true, force: true });
renameSync(making, initial);
// The dump earlier builds wrote, which nothing reads now.
rmSync(`${root}dist/pglite-initial.tar`, { force: true });
