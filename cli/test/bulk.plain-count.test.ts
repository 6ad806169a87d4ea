/**
 * The first pass's count of a plain CSV file by its lines (`bulk/plain-count.ts`): it counts what
 * csv-parse reads (the reader's rows, malformed ones too) whenever it counts at all, and leaves to
 * csv-parse every file it cannot be sure of. fast-check builds files of the characters that change
 * how CSV reads (quotes, CR, commas, white space, empty lines, a BOM) and of headers plain or not.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPlainCsvRows } from '../src/bulk/plain-count';
import { fileSource, readRowBatches } from '../src/bulk/reader';
import { tempDir } from './support/cli';

const dir = tempDir();
let files = 0;

function write(body: string | Buffer): string {
  const path = join(dir, `input-${files++}.csv`);
  writeFileSync(path, body);
  return path;
}

const count = (path: string) =>
  countPlainCsvRows(
    () => createReadStream(path),
    'id',
    () => false,
  );

/** What the parsing pass counts: every row the reader gives, malformed ones too; or its error. */
async function parsed(path: string): Promise<number | Error> {
  let rows = 0;
  try {
    for await (const batch of readRowBatches(fileSource(path, 'csv', process.stdin), 'id'))
      rows += batch.length;
    return rows;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

describe("the first pass's count of a plain file", () => {
  it('counts the rows of a plain file as the parse does: empty lines, a BOM, a last line without a break, cells too many or too few', async () => {
    const ids = Array.from(
      { length: 5_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [string | Buffer, number][] = [
      [`id\n${ids.join('\n')}\n`, 5_000],
      [
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(`id,note\n${ids.slice(0, 9).join(',x\n')}`),
        ]),
        9,
      ],
      ['id\na\n\n\nb', 2],
      ['email,id\na@x.test,1,extra\nb@x.test\n , 2\n', 3],
      ['id\n\u00a0\n', 1],
    ];
    for (const [body, rows] of cases) {
      const path = write(body);
      expect(await count(path)).toBe(rows);
      expect(await parsed(path)).toBe(rows);
    }
  });

  it('leaves to the parse a file with a quote, a CR, a line of white space, no id column, a name twice or no rows', async () => {
    for (const body of [
      'id\n"a"\n',
      'id\r\na\r\n',
      'id\na\n \t\nb\n',
      'id\na\n\f\n',
      'name\na\n',
      'id,id\na,b\n',
      ' id\na\n',
      '{"id":"a"}\n',
      'id\n',
      'id',
      '',
      `id\n${'x'.repeat(70_000)}\n`,
    ]) {
      expect(await count(write(body))).toBeUndefined();
    }
    expect(await count(join(dir, 'missing.csv'))).toBeUndefined();
  });

  it('stops at once when the run stops', async () => {
    const path = write(`id\n${'a\n'.repeat(200_000)}`);
    expect(
      await countPlainCsvRows(
        () => createReadStream(path),
        'id',
        () => true,
      ),
    ).toBeUndefined();
  });

  it('never counts otherwise than the parse: generated files', async () => {
    const header = fc.constantFrom(
      'id',
      'id,note',
      'note,id',
      'id,id',
      'ID',
      ' id',
      'id ',
      '"id"',
      'a b,id',
      '',
    );
    const cell = fc.stringMatching(/^[ab1 \t",é\f\v]{0,4}$/);
    const line = fc.array(cell, { minLength: 1, maxLength: 3 }).map((cells) => cells.join(','));
    const ending = fc.constantFrom('\n', '\n', '\n', '\r\n', '\r');
    const file = fc.record({
      bom: fc.boolean(),
      header,
      lines: fc.array(fc.tuple(line, ending), { maxLength: 12 }),
      last: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(file, async ({ bom, header: names, lines, last }) => {
        let body = `${bom ? '\ufeff' : ''}${names}\n`;
        for (const [text, end] of lines) body += text + end;
        if (last) body += 'b';
        const path = write(body);
        const fast = await count(path);
        if (fast === undefined) return;
        expect(await parsed(path)).toBe(fast);
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
