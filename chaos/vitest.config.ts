import { defineConfig } from 'vitest/config';

// The chaos tests: real server processes killed with SIGKILL (issue 10). They start
// `apps/server/src/server.ts`, which needs the web build: `npm run test:chaos` builds first.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['chaos/**/*.chaos.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
