/**
 * A bulk run's first phase, everything before a row is sent: the journal read and held to the
 * run's action, options and id column; the whole input checked (a file; stdin is checked as it is
 * read); for --validate-only, the verdict; for a real run, the confirmation. Whatever it refuses,
 * it refuses with nothing sent.
 */
import { CliError, EXIT, usageError } from '../exit';
import { movedRow, planOf, wanted } from './decide';
import { type JournalState, readJournal } from './journal';
import type { OpenJournal } from './journal-lock';
import { countPlainCsvRows } from './plain-count';
import { displayName, type InputRow, readRowBatches } from './reader';
import { SeenIds } from './repeats';
import { rows } from './report';
import { isReal, MAX_LISTED_PROBLEMS, type RunSpec } from './run-spec';

/** What the first pass over a file found. */
export interface Checked {
  rows: number;
  /** The rows the run will take (--resume and --retry-failed leave some to the journal). */
  wanted: number;
  invalid: number;
  repeated: number;
}

export type Prepared =
  /** --validate-only: the input was read and checked, and that is all. */
  | { kind: 'validated'; checked: Checked }
  /**
   * A run (real or dry) that goes on to its rows; `checked` is undefined for stdin. `askedMs` is
   * how long the confirmation waited for its answer: a person's time, not the run's.
   */
  | { kind: 'run'; journal: JournalState; checked: Checked | undefined; askedMs: number };

export function interruptedBeforeStart(): CliError {
  return new CliError(
    'Interrupted before any row was sent: nothing changed',
    EXIT.interrupted,
    'INTERRUPTED',
  );
}

/**
 * Reads the whole input once: whole-file problems throw, bad rows are counted and listed. Two
 * rows giving one user different changes stop the run here, before anything is sent: no order of
 * them is right, and applying either would be a guess.
 */
async function checkInput(spec: RunSpec, journal: JournalState | undefined): Promise<Checked> {
  const names = { input: displayName(spec.source), journal: spec.journalPath };
  let count = 0;
  let taken = 0;
  let invalid = 0;
  let repeated = 0;
  let conflicts = 0;
  // Only rows that can ask for different changes (set-email) keep a table of ids here, to find
  // conflicts before anything is sent: other repeats are harmless, the run skips them as it goes,
  // and a check of a million-row file stays in flat memory.
  const seen = spec.action.changePerRow ? new SeenIds(true, spec.action.namesUsers) : undefined;
  // A run that lists no problems, finds no conflicts and matches no journal only counts the rows
  // here (for the confirmation and the progress bar's total): the loop plans each row as it sends it.
  const counting = !spec.validateOnly && !seen && !(journal && (spec.resume || spec.retryFailed));
  if (counting && spec.source.format === 'csv') {
    // A plain file is counted by its lines, without parsing it (plain-count.ts); any other goes on
    // to the parse below.
    const plain = await countPlainCsvRows(spec.source.open, spec.idColumn, () => spec.control.stopping);
    if (spec.control.stopping) throw interruptedBeforeStart();
    if (plain !== undefined) return { rows: plain, wanted: plain, invalid: 0, repeated: 0 };
  }
  const check = (row: InputRow) => {
    const plan = planOf(spec.action, row);
    if (journal) {
      const moved = movedRow(journal, row, plan, spec, names);
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
    if (problem === undefined) return;
    invalid += 1;
    // --validate-only lists every problem; a run lists only the conflicts, which stop it below.
    const listed = spec.validateOnly ? invalid : problem === plan ? undefined : conflicts;
    if (listed !== undefined && listed <= MAX_LISTED_PROBLEMS)
      spec.io.stderr.write(`line ${row.line}: ${problem}\n`);
  };
  for await (const batch of readRowBatches(spec.source, spec.idColumn)) {
    // Stopped during the first pass: a large file is not read to its end first. (A signal is
    // heard between batches: nothing else runs while one is checked.)
    if (spec.control.stopping) throw interruptedBeforeStart();
    count += batch.length;
    if (counting) taken += batch.length;
    else for (const row of batch) check(row);
  }
  const stop = seen?.stopMessage(names.input, spec.idColumn);
  if (stop !== undefined) {
    if (!spec.validateOnly) throw usageError(stop);
    spec.io.stderr.write(`${stop}\n`);
  }
  return { rows: count, wanted: taken, invalid, repeated };
}

/** An option or value as it would be typed in a shell. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;

const sameOptions = (a: string[], b: string[]) =>
  a.length === b.length && a.every((option, i) => option === b[i]);

/**
 * A journal with row records binds the runs that go on with it to its run's action, options and
 * id column: its rows were done with those, and a row is known by its line and its id. One that
 * records no row (readJournal leaves them undefined) binds nothing: there is no run to finish.
 */
export function sameRun(
  journal: JournalState,
  spec: Pick<RunSpec, 'action' | 'idColumn' | 'journalPath'>,
): void {
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

/**
 * The first phase. `locked`: the journal a real run holds (read through its descriptor); a dry
 * run reads it by path, --validate-only not at all.
 */
export async function prepare(spec: RunSpec, locked: OpenJournal | undefined): Promise<Prepared> {
  // Read first, so that resuming over a changed input stops before anything is sent.
  const journal = spec.validateOnly ? undefined : await readJournal(spec.journalPath, locked);
  if (journal) sameRun(journal, spec);
  // stdin (or a pipe) can be read once only: it is checked row by row as it runs.
  const checked = spec.source.once && !spec.validateOnly ? undefined : await checkInput(spec, journal);
  if (!journal) {
    if (!checked) throw new Error('--validate-only checks its input');
    return { kind: 'validated', checked };
  }
  if (!isReal(spec)) return { kind: 'run', journal, checked, askedMs: 0 };
  if (journal.records > 0 && !spec.resume && !spec.retryFailed) {
    throw usageError(
      `Journal ${spec.journalPath} already records ${journal.records} rows of an earlier run: add --resume to finish it, --retry-failed to rerun its failures, or delete the journal to start over`,
    );
  }
  if (spec.control.stopping) throw interruptedBeforeStart();
  const asked = performance.now();
  try {
    await spec.confirm(checked?.wanted, spec.control.stopSignal);
  } catch (error) {
    // Ctrl-C typed at the question, or a signal that withdrew it: nothing was sent.
    if (error instanceof CliError && error.exitCode === EXIT.interrupted) throw interruptedBeforeStart();
    throw error;
  }
  // SIGTERM during the question ends it; a stop just as it was answered must not start the run.
  if (spec.control.stopping) throw interruptedBeforeStart();
  return { kind: 'run', journal, checked, askedMs: performance.now() - asked };
}
