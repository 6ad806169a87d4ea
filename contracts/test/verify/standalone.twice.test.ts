/**
 * The committed pacts against one long-running sandbox with the standalone Rust verifier, the way a
 * backend team runs it: every HTTP pact, twice, the second pass in the reverse order. Each provider
 * state must set up what its interaction needs and clear what any earlier interaction left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_PROVIDERS } from '../../src/names';
import { runStandaloneVerifier, type SandboxProcess, startSandboxProcess } from '../../src/verify/standalone';

let sandbox: SandboxProcess;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
}, 60_000);
afterAll(() => sandbox?.stop());

const failures = (runs: Awaited<ReturnType<typeof runStandaloneVerifier>>) =>
  runs.filter((run) => run.code !== 0).map((run) => `${run.provider} (exit ${run.code}):\n${run.output}`);

describe('pact-verifier (pact-cli) over the pacts folder against a separately started sandbox', () => {
  it('verifies the nine HTTP pacts, then all of them again in the reverse order', async () => {
    const first = await runStandaloneVerifier(sandbox.url);
    expect(failures(first)).toEqual([]);
    // The verifier really verified something: an empty selection also exits 0.
    for (const run of first) expect(run.output, run.provider).toMatch(/has status code \d+ \(OK\)/);
    const second = await runStandaloneVerifier(sandbox.url, { providers: [...HTTP_PROVIDERS].reverse() });
    expect(failures(second)).toEqual([]);
  }, 180_000);
});
