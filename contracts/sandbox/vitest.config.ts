import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SDK (root and subpath exports alike) from its TypeScript source, so tests never depend on
  // a stale or missing sdk/dist.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
