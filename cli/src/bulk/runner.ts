/**
 * Runs a bulk action over an input, in phases: the output paths checked and the journal locked
 * (here), then `prepare` (the journal read, the whole input checked, the confirmation), the loop
 * over the rows (`runRows`, each row's fate decided by `decide`), and the outcome (`outcome`:
 * the summary, the warnings and the exit code). SIGINT and SIGTERM (through `RunControl`) stop
 * taking rows and let the ones in flight finish; a second one aborts them.
 */
import { join } from 'node:path';
import { configDir } from '../config';
import type { JournalState } from './journal';
import { JournalWriter } from './journal';
import { lockJournal, type OpenJournal } from './journal-lock';
import { type Looped, runRows, type Sinks } from './loop';
import { outcome, validatedOutcome } from './outcome';
import { checkRunPaths, journalName } from './paths';
import { type Checked, prepare } from './prepare';
import { RunNotes, startProgress } from './progress';
import { displayName } from './reader';
import {
  buildReport,
  FailuresWriter,
  RetryFailures,
  type RunReport,
  writeProblem,
  writeReport,
} from './report';
import { isReal, type RunSpec } from './run-spec';

// The runner is what `bulk` runs: what it is handed comes from here too.
export { RunControl } from './run-control';
export type { RunSpec } from './run-spec';

export async function runBulk(spec: RunSpec): Promise<RunReport> {
  const real = isReal(spec);
  checkRunPaths({
    input: spec.source.path,
    journal: spec.validateOnly ? undefined : spec.journalPath,
    journalGiven: spec.journalGiven,
    journalWritten: real,
    failures: real ? spec.failuresPath : undefined,
    report: spec.reportPath,
    dataOnStdout: spec.printer !== undefined,
  });
  const notes = new RunNotes(spec.io.stderr);
  spec.control.useNotes(notes);
  // Only a real run writes the journal; one run at a time may, from reading it to its last record.
  if (!real) return run(spec, notes, undefined);
  const held = await lockJournal(
    spec.journalPath,
    journalName(spec.journalPath, spec.journalGiven),
    join(configDir(spec.io.env), 'journal-locks'),
    {
      warn: (text) => notes.say(text),
      onLost: (error) => spec.control.fail(error),
    },
  );
  try {
    return await run(spec, notes, held.journal);
  } finally {
    await held.release();
  }
}

/** `locked`: the journal a real run has locked and opened; undefined for --dry-run and --validate-only. */
async function run(spec: RunSpec, notes: RunNotes, locked: OpenJournal | undefined): Promise<RunReport> {
  // The run's clock: from here, less the time its confirmation waited for an answer (below).
  let started = performance.now();
  const startedAt = new Date().toISOString();
  const fields = (interrupted: boolean, repeated: number, failures?: Sinks['failures']) =>
    reportFields(spec, started, startedAt, interrupted, repeated, failures);
  const prepared = await prepare(spec, locked);
  if (prepared.kind === 'validated') {
    const { checked } = prepared;
    const { lines, error } = validatedOutcome(displayName(spec.source), checked);
    for (const line of lines) spec.io.stderr.write(`${line}\n`);
    if (error !== undefined) throw error;
    return buildReport(fields(false, checked.repeated), {
      ok: checked.rows - checked.repeated,
      failed: 0,
      skipped: checked.repeated,
    });
  }
  const { journal, checked } = prepared;
  started += prepared.askedMs;
  const sinks = openSinks(spec, notes, locked, journal, checked, started);
  let looped: Looped | undefined;
  try {
    looped = await runRows(spec, journal, checked !== undefined, sinks);
  } finally {
    closeSinks(spec, sinks, journal, looped);
  }
  const { control } = spec;
  const interrupted = control.stopping && looped.fatal === undefined && control.failure === undefined;
  const report = buildReport(fields(interrupted, looped.repeated, sinks.failures), looped.counts);
  // A report that cannot be written (a full disk, its folder removed) changes nothing the run
  // did: the run's own outcome (and exit code) stands, and this is said beside it, or alone.
  let reportUnwritten: string | undefined;
  if (spec.reportPath) {
    try {
      writeReport(spec.reportPath, report);
    } catch (error) {
      reportUnwritten = `--report ${spec.reportPath} could not be written: ${writeProblem(error)}`;
    }
  }
  const { lines, error } = outcome({
    report,
    real: isReal(spec),
    resume: spec.resume,
    retryFailed: spec.retryFailed,
    input: displayName(spec.source),
    journalPath: spec.journalPath,
    failuresPath: spec.failuresPath,
    journal,
    looped,
    stopping: control.stopping,
    sending: control.sending,
    failure: control.failure,
    journalWrite: sinks.writer?.failure
      ? { ...sinks.writer.failure, unwritten: sinks.writer.unwritten }
      : undefined,
    failures: sinks.failures,
    reportUnwritten,
    ...(spec.facts ? { facts: spec.facts } : {}),
  });
  for (const line of lines) spec.io.stderr.write(`${line}\n`);
  if (error !== undefined) throw error;
  return report;
}

/** The journal writer, the failures file and the progress of a real run; a dry run has none. */
function openSinks(
  spec: RunSpec,
  notes: RunNotes,
  locked: OpenJournal | undefined,
  journal: JournalState,
  checked: Checked | undefined,
  started: number,
): Sinks {
  const { action, source } = spec;
  const header = { columns: [] as string[] };
  const say = (text: string) => notes.say(text);
  // A journal that cannot be written stops the run taking rows.
  const writer = locked
    ? new JournalWriter(
        locked,
        { action: action.name, options: action.options, column: spec.idColumn, input: displayName(source) },
        (error) => spec.control.fail(error),
      )
    : undefined;
  const columns = () => header.columns;
  const failures = !isReal(spec)
    ? undefined
    : spec.retryFailed
      ? new RetryFailures(spec.failuresPath, source.format, columns, (line) => journal.failed.has(line), say)
      : new FailuresWriter(spec.failuresPath, source.format, columns, spec.resume, say);
  const progress = isReal(spec)
    ? startProgress(spec.io.stderr, checked?.rows, action.name, started, spec.progressIntervalMs)
    : undefined;
  notes.attach(progress);
  return { writer, failures, progress, notes, header };
}

/**
 * Closes what `openSinks` opened, also when the loop threw. The failures file of a --retry-failed
 * run is this run's only once it reran every row recorded as failed: its input reached each, and
 * nothing stopped it.
 */
function closeSinks(spec: RunSpec, sinks: Sinks, journal: JournalState, looped: Looped | undefined): void {
  sinks.writer?.close();
  sinks.failures?.close();
  if (sinks.failures instanceof RetryFailures) {
    sinks.failures.finish(
      looped !== undefined &&
        looped.broken === undefined &&
        !spec.control.stopping &&
        looped.reachedFailed === journal.failedCount,
    );
  }
  sinks.progress?.stop();
  sinks.notes.attach(undefined);
  spec.printer?.end();
}

function reportFields(
  spec: RunSpec,
  started: number,
  startedAt: string,
  interrupted: boolean,
  repeated: number,
  failures?: Pick<FailuresWriter, 'written'>,
) {
  return {
    action: spec.action.name,
    input: displayName(spec.source),
    journal: isReal(spec) ? spec.journalPath : null,
    failures_file: failures?.written ? spec.failuresPath : null,
    dry_run: spec.dryRun,
    interrupted,
    repeated,
    elapsed_ms: Math.round(performance.now() - started),
    started_at: startedAt,
  };
}
