/**
 * The committed pacts against one long-running sandbox with the standalone Rust verifier, the way a
 * backend team runs it: every HTTP pact, twice, the second pass in the reverse order; and all eleven
 * pacts with the Node verifier, twice. Each provider
 * state must set up what its interaction needs and clear what any earlier interaction left.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_PROVIDERS } from '../../src/names';
import {
  collect,
  runStandaloneVerifier,
  type SandboxProcess,
  startSandboxProcess,
  tsxArgs,
} from '../../src/verify/standalone';

const verifyCli = fileURLToPath(new URL('../../src/verify/cli.ts', import.meta.url));

/** `pnpm verify -- --base-url URL --state-url URL`, as a backend team runs it: all eleven pacts. */
async function nodeVerify(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    tsxArgs(verifyCli, ['--base-url', url, '--state-url', `${url}/_pact/state`]),
    {
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return collect(child);
}

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

  it('verifies all eleven pacts (socket.io included) with the Node verifier, twice', async () => {
    for (const pass of [1, 2]) {
      const { code, output } = await nodeVerify(sandbox.url);
      expect(code, `pass ${pass}:\n${output}`).toBe(0);
      expect(output.match(/^ {2}ok {5}\S+/gm), `pass ${pass}`).toHaveLength(11);
    }
  }, 180_000);
});
