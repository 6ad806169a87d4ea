/**
 * A bulk run's loop: each row read, decided (decide.ts) and carried out: failed into the journal
 * and the failures file, listed by a dry run, skipped, held (a correction from stdin) or sent
 * through the bounded pool, paced; the SDK retries each row by the run's policy. It ends at the
 * end of the input or at a stop, once the rows in flight have finished, and says what happened
 * for the outcome (outcome.ts).
 */
import { isAbortedError, isHttpError, isNotLoggedInError, isSuspendedError } from '@matchmaker/sdk';
import { describeError } from '../errors';
import { CliError, EXIT } from '../exit';
import { MAX_RETRY_AFTER_MS } from '../retry-policy';
import type { Plan } from './actions';
import { decide, type Mode, planOf } from './decide';
import { Pacer, Pool, StoppedWaiting, waitUnlessStopped } from './flow';
import { BitSet, type JournalState, type JournalWriter } from './journal';
import type { Counts, Progress, RunNotes } from './progress';
import {
  type CsvHeader,
  displayName,
  InputBrokenError,
  type InputRow,
  RUN_READ_BYTES,
  readRowBatches,
} from './reader';
import { SeenIds } from './repeats';
import type { FailuresWriter, RetryFailures } from './report';
import { isReal, MAX_LISTED_PROBLEMS, type RunSpec } from './run-spec';
import { untilStopped } from './until-stopped';

/** Where the loop records what becomes of its rows. */
export interface Sinks {
  /** The journal (a real run). */
  writer: JournalWriter | undefined;
  /** The failures file (a real run). */
  failures: FailuresWriter | RetryFailures | undefined;
  progress: Progress | undefined;
  notes: RunNotes;
  /** Filled with the CSV header as it is read (the failures file repeats it). */
  header: CsvHeader;
}

/** What the loop found, for the outcome. */
export interface Looped {
  counts: Counts;
  /** Skipped rows whose user an earlier row has. */
  repeated: number;
  /** Rows --retry-failed leaves alone that no run has sent yet (an earlier run stopped first). */
  neverRun: number;
  /** The lines the journal records as failed that the input has (read). */
  reached: BitSet;
  reachedFailed: number;
  /** Rows aborted in flight (a second Ctrl-C). */
  interruptedRows: number;
  /** Rows the stop found waiting to be sent again (a backoff, Retry-After, --rate). */
  waitingRows: number;
  /** What stopped the run that every further row would meet (the session ended, a moved row). */
  fatal: unknown;
  /** The input broke mid-run: the rows read whole before it were taken. */
  broken: InputBrokenError | undefined;
  /** The last input line read. */
  lastLine: number;
}

/** What a loop has found before its first row. */
export function nothingLooped(): Looped {
  return {
    counts: { ok: 0, failed: 0, skipped: 0 },
    repeated: 0,
    neverRun: 0,
    reached: new BitSet(),
    reachedFailed: 0,
    interruptedRows: 0,
    waitingRows: 0,
    fatal: undefined,
    broken: undefined,
    lastLine: 0,
  };
}

