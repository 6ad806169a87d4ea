/**
 * The built binary's output where only a real process shows it: messages and data on a terminal
 * (util-linux `script` gives it a pty), a reader that closes the pipe early, a full disk, and
 * Node's own colour warning.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BINARY,
  cli,
  envFor,
  login,
  memberIds,
  sandbox,
  shellQuote,
  tempDir,
  writeInput,
} from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** The CLI's own colours, and the line ends a pty writes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own colours
const OWN = /\u001b\[(?:1|2|22|31|33|39)m|\r(?=\n)/g;

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
});

/** Runs the binary on a pseudo-terminal (stdout and stderr both arrive on it) and collects what it shows. */
function onTerminal(
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  const command = [process.execPath, BINARY, ...args].map(shellQuote).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    env: { ...env, TERM: 'xterm', COLUMNS: '160', ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') })),
  );
}

describe('on a terminal', () => {
  it('messages show control and bidi characters of the data escaped, keeping their own colour', async () => {
    const hostile = '\u001b[31mRED\u001b]0;TITLE\u0007/../x\u202eabc';
    const input = writeInput(tempDir(), 'esc.ndjson', `${JSON.stringify({ id: hostile })}\n`);
    const run = await onTerminal(['bulk', 'reactivate', '-i', input, '--dry-run']);
    expect(run.code).toBe(3);
    expect(run.output).toContain("line 1: invalid id '\\u001b[31mRED\\u001b]0;TITLE\\u0007/../x\\u202eabc'");
    expect(run.output).toContain('\u001b[31mError:\u001b[39m');
    expect(run.output.replace(OWN, '')).not.toMatch(UNSAFE);
  });

  it('csv shows them escaped', async () => {
    const [id = ''] = memberIds(box, 1);
    expect((await cli(['users', 'edit', id, '--about', 'a\u001b]0;T\u0007b\u202ec'], { env })).code).toBe(0);
    const csv = await onTerminal(['users', 'get', id, '-o', 'csv', '--fields', 'id,about']);
    expect(csv.code).toBe(0);
    expect(csv.output).toContain(`${id},a\\u001b]0;T\\u0007b\\u202ec`);
    expect(csv.output.replace(OWN, '')).not.toMatch(UNSAFE);
  });

  it("NO_COLOR with FORCE_COLOR: FORCE_COLOR wins, without Node's warning", async () => {
    const both = await onTerminal(['users', 'search', '--limit', '1'], { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(both.code).toBe(0);
    expect(both.output).toContain('\u001b[1mID');
    expect(both.output).not.toContain('Warning');
    const empty = await onTerminal(['users', 'search', '--limit', '1'], { NO_COLOR: '1', FORCE_COLOR: '' });
    expect(empty.output).not.toContain('\u001b[1m');
    expect(empty.output).not.toContain('Warning');
  });
});

describe('stdout that fails', () => {
  it('a reader that stops early (| head -1) ends the run quietly with 141, like a tool killed by SIGPIPE', async () => {
    for (const format of ['ndjson', 'csv']) {
      // Every page is far more than a pipe holds: the run is still paging when head exits.
      const script = `${[process.execPath, BINARY, 'users', 'search', '--all', '-o', format].map(shellQuote).join(' ')} | head -1; echo "status \${PIPESTATUS[0]}"`;
      const child = spawn('bash', ['-c', script], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      await new Promise((resolve) => child.on('close', resolve));
      const lines = stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe('status 141');
      expect(stderr).toBe('');
    }
  });

  it('a closed stderr is no crash: the command goes on and ends with its own exit code', async () => {
    // 60 invalid rows: --validate-only lists them on stderr, long after its reader went away.
    const rows = Array.from({ length: 60 }, (_, i) => `bad id ${i}`).join('\n');
    const path = writeInput(tempDir(), 'bad.csv', `id\n${rows}\n`);
    const script = `${[process.execPath, BINARY, 'bulk', 'confirm', '-i', path, '--validate-only'].map(shellQuote).join(' ')} 2>&1 >/dev/null | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', script], { env });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    // 2: the input has invalid rows, as --validate-only says whether anyone reads it or not.
    expect(stdout.trim()).toBe('status 2');
  });

  it.skipIf(!existsSync('/dev/full'))('a full disk is one line on stderr and exit 1', async () => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [BINARY, 'users', 'search', '--all', '-o', 'ndjson'], {
      env,
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Error: could not write to stdout (ENOSPC: no space left on device, write): the output is incomplete\n',
    );
  });
});
