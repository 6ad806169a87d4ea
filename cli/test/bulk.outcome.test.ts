/**
 * How a run's end becomes its summary, its warnings and its exit code: each case the runner can
 * end in, from the facts gathered after its loop.
 */
import { NotLoggedInError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { BitSet } from '../src/bulk/journal';
import { type Looped, nothingLooped } from '../src/bulk/loop';
import { outcome, type RunEnd, validatedOutcome } from '../src/bulk/outcome';
import { InputBrokenError } from '../src/bulk/reader';
import { buildReport } from '../src/bulk/report';
import { CliError } from '../src/exit';

/** A loop that went through 3 rows, ok, to line 4; `overrides` win. */
const looped = (overrides: Partial<Looped> = {}): Looped => ({
  ...nothingLooped(),
  counts: { ok: 3, failed: 0, skipped: 0 },
  lastLine: 4,
  ...overrides,
});

function end(overrides: Partial<RunEnd> = {}, interrupted = false): RunEnd {
  const loop = overrides.looped ?? looped();
  const report = buildReport(
    {
      action: 'suspend',
      input: 'in.csv',
      journal: 'j.ndjson',
      failures_file: null,
      dry_run: false,
      interrupted,
      repeated: loop.repeated,
      elapsed_ms: 1000,
      started_at: '2026-11-27T00:00:00.000Z',
    },
    loop.counts,
  );
  return {
    report,
    real: true,
    resume: false,
    retryFailed: false,
    input: 'in.csv',
    journalPath: 'j.ndjson',
    failuresPath: 'f.csv',
    journal: { lastLine: 0, failedCount: 0, failed: new BitSet() },
    looped: loop,
    stopping: interrupted,
    sending: true,
    failure: undefined,
    journalWrite: undefined,
    failures: { trouble: undefined, written: false, count: 0 },
    reportUnwritten: undefined,
    ...overrides,
  };
}

const exit = (error: unknown) => (error instanceof CliError ? [error.exitCode, error.message] : error);

describe('a run that went through', () => {
  it('every row ok: the summary alone, exit 0', () => {
    expect(outcome(end())).toEqual({
      lines: ['suspend: 3 ok, 0 skipped, 0 failed in 1.0 s (3 rows/s)'],
      error: undefined,
    });
  });

  it('rows failed: exit 3 pointing at the failures file', () => {
    const failed = end({
      looped: looped({ counts: { ok: 1, failed: 2, skipped: 0 } }),
      failures: { trouble: undefined, written: true, count: 2 },
    });
    expect(exit(outcome(failed).error)).toEqual([
      3,
      '2 rows failed: see f.csv; rerun them with --retry-failed',
    ]);
    const lost = end({
      looped: looped({ counts: { ok: 1, failed: 2, skipped: 0 } }),
      failures: { trouble: 'was removed during the run', written: false, count: 2 },
    });
    expect(exit(outcome(lost).error)).toEqual([
      3,
      '2 rows failed (the failures file f.csv was removed during the run: see above); rerun them with --retry-failed',
    ]);
  });

  it('a dry run with invalid rows: exit 3, "is invalid"', () => {
    const dry = end({
      real: false,
      looped: looped({ counts: { ok: 2, failed: 1, skipped: 0 } }),
      failures: undefined,
    });
    expect(exit(outcome(dry).error)).toEqual([3, '1 row is invalid']);
  });

  it('warns of a journal that records lines past the input, and of rows --retry-failed left', () => {
    const past = end({ resume: true, journal: { lastLine: 9, failedCount: 0, failed: new BitSet() } });
    expect(outcome(past).lines[1]).toBe(
      'Warning: the journal j.ndjson records rows up to line 9, but in.csv ends at line 4: is it the whole input the journal was written for?',
    );
    const left = end({ retryFailed: true, looped: looped({ neverRun: 2 }) });
    expect(outcome(left).lines).toContain(
      '2 rows of in.csv never ran (the earlier run stopped before them) and --retry-failed left them alone: finish them with --resume',
    );
  });

  it('--retry-failed over an input without some failed lines: exit 3 naming them', () => {
    const failed = new BitSet();
    for (const line of [3, 7, 9]) failed.set(line, true);
    const reached = new BitSet();
    reached.set(3, true);
    const missing = end({
      retryFailed: true,
      journal: { lastLine: 9, failedCount: 3, failed },
      looped: looped({ reached, reachedFailed: 1 }),
    });
    expect(exit(outcome(missing).error)).toEqual([
      3,
      'lines 7 and 9, recorded as failed in the journal j.ndjson, are not rows of in.csv: not retried, still failed. Run --retry-failed again with the whole input the journal was written for',
    ]);
  });
});

describe('a run that stopped', () => {
  it('Ctrl-C: exit 130, what was left unsent, and the option that finishes it', () => {
    const stopped = end({ looped: looped({ interruptedRows: 2, waitingRows: 1 }) }, true);
    expect(exit(outcome(stopped).error)).toEqual([
      130,
      'Interrupted, 2 aborted in flight, 1 row not sent again (waiting to retry): the journal j.ndjson is up to date; run again with --resume to finish',
    ]);
    expect(outcome(stopped).lines[0]).toMatch(/, interrupted$/);
    const retrying = end({ retryFailed: true }, true);
    expect(exit(outcome(retrying).error)).toEqual([
      130,
      'Interrupted: the journal j.ndjson is up to date; run again with --retry-failed to finish',
    ]);
  });

  it('before any row was sent: nothing changed', () => {
    const early = end({ sending: false, looped: looped({ counts: { ok: 0, failed: 0, skipped: 0 } }) }, true);
    expect(exit(outcome(early).error)).toEqual([130, 'Interrupted before any row was sent: nothing changed']);
  });

  it('the session ended: exit 4 saying the journal is up to date and how to finish', () => {
    const error = outcome(end({ looped: looped({ fatal: new NotLoggedInError() }) }, false)).error;
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(4);
    expect((error as CliError).message).toContain(
      'The run stopped part way: the rows done are in the journal j.ndjson, which is up to date; once signed in, run it again with --resume to finish it',
    );
  });

  it('the journal could not be written: exit 1, with what --resume sends again', () => {
    const full = end({ journalWrite: { error: new Error('ENOSPC: no space left on device'), unwritten: 3 } });
    expect(exit(outcome(full).error)).toEqual([
      1,
      'Could not write the journal j.ndjson (ENOSPC: no space left on device): the run stopped taking rows and let those in flight finish; 3 rows finished after that are not recorded and will be sent again by --resume. Make room (or fix the file system) and run again with --resume',
    ]);
  });

  it('the input broke: exit 1, nothing after the last whole line sent', () => {
    const broken = new InputBrokenError('stdin', 12, new Error('read ECONNRESET'));
    expect(exit(outcome(end({ looped: looped({ broken }) })).error)).toEqual([
      1,
      'Reading stdin failed after line 12: read ECONNRESET; the rows before it are in the journal j.ndjson. Nothing after line 12 was sent: feed the whole input again with --resume',
    ]);
  });

  it('a failure that stopped it (a lock taken by another run) is its error', () => {
    const taken = new CliError('Journal j.ndjson was taken by another run', 1, 'JOURNAL_IN_USE');
    expect(outcome(end({ failure: taken, stopping: true })).error).toBe(taken);
  });
});

describe('a report that could not be written', () => {
  it('alone: exit 1; beside another outcome: a warning, and that outcome', () => {
    const alone = end({ reportUnwritten: '--report r.json could not be written: ENOSPC' });
    expect(exit(outcome(alone).error)).toEqual([
      1,
      '--report r.json could not be written: ENOSPC. The run itself finished (the summary above); nothing else went wrong',
    ]);
    const beside = end({
      reportUnwritten: '--report r.json could not be written: ENOSPC',
      looped: looped({ counts: { ok: 1, failed: 1, skipped: 0 } }),
    });
    const result = outcome(beside);
    expect(result.lines.at(-1)).toBe('Warning: --report r.json could not be written: ENOSPC');
    expect(exit(result.error)).toEqual([3, '1 row failed; rerun them with --retry-failed']);
  });
});

describe('--validate-only', () => {
  it('counts the rows, and exits 2 when one cannot be used', () => {
    expect(validatedOutcome('in.csv', { rows: 5, wanted: 5, invalid: 0, repeated: 1 })).toEqual({
      lines: ["in.csv: 5 rows, 0 invalid, 1 repeating an earlier row's user (a run skips them)"],
      error: undefined,
    });
    const bad = validatedOutcome('in.csv', { rows: 5, wanted: 5, invalid: 2, repeated: 0 });
    expect(exit(bad.error)).toEqual([2, 'in.csv has 2 rows that cannot be used (listed above)']);
  });
});
