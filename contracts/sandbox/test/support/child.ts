/** The sandbox CLI as a child process, for tests that crash it (`kill -9`) or limit its files. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();

/** Kills every child still running (for `afterEach`). */
export function stopDataChildren(): void {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/**
 * Starts `src/cli.ts --port 0 --data FILE` in one node process (bash execs node, no tsx launcher in
 * between, so SIGKILL hits the server itself), with its files limited to `fileSizeLimit` bytes
 * when given (`ulimit -f`, which bash counts in KiB: rounded up). Resolves with the URL it
 * serves; `stopDataChildren` kills it if the test did not.
 */
export async function startDataChild(
  file: string,
  fileSizeLimit?: number,
): Promise<{ child: ChildProcess; url: string }> {
  const kib = fileSizeLimit === undefined ? 'unlimited' : Math.ceil(fileSizeLimit / 1024);
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -f ${kib} && exec "$0" --import tsx --conditions=source src/cli.ts --port 0 --data "$1"`,
      process.execPath,
      file,
    ],
    { cwd: root, env: { ...process.env, PORT: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let text = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, url };
}

/** Kills `child` with SIGKILL and resolves with the signal it died of. */
export function killed(child: ChildProcess): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    child.on('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });
}
