import { defineConfig } from 'vitest/config';

// Unit and integration tests live next to the code (`*.test.ts(x)`); browser tests have
// their own config in e2e/.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/web/*.test.ts', 'tooling/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on the 2-core CI box. Most
    // integration tests wait on a database, so two workers there take a third off the run.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
