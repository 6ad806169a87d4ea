import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The sandbox (which some tests start) imports the SDK by its package name: from source, so the
  // tests never depend on a stale or missing sdk/dist.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 15_000,
  },
});
