/**
 * The rows of a CSV input (csv-parse), each numbered by the line it starts on, as an editor shows
 * it. A malformed row is passed on, failed, in its place; an input that cannot be read as rows
 * (an unclosed quote, a row that breaks inside a quoted cell over several lines, a row over the
 * size limit, no header) stops with a usage error.
 */
import { finished, type Readable } from 'node:stream';
import { type CsvError, type Options as CsvOptions, Parser } from 'csv-parse';
import { usageError } from '../exit';
import { isRecord } from '../guards';
import {
  type CsvHeader,
  displayName,
  InputBrokenError,
  type InputRow,
  type InputSource,
  MAX_ROW_SIZE,
  rowTooLong,
} from './source';

/**
 * csv-parse that tags each record with the input line it starts on. Its `info: true` option
 * gives the line a record ends on, with three more objects per record (the record wrapped, a
 * copy of the parser's counters, the context), which was 40% of the parsing time and most of the
 * garbage of a large file; the parser's own counter is read as each record is pushed instead, and
 * the line breaks inside the record's quoted fields are taken off it, so a row is named by the
 * line it starts on (where an editor shows it), not its last.
 */
class LineTaggingParser extends Parser {
  /** The last byte the parser was given, and whether the input has ended. */
  #lastByte = -1;
  #ended = false;
  /**
   * Lines csv-parse counted that an editor does not: it counts a CR LF inside a quoted field as
   * two line breaks. Taken off every later line number.
   */
  #extraLines = 0;
  /** The parser's line counter when the last record was pushed (-2: none yet). */
  #lastEnd = -2;

  constructor(options: CsvOptions) {
    super({ ...options, info: false, raw: false, objname: undefined });
  }

