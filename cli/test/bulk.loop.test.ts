/**
 * The loop of a run, against the sandbox: each row carried out as decided (sent, failed into the
 * journal and the failures file, skipped as a repeat, listed by a dry run, held until stdin has
 * shown the lines after it), a stop honoured, an input that changed or broke reported.
 */
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JournalWriter, readJournal } from '../src/bulk/journal';
import { runRows, type Sinks } from '../src/bulk/loop';
import { RunNotes } from '../src/bulk/progress';
import { fileSource, RUN_READ_BYTES } from '../src/bulk/reader';
import { FailuresWriter } from '../src/bulk/report';
import { colorsFor } from '../src/color';
import { listPrinter } from '../src/output';
import { memberIds, sandbox, statusIn, tempDir } from './support/cli';
import { entries } from './support/journal';
import { adminClient, specFor } from './support/run-spec';

const box = await sandbox();
const client = await adminClient(box);
const statusOf = statusIn(box);
const dir = tempDir();
let files = 0;

function input(text: string) {
  files += 1;
  const path = join(dir, `rows-${files}.csv`);
  writeFileSync(path, text);
  return path;
}

/** A real run's sinks: the journal opened as the lock would, a failures file, no progress. */
function sinksFor(path: string, journalPath = `${path}.journal.ndjson`): Sinks {
  const header = { columns: [] as string[] };
  return {
    writer: new JournalWriter(
      { path: journalPath, fd: openSync(journalPath, 'a+') },
      { action: 'deactivate', options: [], column: 'id', input: path },
      () => {},
    ),
    failures: new FailuresWriter(
      `${path}.failures.csv`,
      'csv',
      () => header.columns,
      false,
      () => {},
    ),
    progress: undefined,
    notes: new RunNotes({ write: () => true, isTTY: false }),
    header,
  };
}

describe('a real run', () => {
  it('sends the rows it takes, fails the others into the journal and the failures file, skips repeats', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const path = input(`id\n${a}\n""\n${a}\nnobody-here\n${b}\n`);
    const { spec } = specFor(path, { client });
    const sinks = sinksFor(path);
    const found = await runRows(spec, await readJournal(spec.journalPath), true, sinks);
    sinks.writer?.close();
    sinks.failures?.close();
    expect(found.counts).toEqual({ ok: 2, failed: 2, skipped: 1 });
    expect(found.repeated).toBe(1);
    expect([statusOf(a), statusOf(b)]).toEqual(['deactivated', 'deactivated']);
    expect(
      entries(spec.journalPath)
        .map((entry) => [entry.line, entry.status])
        .sort(),
    ).toEqual([
      [2, 'ok'],
      [3, 'failed'],
      [5, 'failed'],
      [6, 'ok'],
    ]);
    const failures = readFileSync(spec.failuresPath, 'utf8');
    expect(failures).toContain("empty 'id'");
    expect(failures).toContain('nobody-here');
  });

  it('reads the rows it sends a few KiB of the file at a time (reader.ts: RUN_READ_BYTES)', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const path = input(`id\n${a}\n${b}\n`);
    const file = fileSource(path, 'csv', new PassThrough());
    const opened: (number | undefined)[] = [];
    const source = {
      ...file,
      open: (readBytes?: number) => {
        opened.push(readBytes);
        return file.open(readBytes);
      },
    };
    const { spec } = specFor(path, { client, source });
    const found = await runRows(spec, await readJournal(spec.journalPath), true, sinksFor(path));
    expect(found.counts.ok).toBe(2);
    expect(opened).toEqual([RUN_READ_BYTES]);
  });

  it('a stop before the loop: no row is taken, nothing sent', async () => {
    const [a = ''] = memberIds(box, 1);
    const path = input(`id\n${a}\n`);
    const { spec } = specFor(path, { client });
    spec.control.stop();
    const found = await runRows(spec, await readJournal(spec.journalPath), true, sinksFor(path));
    expect(found.counts).toEqual({ ok: 0, failed: 0, skipped: 0 });
    expect(statusOf(a)).toBe('active');
  });
});

