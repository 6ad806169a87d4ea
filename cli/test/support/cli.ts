/**
 * Runs `matchmaker` in-process (with captured streams) or as the built binary, against a
 * sandbox started on a free port, with XDG_CONFIG_HOME in a fresh temporary directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, type RunningSandbox, type SandboxOptions, startSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import type { Io } from '../../src/io';
import { run } from '../../src/program';

export const BINARY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'matchmaker.js');

const cleanups: (() => Promise<void> | void)[] = [];

/**
 * Undoes what a test file made here, newest first: kills its binaries still running, closes its
 * sandboxes, removes its folders (`test/support/per-file.ts` calls it after each file). Not an
 * `afterAll` here: the suite runs without isolation, so this module is evaluated once per worker,
 * and a hook it registered would belong to the first file that imported it alone (every later
 * file's sandboxes stayed open and its folders stayed in the temporary directory).
 */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/**
 * Adds a clean-up to the file's (`cleanUp` runs it after the file). A helper called from a
 * `beforeAll` or a test cannot register an `afterAll` of its own: vitest drops hooks added once
 * the file's tests are running.
 */
export function afterFile(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const box = await startSandbox({ port: 0, ...options });
  afterFile(() => box.close());
  return box;
}

/** What most bulk tests start from: a sandbox, the admin signed in (in `env`), a folder of its own. */
export interface SignedIn {
  box: RunningSandbox;
  env: NodeJS.ProcessEnv;
  dir: string;
}

/** Starts a sandbox and signs the admin in; everything is cleaned up after the file's tests. */
export async function signedInSandbox(options: SandboxOptions = {}): Promise<SignedIn> {
  const box = await sandbox(options);
  const env = envFor(box);
  const signedIn = await login(env);
  if (signedIn.code !== 0) throw new Error(`the admin could not sign in: ${signedIn.stderr}`);
  return { box, env, dir: tempDir() };
}

export function tempDir(prefix = 'mm-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterFile(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment of one staff member: a config dir of their own and the sandbox as API base. */
export function envFor(box: RunningSandbox, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: tempDir('mm-home-'),
    XDG_CONFIG_HOME: tempDir('mm-config-'),
    MATCHMAKER_API_BASE: box.url,
    ...extra,
  };
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  stdin?: string;
  /** Pretend stdout (and stderr, stdin) are terminals. */
  tty?: boolean;
  columns?: number;
}

/** Runs the CLI in this process. */
export async function cli(argv: string[], options: RunOptions): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const tty = options.tty === true;
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text), isTTY: tty, columns: options.columns ?? 120 },
    stderr: { write: (text: string) => (stderr += text), isTTY: tty },
    stdin: Object.assign(stdin, { isTTY: false }),
    env: options.env,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Signs a demo account in through `login --password-stdin`, after `globals` (`--profile`...). */
export async function login(env: NodeJS.ProcessEnv, who = 'admin', globals: string[] = []): Promise<Result> {
  const email = who.includes('@') ? who : `${who}@sandbox.test`;
  return cli([...globals, 'login', '--email', email, '--password-stdin'], { env, stdin: DEMO_PASSWORD });
}

/** A demo account's access token, from the sandbox itself (for MATCHMAKER_TOKEN). */
export async function accessToken(box: RunningSandbox, who: string): Promise<string> {
  const client = createClient({ baseURL: box.url, locks: null });
  await client.accounts.login({ email: `${who}@sandbox.test`, password: DEMO_PASSWORD });
  return (await client.session.getAccessToken()) ?? '';
}

export interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number>;
}

/** Runs the built binary. */
export function spawnCli(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string },
): Spawned {
  const child = spawn(process.execPath, [BINARY, ...argv], {
    env: options.env,
    cwd: options.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  const exited = new Promise<number>((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : 128)));
  });
  afterFile(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function spawnResult(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string },
) {
  const spawned = spawnCli(argv, options);
  const code = await spawned.exited;
  return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
}

/** Ids of generated members (not the demo accounts), newest first, straight from the sandbox. */
export function memberIds(box: RunningSandbox, count: number): string[] {
  return Object.values(box.world.store.data.users)
    .filter((user) => user.roles.includes('General') && !user.is_deleted && user.status === 'active')
    .filter((user) => !user.email.endsWith('@sandbox.test'))
    .slice(0, count)
    .map((user) => user.keycloakId);
}

/** Writes `text` to the file `name` in `dir`; returns its path. */
export function writeInput(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Writes a one-column CSV of ids (header `id`) named `name` in `dir`; returns its path. */
export function idsCsv(dir: string, name: string, ids: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `id\n${ids.join('\n')}\n`);
  return path;
}

/** A user's status in the sandbox, straight from its store (undefined for no such user). */
export function statusIn(box: RunningSandbox): (id: string) => string | undefined {
  return (id) => box.world.store.data.users[id]?.status;
}

/** How many times the sandbox deleted each user: its own activity log records every delete. */
export function deletions(box: RunningSandbox): Map<string, number> {
  const counts = new Map<string, number>();
  for (const log of box.world.store.data.activityLogs) {
    if (log.action === 'DELETED_BY_ADMIN') counts.set(log.user_id, (counts.get(log.user_id) ?? 0) + 1);
  }
  return counts;
}

export async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `word` quoted for a POSIX shell (for commands run through bash -c or script -c). */
export const shellQuote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
