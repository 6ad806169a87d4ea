import { defineConfig } from 'vitest/config';

/** Browser benchmarks: run by `pnpm bench`, never by `pnpm test` (numbers, not pass/fail timing). */
export default defineConfig({
  // The SDK and the sandbox from source, as in the tests.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
