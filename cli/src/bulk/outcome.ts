/**
 * A bulk run's last phase: what it did turned into the lines said after it (the summary, then
 * warnings) and the error it ends with, whose exit code is the run's (1, 3, 4, 130) or none (0).
 * Pure: the runner writes the lines and throws the error (bulk.outcome.test.ts covers each case).
 */
import { describeError, type RunFacts } from '../errors';
import { CliError, EXIT, usageError } from '../exit';
import type { JournalState } from './journal';
import type { Looped } from './loop';
import { isFatal } from './loop';
import type { Checked } from './prepare';
import { interruptedBeforeStart } from './prepare';
import { type RunReport, rows, summaryLine, writeProblem } from './report';
import { finishedBy, MAX_LISTED_PROBLEMS } from './run-spec';

/** Everything the outcome depends on, gathered once the loop has ended. */
export interface RunEnd {
  report: RunReport;
  /** Sent requests (neither --dry-run nor --validate-only). */
  real: boolean;
  resume: boolean;
  retryFailed: boolean;
  /** How messages name the input, the journal and the failures file. */
  input: string;
  journalPath: string;
  failuresPath: string;
  journal: Pick<JournalState, 'lastLine' | 'failedCount' | 'failed'>;
  looped: Looped;
  /** The run was stopped (a signal, a failure, an error every row would meet). */
  stopping: boolean;
  /** A row had been sent when it ended. */
  sending: boolean;
  /** What stopped it besides a signal (a lock taken by another run, a Retry-After too long). */
  failure: unknown;
  /** A write to the journal failed, and how many row records were lost after it. */
  journalWrite: { error: unknown; unwritten: number } | undefined;
  /** The failures file, when the run wrote one. */
  failures: { trouble: string | undefined; written: boolean; count: number } | undefined;
  /** Why --report could not be written, when it could not. */
  reportUnwritten: string | undefined;
  /** The profile and credential, for the message of a session that ended mid-run. */
  facts?: RunFacts;
}

export interface Outcome {
  /** For stderr, in order: the summary first. */
  lines: string[];
  /** What the run ends with; undefined: exit 0. */
  error: unknown;
}

/** `lines 3, 7 and 9`, the first 20 of them. */
function linesText(lines: number[], total: number): string {
  const listed = lines.slice(0, MAX_LISTED_PROBLEMS);
  const more = total > listed.length ? ` and ${total - listed.length} more` : '';
  if (listed.length === 1 && more === '') return `line ${listed[0]}`;
  const last = more === '' ? listed.pop() : undefined;
  return `lines ${listed.join(', ')}${last === undefined ? more : ` and ${last}`}`;
}

/** The error of a real run stopped part way by an error every row would meet (the session ended). */
function stoppedPartWay(error: unknown, end: RunEnd): CliError {
  const described = describeError(error, end.facts);
  return new CliError(
    `${described.message}. The run stopped part way: the rows done are in the journal ${end.journalPath}, which is up to date; once signed in, run it again with ${finishedBy(end)} to finish it`,
    described.exitCode,
    described.code,
  );
}

/** A journal that stopped taking records mid-run (a full disk, a file-size limit, an I/O error). */
function journalNotWritten(end: RunEnd, error: unknown, unwritten: number): CliError {
  const again = finishedBy(end);
  const lost =
    unwritten > 0
      ? `${rows(unwritten)} finished after that ${unwritten === 1 ? 'is' : 'are'} not recorded and will be sent again by ${again}`
      : 'every row that finished is recorded';
  return new CliError(
    `Could not write the journal ${end.journalPath} (${writeProblem(error)}): the run stopped taking rows and let those in flight finish; ${lost}. Make room (or fix the file system) and run again with ${again}`,
    EXIT.error,
    'JOURNAL_NOT_WRITTEN',
  );
}

/** The lines said after the summary, before the report's trouble. */
function notes(end: RunEnd): string[] {
  const { looped, journal } = end;
  const lines: string[] = [];
  // Journaled rows past the input's end: not the input the journal was written for, or cut short.
  const inputEnded = !end.stopping && looped.broken === undefined;
  if (inputEnded && (end.resume || end.retryFailed) && journal.lastLine > looped.lastLine) {
    lines.push(
      `Warning: the journal ${end.journalPath} records rows up to line ${journal.lastLine}, but ${end.input} ends at line ${looped.lastLine}: is it the whole input the journal was written for?`,
    );
  }
  if (looped.neverRun > 0) {
    lines.push(
      `${rows(looped.neverRun)} of ${end.input} never ran (the earlier run stopped before them) and --retry-failed left them alone: finish them with --resume`,
    );
  }
  return lines;
}

