/** The built binary as staff run it: piped, and on a terminal (util-linux `script` gives it a pty). */
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINARY, envFor, login, memberIds, sandbox, spawnResult, tempDir, waitFor } from './support/cli';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI = /\u001b\[/;
/** Every control sequence (colour, cursor, clearing), to read what the terminal shows. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI_SEQUENCE = /\u001b(?:\[[0-9;?]*[A-Za-z]|[78])/g;
let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
});

/** Answers a prompt of the binary on a pseudo-terminal. */
async function answerOnTerminal(args: string[], prompt: string, answer: string) {
  const command = [process.execPath, BINARY, ...args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...env, TERM: 'xterm' } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await waitFor(() => output.includes(prompt));
  child.stdin.write(answer);
  return { code: await exited, output: () => output };
}

/** Runs the binary on a pseudo-terminal; stdout and stderr both arrive on the terminal. */
async function onTerminal(args: string[]): Promise<{ code: number; output: string }> {
  const command = [process.execPath, BINARY, ...args].map((word) => `'${word}'`).join(' ');
  try {
    const { stdout } = await promisify(execFile)('script', ['-qefc', command, '/dev/null'], {
      env: { ...env, TERM: 'xterm', COLUMNS: '160' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? 1, output: failed.stdout ?? '' };
  }
}

describe('the built binary', () => {
  it('--help and --version exit 0 without signing in', async () => {
    const help = await spawnResult(['--help'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: matchmaker \[options\] \[command\]/);
    expect(help.stderr).toBe('');
    const version = await spawnResult(['--version'], { env });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exit codes: 0, 1, 2, 3, 4', async () => {
    expect((await spawnResult(['users', 'search', '--limit', '1'], { env })).code).toBe(0);
    expect((await spawnResult(['users', 'get', 'nobody'], { env })).code).toBe(1);
    expect((await spawnResult(['userz'], { env })).code).toBe(2);
    const dir = tempDir();
    writeFileSync(join(dir, 'one.csv'), 'id\nno-such-user\n');
    expect((await spawnResult(['bulk', 'confirm', '-i', join(dir, 'one.csv')], { env })).code).toBe(3);
    expect((await spawnResult(['whoami'], { env: envFor(box) })).code).toBe(4);
  });

  it('piped: data on stdout without colour, nothing on stderr', async () => {
    const piped = await spawnResult(['users', 'search', '--limit', '2'], { env });
    expect(piped.stdout.split('\n')[0]).toMatch(/^ID\s+USERNAME/);
    expect(piped.stdout).not.toMatch(ANSI);
    expect(piped.stderr).toBe('');
  });

  it('on a terminal: a coloured table and a progress bar', async () => {
    const table = await onTerminal(['users', 'search', '--limit', '2']);
    expect(table.code).toBe(0);
    expect(table.output).toMatch(ANSI);
    expect(table.output).toMatch(/ID\s+USERNAME/);

    const dir = tempDir();
    const ids = memberIds(box, 30);
    writeFileSync(join(dir, 'bar.csv'), `id\n${ids.join('\n')}\n`);
    const bulk = await onTerminal(['bulk', 'reactivate', '-i', join(dir, 'bar.csv')]);
    expect(bulk.code).toBe(0);
    expect(bulk.output).toMatch(/reactivate \[[█░]+\] 100%( \|)? 30\/30/);

    // A line said during the run (a repeated user) stands on its own, not glued to the bar.
    writeFileSync(join(dir, 'again.csv'), `id\n${[ids[0], ids[1], ids[0], ...ids.slice(2)].join('\n')}\n`);
    const again = await onTerminal(['bulk', 'reactivate', '-i', join(dir, 'again.csv')]);
    expect(again.code).toBe(0);
    const lines = again.output.replace(ANSI_SEQUENCE, '').split(/[\r\n]+/);
    expect(lines).toContain(`line 4: user ${ids[0]} repeats an earlier row: skipped`);
  });

  it('on a terminal a destructive command asks first: no cancels, yes applies', async () => {
    const [id = ''] = memberIds(box, 1);
    const question = `Suspend user ${box.world.store.data.users[id]?.username} (`;
    const declined = await answerOnTerminal(['users', 'suspend', id], question, 'n\r');
    expect(declined.code).toBe(1);
    expect(declined.output()).toContain('Cancelled: nothing was changed');
    expect(box.world.store.data.users[id]?.status).toBe('active');
    const accepted = await answerOnTerminal(['users', 'suspend', id], question, 'y\r');
    expect(accepted.code).toBe(0);
    expect(box.world.store.data.users[id]?.status).toBe('suspended');
  });

  it('the question shows control and bidi characters of what it names escaped', async () => {
    // A username set somewhere hostile: it would retitle the terminal and paint the question.
    const [id = ''] = memberIds(box, 1);
    const target = box.world.store.data.users[id];
    if (target) target.username = 'x\u001b]0;PWN\u0007\u001b[31my\u202e';
    const asked = await answerOnTerminal(['users', 'delete', id], 'Delete user x', 'n\r');
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain('Delete user x\\u001b]0;PWN\\u0007\\u001b[31my\\u202e (');
    expect(asked.output()).not.toContain('\u001b]0;PWN');
    expect(asked.output()).not.toContain('\u202e');
  });
});