  /**
   * csv-parse looks up to two bytes ahead before it takes one (is a CR the start of a CR LF? a
   * quote the first of two?), and so keeps the last bytes of what it was given until more input,
   * or its end, comes. On a pipe, a row whose producer writes it and waits would be held back until
   * the next row, and the last one until the pipe closes. When the input so far ends with a LF,
   * what follows cannot change how the bytes before it read (every token that looks ahead, CR LF,
   * a doubled quote, a closing quote before a line break, is told apart by that LF), so the bytes
   * held are taken at once. A CR at the end still waits: it may be the first half of a CR LF.
   */
  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (chunk.length > 0) this.#lastByte = chunk[chunk.length - 1] ?? -1;
    super._transform(chunk, encoding, (error) => {
      if (error || this.#lastByte !== LF || !this.#holdsBytes()) {
        callback(error);
        return;
      }
      this.#withoutLookAhead(() => super._transform(NOTHING, encoding, callback));
    });
  }

  /** Whether csv-parse keeps bytes it has not read yet (its look-ahead). */
  #holdsBytes(): boolean {
    const state: unknown = Reflect.get(this, 'state');
    return isRecord(state) && Buffer.isBuffer(state.previousBuf) && state.previousBuf.length > 0;
  }

  /**
   * Runs `parse` with csv-parse's look-ahead check turned off, so it reads to the end of what it
   * holds. Without that check (another csv-parse) `parse` runs as it is and the bytes keep waiting.
   */
  #withoutLookAhead(parse: () => void): void {
    const api: unknown = Reflect.get(this, 'api');
    const check: unknown = isRecord(api) ? api.__needMoreData : undefined;
    if (!isRecord(api) || typeof check !== 'function') {
      parse();
      return;
    }
    api.__needMoreData = () => false;
    try {
      parse();
    } finally {
      api.__needMoreData = check;
    }
  }

  override _flush(callback: (error?: Error | null) => void) {
    this.#ended = true;
    super._flush(callback);
  }

  /** Marks the place among the records of a row csv-parse skipped as malformed. */
  pushSkipped(): void {
    super.push(SKIPPED);
  }

  override push(record: unknown, encoding?: BufferEncoding): boolean {
    if (record === null) return super.push(null, encoding);
    // Only the input's last record can be pushed after it ended without a line break.
    const unterminated = this.#ended && this.#lastByte !== LF && this.#lastByte !== CR;
    const end = this.info.lines;
    // One line further than the last record: no line break inside this one (nearly every
    // record), so its fields need not be searched for any.
    const plain = end === this.#lastEnd + 1;
    this.#lastEnd = end;
    let line = end - this.#extraLines;
    if (!plain && isRecord(record)) {
      const fields = Object.values(record);
      line -= countBreaks(fields);
      this.#extraLines += countCrLf(fields);
    }
    return super.push({ line, legacyLine: end, record, unterminated }, encoding);
  }

  /**
   * For an error csv-parse reports at `errorLine` while it reads a record: the line that record
   * starts on (from the fields read so far, which csv-parse keeps in its `state`), and the line
   * the quoted field it is in opened on. Without that state (another csv-parse) both are the
   * error's line.
   */
  startOf(errorLine: number): { row: number; quote: number; line: number } {
    const state: unknown = Reflect.get(this, 'state');
    const fields = isRecord(state) && Array.isArray(state.record) ? state.record : [];
    const buffer = isRecord(state) && isRecord(state.field) ? state.field : undefined;
    const text = typeof buffer?.toString === 'function' ? String(buffer.toString()) : '';
    // csv-parse counts a line break once it reads the character after it, or at the end of the
    // bytes it was given: until then `wasRowDelimiter` says the last one is not counted yet.
    const counted = isRecord(state) && state.wasRowDelimiter === true ? text.replace(/[\r\n]$/, '') : text;
    const field = countBreaks([counted]);
    const quote = errorLine - field - this.#extraLines;
    return { row: quote - countBreaks(fields), quote, line: errorLine - this.#extraLines };
  }

  /** The cells of the row being read that are read whole (those before the one being read). */
  cellsRead(): unknown[] {
    const state: unknown = Reflect.get(this, 'state');
    return isRecord(state) && Array.isArray(state.record) ? state.record : [];
  }

  /** The first cell of the row being read, as far as it is read. */
  firstCell(): string {
    const state: unknown = Reflect.get(this, 'state');
    if (!isRecord(state)) return '';
    const first: unknown =
      Array.isArray(state.record) && state.record.length > 0 ? state.record[0] : state.field;
    return typeof first === 'string' ? first : isRecord(first) ? String(first.toString()) : '';
  }

  /**
   * After a quote error in a row that has not left its line: the rest of that line is read as
   * no more than the end of the failed row (csv-parse's comment state: quotes and delimiters
   * ignored, the row ended at the next line break and skipped as failed). Left to csv-parse, a
   * stray quote later on the line (`=F("x","y")`) would open a quoted cell that swallows the next
   * lines, and the rows on them would be lost inside the failed one.
   */
  skipRestOfLine(): void {
    const state: unknown = Reflect.get(this, 'state');
    if (!isRecord(state)) return;
    state.quoting = false;
    state.commenting = true;
    // A row is passed on (as failed) at its line break only when it holds something: a quote
    // error on a row's first character would leave it looking like a comment line, dropped.
    state.wasQuoting = true;
  }
}

/** Line breaks as csv-parse counts them: every CR and every LF. */
function countBreaks(values: unknown[]): number {
  let count = 0;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (let at = value.search(/[\r\n]/); at !== -1 && at < value.length; at += 1) {
      const code = value.charCodeAt(at);
      if (code === LF || code === CR) count += 1;
    }
  }
  return count;
}

function countCrLf(values: unknown[]): number {
  let count = 0;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (let at = value.indexOf('\r\n'); at !== -1; at = value.indexOf('\r\n', at + 2)) count += 1;
  }
  return count;
}

const LF = 0x0a;
const CR = 0x0d;
const NOTHING = Buffer.alloc(0);
/** Where a malformed row was, among the records the parser passes on. */
const SKIPPED = Object.freeze({ skipped: true });

const HOW_TO_QUOTE =
  'A cell holding quotes, such as =HYPERLINK("http://x","y"), must be quoted: quote the whole cell and double the quotes inside it ("=HYPERLINK(""http://x"",""y"")")';

/** csv-parse's errors about quotes in the middle of a line: the rest of that line is skipped. */
const QUOTE_ERRORS: ReadonlySet<string> = new Set([
  'INVALID_OPENING_QUOTE',
  'CSV_INVALID_CLOSING_QUOTE',
  'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
]);

