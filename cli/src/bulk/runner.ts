/**
 * Runs a bulk action over an input: checks the whole file first (so a file that cannot be read
 * stops before any request), then streams its rows through a bounded pool, journals each
 * finished row, writes failures as they happen, and reports. SIGINT (through `RunControl`)
 * stops taking rows and lets the ones in flight finish; a second one aborts them.
 */
import { setMaxListeners } from 'node:events';
import {
  isAbortedError,
  isHttpError,
  isNotLoggedInError,
  isSuspendedError,
  type MatchmakerClient,
} from '@matchmaker/sdk';
import { describeError, type RunFacts } from '../errors';
import { CliError, EXIT, usageError } from '../exit';
import type { Io } from '../io';
import type { ListPrinter } from '../output';
import { MAX_RETRY_AFTER_MS } from '../retry-policy';
import { type BulkAction, type Plan, RowError } from './actions';
import { Pacer, Pool, StoppedWaiting, waitUnlessStopped } from './flow';
import { BitSet, idHash, type JournalState, JournalWriter, lockJournal, readJournal } from './journal';
import { checkRunPaths } from './paths';
import { type Counts, RunNotes, startProgress } from './progress';
import {
  type CsvHeader,
  displayName,
  InputBrokenError,
  type InputRow,
  type InputSource,
  readRows,
} from './reader';
import { SeenIds } from './repeats';
import {
  buildReport,
  FailuresWriter,
  RetryFailures,
  type RunReport,
  rows,
  summaryLine,
  writeProblem,
  writeReport,
} from './report';
import { untilStopped } from './until-stopped';

export class RunControl {
  readonly #abort = new AbortController();
  readonly #stop = new AbortController();
  #failure: unknown;
  #sending = false;
  #notes: RunNotes | undefined;

