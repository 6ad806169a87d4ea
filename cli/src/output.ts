/**
 * Output formatting, in one place: table (a terminal's default), json, ndjson and csv, with
 * `--fields` selection. Records are rendered generically (nested values flattened to dotted
 * columns for table and csv), so printing never depends on an answer's static type. Lists are
 * written page by page, so `--all` streams in every format but the table, which needs its widths.
 */
import { stringify } from 'csv-stringify/sync';
import type { Colors } from './color';
import { checkFields } from './fields';
import type { Format } from './formats';
import { isRecord, type JsonRecord } from './guards';
import { UNSAFE_IN_A_LINE, visible } from './io';
import { displayWidth, fitText, wrapText } from './width';

export interface OutputOptions {
  format: Format;
  /** Columns chosen with --fields (dotted paths into nested values). */
  fields: string[] | undefined;
  /** stdout is a terminal: humane dates, truncation to the terminal width. */
  tty: boolean;
  colors: Colors;
  /** Terminal width, when stdout is one. */
  width: number | undefined;
  write: (text: string) => void;
  /** A note on stderr (a page past the last one). */
  info: (message: string) => void;
  /** A warning on stderr (a list that changed while it was paged). */
  warn: (message: string) => void;
  /** A call that changes something was sent in this run (set by the client's --fields check). */
  changed?: boolean;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
// Control characters (C0, DEL, C1) would let API data move the cursor or recolour a terminal;
// bidirectional controls would make a cell, and the rest of its line, read in another order.
const plain = (text: string) => text.replace(UNSAFE_IN_A_LINE, ' ');

/** Flattens nested objects to dotted keys; arrays of scalars become `a, b`, others JSON. */
export function flatten(value: unknown, prefix = '', into: JsonRecord = {}): JsonRecord {
  if (!isRecord(value)) {
    into[prefix === '' ? 'value' : prefix] = value;
    return into;
  }
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isRecord(inner) && Object.keys(inner).length > 0) flatten(inner, path, into);
    else into[path] = inner;
  }
  return into;
}

/** The value at a dotted path, looking first for a literal key that contains dots. */
export function pick(record: unknown, path: string): unknown {
  if (!isRecord(record)) return undefined;
  if (path in record) return record[path];
  const dot = path.indexOf('.');
  if (dot < 0) return undefined;
  return pick(record[path.slice(0, dot)], path.slice(dot + 1));
}

/** One cell as text: '' for nothing, scalars as text, lists of scalars joined, the rest as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => cellText(item)).join(', ');
  }
  return JSON.stringify(value);
}

/**
 * Text a spreadsheet would run as a formula (OWASP's CSV injection advice): a first character of
 * = + - @, tab or carriage return. Spreadsheets also skip leading whitespace (spaces, no-break and
 * other Unicode spaces) before a formula, and some locales take the fullwidth ＝ ＋ － ＠ for them.
 */
const FORMULA = /^[\t\r]|^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/**
 * A csv cell as written: a formula gets a leading single quote, which spreadsheets show as text.
 * Numbers (by type, as the API sent them) stay numbers, negative ones too; json and ndjson keep
 * the raw values.
 */
function csvCell(value: unknown): string {
  const text = cellText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return text;
  return formulaAsText(text);
}

/** Text with a leading single quote when a spreadsheet would run it as a formula. */
export const formulaAsText = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

const csvLine = (cells: readonly unknown[]) => stringify([cells.map(csvCell)]);

/**
 * Where the data goes: byte-exact to a pipe or a file; on a terminal json, ndjson and csv show
 * control and bidi characters escaped (tables replace them in each cell themselves).
 */
function dataWriter(options: OutputOptions): (text: string) => void {
  const { format, tty, write } = options;
  return tty && format !== 'table' ? (text) => write(visible(text)) : write;
}

