import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { latin1Source } from '../../tooling/latin1-source.ts';
import { precompress } from './precompress.ts';
import { routeChunks } from './route-chunks.ts';

/** The server build's chunks in Latin-1: the server keeps their source in its heap, at one byte a character so (tooling/latin1-source.ts). */
function latin1ServerBuild(): Plugin {
  return {
    name: 'betsite:latin1-server-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // The server build has no source maps to keep in step.
        if (chunk.type === 'chunk') chunk.code = await latin1Source(chunk.code, chunk.fileName);
      }
    },
  };
}

// Our pure packages declare `"sideEffects": false`, so unused exports are dropped.
export default defineConfig({
  plugins: [reactRouter(), routeChunks(), precompress(), latin1ServerBuild()],
  // Dictionaries stay files however small: pages name them by URL and the browser caches them (decision 0037).
  build: { target: 'es2022', assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined) },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
