import { defineConfig } from 'vitest/config';

// Browser tests: one server for the whole run (global setup), one Chromium per file,
// files one after another because some of them change site config.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
