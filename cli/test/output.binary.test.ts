/**
 * The built binary's output where only a real process shows it: messages and data on a terminal
 * (util-linux `script` gives it a pty).
 */
import { spawn } from 'node:child_process';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINARY, cli, envFor, login, memberIds, sandbox, tempDir, writeInput } from './support/cli';

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

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** Runs the binary on a pseudo-terminal (stdout and stderr both arrive on it) and collects what it shows. */
function onTerminal(
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  const command = [process.execPath, BINARY, ...args].map(quote).join(' ');
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
});
