/**
 * What a bulk run does with one row, decided from the row, its plan, whether its user came
 * earlier, the journal and the run's mode: pure (no I/O, nothing changed), so every case of
 * --resume, --retry-failed, --dry-run and stdin's corrections is a plain table of inputs and
 * answers (bulk.decide.test.ts). The loop (loop.ts) carries the decision out.
 */
import { usageError } from '../exit';
import type { BulkAction, Plan } from './actions';
import { RowError } from './actions';
import { idHash, type JournalState } from './journal';
import type { InputRow } from './reader';
import type { Seen } from './repeats';

export interface Mode {
  resume: boolean;
  retryFailed: boolean;
  /** Sends requests (neither --dry-run nor --validate-only). */
  real: boolean;
  /** The whole input was checked before the run (a file, read twice), not as it is read (stdin). */
  checkedFirst: boolean;
}

/** How messages name the input and the journal. */
export interface Names {
  input: string;
  journal: string;
}

export type Decision =
  /** The input changed under the journal (stdin, found as it is read): the run stops. */
  | { kind: 'moved'; error: Error }
  /** Not this run's to take (--resume, --retry-failed): `neverRun` if no run has taken it yet. */
  | { kind: 'skip'; neverRun: boolean }
  /**
   * Fails without being sent (a dry run lists it as invalid); `plan` when it has one (a row whose
   * user an earlier row gave another change).
   */
  | { kind: 'invalid'; problem: string; plan?: Plan }
  /** Its user came on an earlier row with the same change: skipped, never journaled. */
  | { kind: 'repeat'; plan: Plan }
  /** A dry run: listed as what it would change. */
  | { kind: 'planned'; plan: Plan }
  /** A correction read from stdin: sent at the end of the input, once the lines after it match. */
  | { kind: 'hold'; plan: Plan }
  | { kind: 'send'; plan: Plan };

/** A row's plan, or why the row cannot be run. */
export function planOf(action: BulkAction, row: InputRow): Plan | string {
  if (row.error) return row.error;
  try {
    return action.plan(row.values);
  } catch (error) {
    if (error instanceof RowError) return error.message;
    throw error;
  }
}

/** Whether this run takes the row at `line`, by what the journal records of it. */
export function wanted(
  journal: JournalState,
  line: number,
  mode: Pick<Mode, 'resume' | 'retryFailed'>,
): boolean {
  if (mode.retryFailed && mode.resume) return !journal.done.has(line);
  if (mode.retryFailed) return journal.failed.has(line);
  if (mode.resume) return !journal.done.has(line) && !journal.failed.has(line);
  return true;
}

/**
 * Resuming by line number over an input whose journaled lines now hold other users would skip
 * rows never applied and apply others again: such a line stops the run.
 */
export function movedRow(
  journal: JournalState,
  row: InputRow,
  plan: Plan | string,
  mode: Pick<Mode, 'resume' | 'retryFailed'>,
  names: Names,
): Error | undefined {
  if (!mode.resume && !mode.retryFailed) return undefined;
  if (row.legacyLine !== undefined && row.legacyLine !== row.line && row.line <= journal.legacyLastLine) {
    const lines = row.legacyLine > row.line ? `lines ${row.line}-${row.legacyLine}` : `line ${row.line}`;
    return usageError(
      `Journal ${names.journal} was written by an earlier version of matchmaker, which numbered a row by the line it ends on; this version numbers it by the line it starts on, and the row at ${lines} of ${names.input} spans several lines (a quoted cell with a line break), so the journal's records cannot be matched to the rows. Finish that run with the version that started it, or start over with a new --journal (the rows it applied are sent again)`,
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
    `line ${row.line} of ${names.input} is ${what}, but the journal ${names.journal} recorded another user on that line as done: the input changed since that run (a row that failed may be corrected in place; one done may not). Resume with the input the journal was written for, or start over with a new --journal`,
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

/**
 * The decision for `row`. `earlier` is what the run's table of users said of it (only asked for
 * rows with a plan); `conflict` is that table's message for a row with another change.
 */
export function decide(
  row: InputRow,
  plan: Plan | string,
  earlier: Seen,
  conflict: string,
  journal: JournalState,
  mode: Mode,
  names: Names,
): Decision {
  // A file's lines were matched against the journal before anything was sent.
  const moved = mode.checkedFirst ? undefined : movedRow(journal, row, plan, mode, names);
  if (moved) return { kind: 'moved', error: moved };
  if (!wanted(journal, row.line, mode)) {
    // A repeated user's row is never journaled: it is not waiting to run.
    const neverRun = earlier === 'first' && !journal.done.has(row.line) && !journal.failed.has(row.line);
    return { kind: 'skip', neverRun };
  }
  // A conflict gets here only from an input read once (stdin): a file's stop the run first.
  if (typeof plan === 'string') return { kind: 'invalid', problem: plan };
  if (earlier === 'conflict') return { kind: 'invalid', problem: conflict, plan };
  if (earlier === 'repeat') return { kind: 'repeat', plan };
  if (!mode.real) return { kind: 'planned', plan };
  if (!mode.checkedFirst && correction(journal, row, plan)) return { kind: 'hold', plan };
  return { kind: 'send', plan };
}
