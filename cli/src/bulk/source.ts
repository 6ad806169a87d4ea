/**
 * A bulk run's input as the reader sees it: its format, where it comes from (a file, read twice,
 * or stdin and pipes, read once), its rows and how they are numbered, and what stops it as a
 * whole (an input that breaks mid-run, a row longer than any bulk row).
 */
import { createReadStream, statSync } from 'node:fs';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { CliError, EXIT, usageError } from '../exit';
import type { JsonRecord } from '../guards';

export type InputFormat = 'csv' | 'ndjson';

export interface InputRow {
  /**
   * 1-based line the row starts on in the input (the header is line 1 of a CSV), as an editor
   * counts lines: a quoted CSV field over several lines does not move it.
   */
  line: number;
  /**
   * The line versions before journals said `"lines":"first"` numbered the row by (csv-parse's
   * counter as the row ended: its last line, a CR LF inside quotes counted twice); only set for
   * CSV, where it can differ from `line`.
   */
  legacyLine?: number;
  /** The row as columns (CSV) or the parsed object (NDJSON); empty for unreadable rows. */
  values: JsonRecord;
  /** Why the row cannot be used, when it cannot. */
  error?: string;
  /** An NDJSON line that is no row (not JSON, or not an object), as read: the failures file keeps it. */
  text?: string;
  /**
   * A malformed CSV row's id cell (the cell at the id column's place in the header), to show with
   * the row. Such a row fails and is never sent; its cell is not in `values` (so not in the
   * failures file), since a cell too many or too few before it makes it another column's value.
   */
  idCell?: string;
}

export interface InputSource {
  /** A path, or `-` for stdin. */
  path: string;
  format: InputFormat;
  /** stdin, or a path that is a pipe or a device (`<(...)`, /dev/stdin): it can be read once only. */
  once: boolean;
  /** `readBytes`: how much of a file to read at a time (the stream's default when not given). */
  open: (readBytes?: number) => Readable;
}

export function inputFormat(path: string, given: string | undefined): InputFormat {
  if (path !== '-' && isDirectory(path)) throw usageError(`Cannot read ${path}: it is a directory`);
  if (given === 'csv' || given === 'ndjson') return given;
  if (given !== undefined) throw usageError(`Unknown --format '${given}': use csv or ndjson`);
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (path === '-') throw usageError('Reading stdin: say what it holds with --format csv or --format ndjson');
  throw usageError(
    `Cannot tell the format of ${path} from its extension: pass --format csv or --format ndjson`,
  );
}

export const displayName = (source: InputSource) => (source.path === '-' ? 'stdin' : source.path);

/**
 * The input failed while it was being read (stdin's producer reset the connection, a disk error):
 * unlike a bad file, rows before it may have been sent, so this is not a usage error. The row
 * being read when it broke is never yielded, so nothing is sent from half a line.
 */
export class InputBrokenError extends CliError {
  constructor(
    readonly input: string,
    /** The last line read whole before the input broke. */
    readonly lastLine: number,
    readonly reason: unknown,
  ) {
    const why = reason instanceof Error ? reason.message : String(reason);
    super(`Reading ${input} failed after line ${lastLine}: ${why}`, EXIT.error, 'INPUT_BROKEN');
  }
}

export function openError(source: InputSource, error: unknown) {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a directory'
        : error instanceof Error
          ? error.message
          : String(error);
  return usageError(`Cannot read ${displayName(source)}: ${reason}`);
}

export function fileSource(path: string, format: InputFormat, stdin: NodeJS.ReadableStream): InputSource {
  return {
    path,
    format,
    once: path === '-' || !isRegularFile(path),
    open: (readBytes) => {
      if (path !== '-') return createReadStream(path, readBytes ? { highWaterMark: readBytes } : {});
      // A Readable by contract of process.stdin; tests pass one too.
      const stream: unknown = stdin;
      if (!isReadable(stream)) throw usageError('stdin cannot be read');
      return stream;
    },
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a path is a regular file; one that cannot be stat'ed fails when it is opened. */
function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return true;
  }
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'pipe') === 'function';
}

/** The header of a CSV input, once read; needed to write failures back in the same shape. */
export interface CsvHeader {
  columns: string[];
}

/**
 * The longest row (so the longest cell) read, about 1 MiB: ids are at most 200 characters and
 * emails 254, so a row this long is a pasted document or a hostile file. csv-parse refuses it as
 * it reads, before more of it is held: a 64 MiB cell used to cost 250 MB before it was refused.
 */
export const MAX_ROW_SIZE = 1024 * 1024;

export const rowTooLong = (name: string, line: number) =>
  `${name}: line ${line} is longer than ${MAX_ROW_SIZE / 1024 / 1024} MiB (a row, or one cell of it), more than any bulk row holds: it was not read further. Is this the file you meant? Remove or shorten that row`;
