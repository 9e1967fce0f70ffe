import { defineConfig } from 'vite';
import { precompress } from '../web/precompress.ts';

// The game front-ends (issue 13): one small entry, each game its own chunk, served by the
// game server at /rgs/app/ (apps/server/src/modules/rgs serves this folder's dist/), each file
// compressed once here (the site's plugin): compressing React's chunk on every launch cost ~60 ms
// of the server's thread per file, and a launch fetches a dozen at once.
export default defineConfig({
  base: '/rgs/app/',
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  plugins: [precompress()],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false } },
});
