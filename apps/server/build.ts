/**
 * Bundles the server for `npm start`: the server's and the workspace packages' TypeScript
 * in one ES module, `apps/server/dist/server.js`, so production starts without tsx compiling
 * some 400 files on every start (and keeping their source maps in memory). Packages from
 * node_modules stay external, loaded as published. The bundle sits at the same depth as
 * `src/server.ts`, so paths it makes from `import.meta.url` point at the same folders.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

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
