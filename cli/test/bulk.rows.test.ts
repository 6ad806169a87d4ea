/**
 * No row of a bulk input is lost or renumbered, whatever shape a spreadsheet or a hostile author
 * gives the file. fast-check generates CSV and NDJSON files row by row, knowing the line each data
 * row starts on and whether it is usable; a dry run must list every one of them once, under its
 * own line, and a real run against the sandbox must journal every one of them once, under its own
 * line (ok for the members it names, failed for everything else).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINARY, cli, memberIds, signedInSandbox, writeInput } from './support/cli';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();
const members = memberIds(box, 40);

/** A data row as the generator wrote it. */
interface Row {
  /** The text of the row, without its line break. */
  text: string;
  /** The id a dry run plans for it; undefined: the row is invalid. */
  id: string | undefined;
  /** Whether a real run applies it (it names a member); otherwise it fails. */
  member: boolean;
}

/** A blank line (not a row), or a row. */
type Entry = { blank: string } | Row;

interface Shape {
  /** What ends each line: one kind for the file, or any of them line by line. */
  endings: readonly string[];
  bom: boolean;
  /** Whether the last line has a line break after it. */
  finalBreak: boolean;
}

interface Expected {
  line: number;
  id: string | undefined;
  member: boolean;
}

const LINE_BREAKS = ['\n', '\r\n', '\r'];

const shape: fc.Arbitrary<Shape> = fc.record({
  endings: fc.oneof(
    fc.constantFrom(['\n'], ['\r\n'], ['\r']),
    fc.constant(LINE_BREAKS),
    fc.constant(['\n', '\r\n']),
  ),
  bom: fc.boolean(),
  finalBreak: fc.boolean(),
});

/** Pieces of cell text: names in several scripts, spreadsheet formulas, quotes, commas, breaks. */
const PIECES = [
  'anna',
  ' ',
  'Mateo Rodríguez',
  '李小龙😀',
  'अनुष्का',
  '👩‍💻',
  ',',
  '"',
  '""',
  '=SUM(A1:A3)',
  '=HYPERLINK("http://x","y")',
  '+cmd',
  '-1',
  '@SUM(1)',
  '\t',
  '\n',
  '\r\n',
  '\r',
  "'",
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(''));
/** A long cell, far from the row size limit. */
const longText = fc
  .tuple(fc.constantFrom('x', 'अनुष्का ', '李小龙, ', '"q" '), fc.integer({ min: 1_000, max: 20_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));
const anyText = fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: longText });

/** The text as one CSV cell that reads back as itself: quoted (quotes doubled) when it must be. */
function csvCell(value: string, quoteAnyway: boolean): string {
  const needs = /[",\r\n]/.test(value) || /^\s/.test(value) || value === '';
  return needs || quoteAnyway ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Cells a hand (or a hostile author) writes that are not CSV, each on one line: quotes inside a
 * cell that is not quoted (a formula pasted as it is), text after a quoted cell's closing quote.
 */
const BROKEN_CELLS = [
  '=F("x","y")',
  '=HYPERLINK("http://x","y")',
  'a"b',
  'ab"',
  '"a"b',
  '"=F("x")"',
  '"a" b',
];

/** Ids that are well formed but name nobody, and ones the CLI refuses. */
const strangeId = (index: number) =>
  fc.constantFrom(
    { id: `=1+${index}`, valid: true },
    { id: `+cmd${index}`, valid: true },
    { id: `@SUM(${index})`, valid: true },
    { id: `nobody-${index}`, valid: true },
    { id: '', valid: false },
    { id: `a b${index}`, valid: false },
  );

/** One CSV data row, for row number `index` (ids differ from row to row: no repeats). */
function csvRow(index: number, idFirst: boolean): fc.Arbitrary<Row> {
  const member = members[index % members.length] ?? '';
  const order = (id: string, note: string) => (idFirst ? `${id},${note}` : `${note},${id}`);
  const good = fc
    .tuple(anyText, fc.boolean(), fc.boolean(), fc.constantFrom('', '  '))
    .map(([note, quoteId, quoteNote, pad]) => ({
      text: order(`${pad}${csvCell(member, quoteId)}`, csvCell(note, quoteNote)),
      id: member,
      member: true,
    }));
  const strange = fc.tuple(strangeId(index), text, fc.boolean()).map(([id, note, quoteId]) => ({
    text: order(csvCell(id.id, quoteId), csvCell(note, false)),
    id: id.valid ? id.id : undefined,
    member: false,
  }));
  // Broken rows stay on one line: their other cells hold no line break.
  const oneLine = text.map((value) => value.replace(/[\r\n]/g, ' '));
  const broken = fc
    .tuple(fc.constantFrom(...BROKEN_CELLS), oneLine, fc.boolean())
    .map(([cell, note, inId]) => ({
      text: inId ? order(cell, csvCell(note, false)) : order(member, cell),
      id: undefined,
      member: false,
    }));
  const wrongCount = fc.tuple(oneLine, fc.boolean()).map(([note, more]) => ({
    text: more ? order(member, `${csvCell(note, true)},extra`) : csvCell(member, false),
    id: undefined,
    member: false,
  }));
  return fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 2, arbitrary: strange },
    { weight: 2, arbitrary: broken },
    { weight: 1, arbitrary: wrongCount },
  );
}

