/**
 * What the benches share: the sandbox in a process of its own (its CPU time readable on Linux),
 * the members a bulk run deactivates, created through the admin API, and the plain loops that
 * the CLI is compared with.
 */

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs, spawnSandbox } from '@matchmaker/sandbox/process';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';

/** The concurrency of every bulk comparison (and of creating its members). */
export const CONCURRENCY = 16;

/**
 * The arguments of the bulk run every CPU and RSS figure measures: a deactivate of `csv` at
 * CONCURRENCY, confirmed, with the journal and report where given (the CLI's defaults otherwise).
 */
export function bulkRunArgs(csv: string, files: { journal?: string; report?: string } = {}): string[] {
  return [
    'bulk',
    'deactivate',
    '-i',
    csv,
    '--yes',
    '-c',
    String(CONCURRENCY),
    ...(files.journal ? ['--journal', files.journal] : []),
    ...(files.report ? ['--report', files.report] : []),
  ];
}

export interface Sandbox {
  url: string;
  stop: () => void;
  /** CPU time the sandbox's process has used so far in ms (every thread); undefined off Linux. */
  cpuMs: () => number | undefined;
}

export async function startSandbox(extra: string[] = []): Promise<Sandbox> {
  const { url, child, stop } = await spawnSandbox(extra);
  return { url, stop: () => void stop(), cpuMs: () => processCpuMs(child.pid) };
}

/**
 * Creates `count` members through the admin API and returns their ids: a bulk run applies each
 * user once (repeats of an earlier row are skipped), so every row of a benchmark names its own.
 */
export async function createMembers(url: string, token: string, count: number): Promise<string[]> {
  const client = createClient({
    baseURL: url,
    tokenStore: new MemoryTokenStore({ accessToken: token, refreshToken: '' }),
    locks: null,
    onError: () => {},
  });
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const { user } = await client.admin.createUser({
        first_name: 'Bench',
        last_name: `Member ${n}`,
        username: `bench.${n}`,
        email: `bench.${n}@bench.sandbox.test`,
        password: 'Bench#2026-password',
        date_of_birth: '1990-01-01',
        sex: n % 2 === 0 ? 'female' : 'male',
        agreed_to_terms: true,
      });
      const id = user.id ?? user.keycloakId;
      if (!id) throw new Error(`the sandbox created bench.${n} without an id`);
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ids;
}

/** The environment of CLI runs with the configuration folder `config`, against `url`, without colour. */
export function cliEnv(config: string, url: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_CONFIG_HOME: config,
    MATCHMAKER_API_BASE: url,
    NO_COLOR: '1',
  };
  delete env.FORCE_COLOR;
  return env;
}

/** What a plain loop prints: its elapsed ms from its first request, and the CPU ms it spent. */
export interface LoopResult {
  elapsedMs: number;
  cpuMs: number;
}

const cli = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs a plain loop over the ids in `csv` at CONCURRENCY in a process of its own: the undici
 * loop (`undici-loop.ts`), or one layer of the CLI's call path (`layers.ts` with `layer`).
 */
export function runLoop(
  url: string,
  token: string,
  csv: string,
  script = 'undici-loop.ts',
  layer?: string,
): LoopResult {
  const tsx = join(cli, '..', 'node_modules', '.bin', 'tsx');
  const args = [join(cli, 'bench', script), ...(layer ? [layer] : []), url, token, csv, String(CONCURRENCY)];
  const result = JSON.parse(
    execFileSync(tsx, ['--conditions=source', ...args], { encoding: 'utf8', cwd: cli }),
  ) as LoopResult & { failed: number };
  // Refused requests (an expired token) answer faster than real ones: the ratio would lie.
  if (result.failed > 0)
    throw new Error(`${layer ?? 'the undici loop'} had ${result.failed} refused requests`);
  return result;
}
