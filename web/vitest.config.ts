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
    // One process for every file (the files start their own sandbox and Chromium and leave no
    // state behind): playwright-core, the sandbox and the harness load once, not 60 times.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // An `expect.poll` without a timeout of its own waits 5 s, not vitest's 1 s: a page on CI's
    // busy 2 cores took seconds for what takes milliseconds here (a slow-page run,
    // TEST_CPU_THROTTLE=6, failed three polls at 1 s; README, Testing). It waits for a condition,
    // so a passing poll ends as soon as it holds.
    expect: { poll: { timeout: 5_000 } },
  },
});