/** What is wrong with a malformed row, in the CLI's words (csv-parse's name lines its own way). */
function csvProblem(error: CsvError | undefined): string {
  const column = typeof error?.column === 'string' ? ` (the '${error.column}' column)` : '';
  const cells: unknown = error?.record;
  const expected: unknown = error?.columns;
  switch (error?.code) {
    case 'INVALID_OPENING_QUOTE':
      return `a quote inside a cell that does not start with one${column}: quote the whole cell and double the quotes inside it`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `text after the closing quote of a quoted cell${column}: quote the whole cell and double the quotes inside it`;
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      if (Array.isArray(cells) && Array.isArray(expected))
        return `${cells.length} cells where the header has ${expected.length}`;
      return error.message;
    default:
      return error?.message ?? 'unreadable';
  }
}

/**
 * The last row of a pipe that ends without a line break may be half a row: a producer that is
 * killed closes the pipe like a normal end of input. An email cut short can still be valid
 * ("ada@example.co"), so such a row is failed rather than sent. Files are exempt: a missing final
 * line break is common there, and a file is not cut off by a process dying.
 */
const UNTERMINATED =
  'the input ended inside this row, with no line break after it: it may have been cut off (did the program writing the input stop?); check the row and feed it again, ending the input with a line break';

/**
 * The records a readable in object mode holds, taken a batch at a time: what it has buffered
 * (csv-parse's up to 16 records, as many as one chunk of the file fills) with one wait between
 * batches, where `for await` over the stream makes a promise and a wait for every record. It ends
 * like that iterator: an error (the input's, a verdict thrown from csv-parse's callbacks) is
 * thrown once the stream is destroyed, and the records it still held are dropped with it; the
 * stream is destroyed when the batches stop being read.
 */
async function* batchesOf(stream: Readable): AsyncGenerator<unknown[]> {
  let wake = () => {};
  const onReadable = () => wake();
  stream.on('readable', onReadable);
  /** undefined while the stream runs; null once it ended whole, else why it ended. */
  let ended: { error: unknown } | null | undefined;
  const cleanup = finished(stream, { writable: false }, (error) => {
    ended = error ? { error } : null;
    wake();
  });
  try {
    for (;;) {
      const items: unknown[] = [];
      if (!stream.destroyed)
        for (let item = stream.read(); item !== null; item = stream.read()) items.push(item);
      if (items.length > 0) yield items;
      else if (ended) throw ended.error;
      else if (ended === null) return;
      else
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
    }
  } finally {
    wake = () => {};
    stream.off('readable', onReadable);
    cleanup();
    stream.destroy();
  }
}