/** The error a run ends with, the first that applies, most serious first; undefined: exit 0. */
function endError(end: RunEnd, unreached: number): unknown {
  const { looped, report } = end;
  const { counts } = looped;
  if (looped.fatal !== undefined)
    return end.real && isFatal(looped.fatal) ? stoppedPartWay(looped.fatal, end) : looped.fatal;
  if (end.journalWrite) return journalNotWritten(end, end.journalWrite.error, end.journalWrite.unwritten);
  if (end.failure !== undefined) return end.failure;
  if (looped.broken) {
    const journaled = end.real ? `; the rows before it are in the journal ${end.journalPath}` : '';
    return new CliError(
      `${looped.broken.message}${journaled}. Nothing after line ${looped.broken.lastLine} was sent${end.real ? ': feed the whole input again with --resume' : ''}`,
      EXIT.error,
      looped.broken.code,
    );
  }
  if (report.interrupted && end.real && !end.sending && counts.failed === 0) return interruptedBeforeStart();
  if (report.interrupted) {
    const lost =
      (looped.interruptedRows > 0 ? `, ${looped.interruptedRows} aborted in flight` : '') +
      (looped.waitingRows > 0 ? `, ${rows(looped.waitingRows)} not sent again (waiting to retry)` : '');
    // --resume alone leaves the rows recorded as failed, which a --retry-failed run is about.
    return new CliError(
      `Interrupted${lost}: the journal ${end.journalPath} is up to date; run again with ${finishedBy(end)} to finish`,
      EXIT.interrupted,
      'INTERRUPTED',
    );
  }
  if (unreached > 0) {
    const lines: number[] = [];
    for (let line = 1; line <= end.journal.lastLine && lines.length < MAX_LISTED_PROBLEMS; line += 1) {
      if (end.journal.failed.has(line) && !looped.reached.has(line)) lines.push(line);
    }
    const failed =
      counts.failed > 0
        ? `${rows(counts.failed)} failed${end.failures && end.failures.count > 0 ? ` (see ${end.failuresPath})` : ''}, and `
        : '';
    return new CliError(
      `${failed}${linesText(lines, unreached)}, recorded as failed in the journal ${end.journalPath}, ${unreached === 1 ? 'is not a row' : 'are not rows'} of ${end.input}: not retried, still failed. Run --retry-failed again with the whole input the journal was written for`,
      EXIT.failedRows,
      'FAILED_ROWS',
    );
  }
  if (counts.failed > 0) {
    const where =
      end.failures?.trouble !== undefined
        ? ` (the failures file ${end.failuresPath} ${end.failures.trouble}: see above)`
        : end.failures?.written
          ? `: see ${end.failuresPath}`
          : '';
    const again = end.real ? '; rerun them with --retry-failed' : '';
    const what = end.real ? 'failed' : counts.failed === 1 ? 'is invalid' : 'are invalid';
    return new CliError(`${rows(counts.failed)} ${what}${where}${again}`, EXIT.failedRows, 'FAILED_ROWS');
  }
  if (end.reportUnwritten) {
    return new CliError(
      `${end.reportUnwritten}. The run itself finished (the summary above); nothing else went wrong`,
      EXIT.error,
      'REPORT_NOT_WRITTEN',
    );
  }
  return undefined;
}

/** The outcome of a run that went through its rows (a real run or a dry run). */
export function outcome(end: RunEnd): Outcome {
  // Rows recorded as failed that this input does not have were not retried: still failed.
  const unreached = end.real && end.retryFailed ? end.journal.failedCount - end.looped.reachedFailed : 0;
  const error = endError(end, unreached);
  const lines = [summaryLine(end.report), ...notes(end)];
  // A report that cannot be written changes nothing the run did: said beside another outcome, or
  // as the outcome itself.
  if (end.reportUnwritten && error !== undefined && !isReportError(error))
    lines.push(`Warning: ${end.reportUnwritten}`);
  return { lines, error };
}

const isReportError = (error: unknown) => error instanceof CliError && error.code === 'REPORT_NOT_WRITTEN';

/** The outcome of --validate-only: the count, and exit 2 when a row cannot be used. */
export function validatedOutcome(input: string, checked: Checked): Outcome {
  const repeats =
    checked.repeated > 0 ? `, ${checked.repeated} repeating an earlier row's user (a run skips them)` : '';
  return {
    lines: [`${input}: ${rows(checked.rows)}, ${checked.invalid} invalid${repeats}`],
    error:
      checked.invalid > 0
        ? usageError(`${input} has ${rows(checked.invalid)} that cannot be used (listed above)`)
        : undefined,
  };
}
