/**
 * pnpm does not forward SIGTERM to the script it runs. `pnpm sandbox` at the root runs
 * pnpm → sh → pnpm → sh → tsx → node: a SIGTERM to the outer pnpm ends it (and its sh) and leaves
 * the rest running, still holding the port. So the CLI notes the chain of processes that launched
 * it (package managers, shells, node and tsx, up to the first other process, such as the user's
 * terminal shell or a service manager) and stops, as on SIGTERM, when one of them exits.
 *
 * A link is broken when a process of the chain no longer has the parent it started with (the
 * kernel re-parents the orphans at once, even while the dead launcher is still a zombie). Linux
 * reads that from /proc; elsewhere `ps` is asked once at start and liveness is checked with
 * signal 0. The user's own shell is never watched, so `nohup pnpm start &` keeps running after it
 * closes, as before.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const LAUNCHERS: ReadonlySet<string> = new Set([
  'node',
  'pnpm',
  'npm',
  'npx',
  'yarn',
  'corepack',
  'tsx',
  'sh',
  'dash',
]);
/** Far more levels than pnpm nests; a guard against a cycle in what `ps` answers. */
const MAX_DEPTH = 16;

interface ProcessInfo {
  ppid: number;
  name: string;
}

const HAS_PROC = process.platform === 'linux';

/** Parent and command name from /proc (`pid (comm) state ppid ...`; comm may hold spaces). */
function fromProc(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? { ppid, name: stat.slice(open + 1, close) } : undefined;
  } catch {
    return undefined;
  }
}

function fromPs(pid: number): ProcessInfo | undefined {
  try {
    const line = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const match = /^(\d+)\s+(.+)$/.exec(line);
    return match ? { ppid: Number(match[1]), name: basename(match[2] ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

function info(pid: number): ProcessInfo | undefined {
  return HAS_PROC ? fromProc(pid) : fromPs(pid);
}

/** The launcher processes above this one, nearest first (empty when started by anything else). */
export function launcherChain(pid = process.pid): number[] {
  const chain: number[] = [];
  let current = info(pid)?.ppid;
  while (current !== undefined && current > 1 && chain.length < MAX_DEPTH) {
    const entry = info(current);
    if (!entry || !LAUNCHERS.has(entry.name)) break;
    chain.push(current);
    current = entry.ppid;
  }
  return chain;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The first launcher of the chain that is gone, or undefined while all are there. */
export function goneLauncher(chain: readonly number[]): number | undefined {
  let below = process.pid;
  for (const pid of chain) {
    const parent = below === process.pid ? process.ppid : HAS_PROC ? fromProc(below)?.ppid : undefined;
    if (parent === undefined ? !isAlive(pid) : parent !== pid) return pid;
    below = pid;
  }
  return undefined;
}

/**
 * Calls `onGone` once when a launcher exits. The timer is unref'd, so it never keeps the process
 * alive by itself; the returned function stops watching.
 */
export function watchLaunchers(onGone: (pid: number) => void, intervalMs = 500): () => void {
  const chain = launcherChain();
  if (chain.length === 0) return () => {};
  const timer = setInterval(() => {
    const gone = goneLauncher(chain);
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
