import { configDefaults, defineConfig } from 'vitest/config';

// The sandbox (which some tests start) imports the SDK by its package name: from source, so the
// tests never depend on a stale or missing sdk/dist.
const source = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

/**
 * Files that replace a module (`vi.mock`) need a module registry of their own; every other file
 * shares its worker's, so the SDK, zod and the sandbox load once per worker, not once per file
 * (the suite on 2 cores: 78 s and 83 s of CPU isolated, against about 40 s and 37 s).
 */
const ISOLATED = ['test/realtime/channel.loading.test.ts'];

/**
 * A test's time limit. Each test takes well under 2 s on its own; in \`pnpm test\` this suite runs
 * at a low priority (\`nice\`) beside the browser tests, which can leave it a tenth of a core for
 * seconds at a time. The limit is for a test that hangs, not a slow machine: 30 s, and the tests'
 * waits for a condition (test/support) give up at 20 s, so a wait names what it waited for
 * before the test's limit ends it.
 */
const TEST_TIMEOUT_MS = 30_000;

export default defineConfig({
  test: {
    projects: [
      {
        ...source,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
          // Each file's clean-up, which a shared module's own hooks would do for the first file alone.
          setupFiles: ['test/support/per-file.ts'],
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        ...source,
        test: {
          name: 'isolated',
          include: ISOLATED,
          setupFiles: ['test/support/per-file.ts'],
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
