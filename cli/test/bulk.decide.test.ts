/**
 * Each row's decision, a pure function of the row, its plan, whether its user came earlier, the
 * journal (read from a real file) and the run's mode: every case of --resume, --retry-failed,
 * --dry-run and stdin's corrections, as a table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../src/bulk/actions';
import { decide, type Mode, wanted } from '../src/bulk/decide';
import { type JournalState, readJournal } from '../src/bulk/journal';
import type { InputRow } from '../src/bulk/reader';
import { tempDir } from './support/cli';

const dir = tempDir();
const names = { input: 'in.csv', journal: 'j.ndjson' };

/** A journal whose lines are as given: line 2 ok (user a), 3 failed (b), 5 ok (c); 4 never ran. */
async function journalOf(lines: { line: number; id: string; status: 'ok' | 'failed' }[], header = 'first') {
  const path = join(dir, `j-${Math.random()}.ndjson`);
  const run = {
    type: 'run',
    action: 'deactivate',
    options: [],
    column: 'id',
    ...(header ? { lines: header } : {}),
  };
  writeFileSync(path, [run, ...lines].map((record) => JSON.stringify(record)).join('\n'));
  return readJournal(path);
}

const recorded = [
  { line: 2, id: 'a', status: 'ok' as const },
  { line: 3, id: 'b', status: 'failed' as const },
  { line: 5, id: 'c', status: 'ok' as const },
];
const empty = await journalOf([]);
const earlier = await journalOf(recorded);

const row = (line: number, id: string, extra: Partial<InputRow> = {}): InputRow => ({
  line,
  values: { id },
  ...extra,
});
const plan = (id: string): Plan => ({ id, change: 'status -> deactivated' });
const mode = (overrides: Partial<Mode> = {}): Mode => ({
  resume: false,
  retryFailed: false,
  real: true,
  checkedFirst: true,
  ...overrides,
});
const decided = (
  journal: JournalState,
  line: number,
  id: string,
  m: Partial<Mode>,
  seen = 'first' as const,
) => decide(row(line, id), plan(id), seen, 'a conflict', journal, mode(m), names);

describe('a fresh run', () => {
  it('sends a planned row, fails one without a plan, skips a repeat, fails a conflict', () => {
    expect(decided(empty, 2, 'a', {})).toEqual({ kind: 'send', plan: plan('a') });
    expect(decide(row(2, ''), "empty 'id'", 'first', '', empty, mode(), names)).toEqual({
      kind: 'invalid',
      problem: "empty 'id'",
    });
    expect(decide(row(3, 'a'), plan('a'), 'repeat', '', empty, mode(), names)).toEqual({
      kind: 'repeat',
      plan: plan('a'),
    });
    expect(decide(row(3, 'a'), plan('a'), 'conflict', 'two emails', empty, mode(), names)).toEqual({
      kind: 'invalid',
      problem: 'two emails',
      plan: plan('a'),
    });
  });

  it('a dry run plans instead of sending', () => {
    expect(decided(empty, 2, 'a', { real: false })).toEqual({ kind: 'planned', plan: plan('a') });
  });
});

describe('which rows a run over a journal takes', () => {
  const table: [string, Partial<Mode>, number, boolean][] = [
    ['--resume: not a line done', { resume: true }, 2, false],
    ['--resume: not a line failed', { resume: true }, 3, false],
    ['--resume: a line never run', { resume: true }, 4, true],
    ['--retry-failed: a line failed', { retryFailed: true }, 3, true],
    ['--retry-failed: not a line done', { retryFailed: true }, 5, false],
    ['--retry-failed: not a line never run', { retryFailed: true }, 4, false],
    ['both: a line failed', { resume: true, retryFailed: true }, 3, true],
    ['both: a line never run', { resume: true, retryFailed: true }, 4, true],
    ['both: not a line done', { resume: true, retryFailed: true }, 2, false],
  ];
  it.each(table)('%s', (_, m, line, takes) => {
    expect(wanted(earlier, line, mode(m))).toBe(takes);
  });

  it('a row --retry-failed leaves that no run took is counted as never run, unless its user came earlier', () => {
    expect(decided(earlier, 4, 'd', { retryFailed: true })).toEqual({ kind: 'skip', neverRun: true });
    expect(decided(earlier, 2, 'a', { retryFailed: true })).toEqual({ kind: 'skip', neverRun: false });
    expect(decide(row(4, 'a'), plan('a'), 'repeat', '', earlier, mode({ retryFailed: true }), names)).toEqual(
      {
        kind: 'skip',
        neverRun: false,
      },
    );
  });
});

describe('an input read once (stdin), checked as it is read', () => {
  const stdin = { checkedFirst: false };

  it('a line recorded ok that holds another user now stops the run', () => {
    const decision = decided(earlier, 2, 'x', { ...stdin, resume: true });
    expect(decision.kind).toBe('moved');
    expect(decision.kind === 'moved' && decision.error.message).toContain(
      'line 2 of in.csv is user x, but the journal j.ndjson recorded another user on that line as done',
    );
    // A file's lines were matched before the run: no check here.
    expect(decided(earlier, 2, 'x', { resume: true }).kind).toBe('skip');
  });

  it('a failed line corrected in place, before lines done, is held until they are read; a file sends it', () => {
    expect(decided(earlier, 3, 'b2', { ...stdin, retryFailed: true })).toEqual({
      kind: 'hold',
      plan: plan('b2'),
    });
    expect(decided(earlier, 3, 'b', { ...stdin, retryFailed: true })).toEqual({
      kind: 'send',
      plan: plan('b'),
    });
    expect(decided(earlier, 3, 'b2', { retryFailed: true })).toEqual({ kind: 'send', plan: plan('b2') });
  });

  it('a journal of a version that numbered rows by their last line, over a row on two lines, stops it', async () => {
    const legacy = await journalOf(recorded, '');
    const decision = decide(
      row(2, 'a', { legacyLine: 3 }),
      plan('a'),
      'first',
      '',
      legacy,
      mode({ ...stdin, resume: true }),
      names,
    );
    expect(decision.kind === 'moved' && decision.error.message).toContain(
      'written by an earlier version of matchmaker',
    );
  });
});