/** One NDJSON data row (a line: JSON escapes every line break in it). */
function ndjsonRow(index: number): fc.Arbitrary<Row> {
  const member = members[index % members.length] ?? '';
  const good = fc.tuple(anyText, fc.boolean()).map(([note, noteFirst]) => ({
    text: JSON.stringify(noteFirst ? { note, id: member } : { id: member, note }),
    id: member,
    member: true,
  }));
  const strange = fc.tuple(strangeId(index), text).map(([id, note]) => ({
    text: JSON.stringify({ id: id.id, note }),
    id: id.valid ? id.id : undefined,
    member: false,
  }));
  const broken = fc
    .constantFrom('=F("x","y")', '{broken', 'id,note', '[1]', '"x"', '42', 'null', '{"id":{"a":1}}')
    .map((line) => ({ text: line, id: undefined, member: false }));
  return fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 2, arbitrary: strange },
    { weight: 2, arbitrary: broken },
  );
}

/** Rows with blank lines among them (a blank line is not a row, but it is a line). */
function withBlanks(rows: fc.Arbitrary<Row>[]): fc.Arbitrary<Entry[]> {
  const blank = fc.constantFrom('', '   ', '\t').map((line) => ({ blank: line }));
  return fc
    .tuple(...rows.map((row) => fc.tuple(fc.option(blank, { freq: 4 }), row)))
    .map((pairs) => pairs.flatMap(([before, row]) => (before ? [before, row] : [row])));
}

const lineBreaks = (value: string) => value.match(/\r\n|\r|\n/g)?.length ?? 0;

/** The file's text and the row each data line holds, numbered as an editor numbers lines. */
function layOut(header: string | undefined, entries: Entry[], form: Shape, pick: number[]) {
  let body = form.bom ? '\uFEFF' : '';
  let line = 1;
  const expected: Expected[] = [];
  const lines = header === undefined ? entries : [{ blank: header }, ...entries];
  const contents = lines.map((entry) => ('blank' in entry ? entry.blank : entry.text));
  const endings = lines.map((_, index) =>
    index === lines.length - 1 && !form.finalBreak
      ? ''
      : (form.endings[(pick[index] ?? 0) % form.endings.length] ?? '\n'),
  );
  // A CR ending and an empty line ending in LF after it would be one CR LF, one line break.
  endings.forEach((ending, index) => {
    if (ending === '\r' && contents[index + 1] === '' && endings[index + 1]?.startsWith('\n'))
      endings[index] = '\r\n';
  });
  lines.forEach((entry, index) => {
    const content = contents[index] ?? '';
    if (!('blank' in entry)) expected.push({ line, id: entry.id, member: entry.member });
    body += content + (endings[index] ?? '');
    line += lineBreaks(content) + 1;
  });
  return { body, expected };
}

const csvFile = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.boolean())
  .chain(([count, idFirst]) =>
    fc.record({
      idFirst: fc.constant(idFirst),
      entries: withBlanks(Array.from({ length: count }, (_, i) => csvRow(i, idFirst))),
      shape,
      pick: fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
    }),
  )
  .map(({ idFirst, entries, shape: form, pick }) =>
    layOut(idFirst ? 'id,note' : 'note,id', entries, form, pick),
  );

const ndjsonFile = fc
  .integer({ min: 1, max: 12 })
  .chain((count) =>
    fc.record({
      // The first line is a good row: a first line that is not JSON is taken for a CSV file.
      first: ndjsonRow(0).filter((row) => row.member),
      entries: withBlanks(Array.from({ length: count }, (_, i) => ndjsonRow(i + 1))),
      shape,
      pick: fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
    }),
  )
  .map(({ first, entries, shape: form, pick }) => layOut(undefined, [first, ...entries], form, pick));

interface DryRow {
  line: number;
  id: string | null;
  status: string;
}

let runs = 0;

/** The dry run's rows and the real run's journal, each against what the generator wrote. */
async function checkEveryLine(file: { body: string; expected: Expected[] }, extension: string) {
  runs += 1;
  const folder = join(dir, `run-${runs}`);
  mkdirSync(folder);
  const input = writeInput(folder, `rows.${extension}`, file.body);
  const planned = await cli(['bulk', 'confirm', '-i', input, '--dry-run', '-o', 'json'], { env });
  expect([0, 3], planned.stderr).toContain(planned.code);
  const rows: DryRow[] = JSON.parse(planned.stdout);
  expect(rows.map((row) => [row.line, row.status === 'invalid' ? undefined : row.id])).toEqual(
    file.expected.map((row) => [row.line, row.id]),
  );

  const journal = join(folder, 'rows.journal.ndjson');
  const run = await cli(['bulk', 'confirm', '-i', input, '--journal', journal, '--yes'], { env });
  expect([0, 3]).toContain(run.code);
  const records = entries(journal).map((entry) => [entry.line, entry.status]);
  expect(records.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
    file.expected.map((row) => [row.line, row.member ? 'ok' : 'failed']),
  );
}