describe('a dry run', () => {
  it('lists every row with its status and sends nothing', async () => {
    const [a = ''] = memberIds(box, 1);
    const path = input(`id\n${a}\n${a}\nbad id\n`);
    const listed: string[] = [];
    const printer = listPrinter({
      format: 'ndjson',
      fields: undefined,
      tty: false,
      colors: colorsFor({ isTTY: false }, {}),
      width: undefined,
      write: (text) => listed.push(text),
      info: () => {},
      warn: () => {},
    });
    const { spec } = specFor(path, { dryRun: true, printer });
    const found = await runRows(spec, await readJournal(spec.journalPath), true, {
      ...sinksFor(path),
      writer: undefined,
      failures: undefined,
    });
    expect(found.counts).toEqual({ ok: 1, failed: 1, skipped: 1 });
    expect(listed.map((line) => JSON.parse(line).status)).toEqual(['would change', 'repeat', 'invalid']);
    expect(statusOf(a)).toBe('active');
  });
});

describe('an input read once (stdin)', () => {
  const stdinSpec = (text: string, journalPath: string, options: Parameters<typeof specFor>[1]) => {
    const stdin = new PassThrough();
    stdin.end(text);
    const { spec } = specFor('-', { client, journalPath, ...options, source: fileSource('-', 'csv', stdin) });
    return spec;
  };

  it('a failed line corrected in place, before a line done, is held and sent at the end of the input', async () => {
    const [a = '', c = ''] = memberIds(box, 2);
    const journalPath = join(dir, 'held.journal.ndjson');
    const header = { type: 'run', action: 'deactivate', options: [], column: 'id', lines: 'first' };
    const records = [header, { line: 2, id: 'typo', status: 'failed' }, { line: 3, id: c, status: 'ok' }];
    writeFileSync(journalPath, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const spec = stdinSpec(`id\n${a}\n${c}\n`, journalPath, { resume: true, retryFailed: true });
    const sinks = sinksFor(join(dir, 'held'), journalPath);
    const found = await runRows(spec, await readJournal(journalPath), false, sinks);
    sinks.writer?.close();
    expect(found.counts).toEqual({ ok: 1, failed: 0, skipped: 1 });
    expect(statusOf(a)).toBe('deactivated');
    expect(entries(journalPath).at(-1)).toMatchObject({ line: 2, id: a, status: 'ok' });
  });

  it('a line done that holds another user now: the run stops, nothing sent', async () => {
    const [a = '', z = ''] = memberIds(box, 2);
    const journalPath = join(dir, 'moved.journal.ndjson');
    const header = { type: 'run', action: 'deactivate', options: [], column: 'id', lines: 'first' };
    writeFileSync(
      journalPath,
      `${JSON.stringify(header)}\n${JSON.stringify({ line: 2, id: a, status: 'ok' })}\n`,
    );
    const spec = stdinSpec(`id\n${z}\n`, journalPath, { resume: true });
    const found = await runRows(
      spec,
      await readJournal(journalPath),
      false,
      sinksFor(join(dir, 'moved'), journalPath),
    );
    expect(String(found.fatal)).toContain('recorded another user on that line as done');
    expect(spec.control.stopping).toBe(true);
    expect(statusOf(z)).toBe('active');
  });

  it('stdin that breaks after a row: that row is sent, the break reported with the last line read', async () => {
    const [a = ''] = memberIds(box, 1);
    const spec = stdinSpec(`id\n${a}\n"never closed\n`, join(dir, 'broken.journal.ndjson'), {});
    const found = await runRows(
      spec,
      await readJournal(spec.journalPath),
      false,
      sinksFor(join(dir, 'broken')),
    );
    expect(found.broken?.message).toContain('Reading stdin failed after line 2');
    expect(found.counts.ok).toBe(1);
    expect(statusOf(a)).toBe('deactivated');
  });
});
