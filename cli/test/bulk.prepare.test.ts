/**
 * A run's first phase over real files: the journal read and held to the run's options, the whole
 * input checked, the confirmation asked with the rows the run will take; whatever it refuses, it
 * refuses before the question, and nothing is sent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureAction } from '../src/bulk/actions';
import { prepare } from '../src/bulk/prepare';
import { CliError } from '../src/exit';
import { tempDir } from './support/cli';
import { specFor } from './support/run-spec';

const dir = tempDir();
let files = 0;
const input = (text: string) => {
  files += 1;
  const path = join(dir, `in-${files}.csv`);
  writeFileSync(path, text);
  return path;
};
const journalFor = (path: string, lines: object[]) =>
  writeFileSync(`${path}.journal.ndjson`, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
const header = { type: 'run', action: 'deactivate', options: [], column: 'id', lines: 'first' };

describe('prepare', () => {
  it('--validate-only: counts the rows and their problems, asks nothing, reads no journal', async () => {
    const { spec, asked, stderr } = specFor(input('id\na\n\nb\na\n""\n'), { validateOnly: true });
    expect(await prepare(spec, undefined)).toEqual({
      kind: 'validated',
      checked: { rows: 4, wanted: 0, invalid: 1, repeated: 0 },
    });
    expect(asked).toEqual([]);
    expect(stderr()).toBe("line 6: empty 'id'\n");
  });

  it('a real run asks about the rows it will take: with --resume, those not done yet', async () => {
    const path = input('id\na\nb\nc\n');
    journalFor(path, [header, { line: 2, id: 'a', status: 'ok' }, { line: 3, id: 'b', status: 'failed' }]);
    const { spec, asked } = specFor(path, { resume: true });
    const prepared = await prepare(spec, undefined);
    expect(prepared.kind === 'run' && prepared.checked).toEqual({
      rows: 3,
      wanted: 1,
      invalid: 0,
      repeated: 0,
    });
    expect(asked).toEqual([1]);
    const retry = specFor(path, { retryFailed: true });
    await prepare(retry.spec, undefined);
    expect(retry.asked).toEqual([1]);
  });

  it('a journal that records rows, without --resume or --retry-failed: exit 2 before the question', async () => {
    const path = input('id\na\n');
    journalFor(path, [header, { line: 2, id: 'a', status: 'ok' }]);
    const { spec, asked } = specFor(path);
    await expect(prepare(spec, undefined)).rejects.toThrow(
      'already records 1 rows of an earlier run: add --resume to finish it',
    );
    expect(asked).toEqual([]);
  });

  it("a journal of another action, or another action's options, is refused", async () => {
    const path = input('id\na\nb\n');
    journalFor(path, [header, { line: 2, id: 'a', status: 'ok' }]);
    const other = specFor(path, { resume: true, action: configureAction('suspend', {})({ idColumn: 'id' }) });
    await expect(prepare(other.spec, undefined)).rejects.toThrow(
      "belongs to a 'deactivate' run, not 'suspend'",
    );
    const roles = input('id\na\n');
    journalFor(roles, [
      { ...header, action: 'set-role', options: ['--role', 'General'] },
      { line: 2, id: 'a', status: 'ok' },
    ]);
    const admin = specFor(roles, {
      resume: true,
      action: configureAction('set-role', { role: 'Admin' })({ idColumn: 'id' }),
    });
    await expect(prepare(admin.spec, undefined)).rejects.toThrow(
      'with --role General, and this run has --role Admin',
    );
  });

  it('an input whose lines done hold other users now: exit 2 naming the line', async () => {
    const path = input('id\nz\nb\n');
    journalFor(path, [header, { line: 2, id: 'a', status: 'ok' }]);
    const { spec, asked } = specFor(path, { resume: true });
    await expect(prepare(spec, undefined)).rejects.toThrow('line 2 of');
    expect(asked).toEqual([]);
  });

  it('set-email rows giving one user two emails stop the file before the question', async () => {
    const path = input('id,email\nu1,a@x.test\nu1,b@x.test\n');
    const { spec, asked, stderr } = specFor(path, {
      action: configureAction('set-email', {})({ idColumn: 'id' }),
    });
    await expect(prepare(spec, undefined)).rejects.toBeInstanceOf(CliError);
    expect(stderr()).toContain('line 3:');
    expect(asked).toEqual([]);
  });

  it('a stop before the question: interrupted, nothing changed; a dry run asks nothing', async () => {
    const path = input('id\na\n');
    const stopped = specFor(path);
    stopped.spec.control.stop();
    await expect(prepare(stopped.spec, undefined)).rejects.toThrow('Interrupted before any row was sent');
    const dry = specFor(path, { dryRun: true });
    expect((await prepare(dry.spec, undefined)).kind).toBe('run');
    expect(dry.asked).toEqual([]);
  });
});