/** The rows of the input, a batch at a time (see `batchesOf`). */
export async function* csvRows(
  source: InputSource,
  stream: Readable,
  idColumn: string,
  header?: CsvHeader,
): AsyncGenerator<InputRow[]> {
  const name = displayName(source);
  /** Malformed rows, each passed on where the parser's SKIPPED mark comes out. */
  const skipped: InputRow[] = [];
  let lastSkipped: number | undefined;
  let fatal: string | undefined;
  let columns: string[] | undefined;
  const parser = new LineTaggingParser({
    bom: true,
    // Every line break an editor shows ends a row, whatever the header's: with csv-parse's own
    // choice (the first line break it meets), a file that mixes them (rows pasted from another
    // system) would read the other kind as part of a cell, and the rows after it as one.
    record_delimiter: ['\r\n', '\n', '\r'],
    // Refused before it is buffered: no row of a bulk input comes near this.
    max_record_size: MAX_ROW_SIZE,
    // Spaces before a cell are dropped, so ` "a b"` is a quoted cell. Not those after it:
    // csv-parse, trimming them, meets `"a" b` with an error after which it drops the rest of the
    // bytes it holds, rows and all. Cells are trimmed where they are read (actions.ts), and the
    // header's names here.
    ltrim: true,
    skip_empty_lines: true,
    columns: (names: string[]) => {
      const first = names.map((column) => column.trimEnd());
      columns = first;
      if (first.length === 1 && first[0]?.startsWith('{')) {
        throw usageError(`${name} looks like NDJSON, not CSV: pass --format ndjson`);
      }
      const twice = first.find((column, i) => column !== '' && first.indexOf(column) !== i);
      if (twice !== undefined) {
        throw usageError(
          `${name}: the header names the column '${twice}' twice (columns: ${first.join(', ')}): rename one, so each value has one column`,
        );
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
      const at = typeof error?.lines === 'number' ? error.lines : 0;
      const start = parser.startOf(at);
      // An unclosed quote swallows the rest of the file: that is no longer one bad row.
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') {
        fatal ??= `${name} is not valid CSV: a quote opens on line ${start.quote} and is never closed (the rest of the input would be one cell). ${HOW_TO_QUOTE}`;
        return;
      }
      // Thrown from here, it ends the parsing at once: nothing more of the row is buffered.
      if (error?.code === 'CSV_MAX_RECORD_SIZE') throw usageError(rowTooLong(name, start.row));
      // A row that broke after running over several lines inside a quoted cell: a quote may be
      // unpaired (`"abc` where `abc` was meant), and then the lines after it, which csv-parse
      // read as part of the cell, were meant as rows of their own. Which lines are rows cannot be
      // told, so nothing of the input is taken as a row from there on.
      if (start.row < start.line) {
        throw usageError(
          `${name} is not valid CSV: the row on line ${start.row} runs on to line ${start.line} inside a quoted cell (opened on line ${start.quote}) and is malformed there (${csvProblem(error)}): a quote is probably unpaired, so which of those lines are rows cannot be told. ${HOW_TO_QUOTE}`,
        );
      }
      // Without a header no row can be read: its names are the columns.
      if (columns === undefined) {
        if (parser.firstCell().startsWith('{'))
          throw usageError(`${name} looks like NDJSON, not CSV: pass --format ndjson`);
        throw usageError(`${name}: the header (line ${start.row}) is not valid CSV: ${csvProblem(error)}`);
      }
      if (QUOTE_ERRORS.has(String(error?.code))) parser.skipRestOfLine();
      // csv-parse reports each error of a record; the row is one failed row.
      if (lastSkipped === start.row) return;
      lastSkipped = start.row;
      // A row with too many or too few cells was read whole, and one with a quote error up to
      // the cell it is in: its id cell can be shown when it came before.
      const cells: unknown = error?.record ?? parser.cellsRead();
      const idCell = Array.isArray(cells) && columns ? cells[columns.indexOf(idColumn)] : undefined;
      skipped.push({
        line: start.row,
        legacyLine: at,
        values: {},
        error: `malformed CSV row: ${csvProblem(error)}`,
        ...(typeof idCell === 'string' && idCell !== '' ? { idCell } : {}),
      });
      parser.pushSkipped();
    },
  });
  let broken: { error: unknown } | undefined;
  stream.on('error', (error) => {
    broken = { error };
    parser.destroy(error);
  });
  stream.pipe(parser);
  let rows = 0;
  let bad = 0;
  let lastLine = 1;
  try {
    for await (const items of batchesOf(parser)) {
      const batch: InputRow[] = [];
      for (const entry of items) {
        if (entry === SKIPPED) {
          const row = skipped.shift();
          if (row) {
            bad += 1;
            batch.push(row);
          }
          continue;
        }
        if (!isRecord(entry) || !isRecord(entry.record)) continue;
        const line = typeof entry.line === 'number' ? entry.line : 0;
        const legacyLine = typeof entry.legacyLine === 'number' ? entry.legacyLine : line;
        lastLine = line;
        rows += 1;
        if (entry.unterminated === true && source.once)
          batch.push({ line, legacyLine, values: entry.record, error: UNTERMINATED });
        else batch.push({ line, legacyLine, values: entry.record });
      }
      if (batch.length > 0) yield batch;
    }
  } catch (error) {
    if (broken) throw new InputBrokenError(name, lastLine, broken.error);
    if (error instanceof Error && error.name === 'CliError') throw error;
    const where = isRecord(error) && typeof error.lines === 'number' ? ` at line ${error.lines}` : '';
    throw usageError(
      `${name} is not valid CSV${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (fatal) throw usageError(fatal);
  if (columns === undefined)
    throw usageError(`${name} is empty: expected a CSV header with a '${idColumn}' column`);
  if (rows === 0 && bad === 0) throw usageError(`${name} has a header but no rows`);
}
