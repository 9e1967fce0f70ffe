import { defineConfig } from 'vite';

// The game front-ends (issue 13): one small entry, each game its own chunk, served by the
// game server at /rgs/app/ (apps/server/src/modules/rgs serves this folder's dist/).
export default defineConfig({
  base: '/rgs/app/',
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false } },
});
