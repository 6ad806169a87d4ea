import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SDK (root and subpath exports alike) from its TypeScript source, so tests never depend on
  // a stale or missing sdk/dist.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // No file mocks a module or leaves state behind: each worker loads the sandbox once, not once a
    // file (114 s -> 58 s on 2 cores, 2026-11-28).
    isolate: false,
    // Closes each file's sandboxes after it (see the file).
    setupFiles: ['test/support/per-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
