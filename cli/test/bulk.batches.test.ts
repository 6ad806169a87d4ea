/**
 * The reader hands rows on a batch at a time (what csv-parse has buffered), not with a promise
 * and a wait per row: every row arrives, in order and under its own line, in far fewer batches
 * than rows; and a batch never waits to fill, so a row a producer writes on a pipe (and then
 * waits) arrives before the producer writes the next.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileSource, type InputRow, RUN_READ_BYTES, readRowBatches } from '../src/bulk/reader';
import { tempDir } from './support/cli';

const dir = tempDir('mm-batches-');
/** A batch's rows as [line, id]; none once the input ended. */
const rowsOf = (result: IteratorResult<InputRow[], void>) =>
  result.done ? [] : result.value.map((row) => [row.line, row.values.id]);

describe('readRowBatches', () => {
  it('reads a 20,000-row file whole, in order, in batches of many rows', async () => {
    const path = join(dir, 'many.csv');
    const ids = Array.from({ length: 20_000 }, (_, n) => `user-${n}`);
    writeFileSync(path, `id,note\n${ids.map((id, n) => `${id},note ${n}`).join('\n')}\n`);
    const lines: number[] = [];
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of readRowBatches(fileSource(path, 'csv', new PassThrough()), 'id')) {
      batches += 1;
      for (const row of batch) {
        lines.push(row.line);
        seen.push(String(row.values.id));
      }
    }
    expect(seen).toEqual(ids);
    expect(lines).toEqual(ids.map((_, n) => n + 2));
    // 20,000 rows of about 20 bytes fill a few 64 KiB chunks of the file; a batch a row would be 20,000.
    expect(batches).toBeLessThan(200);
  });

  it("hands on a file's first rows after a few KiB of it, when a run reads it to send its rows", async () => {
    // The bench's file: a UUID a row. Read 64 KiB at a time, its first 1,771 rows came as one
    // batch, parsed while csv-parse was still cold: the run's first request waited 35-70 ms for it.
    const path = join(dir, 'first.csv');
    const ids = Array.from(
      { length: 10_000 },
      (_, n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    );
    writeFileSync(path, `id\n${ids.join('\n')}\n`);
    const source = fileSource(path, 'csv', new PassThrough());
    const sizes: number[] = [];
    const seen: string[] = [];
    for await (const batch of readRowBatches(source, 'id', undefined, RUN_READ_BYTES)) {
      sizes.push(batch.length);
      for (const row of batch) seen.push(String(row.values.id));
    }
    expect(seen).toEqual(ids);
    // A row and its line break take 37 bytes.
    expect(sizes[0]).toBeLessThanOrEqual(Math.ceil(RUN_READ_BYTES / 37));
    // Nor does any later batch wait for 64 KiB to be parsed at once (1,771 rows of this file).
    expect(Math.max(...sizes)).toBeLessThan(1000);
  });

  it('hands on a row read from a pipe at once, before the next is written', async () => {
    const stdin = new PassThrough();
    const batches = readRowBatches(fileSource('-', 'csv', stdin), 'id');
    stdin.write('id\nfirst\n');
    expect(rowsOf(await batches.next())).toEqual([[2, 'first']]);
    stdin.write('second\n');
    expect(rowsOf(await batches.next())).toEqual([[3, 'second']]);
    stdin.end();
    expect((await batches.next()).done).toBe(true);
  });
});