describe('every data line of a bulk input appears once, under its own line number', () => {
  it('CSV: quotes inside and around cells, formulas, line breaks in cells, LF, CR LF and CR, BOM, long cells', async () => {
    await fc.assert(
      fc.asyncProperty(csvFile, (file) => checkEveryLine(file, 'csv')),
      { numRuns: 40 },
    );
  }, 240_000);

  it('NDJSON: lines that are not JSON or not objects, odd ids, LF, CR LF and CR, BOM, long values', async () => {
    await fc.assert(
      fc.asyncProperty(ndjsonFile, (file) => checkEveryLine(file, 'ndjson')),
      { numRuns: 30 },
    );
  }, 240_000);
});

describe('rows a quote error used to swallow or drop', () => {
  const [a = '', b = ''] = members;
  const planOf = async (name: string, body: string) => {
    const input = writeInput(dir, name, body);
    const result = await cli(['bulk', 'confirm', '-i', input, '--dry-run', '-o', 'json'], { env });
    return { result, rows: result.stdout ? (JSON.parse(result.stdout) as DryRow[]) : [] };
  };

  it('a formula cell with quotes fails alone: the rows after it keep their place, with LF and CR LF', async () => {
    for (const ending of ['\n', '\r\n']) {
      const body = ['id,note', '=F("x","y"),a', `"${a}",b`, `${b},c`, ''].join(ending);
      const { result, rows } = await planOf(`formula${ending.length}.csv`, body);
      expect(result.code).toBe(3);
      expect(rows.map((row) => [row.line, row.status])).toEqual([
        [2, 'invalid'],
        [3, 'would change'],
        [4, 'would change'],
      ]);
      expect(result.stderr).toContain(
        "line 2: malformed CSV row: a quote inside a cell that does not start with one (the 'id' column)",
      );
    }
  });

  it('a malformed row shows the id cell read before its bad cell', async () => {
    const { rows } = await planOf('id-before.csv', `id,note\n${a},=HYPERLINK("http://x","y")\n`);
    expect(rows).toEqual([expect.objectContaining({ line: 2, id: a, status: 'invalid' })]);
  });

  it('text after a closing quote no longer drops the rest of what csv-parse held', async () => {
    const body = `id,note\n"a" b,x\n${members.slice(0, 30).join(',n\n')},n\n`;
    const { rows } = await planOf('after-quote.csv', body);
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)).toMatchObject({ line: 32, status: 'would change' });
  });

  it('a header and rows with different line breaks are still one row a line', async () => {
    const { rows } = await planOf('mixed-breaks.csv', `id,note\r\n${a},1\n${b},2\r${members[2]},3\n`);
    expect(rows.map((row) => [row.line, row.id])).toEqual([
      [2, a],
      [3, b],
      [4, members[2]],
    ]);
  });

  it('a quote left open that a later line closes stops the file, naming the lines, nothing sent', async () => {
    const input = writeInput(dir, 'unpaired.csv', `id,note\n"${a},x\n"${b}",y\n`);
    const result = await cli(['bulk', 'confirm', '-i', input, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'unpaired.csv is not valid CSV: the row on line 2 runs on to line 3 inside a quoted cell (opened on line 2)',
    );
    expect(entries(join(dir, 'unpaired.confirm.journal.ndjson'))).toEqual([]);
  });

  it('a header that is not valid CSV stops the file', async () => {
    const { result } = await planOf('bad-header.csv', `"id" x,note\n${a},1\n`);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'bad-header.csv: the header (line 1) is not valid CSV: text after the closing quote',
    );
  });
});

describe('a row longer than the limit', () => {
  const probe = join(import.meta.dirname, '..', 'bench', 'rss-probe.cjs');
  const huge = 'x'.repeat(64 * 1024 * 1024);

  it.each([
    ['csv', `id,note\n${members[0]},a\n${members[1]},${huge}\n${members[2]},c\n`, 3],
    ['ndjson', `{"id":"${members[0]}"}\r\n{"id":"${members[1]}","note":"${huge}"}\n`, 2],
  ])(
    '%s: a 64 MiB cell is refused on its line before it is held (peak memory stays low)',
    async (format, body, line) => {
      const input = writeInput(dir, `huge.${format}`, body);
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['-r', probe, BINARY, 'bulk', 'confirm', '-i', input, '--validate-only'],
          { env },
          (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
        );
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`huge.${format}: line ${line} is longer than 1 MiB`);
      // The CLI alone peaks near 85 MB; holding the cell cost 245 MB (CSV) and 312 MB (NDJSON).
      const peakKb = Number(/PEAK_RSS_KB=(\d+)/.exec(result.stderr)?.[1]);
      expect(peakKb).toBeLessThan(150_000);
    },
    60_000,
  );
});
