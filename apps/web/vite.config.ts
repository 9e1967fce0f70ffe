import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { routeChunks } from './route-chunks.ts';

// Our pure packages declare `"sideEffects": false`, so unused exports are dropped.
export default defineConfig({
  plugins: [reactRouter(), routeChunks(), precompress()],
  // Dictionaries stay files however small: pages name them by URL and the browser caches them (decision 0037).
  build: { target: 'es2022', assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined) },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
