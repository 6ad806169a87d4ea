/**
 * The sandbox in a process of its own, for the benches that measure it from outside (its CPU time
 * and resident set read from /proc while it serves): `node --import tsx src/cli.ts --port 0 ...`,
 * node itself rather than the tsx command, which would serve from a child of its own, so `pid` is
 * the server's. Exported as `@matchmaker/sandbox/process`; tests start the sandbox in-process
 * (`startSandbox` from the package root) or through its CLI when the CLI is what they test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const READY = /Sandbox ready on (http:\/\/\S+)/;
/** How long a start may take before it is given up, its output in the error. */
const START_TIMEOUT_MS = 60_000;

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

/** Starts the sandbox's CLI on a free port with `args` and resolves once it prints its URL. */
export function spawnSandbox(args: readonly string[] = []): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--port', '0', ...args],
    { cwd: root, env: { ...process.env, PORT: '' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the sandbox did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = READY.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, child, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code ?? signal} before it was ready:\n${output}`));
    });
  });
}

/** Clock ticks per second of /proc/PID/stat's times: USER_HZ, 100 on every Linux architecture. */
const USER_HZ = 100;

/** A process's user plus system CPU time in ms (every thread), from /proc; undefined off Linux. */
export function processCpuMs(pid: number | undefined): number | undefined {
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

/** A process's resident set in MB, from /proc; undefined off Linux. */
export function processRssMb(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