  constructor() {
    // Every row in flight listens on the run's signal, and every row waiting to be sent again on
    // the stop signal (each stops listening when it goes on): more than Node's default of 10 is
    // expected, not a leak.
    setMaxListeners(0, this.#abort.signal, this.#stop.signal);
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Aborted by the first stop: ends what waits before any row is sent (the confirmation). */
  get stopSignal(): AbortSignal {
    return this.#stop.signal;
  }

  get stopping(): boolean {
    return this.#stop.signal.aborted;
  }

  stop(): void {
    this.#stop.abort();
  }

  /** Stops the run (as `stop`) because of `error`, which the run ends with. */
  fail(error: unknown): void {
    this.#failure ??= error;
    this.stop();
  }

  /** Whether a row has been sent: until then a stop ends the run at once, with nothing changed. */
  get sending(): boolean {
    return this.#sending;
  }

  startSending(): void {
    this.#sending = true;
  }

  /** Where the run says things (set by the run): above its progress bar while it shows one. */
  useNotes(notes: RunNotes): void {
    this.#notes = notes;
  }

  /** Runs `write` (whole lines on stderr, such as a warning) where the run says things. */
  say(write: () => void): void {
    if (this.#notes) this.#notes.above(write);
    else write();
  }

  /** Why the run was stopped, when something other than a signal stopped it. */
  get failure(): unknown {
    return this.#failure;
  }

  abort(): void {
    this.stop();
    this.#abort.abort();
  }
}

export interface RunSpec {
  io: Io;
  action: BulkAction;
  source: InputSource;
  idColumn: string;
  concurrency: number;
  rate: number | undefined;
  dryRun: boolean;
  validateOnly: boolean;
  resume: boolean;
  retryFailed: boolean;
  journalPath: string;
  failuresPath: string;
  reportPath: string | undefined;
  /**
   * The client for a real run (absent for --dry-run and --validate-only), made with the run's
   * retry policy and its pause while a Retry-After holds (`pauseHooks`): the SDK retries a row.
   */
  client: MatchmakerClient | undefined;
  /** Where --dry-run prints the planned changes. */
  printer: ListPrinter | undefined;
  control: RunControl;
  /**
   * Confirmation of a real run, once the input is known to be readable; `signal` withdraws it.
   * `rows`: those it will run (not those --resume or --retry-failed leave), unknown for stdin.
   */
  confirm: (rows: number | undefined, signal: AbortSignal) => Promise<void>;
  /** Plain progress line interval (tests shorten it). */
  progressIntervalMs?: number;
  /** The profile and credential in use, for the message of a session that ends mid-run. */
  facts?: RunFacts;
}

const MAX_LISTED_PROBLEMS = 20;

function planOf(action: BulkAction, row: InputRow): Plan | string {
  if (row.error) return row.error;
  try {
    return action.plan(row.values);
  } catch (error) {
    if (error instanceof RowError) return error.message;
    throw error;
  }
}

/**
 * Reads the whole input once: whole-file problems throw, bad rows are counted and listed. Two
 * rows giving one user different changes stop the run here, before anything is sent: no order of
 * them is right, and applying either would be a guess.
 */
async function validate(
  spec: RunSpec,
  journal: JournalState | undefined,
): Promise<{ rows: number; wanted: number; invalid: number; repeated: number }> {
  let count = 0;
  /** The rows the run will take (--resume and --retry-failed leave some to the journal). */
  let taken = 0;
  let invalid = 0;
  let repeated = 0;
  let conflicts = 0;
  // Only rows that can ask for different changes (set-email) keep a table of ids here, to find
  // conflicts before anything is sent: other repeats are harmless, the run skips them as it goes,
  // and a check of a million-row file stays in flat memory.
  const seen = spec.action.changePerRow ? new SeenIds(true, spec.action.namesUsers) : undefined;
  for await (const row of readRows(spec.source, spec.idColumn)) {
    // Stopped during the first pass: a large file is not read to its end first.
    if (spec.control.stopping) throw interruptedBeforeStart();
    count += 1;
    const plan = planOf(spec.action, row);
    if (journal) {
      const moved = movedRow(journal, row, plan, spec);
      if (moved) throw moved;
      if (wanted(journal, row.line, spec)) taken += 1;
    }
    let problem = typeof plan === 'string' ? plan : undefined;
    const earlier = typeof plan === 'string' || !seen ? 'first' : seen.see(plan, row.line);
    if (earlier === 'repeat') repeated += 1;
    else if (earlier === 'conflict' && seen) {
      conflicts += 1;
      problem = seen.problem;
    }
    if (problem === undefined) continue;
    invalid += 1;
    // --validate-only lists every problem; a run lists only the conflicts, which stop it below.
    const listed = spec.validateOnly ? invalid : problem === plan ? undefined : conflicts;
    if (listed !== undefined && listed <= MAX_LISTED_PROBLEMS)
      spec.io.stderr.write(`line ${row.line}: ${problem}\n`);
  }
  const stop = seen?.stopMessage(displayName(spec.source), spec.idColumn);
  if (stop !== undefined) {
    if (!spec.validateOnly) throw usageError(stop);
    spec.io.stderr.write(`${stop}\n`);
  }
  return { rows: count, wanted: taken, invalid, repeated };
}

/**
 * A row of --dry-run's data: every row is listed, so a script reading it sees the invalid rows
 * and the repeats too, not only the changes. An invalid row has the id as the input gave it.
 */
function planned(
  spec: RunSpec,
  row: InputRow,
  plan: Plan | string,
  status: 'would change' | 'invalid' | 'repeat',
  reason: string | null,
) {
  const given = row.values[spec.idColumn] ?? row.idCell;
  const id =
    typeof plan !== 'string'
      ? plan.id
      : typeof given === 'string' || typeof given === 'number'
        ? String(given)
        : null;
  const change = typeof plan === 'string' ? null : plan.change;
  return { line: row.line, id, action: spec.action.name, change, status, reason };
}

function repeatMessage(plan: Plan): string {
  return `user ${plan.id} repeats an earlier row: skipped`;
}

/** The options that finish a run stopped part way: a retry of failures is finished by another. */
function finishedBy(spec: RunSpec): string {
  return spec.retryFailed ? `${spec.resume ? '--resume ' : ''}--retry-failed` : '--resume';
}

/** A journal that stopped taking records mid-run (a full disk, a file-size limit, an I/O error). */
function journalNotWritten(spec: RunSpec, error: unknown, unwritten: number): CliError {
  const again = finishedBy(spec);
  const lost =
    unwritten > 0
      ? `${rows(unwritten)} finished after that ${unwritten === 1 ? 'is' : 'are'} not recorded and will be sent again by ${again}`
      : 'every row that finished is recorded';
  return new CliError(
    `Could not write the journal ${spec.journalPath} (${writeProblem(error)}): the run stopped taking rows and let those in flight finish; ${lost}. Make room (or fix the file system) and run again with ${again}`,
    EXIT.error,
    'JOURNAL_NOT_WRITTEN',
  );
}

function interruptedBeforeStart(): CliError {
  return new CliError(
    'Interrupted before any row was sent: nothing changed',
    EXIT.interrupted,
    'INTERRUPTED',
  );
}

/**
 * An error that stopped a real run part way (the session ended: `matchmaker logout` elsewhere,
 * a revoked token): says what it means for the run and how to finish it.
 */
function stoppedPartWay(error: unknown, spec: RunSpec): CliError {
  const described = describeError(error, spec.facts);
  return new CliError(
    `${described.message}. The run stopped part way: the rows done are in the journal ${spec.journalPath}, which is up to date; once signed in, run it again with ${finishedBy(spec)} to finish it`,
    described.exitCode,
    described.code,
  );
}

/**
 * A row the run's stop left unsent (neither done nor failed, for --resume): stopped in a wait of
 * the run's (the pause, the pacer) or of the SDK's retries (its AbortedError, the run's abort
 * signal not fired), or refused with a Retry-After longer than a run waits, which stops the run.
 */
function waiting(error: unknown, signal: AbortSignal): boolean {
  if (error instanceof StoppedWaiting) return true;
  if (isAbortedError(error)) return !signal.aborted;
  return isHttpError(error) && (error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS;
}

/** An error that every further row would meet too: the run stops. */
function isFatal(error: unknown): boolean {
  return isNotLoggedInError(error) || isSuspendedError(error) || (isHttpError(error) && error.status === 401);
}

/**
 * Resuming by line number over an input whose journaled lines now hold other users would skip
 * rows never applied and apply others again: such a line stops the run.
 */
function movedRow(journal: JournalState, row: InputRow, plan: Plan | string, spec: RunSpec) {
  if (!spec.resume && !spec.retryFailed) return undefined;
  if (row.legacyLine !== undefined && row.legacyLine !== row.line && row.line <= journal.legacyLastLine) {
    const lines = row.legacyLine > row.line ? `lines ${row.line}-${row.legacyLine}` : `line ${row.line}`;
    return usageError(
      `Journal ${spec.journalPath} was written by an earlier version of matchmaker, which numbered a row by the line it ends on; this version numbers it by the line it starts on, and the row at ${lines} of ${displayName(spec.source)} spans several lines (a quoted cell with a line break), so the journal's records cannot be matched to the rows. Finish that run with the version that started it, or start over with a new --journal (the rows it applied are sent again)`,
    );
  }
  // Only a line recorded ok binds its user. A row that failed was not applied (a typo'd id the
  // API did not find, a row the CLI refused before sending, an empty id): its line may hold the
  // row corrected, and running that applies nothing twice. An input that moved shows at its lines
  // recorded ok, which a file's first pass checks before anything is sent (stdin: `correction`).
  if (!journal.done.has(row.line)) return undefined;
  const id = typeof plan === 'string' ? '' : plan.id;
  if (journal.ids.get(row.line) === idHash(id)) return undefined;
  const what = id ? `user ${id}` : 'a row without a usable id';
  return usageError(
    `line ${row.line} of ${displayName(spec.source)} is ${what}, but the journal ${spec.journalPath} recorded another user on that line as done: the input changed since that run (a row that failed may be corrected in place; one done may not). Resume with the input the journal was written for, or start over with a new --journal`,
  );
}

/**
 * A line recorded as failed that holds another row now, read from an input read once (stdin)
 * with lines recorded ok after it: a correction only if those still hold their users, which is
 * known once they are read, so it is sent after them, at the end of the input.
 */
function correction(journal: JournalState, row: InputRow, plan: Plan): boolean {
  return (
    journal.failed.has(row.line) &&
    row.line < journal.lastOkLine &&
    journal.ids.get(row.line) !== idHash(plan.id)
  );
}

/** `lines 3, 7 and 9`, the first 20 of them. */
function linesText(lines: number[], total: number): string {
  const listed = lines.slice(0, MAX_LISTED_PROBLEMS);
  const more = total > listed.length ? ` and ${total - listed.length} more` : '';
  if (listed.length === 1 && more === '') return `line ${listed[0]}`;
  const last = more === '' ? listed.pop() : undefined;
  return `lines ${listed.join(', ')}${last === undefined ? more : ` and ${last}`}`;
}

/**
 * A journal with row records binds the runs that go on with it to its run's action, options and
 * id column: its rows were done with those, and a row is known by its line and its id. One that
 * records no row (readJournal leaves them undefined) binds nothing: there is no run to finish.
 */
function sameRun(journal: JournalState, spec: RunSpec): void {
  if (journal.action !== undefined && journal.action !== spec.action.name) {
    throw usageError(
      `Journal ${spec.journalPath} belongs to a '${journal.action}' run, not '${spec.action.name}'`,
    );
  }
  if (journal.options !== undefined && !sameOptions(journal.options, spec.action.options)) {
    const typed = (options: string[]) =>
      options.length > 0 ? options.map(shellWord).join(' ') : 'no options';
    const theirs = typed(journal.options);
    throw usageError(
      `Journal ${spec.journalPath} records ${rows(journal.records)} of a '${spec.action.name}' run with ${theirs}, and this run has ${typed(spec.action.options)}: the rows of one journal must all get the same change. For a new run, give it a new --journal; only to finish that earlier run, run it again with its own input and ${theirs}, which makes that change (${theirs}) to every row it has not done`,
    );
  }
  if (journal.column !== undefined && journal.column !== spec.idColumn) {
    throw usageError(
      `Journal ${spec.journalPath} records ${rows(journal.records)} of a run that read its ids from --column ${shellWord(journal.column)}, and this run has --column ${shellWord(spec.idColumn)}: the journal knows its rows by the ids of that column. Run it again with --column ${shellWord(journal.column)}, or start over with a new --journal`,
    );
  }
}

const sameOptions = (a: string[], b: string[]) =>
  a.length === b.length && a.every((option, i) => option === b[i]);

/** An option or value as it would be typed in a shell. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;

function wanted(journal: JournalState, line: number, spec: RunSpec): boolean {
  if (spec.retryFailed && spec.resume) return !journal.done.has(line);
  if (spec.retryFailed) return journal.failed.has(line);
  if (spec.resume) return !journal.done.has(line) && !journal.failed.has(line);
  return true;
}

export async function runBulk(spec: RunSpec): Promise<RunReport> {
  const real = !spec.dryRun && !spec.validateOnly;
  checkRunPaths({
    input: spec.source.path,
    journal: spec.validateOnly ? undefined : spec.journalPath,
    journalWritten: real,
    failures: real ? spec.failuresPath : undefined,
    report: spec.reportPath,
    dataOnStdout: spec.printer !== undefined,
  });
  // Only a real run writes the journal; one run at a time may, from reading it to its last record.
  const notes = new RunNotes(spec.io.stderr);
  spec.control.useNotes(notes);
  if (!real) return run(spec, notes);
  const release = await lockJournal(spec.journalPath, {
    warn: (text) => notes.say(text),
    onLost: (error) => spec.control.fail(error),
  });
  try {
    return await run(spec, notes);
  } finally {
    await release();
  }
}

async function run(spec: RunSpec, notes: RunNotes): Promise<RunReport> {
  const { io, action, source } = spec;
  const name = displayName(source);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  // Read first, so that resuming over a changed input stops before anything is sent.
  const journal = spec.validateOnly ? undefined : await readJournal(spec.journalPath);
  if (journal) sameRun(journal, spec);
  // stdin (or a pipe) can be read once only: it is checked row by row as it runs.
  const checked = source.once && !spec.validateOnly ? undefined : await validate(spec, journal);
  if (spec.validateOnly && checked) {
    const repeats =
      checked.repeated > 0 ? `, ${checked.repeated} repeating an earlier row's user (a run skips them)` : '';
    io.stderr.write(`${name}: ${rows(checked.rows)}, ${checked.invalid} invalid${repeats}\n`);
    if (checked.invalid > 0)
      throw usageError(`${name} has ${rows(checked.invalid)} that cannot be used (listed above)`);
    return buildReport(reportFields(spec, started, startedAt, false, checked.repeated), {
      ok: checked.rows - checked.repeated,
      failed: 0,
      skipped: checked.repeated,
    });
  }

  const real = !spec.dryRun && !spec.validateOnly;
  if (!journal) throw new Error('a run that sends requests has read its journal');
  if (real && journal.records > 0 && !spec.resume && !spec.retryFailed) {
    throw usageError(
      `Journal ${spec.journalPath} already records ${journal.records} rows of an earlier run: add --resume to finish it, --retry-failed to rerun its failures, or delete the journal to start over`,
    );
  }
  if (real) {
    if (spec.control.stopping) throw interruptedBeforeStart();
    try {
      await spec.confirm(checked?.wanted, spec.control.stopSignal);
    } catch (error) {
      // Ctrl-C typed at the question, or a signal that withdrew it: nothing was sent.
      if (error instanceof CliError && error.exitCode === EXIT.interrupted) throw interruptedBeforeStart();
      throw error;
    }
    // SIGTERM during the question ends it; a stop just as it was answered must not start the run.
    if (spec.control.stopping) throw interruptedBeforeStart();
  }

  const counts: Counts = { ok: 0, failed: 0, skipped: 0 };
  const header: CsvHeader = { columns: [] };
  // A journal that cannot be written stops the run taking rows.
  const writer = real
    ? new JournalWriter(
        spec.journalPath,
        { action: action.name, options: action.options, column: spec.idColumn, input: name },
        (error) => spec.control.fail(error),
      )
    : undefined;
  const failures = !real
    ? undefined
    : spec.retryFailed
      ? new RetryFailures(
          spec.failuresPath,
          source.format,
          () => header.columns,
          (line) => journal.failed.has(line),
          (text) => notes.say(text),
        )
      : new FailuresWriter(
          spec.failuresPath,
          source.format,
          () => header.columns,
          spec.resume,
          (text) => notes.say(text),
        );
  const progress = real
    ? startProgress(io.stderr, checked?.rows, action.name, started, spec.progressIntervalMs)
    : undefined;
  notes.attach(progress);
  const pool = new Pool(spec.concurrency);
  const pacer = new Pacer(spec.rate);
  let fatal: unknown;
  let broken: InputBrokenError | undefined;
  let interruptedRows = 0;
  /** Rows the stop found waiting to be sent again (a backoff, Retry-After, --rate). */
  let waitingRows = 0;
  // Every row's user, wanted this time or not: a row whose user an earlier row already has (done
  // in this run or an earlier one) is never sent again.
  const seen = new SeenIds(action.changePerRow, action.namesUsers);
  let repeated = 0;
  /** Rows --retry-failed leaves alone that no run has sent yet (an earlier run stopped first). */
  let neverRun = 0;
  /** The lines recorded as failed that the input has (read), and how many. */
  const reached = new BitSet();
  let reachedFailed = 0;
  /** Corrected rows of stdin held until the lines recorded ok after them are read (`correction`). */
  const held: { row: InputRow; plan: Plan }[] = [];
  /** Whether the run ended with an error thrown (nothing after the loop runs). */
  let thrown = false;

  const fail = (row: InputRow, id: string, message: string, attempts?: number) => {
    counts.failed += 1;
    writer?.record({
      line: row.line,
      id,
      status: 'failed',
      error: message,
      ...(attempts ? { attempts } : {}),
    });
    failures?.write(row, message);
  };

  const stop = spec.control.stopSignal;
  const pace = pacer.paced ? () => waitUnlessStopped(() => pacer.wait(stop), stop) : undefined;

  const apply = async (row: InputRow, plan: Plan, client: MatchmakerClient) => {
    // The run's one signal goes to every call: the SDK and the waits here detach their listeners
    // when each call or wait ends, so nothing of a finished row stays on it. The first stop ends
    // the SDK's retry waits (stopRetries) and the pacer's without cutting a request in flight.
    const signal = spec.control.signal;
    let attempts = 0;
    try {
      await action.apply(client, plan, {
        signal,
        stopRetries: stop,
        hooks: {
          beforeAttempt: ({ attempt }) => {
            attempts = attempt;
            return pace?.();
          },
        },
      });
      counts.ok += 1;
      writer?.record({ line: row.line, id: plan.id, status: 'ok', attempts });
    } catch (error) {
      if (waiting(error, signal)) waitingRows += 1;
      else if (signal.aborted || isAbortedError(error)) interruptedRows += 1;
      else if (isFatal(error)) {
        fatal ??= error;
        spec.control.stop();
      } else {
        fail(row, plan.id, describeError(error).message, attempts);
      }
    } finally {
      progress?.update(counts);
    }
  };

  /** Hands a row to the pool once a slot is free; false when the run stopped meanwhile. */
  const send = async (row: InputRow, plan: Plan, client: MatchmakerClient): Promise<boolean> => {
    await pool.slot();
    if (spec.control.stopping) return false;
    spec.control.startSending();
    pool.run(() => apply(row, plan, client));
    return true;
  };

  let lastLine = 0;
  try {
    for await (const row of untilStopped(readRows(source, spec.idColumn, header), spec.control.stopSignal)) {
      if (spec.control.stopping) break;
      lastLine = row.line;
      const plan = planOf(action, row);
      const moved = checked === undefined ? movedRow(journal, row, plan, spec) : undefined;
      if (moved) {
        fatal ??= moved;
        spec.control.stop();
        break;
      }
      if (journal.failed.has(row.line)) {
        reached.set(row.line, true);
        reachedFailed += 1;
      }
      const earlier = typeof plan === 'string' ? 'first' : seen.see(plan, row.line);
      if (!wanted(journal, row.line, spec)) {
        counts.skipped += 1;
        // A repeated user's row is never journaled: it is not waiting to run.
        if (earlier === 'first' && !journal.done.has(row.line) && !journal.failed.has(row.line))
          neverRun += 1;
        continue;
      }
      if (typeof plan === 'string' || earlier === 'conflict') {
        // A conflict gets here only from an input read once (stdin): a file's stop the run first.
        const problem = typeof plan === 'string' ? plan : seen.problem;
        if (real) fail(row, typeof plan === 'string' ? '' : plan.id, problem);
        else {
          counts.failed += 1;
          io.stderr.write(`line ${row.line}: ${problem}\n`);
          spec.printer?.write([planned(spec, row, plan, 'invalid', problem)]);
        }
        continue;
      }
      if (earlier === 'repeat') {
        counts.skipped += 1;
        repeated += 1;
        if (repeated <= MAX_LISTED_PROBLEMS) notes.say(`line ${row.line}: ${repeatMessage(plan)}`);
        spec.printer?.write([planned(spec, row, plan, 'repeat', repeatMessage(plan))]);
        continue;
      }
      if (!real || !spec.client) {
        counts.ok += 1;
        spec.printer?.write([planned(spec, row, plan, 'would change', null)]);
        continue;
      }
      if (checked === undefined && correction(journal, row, plan)) {
        held.push({ row, plan });
        continue;
      }
      if (!(await send(row, plan, spec.client))) break;
    }
    // Every line recorded ok has been read and holds its user: the held rows are corrections.
    for (const { row, plan } of held) {
      if (spec.control.stopping || !spec.client || !(await send(row, plan, spec.client))) break;
    }
  } catch (error) {
    // The input broke mid-run: the rows read whole before it finish and are journaled like any
    // others, then the run ends with the summary and this error. An input read once (stdin)
    // that turns out not to be valid CSV after some rows is the same: rows before it were sent,
    // so it is no "nothing was sent" usage error.
    if (error instanceof InputBrokenError) broken = error;
    else if (error instanceof CliError && error.exitCode === EXIT.usage && lastLine > 0)
      broken = new InputBrokenError(name, lastLine, error);
    else {
      thrown = true;
      throw error;
    }
  } finally {
    await pool.drain();
    writer?.close();
    failures?.close();
    // The failures file is this run's only once it reran every row recorded as failed.
    if (failures instanceof RetryFailures) {
      failures.finish(
        !thrown && broken === undefined && !spec.control.stopping && reachedFailed === journal.failedCount,
      );
    }
    progress?.stop();
    notes.attach(undefined);
    spec.printer?.end();
  }

  const report = buildReport(
    reportFields(
      spec,
      started,
      startedAt,
      spec.control.stopping && fatal === undefined && spec.control.failure === undefined,
      repeated,
      failures,
    ),
    counts,
  );
  io.stderr.write(`${summaryLine(report)}\n`);
  // Journaled rows past the input's end: not the input the journal was written for, or cut short.
  const inputEnded = !spec.control.stopping && broken === undefined;
  if (inputEnded && (spec.resume || spec.retryFailed) && journal.lastLine > lastLine) {
    io.stderr.write(
      `Warning: the journal ${spec.journalPath} records rows up to line ${journal.lastLine}, but ${name} ends at line ${lastLine}: is it the whole input the journal was written for?\n`,
    );
  }
  if (neverRun > 0) {
    io.stderr.write(
      `${rows(neverRun)} of ${name} never ran (the earlier run stopped before them) and --retry-failed left them alone: finish them with --resume\n`,
    );
  }
  // A report that cannot be written (a full disk, its folder removed) changes nothing the run
  // did: the run's own outcome (and exit code) stands, and this is said beside it, or alone.
  let unwritten: string | undefined;
  if (spec.reportPath) {
    try {
      writeReport(spec.reportPath, report);
    } catch (error) {
      unwritten = `--report ${spec.reportPath} could not be written: ${writeProblem(error)}`;
    }
  }
  // Rows recorded as failed that this input does not have were not retried: still failed.
  const unreached = real && spec.retryFailed ? journal.failedCount - reachedFailed : 0;
  const outcome =
    unreached > 0 ||
    fatal !== undefined ||
    spec.control.failure !== undefined ||
    broken !== undefined ||
    report.interrupted ||
    counts.failed > 0;
  if (unwritten && outcome) io.stderr.write(`Warning: ${unwritten}\n`);
  if (fatal !== undefined) throw real && isFatal(fatal) ? stoppedPartWay(fatal, spec) : fatal;
  if (writer?.failure) throw journalNotWritten(spec, writer.failure.error, writer.unwritten);
  if (spec.control.failure !== undefined) throw spec.control.failure;
  if (broken) {
    const journaled = writer ? `; the rows before it are in the journal ${spec.journalPath}` : '';
    throw new CliError(
      `${broken.message}${journaled}. Nothing after line ${broken.lastLine} was sent${writer ? ': feed the whole input again with --resume' : ''}`,
      EXIT.error,
      broken.code,
    );
  }
  if (report.interrupted && real && !spec.control.sending && counts.failed === 0)
    throw interruptedBeforeStart();
  if (report.interrupted) {
    const lost =
      (interruptedRows > 0 ? `, ${interruptedRows} aborted in flight` : '') +
      (waitingRows > 0 ? `, ${rows(waitingRows)} not sent again (waiting to retry)` : '');
    // --resume alone leaves the rows recorded as failed, which a --retry-failed run is about.
    const again = finishedBy(spec);
    throw new CliError(
      `Interrupted${lost}: the journal ${spec.journalPath} is up to date; run again with ${again} to finish`,
      EXIT.interrupted,
      'INTERRUPTED',
    );
  }
  if (unreached > 0) {
    const lines: number[] = [];
    for (let line = 1; line <= journal.lastLine && lines.length < MAX_LISTED_PROBLEMS; line += 1) {
      if (journal.failed.has(line) && !reached.has(line)) lines.push(line);
    }
    const failed =
      counts.failed > 0
        ? `${rows(counts.failed)} failed${failures && failures.count > 0 ? ` (see ${spec.failuresPath})` : ''}, and `
        : '';
    throw new CliError(
      `${failed}${linesText(lines, unreached)}, recorded as failed in the journal ${spec.journalPath}, ${unreached === 1 ? 'is not a row' : 'are not rows'} of ${name}: not retried, still failed. Run --retry-failed again with the whole input the journal was written for`,
      EXIT.failedRows,
      'FAILED_ROWS',
    );
  }
  if (counts.failed > 0) {
    const where =
      failures?.trouble !== undefined
        ? ` (the failures file ${spec.failuresPath} ${failures.trouble}: see above)`
        : failures?.written
          ? `: see ${spec.failuresPath}`
          : '';
    const again = real ? '; rerun them with --retry-failed' : '';
    const what = real ? 'failed' : counts.failed === 1 ? 'is invalid' : 'are invalid';
    throw new CliError(`${rows(counts.failed)} ${what}${where}${again}`, EXIT.failedRows, 'FAILED_ROWS');
  }
  if (unwritten) {
    throw new CliError(
      `${unwritten}. The run itself finished (the summary above); nothing else went wrong`,
      EXIT.error,
      'REPORT_NOT_WRITTEN',
    );
  }
  return report;
}

function reportFields(
  spec: RunSpec,
  started: number,
  startedAt: string,
  interrupted: boolean,
  repeated: number,
  failures?: Pick<FailuresWriter, 'count' | 'written'>,
) {
  const real = !spec.dryRun && !spec.validateOnly;
  return {
    action: spec.action.name,
    input: displayName(spec.source),
    journal: real ? spec.journalPath : null,
    failures_file: failures?.written ? spec.failuresPath : null,
    dry_run: spec.dryRun,
    interrupted,
    repeated,
    elapsed_ms: Math.round(performance.now() - started),
    started_at: startedAt,
  };
}
