/**
 * `pnpm --filter @matchmaker/contracts mutants [-- --only <text>] [--verbose]`: the sandbox behind
 * a mutating proxy, one realistic breakage at a time (catalogue.ts), each verified the way a
 * backend team verifies its service (`verify -- --provider P --base-url URL --state-url URL`).
 * Prints each mutant CAUGHT or SURVIVED and the score; exits 1 below the goal of 90%.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@matchmaker/sandbox';
import type { ProviderName } from '../names';
import { ALL_PROVIDERS } from '../names';
import { collect, tsxArgs } from '../verify/standalone';
import { MUTANTS, type Mutant } from './catalogue';
import { type Mutation, startMutatingProxy } from './proxy';

const GOAL = 0.9;
const verifyCli = fileURLToPath(new URL('../verify/cli.ts', import.meta.url));

async function verifyThrough(
  target: string,
  stateUrl: string,
  mutation: Mutation,
  providers: readonly ProviderName[],
): Promise<{ ok: boolean; output: string }> {
  const proxy = await startMutatingProxy(target, mutation);
  try {
    const args = [
      ...providers.flatMap((provider) => ['--provider', provider]),
      '--base-url',
      proxy.url,
      '--state-url',
      stateUrl,
    ];
    const child = spawn(process.execPath, tsxArgs(verifyCli, args), {
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { code, output } = await collect(child);
    return { ok: code === 0, output };
  } finally {
    await proxy.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { only: { type: 'string' }, verbose: { type: 'boolean' } },
    strict: true,
  });
  const only = values.only?.toLowerCase();
  const mutants = MUTANTS.filter((mutant) => only === undefined || mutant.name.toLowerCase().includes(only));
  const sandbox = await startSandbox({ port: 0, pactStates: true });
  const stateUrl = `${sandbox.url}/_pact/state`;
  try {
    // Without mutation everything must verify, or a CAUGHT below would mean nothing.
    const baseline = await verifyThrough(sandbox.url, stateUrl, {}, ALL_PROVIDERS);
    if (!baseline.ok) {
      console.error(`The unmutated sandbox does not verify through the proxy:\n${baseline.output}`);
      return 1;
    }
    console.log(`Baseline: all ${ALL_PROVIDERS.length} pacts verify through the proxy.\n`);
    const survivors: Mutant[] = [];
    for (const mutant of mutants) {
      const started = Date.now();
      const { ok, output } = await verifyThrough(sandbox.url, stateUrl, mutant, mutant.providers);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `${ok ? 'SURVIVED' : 'CAUGHT  '} [${mutant.category}] ${mutant.name} (${mutant.providers.join(', ')}, ${seconds} s)`,
      );
      if (ok) {
        survivors.push(mutant);
        if (values.verbose) console.log(output);
      }
    }
    const caught = mutants.length - survivors.length;
    const score = mutants.length === 0 ? 0 : caught / mutants.length;
    console.log(
      `\nMutation score: ${caught}/${mutants.length} caught (${(score * 100).toFixed(1)}%, goal ${GOAL * 100}%)`,
    );
    return score >= GOAL ? 0 : 1;
  } finally {
    await sandbox.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
