import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { routeChunks } from './route-chunks.ts';

// Our pure packages declare `"sideEffects": false`, so unused exports are dropped.
export default defineConfig({
  plugins: [reactRouter(), routeChunks(), precompress()],
  build: { target: 'es2022' },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