function humaneDate(text: string): string {
  if (!ISO_DATE_TIME.test(text)) return text;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Columns: the chosen fields, else the defaults present in the rows, else every flattened key. */
export function columnsFor(
  rows: readonly JsonRecord[],
  fields: string[] | undefined,
  defaults: readonly string[],
) {
  if (fields && fields.length > 0) return fields;
  const seen = new Set<string>();
  for (const row of rows.slice(0, 50)) for (const key of Object.keys(row)) seen.add(key);
  const present = defaults.filter((key) => seen.has(key));
  return present.length > 0 ? present : [...seen];
}

/** A record reduced to the chosen fields (dotted paths), for json and ndjson. */
function select(record: unknown, fields: string[] | undefined): unknown {
  if (!fields || fields.length === 0) return record;
  const out: JsonRecord = {};
  for (const field of fields) out[field] = pick(record, field) ?? null;
  return out;
}

/**
 * Identifiers, shown whole: they are copied into other commands (`users get ID`, `kyc get USER
 * REQUEST`, `images decide FILENAME`, `features toggle CODE --sub SUBFEATURE`), and commands
 * take a user by username or email as well as by id.
 */
const ID_COLUMN = /(^|[._])id$|Id$|^(filename|code|subfeature)$|(^|\.)(username|email)$/;

/** The narrowest a column that is not an identifier is cut to. */
const NARROWEST = 8;

/**
 * Shrinks the widest columns until the table fits the terminal, none below its floor: an
 * identifier column's floor is its whole width, another's the narrowest, or its widest cell that
 * holds an identifier (a key/value listing's values).
 */
function fitWidths(widths: number[], total: number, floors: readonly number[]): number[] {
  const out = [...widths];
  const gaps = (out.length - 1) * 2;
  while (out.reduce((a, b) => a + b, 0) + gaps > total) {
    const room = out.map((width, i) => width - (floors[i] ?? width));
    const widest = room.indexOf(Math.max(...room));
    if ((room[widest] ?? 0) <= 0) break;
    out[widest] = (out[widest] ?? 0) - 1;
  }
  return out;
}

interface TableShape {
  /**
   * The cells shown whole wherever they stand (a key/value listing's value of `id`, `email`...),
   * by row and column index. Columns named as identifiers are shown whole anyway.
   */
  wholeCell?: (row: number, column: number) => boolean;
  /** Never leave a column out (a key/value listing has two): a line too long wraps instead. */
  keepColumns?: boolean;
  /**
   * On a terminal, a last-column value wider than its column goes on under it, line by line,
   * instead of being cut: a key/value listing is one record, whose values (a profile's text, what
   * a dry run would send) are read whole.
   */
  wrapLast?: boolean;
}

function tableText(
  rows: readonly JsonRecord[],
  columns: string[],
  options: OutputOptions,
  shape: TableShape = {},
): string {
  const cell = (row: JsonRecord, column: string) => {
    const text = plain(cellText(pick(row, column)));
    return options.tty ? humaneDate(text) : text;
  };
  const body = rows.map((row) => columns.map((column) => cell(row, column)));
  const header = columns.map((column) => plain(column.toUpperCase()));
  // Widths in terminal columns, not string length: CJK and emoji take two, combining marks none.
  const bodyWidths = body.map((line) => line.map((text) => displayWidth(text)));
  const natural = columns.map((_, i) =>
    Math.max(displayWidth(header[i] ?? ''), ...bodyWidths.map((line) => line[i] ?? 0)),
  );
  const floors = columns.map((column, i) => {
    if (ID_COLUMN.test(column)) return natural[i] ?? 0;
    const whole = bodyWidths.filter((_, row) => shape.wholeCell?.(row, i)).map((line) => line[i] ?? 0);
    return Math.min(natural[i] ?? 0, Math.max(NARROWEST, ...whole));
  });
  // On a terminal the other columns shrink first; columns still overflowing at their narrowest
  // are left out whole, the rightmost other than ids first, with a note, rather than wrapping
  // every line of the table.
  let shown = columns.map((_, i) => i);
  const total = options.tty ? options.width : undefined;
  const fitted = () =>
    total === undefined
      ? shown.map((i) => natural[i] ?? 0)
      : fitWidths(
          shown.map((i) => natural[i] ?? 0),
          total,
          shown.map((i) => floors[i] ?? 0),
        );
  let widths = fitted();
  const used = () => widths.reduce((a, b) => a + b, 0) + (widths.length - 1) * 2;
  while (total !== undefined && !shape.keepColumns && shown.length > 1 && used() > total) {
    const other = shown.findLast((i) => !ID_COLUMN.test(columns[i] ?? ''));
    shown = shown.filter((i) => i !== (other ?? shown[shown.length - 1]));
    widths = fitted();
  }
  const line = (cells: string[], row?: number) => {
    let more: string[] = [];
    const first = shown
      .map((column, i) => {
        const text = cells[column] ?? '';
        const width = widths[i] ?? 0;
        // A cell kept whole that is wider than its column (a narrow terminal) overflows it.
        const whole = row !== undefined && shape.wholeCell?.(row, column) === true;
        const last = i === shown.length - 1;
        if (last && (!options.tty || whole)) return text;
        if (last && shape.wrapLast && row !== undefined && displayWidth(text) > width) {
          const [head = '', ...rest] = wrapText(text, width);
          more = rest;
          return head;
        }
        return whole && displayWidth(text) > width ? text : fitText(text, width);
      })
      .join('  ')
      .trimEnd();
    const indent = ' '.repeat(widths.slice(0, -1).reduce((sum, width) => sum + width + 2, 0));
    return [first, ...more.map((part) => indent + part)].join('\n');
  };
  const lines = [options.colors.bold(line(header)), ...body.map((cells, row) => line(cells, row))];
  const hidden = header.filter((_, i) => !shown.includes(i));
  if (hidden.length > 0) {
    const note = (names: string) =>
      `${hidden.length} more column${hidden.length === 1 ? '' : 's'} not shown${names ? ` (${names})` : ''}: use --fields or -o json`;
    let names = hidden.join(', ');
    for (
      let keep = hidden.length - 1;
      keep >= 0 && displayWidth(note(names)) > (options.width ?? 0);
      keep -= 1
    )
      names = keep > 0 ? `${hidden.slice(0, keep).join(', ')}, …` : '';
    lines.push(options.colors.dim(note(names)));
  }
  return `${lines.join('\n')}\n`;
}

/** A list whose items are all records: shown as a table of its own under a record. */
function isRecordList(value: unknown): value is JsonRecord[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item));
}

