import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Our pure packages declare `"sideEffects": false`, so unused exports are dropped.
export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
