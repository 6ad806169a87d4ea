/**
 * The row count of a plain CSV file, for a run's first pass when that pass only counts (the
 * confirmation's number and the progress bar's total). A run reads a file twice, first whole so
 * that a file with a whole-file problem sends nothing; through csv-parse, that first pass cost
 * 16-20 µs a row of a 10,000-row file (the parser still cold), and it is part of the run's time:
 * against a server 5 ms away, 4-7% of the whole run.
 *
 * A plain file is one csv-parse reads as one record per non-empty line, whatever the line holds:
 * no quote (a quoted cell can hold a line break), no CR (a line break of its own), no line of
 * white space only (which csv-parse, trimming the start of each cell, skips), no line near the
 * size limit, and a header of plain names, each once, the id column among them. Its rows are its
 * non-empty lines after the header. Anything else (or a read that fails) is left to csv-parse:
 * the count is undefined, and the first pass parses the file as before, with every check and
 * message of its own. The rows themselves are checked by the second pass, as they are sent.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Far below the row size limit (MAX_ROW_SIZE), so no line of a plain file comes near it. */
const MAX_PLAIN_LINE = 64 * 1024;
/** A header of plain names: letters, digits, `_`, `.` and `-`, separated by commas. */
const PLAIN_HEADER = /^[\w.-]+(,[\w.-]+)*$/;
/** The bytes csv-parse trims from the start of a cell (space, tab, form feed), and VT, which JS calls space. */
const BLANK: ReadonlySet<number> = new Set([0x20, 0x09, 0x0b, 0x0c]);

/**
 * Counts the rows of the file `open` reads, or returns undefined when it is not plain (see the
 * file's comment). `stopping` is asked between chunks: a stop ends the count at once (undefined).
 */
export async function countPlainCsvRows(
  open: () => Readable,
  idColumn: string,
  stopping: () => boolean,
): Promise<number | undefined> {
  const stream = open();
  let header: string | undefined;
  let rows = 0;
  /** The start of the line the last chunk ended inside. */
  let rest: Buffer = Buffer.alloc(0);
  let first = true;
  try {
    for await (const piece of stream) {
      if (stopping()) return undefined;
      let chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(String(piece));
      if (first) {
        first = false;
        if (chunk.subarray(0, 3).equals(BOM)) chunk = chunk.subarray(3);
      }
      if (chunk.includes(QUOTE) || chunk.includes(CR)) return undefined;
      const text = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let end = text.indexOf(LF); end >= 0; end = text.indexOf(LF, start)) {
        const line = text.subarray(start, end);
        start = end + 1;
        if (header === undefined) {
          header = line.toString('utf8');
          if (!plainHeader(header, idColumn)) return undefined;
        } else {
          const kind = lineKind(line);
          if (kind === 'unsure') return undefined;
          if (kind === 'row') rows++;
        }
      }
      rest = text.subarray(start);
      if (rest.length > MAX_PLAIN_LINE) return undefined;
    }
  } catch {
    // A read that fails: the parsing pass reads it again and says what went wrong.
    return undefined;
  } finally {
    stream.destroy();
    if (!stream.closed) await once(stream, 'close').catch(() => undefined);
  }
  // The last line, without a line break after it.
  if (header === undefined) return undefined;
  const kind = lineKind(rest);
  if (kind === 'unsure') return undefined;
  if (kind === 'row') rows++;
  // No rows at all: the parsing pass says so in its own words.
  return rows > 0 ? rows : undefined;
}

function plainHeader(header: string, idColumn: string): boolean {
  if (!PLAIN_HEADER.test(header)) return false;
  const names = header.split(',');
  return names.includes(idColumn) && new Set(names).size === names.length;
}

/** An empty line (no row), a row, or one whose reading is left to csv-parse. */
function lineKind(line: Buffer): 'empty' | 'row' | 'unsure' {
  if (line.length === 0) return 'empty';
  if (line.length > MAX_PLAIN_LINE) return 'unsure';
  // A line that starts with white space may be nothing else: csv-parse skips such a line.
  if (BLANK.has(line[0] ?? 0) && line.every((byte) => BLANK.has(byte))) return 'unsure';
  return 'row';
}