/**
 * Prints one record. As a table: its scalar fields as a key/value listing, then each list of
 * records (a breakdown by religion, a user's images) as a titled table of its own, so nothing
 * is shown as raw JSON. csv: a header line and one line of values.
 */
export function printRecord(record: unknown, options: OutputOptions): void {
  const { format, fields } = options;
  checkFields([record], fields, [], options.changed ? options.warn : undefined);
  const write = dataWriter(options);
  if (format === 'json') write(`${JSON.stringify(select(record, fields), null, 2)}\n`);
  else if (format === 'ndjson') write(`${JSON.stringify(select(record, fields))}\n`);
  else if (format === 'csv') {
    const flat = flatten(record);
    const columns = columnsFor([flat], fields, []);
    write(`${csvLine(columns)}${csvLine(columns.map((column) => pick(flat, column)))}`);
  } else {
    const flat = flatten(record);
    const keys = fields && fields.length > 0 ? fields : Object.keys(flat);
    const parts: string[] = [];
    const scalars: JsonRecord[] = [];
    const lists: [string, JsonRecord[]][] = [];
    for (const key of keys) {
      const value = pick(flat, key) ?? pick(record, key);
      if (isRecordList(value)) lists.push([key, value]);
      else scalars.push({ field: key, value });
    }
    if (scalars.length > 0) {
      // An identifier's value (`id`, `keycloakId`, `email`, `user_info.username`) is never cut.
      const text = tableText(scalars, ['field', 'value'], options, {
        wholeCell: (row, column) => column === 1 && ID_COLUMN.test(String(scalars[row]?.field ?? '')),
        keepColumns: true,
        wrapLast: true,
      });
      // The header of a key/value listing says nothing; drop it.
      parts.push(text.slice(text.indexOf('\n') + 1));
    }
    for (const [key, items] of lists) {
      const rows = items.map((item) => flatten(item));
      parts.push(
        `${options.colors.bold(plain(key))}\n${tableText(rows, columnsFor(rows, undefined, []), options)}`,
      );
    }
    options.write(parts.join('\n'));
  }
}

export interface ListPrinter {
  /** Writes (or, for tables, keeps) one page of records. */
  write(records: readonly unknown[]): void;
  /** Finishes the output (the table, the closing bracket of a JSON array). */
  end(): void;
  /** A note on stderr, after the data. */
  info(message: string): void;
  /** A warning on stderr, after the data. */
  warn(message: string): void;
}

/** A printer of lists that may come page by page; `defaults` are the table's usual columns. */
export function listPrinter(options: OutputOptions, defaults: readonly string[] = []): ListPrinter {
  const { format, fields } = options;
  const write = dataWriter(options);
  let count = 0;
  let columns: string[] | undefined;
  const kept: JsonRecord[] = [];
  return {
    write(records) {
      if (count === 0) checkFields(records, fields, defaults);
      for (const record of records) {
        if (format === 'json') {
          write(`${count === 0 ? '[\n' : ',\n'}  ${JSON.stringify(select(record, fields))}`);
        } else if (format === 'ndjson') {
          write(`${JSON.stringify(select(record, fields))}\n`);
        } else if (format === 'csv') {
          const flat = flatten(record);
          if (!columns) {
            columns = columnsFor([flat], fields, defaults.length > 0 ? defaults : Object.keys(flat));
            write(csvLine(columns));
          }
          write(csvLine(columns.map((column) => pick(flat, column))));
        } else {
          kept.push(flatten(record));
        }
        count += 1;
      }
    },
    end() {
      if (format === 'json') write(count === 0 ? '[]\n' : '\n]\n');
      else if (format === 'csv' && !columns) {
        // An empty result still names its columns: a script reading the header finds them.
        const names = fields && fields.length > 0 ? fields : defaults;
        if (names.length > 0) write(csvLine(names));
      } else if (format === 'table') {
        if (kept.length === 0) {
          if (options.tty) write(`${options.colors.dim('(none)')}\n`);
          return;
        }
        write(tableText(kept, columnsFor(kept, fields, defaults), options));
      }
    },
    info: options.info,
    warn: options.warn,
  };
}

/** Prints a whole list at once. */
export function printList(
  records: readonly unknown[],
  options: OutputOptions,
  defaults: readonly string[] = [],
) {
  const printer = listPrinter(options, defaults);
  printer.write(records);
  printer.end();
}
