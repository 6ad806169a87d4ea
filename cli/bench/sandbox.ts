/**
 * What the benches share: the sandbox in a process of its own (its CPU time readable on Linux)
 * and the members a bulk run deactivates, created through the admin API.
 */

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
