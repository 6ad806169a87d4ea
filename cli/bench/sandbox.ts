/**
 * What the benches share: the sandbox in a process of its own (its CPU time readable on Linux)
 * and the members a bulk run deactivates, created through the admin API.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';

const root = fileURLToPath(new URL('../..', import.meta.url));
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

/** Clock ticks per second of /proc/PID/stat's times: USER_HZ, 100 on every Linux architecture. */
const USER_HZ = 100;

/** A process's user plus system CPU time in ms, from /proc (Linux only). */
function procCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, so 11 and 12 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return undefined;
  }
}

export function startSandbox(extra: string[] = []): Promise<Sandbox> {
  // node itself with tsx's loader rather than the tsx command, which would serve from a child of
  // its own: the pid is the sandbox's, so its CPU time can be read while it runs.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--port', '0', ...extra],
    {
      cwd: join(root, 'contracts', 'sandbox'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox ready on (\S+)/.exec(text);
      if (match?.[1])
        resolve({ url: match[1], stop: () => child.kill('SIGTERM'), cpuMs: () => procCpuMs(child.pid) });
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
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