/** An error that every further row would meet too: the run stops. */
export function isFatal(error: unknown): boolean {
  return isNotLoggedInError(error) || isSuspendedError(error) || (isHttpError(error) && error.status === 401);
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

export const repeatMessage = (plan: Plan) => `user ${plan.id} repeats an earlier row: skipped`;

/**
 * A row of --dry-run's data: every row is listed, so a script reading it sees the invalid rows
 * and the repeats too, not only the changes. An invalid row has the id as the input gave it.
 */
export function planned(
  spec: Pick<RunSpec, 'action' | 'idColumn'>,
  row: InputRow,
  plan: Plan | undefined,
  status: 'would change' | 'invalid' | 'repeat',
  reason: string | null,
) {
  const given = row.values[spec.idColumn] ?? row.idCell;
  const id = plan ? plan.id : typeof given === 'string' || typeof given === 'number' ? String(given) : null;
  return { line: row.line, id, action: spec.action.name, change: plan?.change ?? null, status, reason };
}

/** Sends rows through the pool and records how each ends. */
function sender(spec: RunSpec, sinks: Sinks, found: Looped) {
  const pool = new Pool(spec.concurrency);
  const pacer = new Pacer(spec.rate);
  const { counts } = found;
  const fail = (row: InputRow, id: string, message: string, attempts?: number) => {
    counts.failed += 1;
    sinks.writer?.record({
      line: row.line,
      id,
      status: 'failed',
      error: message,
      ...(attempts ? { attempts } : {}),
    });
    sinks.failures?.write(row, message);
  };
  const stop = spec.control.stopSignal;
  const pace = pacer.paced ? () => waitUnlessStopped(() => pacer.wait(stop), stop) : undefined;
  const apply = async (row: InputRow, plan: Plan) => {
    const client = spec.client;
    if (!client) throw new Error('a real run has a client');
    // The run's one signal goes to every call: the SDK and the waits here detach their listeners
    // when each call or wait ends, so nothing of a finished row stays on it. The first stop ends
    // the SDK's retry waits (stopRetries) and the pacer's without cutting a request in flight.
    const signal = spec.control.signal;
    let attempts = 0;
    try {
      await spec.action.apply(client, plan, {
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
      sinks.writer?.record({ line: row.line, id: plan.id, status: 'ok', attempts });
    } catch (error) {
      if (waiting(error, signal)) found.waitingRows += 1;
      else if (signal.aborted || isAbortedError(error)) found.interruptedRows += 1;
      else if (isFatal(error)) {
        found.fatal ??= error;
        spec.control.stop();
      } else {
        fail(row, plan.id, describeError(error).message, attempts);
      }
    } finally {
      sinks.progress?.update(counts);
    }
  };
  return {
    fail,
    /** Hands a row to the pool once a slot is free; false when the run stopped meanwhile. */
    async send(row: InputRow, plan: Plan): Promise<boolean> {
      await pool.slot();
      if (spec.control.stopping) return false;
      spec.control.startSending();
      pool.run(() => apply(row, plan));
      return true;
    },
    drain: () => pool.drain(),
  };
}

/** Runs every row of the input the run takes; see the file's comment. */
export async function runRows(
  spec: RunSpec,
  journal: JournalState,
  checkedFirst: boolean,
  sinks: Sinks,
): Promise<Looped> {
  const found = nothingLooped();
  const { counts } = found;
  const mode: Mode = { ...spec, real: isReal(spec) && spec.client !== undefined, checkedFirst };
  const names = { input: displayName(spec.source), journal: spec.journalPath };
  // Every row's user, wanted this time or not: a row whose user an earlier row already has (done
  // in this run or an earlier one) is never sent again.
  const seen = new SeenIds(spec.action.changePerRow, spec.action.namesUsers);
  const rows = sender(spec, sinks, found);
  /** Corrected rows of stdin held until the lines recorded ok after them are read. */
  const held: { row: InputRow; plan: Plan }[] = [];
  const input = untilStopped(
    // A few KiB at a time: the first row goes out before the parser has read much of the file.
    readRowBatches(spec.source, spec.idColumn, sinks.header, RUN_READ_BYTES),
    spec.control.stopSignal,
  );
  try {
    reading: for await (const batch of input) {
      for (const row of batch) {
        if (spec.control.stopping) break reading;
        found.lastLine = row.line;
        const plan = planOf(spec.action, row);
        if (journal.failed.has(row.line)) {
          found.reached.set(row.line, true);
          found.reachedFailed += 1;
        }
        const earlier = typeof plan === 'string' ? 'first' : seen.see(plan, row.line);
        const decision = decide(row, plan, earlier, seen.problem, journal, mode, names);
        switch (decision.kind) {
          case 'moved':
            found.fatal ??= decision.error;
            spec.control.stop();
            break;
          case 'skip':
            counts.skipped += 1;
            if (decision.neverRun) found.neverRun += 1;
            break;
          case 'invalid':
            if (mode.real) rows.fail(row, decision.plan?.id ?? '', decision.problem);
            else {
              counts.failed += 1;
              spec.io.stderr.write(`line ${row.line}: ${decision.problem}\n`);
              spec.printer?.write([planned(spec, row, decision.plan, 'invalid', decision.problem)]);
            }
            break;
          case 'repeat':
            counts.skipped += 1;
            found.repeated += 1;
            if (found.repeated <= MAX_LISTED_PROBLEMS)
              sinks.notes.say(`line ${row.line}: ${repeatMessage(decision.plan)}`);
            spec.printer?.write([planned(spec, row, decision.plan, 'repeat', repeatMessage(decision.plan))]);
            break;
          case 'planned':
            counts.ok += 1;
            spec.printer?.write([planned(spec, row, decision.plan, 'would change', null)]);
            break;
          case 'hold':
            held.push({ row, plan: decision.plan });
            break;
          case 'send':
            // Not sent when the run stopped while it waited for a free slot: the loop ends below.
            await rows.send(row, decision.plan);
            break;
        }
        if (spec.control.stopping) break reading;
      }
    }
    // Every line recorded ok has been read and holds its user: the held rows are corrections.
    for (const { row, plan } of held) {
      if (spec.control.stopping || !(await rows.send(row, plan))) break;
    }
  } catch (error) {
    // The input broke mid-run: the rows read whole before it finish and are journaled like any
    // others, then the run ends with the summary and this error. An input read once (stdin)
    // that turns out not to be valid CSV after some rows is the same: rows before it were sent,
    // so it is no "nothing was sent" usage error.
    if (error instanceof InputBrokenError) found.broken = error;
    else if (error instanceof CliError && error.exitCode === EXIT.usage && found.lastLine > 0)
      found.broken = new InputBrokenError(names.input, found.lastLine, error);
    else throw error;
  } finally {
    await rows.drain();
  }
  return found;
}
