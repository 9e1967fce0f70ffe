import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** Our pure packages (no I/O, no module-level effects): unused exports can always be dropped. */
const PURE_PACKAGES = /[\\/]packages[\\/](domain|contracts)[\\/]src[\\/]/;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id) => !PURE_PACKAGES.test(id),
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
