/**
 * Streams the rows of a bulk input, CSV (csv-parse) or NDJSON, one at a time so a file of any
 * size runs in flat memory. Whole-input problems (unreadable, empty, no header, no id column,
 * the wrong format) throw a usage error; a bad row is yielded with its error so the run records
 * it as failed and goes on.
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { usageError } from '../exit';
import { isRecord, type JsonRecord } from '../guards';

export type InputFormat = 'csv' | 'ndjson';

export interface InputRow {
  /** 1-based line of the row in the input (the header is line 1 of a CSV). */
  line: number;
  /** The row as columns (CSV) or the parsed object (NDJSON); empty for unreadable rows. */
  values: JsonRecord;
  /** Why the row cannot be used, when it cannot. */
  error?: string;
}

export interface InputSource {
  /** A path, or `-` for stdin. */
  path: string;
  format: InputFormat;
  open: () => Readable;
}

export function inputFormat(path: string, given: string | undefined): InputFormat {
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

function openError(source: InputSource, error: unknown) {
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
    open: () => {
      if (path !== '-') return createReadStream(path);
      // A Readable by contract of process.stdin; tests pass one too.
      const stream: unknown = stdin;
      if (!isReadable(stream)) throw usageError('stdin cannot be read');
      return stream;
    },
  };
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'pipe') === 'function';
}

/** The header of a CSV input, once read; needed to write failures back in the same shape. */
export interface CsvHeader {
  columns: string[];
}

/** Rows of the input. `header` is filled as soon as the CSV header is read. */
export async function* readRows(
  source: InputSource,
  idColumn: string,
  header?: CsvHeader,
): AsyncGenerator<InputRow> {
  const stream = source.open();
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
    else yield* ndjsonRows(source, stream);
  } finally {
    // A run that stops early (SIGINT, a fatal error) must not keep the file open.
    if (source.path !== '-') stream.destroy();
  }
}

async function* csvRows(source: InputSource, stream: Readable, idColumn: string, header?: CsvHeader) {
  const name = displayName(source);
  const skipped: InputRow[] = [];
  let fatal: string | undefined;
  let columns: string[] | undefined;
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    info: true,
    columns: (first: string[]) => {
      columns = first;
      if (first.length === 1 && first[0]?.startsWith('{')) {
        throw usageError(`${name} looks like NDJSON, not CSV: pass --format ndjson`);
      }
      if (!first.includes(idColumn)) {
        throw usageError(
          `${name}: the header has no '${idColumn}' column (columns: ${first.join(', ') || 'none'}); choose one with --column NAME`,
        );
      }
      if (header) header.columns = first;
      return first;
    },
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = typeof error?.lines === 'number' ? error.lines : 0;
      // An unclosed quote swallows the rest of the file: that is no longer one bad row.
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED')
        fatal ??= `${name} is not valid CSV at line ${line}: ${error.message}`;
      else skipped.push({ line, values: {}, error: `malformed CSV row: ${error?.message ?? 'unreadable'}` });
    },
  });
  stream.on('error', (error) => parser.destroy(error));
  stream.pipe(parser);
  let rows = 0;
  let bad = 0;
  try {
    for await (const item of parser) {
      const entry: unknown = item;
      for (const row of skipped.splice(0)) {
        bad += 1;
        yield row;
      }
      if (!isRecord(entry) || !isRecord(entry.record)) continue;
      const line = isRecord(entry.info) && typeof entry.info.lines === 'number' ? entry.info.lines : 0;
      rows += 1;
      yield { line, values: entry.record };
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'CliError') throw error;
    const where = isRecord(error) && typeof error.lines === 'number' ? ` at line ${error.lines}` : '';
    throw usageError(
      `${name} is not valid CSV${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (fatal) throw usageError(fatal);
  for (const row of skipped.splice(0)) {
    bad += 1;
    yield row;
  }
  if (columns === undefined)
    throw usageError(`${name} is empty: expected a CSV header with a '${idColumn}' column`);
  if (rows === 0 && bad === 0) throw usageError(`${name} has a header but no rows`);
}

async function* ndjsonRows(source: InputSource, stream: Readable) {
  const name = displayName(source);
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  let rows = 0;
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (rows === 0) {
        throw usageError(`${name}: line ${line} is not JSON; if the file is CSV, pass --format csv`);
      }
      yield { line, values: {}, error: 'not valid JSON' };
      rows += 1;
      continue;
    }
    rows += 1;
    if (isRecord(value)) yield { line, values: value };
    else yield { line, values: {}, error: 'not a JSON object' };
  }
  if (rows === 0) throw usageError(`${name} is empty: expected one JSON object per line`);
}
