/**
 * SIGTERM before a bulk run sends its first row: during the first pass over a large file, and
 * while the confirmation waits on a terminal (or Ctrl-C typed at it). The run ends at once with
 * 130, saying nothing changed, nothing sent, no journal started and the lock released, rather than
 * reading on or waiting for an answer, and it warns of no requests in flight: there are none.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, memberIds, signedInSandbox, spawnCli, statusIn, waitFor } from './support/cli';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);

/** The pid in a journal's lock file: the run that holds it. */
function lockHolder(lock: string): number | undefined {
  if (!existsSync(lock)) return undefined;
  try {
    const pid: unknown = JSON.parse(readFileSync(lock, 'utf8')).pid;
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** `bulk suspend` of 3 users on a pty, once its confirmation question shows. */
async function asked(name: string) {
  const ids = memberIds(box, 3);
  const path = join(dir, `${name}.csv`);
  writeFileSync(path, `id\n${ids.join('\n')}\n`);
  const journal = join(dir, `${name}.suspend.journal.ndjson`);
  const command = [process.execPath, BINARY, 'bulk', 'suspend', '-i', path].map((w) => `'${w}'`).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...env, TERM: 'xterm' } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await waitFor(() => output.includes('Suspend 3 rows of'));
  return { ids, journal, child, exited, output: () => output };
}

describe('SIGTERM or Ctrl-C before the first row', () => {
  it('during the first pass over a large file: exit 130, the rest of the file not read, nothing sent', async () => {
    const ids = memberIds(box, 3);
    // Real users first, then enough rows that the first pass takes a while, then a broken line
    // that a first pass read to its end would stop on (exit 2) instead.
    const filler = Array.from(
      { length: 400_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const path = join(dir, 'large.csv');
    writeFileSync(
      path,
      `id,note\n${[...ids, ...filler].map((id) => `${id},x`).join('\n')}\nlast,"unclosed\n`,
    );
    const journal = join(dir, 'large.deactivate.journal.ndjson');
    const run = spawnCli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    // The lock is taken just before the first pass.
    await waitFor(() => existsSync(`${journal}.lock`));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain('Interrupted before any row was sent: nothing changed');
    // Nothing was in flight to let finish.
    expect(run.stderr()).not.toContain('in flight');
    expect(run.stderr()).not.toContain('not valid CSV');
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    for (const id of ids) expect(statusOf(id)).toBe('active');
  });

  it('while the confirmation waits on a terminal: the question ends, exit 130, nothing sent', async () => {
    const { ids, journal, exited, output } = await asked('asked');
    const pid = lockHolder(`${journal}.lock`);
    expect(pid).toBeTypeOf('number');
    process.kill(pid ?? 0, 'SIGTERM');
    expect(await exited).toBe(130);
    expect(output()).toContain('Interrupted before any row was sent: nothing changed');
    expect(output()).not.toContain('in flight');
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    for (const id of ids) expect(statusOf(id)).toBe('active');
  });

  it('Ctrl-C typed at the confirmation: exit 130, nothing changed, and it says so', async () => {
    const { ids, journal, child, exited, output } = await asked('typed');
    child.stdin.write('\u0003');
    expect(await exited).toBe(130);
    expect(output()).toContain('Interrupted before any row was sent: nothing changed');
    expect(output()).not.toContain('in flight');
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    for (const id of ids) expect(statusOf(id)).toBe('active');
  });
});

describe('the time a run reports', () => {
  it('is the time it worked, not the time the question waited for its answer', async () => {
    const { ids, child, exited, output } = await asked('timed');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    child.stdin.write('y\r');
    expect(await exited).toBe(0);
    const summary = /suspend: 3 ok, 0 skipped, 0 failed in ([\d.]+) s \(([\d.]+) rows\/s\)/.exec(output());
    expect(summary, output()).not.toBeNull();
    // Three rows against a local sandbox: well under the two seconds the question waited.
    expect(Number(summary?.[1])).toBeLessThan(1.5);
    expect(Number(summary?.[2])).toBeGreaterThan(2);
    for (const id of ids) expect(statusOf(id)).toBe('suspended');
  });
});
