import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Consumer tests write the pacts; the checks read them. Files run one at a time (the Pact native
 * core is shared by the process), so ordering them here is enough: writers by path, checks last.
 */
class ChecksLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.moduleId.includes('/test/checks/') ? 1 : 0);
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  // SDK and sandbox from source, so the contracts never depend on a stale dist.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/settle-requests.ts'],
    pool: 'forks',
    // One process for every file: the SDK, the sandbox and the Pact core load once, not once per
    // file (alone on 2 cores: 94 s and 113 s of CPU isolated, 61 s and 68 s without).
    isolate: false,
    fileParallelism: false,
    sequence: { sequencer: ChecksLast },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
