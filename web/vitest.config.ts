import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SDK and the sandbox from source, so tests never depend on a stale dist of theirs.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Browser tests start a sandbox and Chromium each; on 2 shared cores one file at a time is faster.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
