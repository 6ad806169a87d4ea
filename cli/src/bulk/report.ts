/**
 * The outcome of a bulk run: the failures file (rows that failed, in the input's own format plus
 * an error column, so it can be fed back as input), the summary line and the `--report` JSON.
 * Neither is written through a symlink (see `openOutput`), and an error writing either never
 * stops the run: the journal is its record.
 */
import { existsSync, fstatSync, lstatSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { formulaAsText } from '../output';
import { closeOutput, openOutput, ownDescriptor } from './paths';
import type { Counts } from './progress';
import type { InputFormat, InputRow, InputSource } from './reader';

/** `<dir>/<name>.<action>.<suffix>` beside the input; in the working directory for stdin or a pipe. */
export function besideInput(source: InputSource, action: string, suffix: string): string {
  if (source.path === '-') return `stdin.${action}.${suffix}`;
  const ext = extname(source.path);
  const name = `${basename(source.path, ext)}.${action}.${suffix}`;
  // A pipe or a device (`-i <(zcat spam.csv.gz)` is /dev/fd/63) has no folder to write beside:
  // its files go in the working directory, like stdin's.
  return source.once ? name : join(dirname(source.path), name);
}

export const ERROR_COLUMN = 'error';

/**
 * The key of an NDJSON failures record that keeps a line that was no row (not JSON, or JSON but
 * not an object): `{"input_line":{"number":4,"text":"[1]"},"error":"not a JSON object"}`. Fed back
 * as input it fails again whatever `--column` names: its one other key is the error, whose text
 * is no id, and this one holds an object.
 */
export const INPUT_LINE_KEY = 'input_line';

/** What went wrong writing an output file, in words for the operator. */
export const writeProblem = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class FailuresWriter {
  #fd: number | undefined;
  #count = 0;
  #error: string | undefined;
  #gone: 'removed' | 'replaced' | undefined;

  constructor(
    readonly path: string,
    readonly format: InputFormat,
    /** The input's CSV columns, known once its header is read. */
    readonly columns: () => string[],
    /** Keep the failures of an earlier run (--resume) rather than starting the file afresh. */
    readonly append: boolean,
    /** Told once, when the file cannot be written: the run goes on without it. */
    readonly onError: (message: string) => void = () => {},
  ) {}

  /** The rows written to the file. */
  get count(): number {
    return this.#count;
  }

  /** Why the file could not be written (it misses rows from then on), if it could not. */
  get error(): string | undefined {
    return this.#error;
  }

  /** What went wrong with the file, in words after its name (told above), if anything did. */
  get trouble(): string | undefined {
    if (this.#gone) return `was ${this.#gone} during the run`;
    return this.#error === undefined ? undefined : 'could not be written';
  }

  /** Whether the file holds this run's failed rows: some were written, and it is still there. */
  get written(): boolean {
    return this.#count > 0 && this.#gone === undefined;
  }

  #open(): number {
    if (this.#fd !== undefined) return this.#fd;
    const fresh = !this.append || !existsSync(this.path) || statSync(this.path).size === 0;
    this.#fd = openOutput(this.path, !fresh);
    if (fresh && this.format === 'csv') writeSync(this.#fd, stringify([[...this.#columns(), ERROR_COLUMN]]));
    return this.#fd;
  }

  #columns(): string[] {
    return this.columns().filter((column) => column !== ERROR_COLUMN);
  }

  #failed(error: unknown): void {
    if (this.#error !== undefined) return;
    this.#error = writeProblem(error);
    this.onError(
      `Warning: could not write the failures file ${this.path} (--failures): ${this.#error}. The run goes on; the journal records every failed row: rerun them with --retry-failed`,
    );
  }

  #lost(how: 'removed' | 'replaced'): void {
    const rows = this.#count === 1 ? 'the failed row' : `the ${this.#count} failed rows`;
    const now = how === 'removed' ? 'no file is there now' : 'the file there now is not the one written';
    this.onError(
      `Warning: the failures file ${this.path} was ${how} during the run (--failures): ${rows} written to it are not there (${now}). The journal records every failed row: rerun them with --retry-failed`,
    );
  }

  /**
   * Appends a failed row; an error writing (a full disk, a folder removed) is told once and the
   * file is left as it is, never thrown into the run.
   */
  write(row: InputRow, error: string): void {
    if (this.#error !== undefined) return;
    try {
      writeSync(this.#open(), this.#line(row, error));
      this.#count += 1;
    } catch (caught) {
      this.#failed(caught);
    }
  }

  #line(row: InputRow, error: string): string {
    if (this.format === 'ndjson') {
      const record =
        row.text === undefined
          ? { ...row.values, [ERROR_COLUMN]: error }
          : { [INPUT_LINE_KEY]: { number: row.line, text: row.text }, [ERROR_COLUMN]: error };
      return `${JSON.stringify(record)}\n`;
    }
    // The input's cells stay as they were, so the file feeds back as input naming the same users
    // (formulas included: it is to be opened as text). Only the error the CLI adds, which can
    // hold a server's message, is made text for a spreadsheet.
    const cells = this.#columns().map((column) => {
      const value = row.values[column];
      return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    });
    return stringify([[...cells, formulaAsText(this.#whereUnread(row, error))]]);
  }

  /**
   * A malformed CSV row has no cells to write (which text belongs to which column cannot be told),
   * so its error says where it was: its line and the id cell read before the break. Fed back, the
   * empty id still fails the row, as it should until it is mended.
   */
  #whereUnread(row: InputRow, error: string): string {
    if (Object.keys(row.values).length > 0) return error;
    const id = row.idCell === undefined ? '' : ` (id cell ${row.idCell})`;
    return `line ${row.line} of the input${id}: ${error}`;
  }

  /** Closes the file; a fresh run without failures leaves no stale file of an earlier run. */
  close(): void {
    try {
      if (this.#fd !== undefined) {
        if (this.#error === undefined) this.#gone = goneFrom(this.path, this.#fd);
        closeOutput(this.path, this.#fd);
        if (this.#gone) this.#lost(this.#gone);
      }
      // Only a regular file can be an earlier run's failures: never a symlink, a device or a pipe.
      else if (!this.append && isRegularFile(this.path)) rmSync(this.path);
    } catch (error) {
      this.#failed(error);
    }
  }
}

/**
 * Whether the file open as `fd` is no longer the one at `path`: its folder or the file was removed
 * (the rows went to a file no name leads to, without an error) or another file took its place.
 */
function goneFrom(path: string, fd: number): 'removed' | 'replaced' | undefined {
  if (ownDescriptor(path) !== undefined) return undefined;
  const open = fstatSync(fd);
  if (!open.isFile()) return undefined;
  try {
    const now = statSync(path);
    return now.dev === open.dev && now.ino === open.ino ? undefined : 'replaced';
  } catch {
    return 'removed';
  }
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The failures file of a `--retry-failed` run. The earlier runs' file lists every row the journal
 * records as failed, so it is replaced only by a run that reran all of them (`finish(true)`: its
 * input reached each one and nothing stopped it). Until then this run's failures go to
 * `<file>.retry`, renamed over the file at the end (or the file is removed, when no row failed
 * again). A run that changed nothing, or stopped part way, leaves the file as it was, with the
 * rows that failed for the first time in this run (`--resume --retry-failed` also runs rows never
 * run) appended: every row still failed stays listed. A failures "file" that is a pipe or a
 * device (`/dev/null`) is written as it goes, as in any other run.
 */
export class RetryFailures {
  /** This run's failures (all of them), in `<file>.retry`; the file itself when it is a stream. */
  readonly #next: FailuresWriter;
  /** The rows failed for the first time, appended to the earlier file (unless it is a stream). */
  readonly #added: FailuresWriter | undefined;
  readonly #temporary: string | undefined;
  #error: string | undefined;

  constructor(
    readonly path: string,
    format: InputFormat,
    columns: () => string[],
    /** Whether the journal recorded the row of this line as failed before this run. */
    readonly failedBefore: (line: number) => boolean,
    readonly onError: (message: string) => void = () => {},
  ) {
    const stream = existsSync(path) && !isRegularFile(path);
    this.#temporary = stream ? undefined : `${path}.retry`;
    this.#next = new FailuresWriter(this.#temporary ?? path, format, columns, false, onError);
    this.#added = stream ? undefined : new FailuresWriter(path, format, columns, true, onError);
    // One left by a run that was killed is no file of this run; a link there is removed, not
    // followed, and a file with other names (hard links) is not truncated under them.
    try {
      if (this.#temporary && !lstatSync(this.#temporary).isDirectory()) rmSync(this.#temporary);
    } catch {
      // Nothing there (or nothing to remove): the first failure creates it, or says why it cannot.
    }
  }

  /** The rows that failed in this run. */
  get count(): number {
    return this.#next.count;
  }

  get error(): string | undefined {
    return this.#next.error ?? this.#added?.error ?? this.#error;
  }

  /** What went wrong with the files, in words after the failures file's name, if anything did. */
  get trouble(): string | undefined {
    return this.#next.trouble ?? this.#added?.trouble ?? (this.#error ? 'could not be written' : undefined);
  }

  /** Whether this run's failed rows are in the files, and they are still there. */
  get written(): boolean {
    return this.#next.count > 0 && this.trouble === undefined;
  }

  write(row: InputRow, error: string): void {
    this.#next.write(row, error);
    if (!this.failedBefore(row.line)) this.#added?.write(row, error);
  }

  close(): void {
    this.#added?.close();
    this.#next.close();
  }

  /**
   * After `close`: `complete` when the run reran every row recorded as failed, which makes this
   * run's failures the file; otherwise the file stays (with the rows added) and `.retry` goes.
   */
  finish(complete: boolean): void {
    const temporary = this.#temporary;
    if (temporary === undefined) return;
    try {
      if (!complete || this.error !== undefined) {
        if (isRegularFile(temporary)) rmSync(temporary);
      } else if (this.#next.count > 0) renameSync(temporary, this.path);
      else if (isRegularFile(this.path)) rmSync(this.path);
    } catch (error) {
      this.#error = writeProblem(error);
      this.onError(
        `Warning: could not replace the failures file ${this.path} (--failures) with this run's failures: ${this.#error}. The journal records every failed row: rerun them with --retry-failed`,
      );
    }
  }
}

export interface RunReport {
  action: string;
  input: string;
  journal: string | null;
  failures_file: string | null;
  dry_run: boolean;
  interrupted: boolean;
  ok: number;
  failed: number;
  skipped: number;
  /** Of the skipped rows, those whose user an earlier row already has. */
  repeated: number;
  elapsed_ms: number;
  rows_per_second: number;
  started_at: string;
  finished_at: string;
}

export function buildReport(
  fields: Omit<RunReport, 'ok' | 'failed' | 'skipped' | 'rows_per_second' | 'finished_at'>,
  counts: Counts,
): RunReport {
  const processed = counts.ok + counts.failed;
  return {
    ...fields,
    ...counts,
    rows_per_second: fields.elapsed_ms > 0 ? Math.round((processed / fields.elapsed_ms) * 1000 * 10) / 10 : 0,
    finished_at: new Date().toISOString(),
  };
}

export const rows = (n: number): string => `${n} ${n === 1 ? 'row' : 'rows'}`;

export function summaryLine(report: RunReport): string {
  const seconds = (report.elapsed_ms / 1000).toFixed(1);
  const skipped = `${report.skipped} skipped${report.repeated > 0 ? ` (${report.repeated} repeating an earlier row)` : ''}`;
  if (report.dry_run) {
    return `${report.action} (dry run, nothing sent): ${rows(report.ok)} would change, ${skipped}, ${report.failed} invalid`;
  }
  const stopped = report.interrupted ? ', interrupted' : '';
  return `${report.action}: ${report.ok} ok, ${skipped}, ${report.failed} failed in ${seconds} s (${report.rows_per_second} rows/s)${stopped}`;
}

/** Writes the `--report` JSON; throws what went wrong (the run reports it). */
export function writeReport(path: string, report: RunReport): void {
  const fd = openOutput(path, false);
  try {
    writeSync(fd, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    closeOutput(path, fd);
  }
}
