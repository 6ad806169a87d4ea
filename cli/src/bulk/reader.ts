/**
 * Streams the rows of a bulk input, CSV (csv-parse) or NDJSON, a few at a time so a file of any
 * size runs in flat memory. Whole-input problems (unreadable, empty, no header, no id column,
 * the wrong format) throw a usage error; a bad row is yielded with its error so the run records
 * it as failed and goes on.
 */
import { csvRows } from './csv-rows';
import { ndjsonRows } from './ndjson-rows';
import { type CsvHeader, type InputRow, type InputSource, openError } from './source';

// What the runner and the commands read of an input comes from here, as before the split.
export {
  type CsvHeader,
  displayName,
  fileSource,
  InputBrokenError,
  type InputFormat,
  type InputRow,
  type InputSource,
  inputFormat,
  MAX_ROW_SIZE,
} from './source';

/**
 * How much of a file a run's pass over its rows reads at a time. csv-parse parses what it is given
 * in one go: a 64 KiB chunk (Node's default) is 1,771 rows of UUIDs, which the first time, the
 * parser still cold, held the run's first request back 35-70 ms, and later stopped the rows in
 * flight for 1.5-3 ms a chunk, their answers waiting. A few KiB at a time, the first rows go out
 * at once and no chunk holds the rest up, for a read of the file every 4 KiB, not every 64.
 */
export const RUN_READ_BYTES = 4 * 1024;

/**
 * Rows of the input in batches, in order: a CSV's rows as csv-parse hands them on (up to a few
 * dozen at a time, whatever has been read: a row on a pipe is not held back for the next), an
 * NDJSON input's one at a time. A batch, not a row, is what waits: a row of a large file costs no
 * promise of its own in the reader or in the loops over it. `header` is filled as soon as the
 * CSV header is read. `readBytes`: how much of a file is read at a time (the stream's default,
 * 64 KiB, when not given; stdin gives what its producer writes).
 */
export async function* readRowBatches(
  source: InputSource,
  idColumn: string,
  header?: CsvHeader,
  readBytes?: number,
): AsyncGenerator<InputRow[]> {
  const stream = source.open(readBytes);
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('readable', resolve);
    stream.once('end', resolve);
  });
  try {
    await opened;
  } catch (error) {
    throw openError(source, error);
  }
  try {
    if (source.format === 'csv') yield* csvRows(source, stream, idColumn, header);
    else for await (const row of ndjsonRows(source, stream)) yield [row];
  } finally {
    // A run that stops early (SIGINT, a fatal error) must not keep the file open.
    if (source.path !== '-') stream.destroy();
  }
}
