/**
 * The journal of a bulk run: append-only NDJSON, one line per finished row, appended in the
 * turn of the event loop the row finishes in, so a killed process loses at most the rows in flight.
 * On `--resume` and `--retry-failed` it is read back into two bitsets (done, failed) indexed by
 * input line, so resuming a million-row run costs a few hundred kilobytes.
 */
import {
  closeSync,
  constants,
  createReadStream,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { usageError } from '../exit';
import { isRecord, numberAt, stringAt } from '../guards';
import type { OpenJournal } from './journal-lock';

/** A growable set of non-negative integers. */
export class BitSet {
  #bits = new Uint8Array(1024);

  has(n: number): boolean {
    return ((this.#bits[n >> 3] ?? 0) & (1 << (n & 7))) !== 0;
  }

  set(n: number, on: boolean): void {
    const index = n >> 3;
    if (index >= this.#bits.length) {
      if (!on) return;
      const grown = new Uint8Array(Math.max(index + 1, this.#bits.length * 2));
      grown.set(this.#bits);
      this.#bits = grown;
    }
    const mask = 1 << (n & 7);
    this.#bits[index] = on ? (this.#bits[index] ?? 0) | mask : (this.#bits[index] ?? 0) & ~mask;
  }
}

/**
 * A 32-bit FNV-1a hash of a row's id: enough to see that a journaled line now holds another
 * user, in 4 bytes a line, so a million-row journal costs 4 MB, not the ids themselves.
 */
export function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The id hash recorded for each journaled line. */
export class LineIds {
  #hashes = new Uint32Array(1024);

  get(line: number): number | undefined {
    return line < this.#hashes.length ? this.#hashes[line] : undefined;
  }

  set(line: number, id: string): void {
    if (line >= this.#hashes.length) {
      const grown = new Uint32Array(Math.max(line + 1, this.#hashes.length * 2));
      grown.set(this.#hashes);
      this.#hashes = grown;
    }
    this.#hashes[line] = idHash(id);
  }
}

export interface JournalState {
  /** Lines whose last record is ok. */
  done: BitSet;
  /** Lines whose last record is failed. */
  failed: BitSet;
  /**
   * The id each journaled line had, to refuse resuming over an input that changed: a line
   * recorded ok must hold the same user (one recorded failed may hold a corrected one).
   */
  ids: LineIds;
  doneCount: number;
  failedCount: number;
  /**
   * The action of the run that wrote its first row record, from that run's header; undefined
   * while the journal records no row (a header alone, from an earlier version, binds nothing).
   */
  action: string | undefined;
  /** The options that decided its change (`--role Admin`), from the same header. */
  options: string[] | undefined;
  /** The column (`--column`) its ids were read from, from the same header. */
  column: string | undefined;
  /** The highest input line it records (0 for none). */
  lastLine: number;
  /** The highest input line it records as ok (0 for none). */
  lastOkLine: number;
  /**
   * The highest line recorded under a header without `"lines":"first"`: a version that numbered
   * a CSV row over several lines by its last line, not its first (0 for none).
   */
  legacyLastLine: number;
  records: number;
}

/** How this version numbers rows, said in each run's header: by the line a row starts on. */
const LINES = 'first';

const damaged = (path: string, line: number) =>
  usageError(`Journal ${path} is damaged at line ${line}: it is not JSON`);

/**
 * Reads the journal at `path`; a real run reads the one it holds (`open`, its descriptor), so the
 * file it locked is the file it reads.
 */
export async function readJournal(path: string, open?: OpenJournal): Promise<JournalState> {
  const state: JournalState = {
    done: new BitSet(),
    failed: new BitSet(),
    ids: new LineIds(),
    doneCount: 0,
    failedCount: 0,
    action: undefined,
    options: undefined,
    column: undefined,
    lastLine: 0,
    lastOkLine: 0,
    legacyLastLine: 0,
    records: 0,
  };
  if (!open && !existsSync(path)) return state;
  const input = open ? createReadStream(path, { fd: sameFileFd(path, open) }) : createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    return await readRecords(path, lines, state);
  } finally {
    // Stopped at damage, the stream may still be reading: it is closed, and its descriptor with
    // it, before this returns.
    lines.close();
    input.destroy();
    await finished(input).catch(() => undefined);
  }
}

/**
 * A descriptor of its own for reading the journal a run holds: the lock's stays open for the
 * writer (a stream closes the descriptor it reads when it is destroyed, whatever `autoClose`
 * says). It must be the very file the lock holds, not one put at the path since.
 */
function sameFileFd(path: string, open: OpenJournal): number {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  const read = fstatSync(fd);
  const held = fstatSync(open.fd);
  if (read.dev === held.dev && read.ino === held.ino) return fd;
  closeSync(fd);
  throw usageError(`Journal ${path} was replaced by another file as this run locked it: run again`);
}

/** The records of a journal's lines into `state`; damage throws. */
async function readRecords(
  path: string,
  lines: AsyncIterable<string>,
  state: JournalState,
): Promise<JournalState> {
  let number = 0;
  let torn: number | undefined;
  /** The last run header read: the first row record belongs to its run. */
  let run: Pick<JournalState, 'action' | 'options' | 'column'> = {
    action: undefined,
    options: undefined,
    column: undefined,
  };
  let legacy = true;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      // A torn line (a kill or a full disk in the middle of a write) can only end a run: it is
      // ignored at the end of the file or just before the next run's header.
      if (torn !== undefined) throw damaged(path, torn);
      torn = number;
      continue;
    }
    const header = stringAt(record, 'type') === 'run';
    if (torn !== undefined && !header) throw damaged(path, torn);
    torn = undefined;
    if (header) {
      legacy = stringAt(record, 'lines') !== LINES;
      const options = isRecord(record) ? record.options : undefined;
      run = {
        action: stringAt(record, 'action'),
        options: Array.isArray(options) && options.every((o) => typeof o === 'string') ? options : undefined,
        column: stringAt(record, 'column'),
      };
      // Headers of versions that did not record options (or the column) have none: the first
      // later header that has them decides (a journal begun by an older version, resumed by this).
      if (state.records > 0) {
        state.action ??= run.action;
        state.options ??= run.options;
        state.column ??= run.column;
      }
      continue;
    }
    const line = numberAt(record, 'line');
    const status = stringAt(record, 'status');
    // A row that failed before it had a usable id (empty, not text, the admin's own) is recorded
    // with the id "": that is a failed record like any other, not damage.
    const id =
      stringAt(record, 'id') ??
      (isRecord(record) && record.id === '' && status === 'failed' ? '' : undefined);
    // Input lines are whole numbers from 2 (a CSV's header is line 1; NDJSON starts at 1).
    if (line === undefined || !Number.isSafeInteger(line) || line < 1 || id === undefined) {
      throw usageError(
        `Journal ${path} line ${number} is not a journal record: it needs a whole 'line' and an 'id'`,
      );
    }
    if (status !== 'ok' && status !== 'failed') {
      throw usageError(
        `Journal ${path} line ${number} is not a journal record: 'status' must be ok or failed`,
      );
    }
    if (state.records === 0) {
      state.action = run.action;
      state.options = run.options;
      state.column = run.column;
    }
    state.records += 1;
    state.lastLine = Math.max(state.lastLine, line);
    if (legacy) state.legacyLastLine = Math.max(state.legacyLastLine, line);
    if (status === 'ok') state.lastOkLine = Math.max(state.lastOkLine, line);
    state.ids.set(line, id);
    const wasDone = state.done.has(line);
    const wasFailed = state.failed.has(line);
    state.done.set(line, status === 'ok');
    state.failed.set(line, status === 'failed');
    state.doneCount += (status === 'ok' ? 1 : 0) - (wasDone ? 1 : 0);
    state.failedCount += (status === 'failed' ? 1 : 0) - (wasFailed ? 1 : 0);
  }
  return state;
}

function endsWithNewline(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

export interface JournalEntry {
  line: number;
  id: string;
  status: 'ok' | 'failed';
  error?: string;
  attempts?: number;
}

/**
 * Appends with group commit: rows that finish in the same turn of the event loop are written
 * together by one write at the end of that turn (setImmediate), never later. A kill can only
 * lose rows whose answers arrived in that same instant, which were in flight a moment before.
 *
 * The run's header goes in with its first row record: a run that records no row (its input
 * failed its check before the first row, a signal came first, every row was done already)
 * leaves the journal as it found it, and one it created is removed (by `lockJournal`'s release),
 * so that nothing binds the next run to this one's options.
 *
 * A write that fails (a full disk, a file-size limit, an I/O error) is not thrown from the timer
 * that flushes, which would kill the run with its rows in flight and its lock left behind: the
 * writer stops writing and tells `onError` once, and the run stops taking rows.
 */
export class JournalWriter {
  readonly #fd: number;
  #header: object | undefined;
  #closed = false;
  /** The lines of this turn, and how many of them are row records (not the run's header). */
  #pending = '';
  #pendingRows = 0;
  #scheduled: NodeJS.Immediate | undefined;
  /** When the rows of this turn finished: one clock reading a turn, not one a row. */
  #at = '';
  /** The write that failed, once one has: nothing more is written. */
  #failure: { error: unknown } | undefined;
  /** Row records not written since a write failed (those pending then, and every later one). */
  #unwritten = 0;

  constructor(
    journal: OpenJournal,
    run: { action: string; options: string[]; column: string; input: string },
    private readonly onError: (error: unknown) => void,
  ) {
    // Opened (and locked) before the run read it, so a journal that cannot be written stopped
    // the run before any row was sent; the lock's release closes it.
    this.#fd = journal.fd;
    this.#header = {
      type: 'run',
      ...run,
      lines: LINES,
      pid: process.pid,
      started_at: new Date().toISOString(),
    };
  }

  record(entry: JournalEntry): void {
    if (this.#closed) return;
    if (this.#failure) {
      this.#unwritten += 1;
      return;
    }
    if (this.#header) {
      const header = this.#header;
      this.#header = undefined;
      // An earlier run's torn last record must stay a line of its own, not swallow this header.
      if (!this.#write(() => endsWithNewline(this.#fd) || writeSync(this.#fd, '\n') > 0)) {
        this.#unwritten += 1;
        return;
      }
      this.#schedule();
      this.#pending += `${JSON.stringify(header)}\n`;
    }
    this.#schedule();
    // The entry with its time last, as `{ ...entry, at }` would print it, without that copy.
    this.#pending += `${JSON.stringify(entry).slice(0, -1)},"at":"${this.#at}"}\n`;
    this.#pendingRows += 1;
  }

  /** Row records lost to a failed write: rows done (or failed) that a resume will run again. */
  get unwritten(): number {
    return this.#unwritten;
  }

  /** The write that failed, if one has. */
  get failure(): { error: unknown } | undefined {
    return this.#failure;
  }

  /** Sets the turn's write (and its time) going, at the first record of a turn. */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = setImmediate(() => this.flush());
    this.#at = new Date().toISOString();
  }

  /** Runs one write; a failure stops the writer and is told to `onError`, once. */
  #write(write: () => unknown): boolean {
    if (this.#failure) return false;
    try {
      write();
      return true;
    } catch (error) {
      this.#failure = { error };
      this.onError(error);
      return false;
    }
  }

  /** Writes what is pending now (also on close, SIGINT and before exit). */
  flush(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    if (this.#pending === '') return;
    const pending = this.#pending;
    const rows = this.#pendingRows;
    this.#pending = '';
    this.#pendingRows = 0;
    if (!this.#write(() => writeSync(this.#fd, pending))) this.#unwritten += rows;
  }

  /** Writes what is pending and syncs it; a journal left empty is removed with the lock. */
  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    this.#write(() => fsyncSync(this.#fd));
  }
}
