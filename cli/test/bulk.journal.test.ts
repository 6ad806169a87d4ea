/**
 * A journal whose last record was torn (a run killed, or a disk that filled, in the middle of a
 * write) is resumed, and then resumed again: each run's records stay readable, so the second
 * resume skips what is done instead of calling the journal damaged.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BINARY,
  cli,
  deletions,
  idsCsv,
  login,
  memberIds,
  signedInSandbox,
  spawnCli,
  spawnResult,
  statusIn,
  waitFor,
  writeInput,
} from './support/cli';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();
const statusOf = statusIn(box);

/** `bulk set-role` of the file `input` over `journal`. */
const setRoleOver = (input: string, role: string, journal: string, ...more: string[]) =>
  cli(['bulk', 'set-role', '-i', input, '--role', role, '--journal', journal, '--yes', ...more], { env });

describe('a torn journal record', () => {
  it('resumed twice: the torn line stays on its own, every user deleted once', async () => {
    const ids = memberIds(box, 6);
    const journal = join(dir, 'torn.journal.ndjson');
    const first = idsCsv(dir, 'first-half.csv', ids.slice(0, 3));
    const whole = idsCsv(dir, 'whole.csv', ids);
    expect((await cli(['bulk', 'delete', '-i', first, '--journal', journal, '--yes'], { env })).code).toBe(0);
    // The run was killed while writing line 5's record: half of it reached the disk.
    appendFileSync(journal, `{"line":5,"id":"${ids[3]?.slice(0, 8)}`);

    const resumed = await cli(['bulk', 'delete', '-i', whole, '--journal', journal, '--yes', '--resume'], {
      env,
    });
    expect(resumed.stderr).toContain('delete: 3 ok, 3 skipped, 0 failed');
    expect(resumed.code).toBe(0);
    // The next run's header starts a line of its own rather than finishing the torn one.
    const lines = readFileSync(journal, 'utf8').split('\n');
    expect(lines).toContain(`{"line":5,"id":"${ids[3]?.slice(0, 8)}`);
    expect(lines.filter((line) => line.startsWith('{"type":"run"'))).toHaveLength(2);

    const again = await cli(['bulk', 'delete', '-i', whole, '--journal', journal, '--yes', '--resume'], {
      env,
    });
    expect(again.stderr).toContain('delete: 0 ok, 6 skipped, 0 failed');
    expect(again.code).toBe(0);
    const counts = deletions(box);
    for (const id of ids) expect(counts.get(id)).toBe(1);
    const records = readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{"line"') && line.endsWith('}'))
      .map((line) => JSON.parse(line));
    expect(records.filter((record) => record.status === 'ok')).toHaveLength(6);
  });

  it('a torn line followed by row records (not a new run) is still damage: exit 2', async () => {
    const ids = memberIds(box, 2);
    const journal = join(dir, 'damaged.journal.ndjson');
    const path = idsCsv(dir, 'damaged.csv', ids);
    expect((await cli(['bulk', 'delete', '-i', path, '--journal', journal, '--yes'], { env })).code).toBe(0);
    const text = readFileSync(journal, 'utf8').split('\n');
    text.splice(2, 0, '{"line":9,"id":"x');
    writeFileSync(journal, text.join('\n'));
    const result = await cli(['bulk', 'delete', '-i', path, '--journal', journal, '--yes', '--resume'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is damaged at line 3');
  });
});

describe('the lock of a run that died before a restart', () => {
  it.runIf(existsSync('/proc/self/stat'))(
    'is taken over when its process id now belongs to another program',
    async () => {
      const journal = join(dir, 'restarted.journal.ndjson');
      const input = idsCsv(dir, 'restarted.csv', memberIds(box, 2));
      // Left by a run before a restart: this test's own (live) pid, with another start time.
      const stale = {
        pid: process.pid,
        host: hostname(),
        token: 'before-restart',
        started: 'another-boot:1',
      };
      writeFileSync(`${journal}.lock`, JSON.stringify(stale));
      const result = await cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes'], { env });
      expect(result.stderr).not.toContain('in use');
      expect(result.code).toBe(0);
      expect(existsSync(`${journal}.lock`)).toBe(false);
    },
  );
});

describe('a resumed run must make the same change', () => {
  const rolesOf = (id: string) => box.world.store.data.users[id]?.roles;

  it('set-role: --resume with another --role is refused before anything is sent; the same --role finishes', async () => {
    const ids = memberIds(box, 4);
    const journal = join(dir, 'roles.journal.ndjson');
    const half = idsCsv(dir, 'roles-half.csv', ids.slice(0, 2));
    const whole = idsCsv(dir, 'roles-whole.csv', ids);
    const setRole = (input: string, role: string, ...more: string[]) =>
      cli(['bulk', 'set-role', '-i', input, '--role', role, '--journal', journal, '--yes', ...more], { env });
    expect((await setRole(half, 'Admin')).code).toBe(0);

    const other = await setRole(whole, 'General', '--resume');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `Journal ${journal} records 2 rows of a 'set-role' run with --role Admin, and this run has --role General`,
    );
    // The way to finish the earlier run is said with what it does, after the way to a new run.
    expect(other.stderr).toContain(
      'For a new run, give it a new --journal; only to finish that earlier run, run it again with its own input and --role Admin, which makes that change (--role Admin) to every row it has not done',
    );
    // The first two stay admins: nothing of the other run was sent.
    expect(ids.map(rolesOf)).toEqual([['Admin'], ['Admin'], ['General'], ['General']]);
    // --retry-failed and --dry-run check it too.
    expect((await setRole(whole, 'General', '--retry-failed')).code).toBe(2);
    expect((await setRole(whole, 'General', '--resume', '--dry-run')).code).toBe(2);

    const same = await setRole(whole, 'Admin', '--resume');
    expect(same.stderr).toContain('set-role: 2 ok, 2 skipped, 0 failed');
    expect(ids.map(rolesOf)).toEqual(ids.map(() => ['Admin']));
  });

  it('kyc-review: a rejection resumed with --approve (or another reason) is refused', async () => {
    const pending = box.world.store.data.kycRequests.filter((request) => request.status === 'PENDING');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const journal = join(dir, 'kyc.journal.ndjson');
    const first = idsCsv(dir, 'kyc-first.csv', [pending[0]?.id ?? '']);
    const both = idsCsv(dir, 'kyc-both.csv', [pending[0]?.id ?? '', pending[1]?.id ?? '']);
    const review = (input: string, ...decision: string[]) =>
      cli(['bulk', 'kyc-review', '-i', input, ...decision, '--journal', journal, '--yes', '--resume'], {
        env,
      });
    expect((await review(first, '--reject', '--reason', "Photo can't be read")).code).toBe(0);

    const approve = await review(both, '--approve');
    expect(approve.code).toBe(2);
    expect(approve.stderr).toContain(
      `with --reject --reason 'Photo can'\\''t be read', and this run has --approve`,
    );
    expect((await review(both, '--reject', '--reason', 'Blurred')).code).toBe(2);
    expect(pending[1]?.status).toBe('PENDING');
  });

  it('a journal of an earlier version (no options recorded) still resumes', async () => {
    const ids = memberIds(box, 2);
    const journal = join(dir, 'old.journal.ndjson');
    writeFileSync(
      journal,
      `{"type":"run","action":"set-role","input":"old.csv","pid":1,"started_at":"2026-11-01T00:00:00.000Z"}\n{"line":2,"id":"${ids[0]}","status":"ok","at":"2026-11-01T00:00:01.000Z"}\n`,
    );
    const input = idsCsv(dir, 'old.csv', ids);
    const resumed = await setRoleOver(input, 'Admin', journal, '--resume');
    expect(resumed.stderr).toContain('set-role: 1 ok, 1 skipped, 0 failed');
    expect(resumed.code).toBe(0);
    // That resume recorded its options: from now on they are the journal's.
    const other = await setRoleOver(input, 'General', journal, '--resume');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("records 2 rows of a 'set-role' run with --role Admin");
  });
});

describe('journal records are checked as they are read', () => {
  it('a record whose line is not a whole number, or that has no id, is refused (exit 2)', async () => {
    const [a] = memberIds(box, 1);
    const input = idsCsv(dir, 'checked.csv', [a ?? '']);
    const header = '{"type":"run","action":"confirm","options":[],"input":"checked.csv","pid":1}';
    for (const record of ['{"line":2.5,"id":"x","status":"ok"}', '{"line":2,"status":"ok"}']) {
      const journal = join(dir, `checked-${Math.random()}.journal.ndjson`);
      writeFileSync(journal, `${header}\n${record}\n`);
      const result = await cli(['bulk', 'confirm', '-i', input, '--journal', journal, '--resume'], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Journal ${journal} line 2 is not a journal record`);
    }
  });

  it('rows failed before they had an id (empty, with a control character) leave a journal that resumes', async () => {
    const [a, b] = memberIds(box, 2);
    // An empty id and an id with a control character are failed rows with no id to record.
    const input = join(dir, 'with-bad-rows.csv');
    writeFileSync(input, `id\n${a}\n""\n${b}\nbad\u0001id\n`);
    const journal = join(dir, 'with-bad-rows.journal.ndjson');
    const first = await cli(['bulk', 'confirm', '-i', input, '--journal', journal, '--yes'], { env });
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('--retry-failed');
    // Each way on from a run with failed rows reads the journal it wrote.
    for (const more of [
      ['--retry-failed'],
      ['--resume'],
      ['--resume', '--retry-failed'],
      ['--dry-run', '--resume'],
    ]) {
      const again = await cli(['bulk', 'confirm', '-i', input, '--journal', journal, '--yes', ...more], {
        env,
      });
      expect(again.stderr, more.join(' ')).not.toContain('is not a journal record');
      // The bad rows fail again when rerun; --resume alone leaves them, recorded as failed.
      expect(again.code, more.join(' ')).toBe(more.includes('--retry-failed') ? 3 : 0);
    }
  });

  it('a resume over an input shorter than its journal says so', async () => {
    const ids = memberIds(box, 3);
    const journal = join(dir, 'longer.journal.ndjson');
    expect(
      (await cli(['bulk', 'confirm', '-i', idsCsv(dir, 'longer.csv', ids), '--journal', journal], { env }))
        .code,
    ).toBe(0);
    const shorter = await cli(
      [
        'bulk',
        'confirm',
        '-i',
        idsCsv(dir, 'shorter.csv', ids.slice(0, 2)),
        '--journal',
        journal,
        '--resume',
      ],
      { env },
    );
    expect(shorter.code).toBe(0);
    expect(shorter.stderr).toContain(
      `Warning: the journal ${journal} records rows up to line 4, but ${join(dir, 'shorter.csv')} ends at line 3`,
    );
  });
});

describe('a run that records no row binds no later run', () => {
  const rolesOf = (id: string) => box.world.store.data.users[id]?.roles;

  it('stdin with a header only: exit 2 and no journal; the next stdin run with another --role runs', async () => {
    const [a] = memberIds(box, 1) as [string];
    const journal = join(dir, 'header-only.journal.ndjson');
    const setRole = (role: string, stdin: string) =>
      cli(['bulk', 'set-role', '-i', '-', '--format', 'csv', '--role', role, '--journal', journal, '--yes'], {
        env,
        stdin,
      });
    const empty = await setRole('Admin', 'id\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('stdin has a header but no rows');
    expect(existsSync(journal)).toBe(false);

    const next = await setRole('General', `id\n${a}\n`);
    expect(next.stderr).not.toContain('Admin');
    expect(next.code).toBe(0);
    expect(rolesOf(a)).toEqual(['General']);
  });

  it('a run header with no row records (left by an earlier version) binds nothing', async () => {
    const [a] = memberIds(box, 1) as [string];
    const journal = join(dir, 'header-alone.journal.ndjson');
    writeFileSync(
      journal,
      '{"type":"run","action":"set-role","options":["--role","Admin"],"input":"stdin","pid":1}\n',
    );
    const input = idsCsv(dir, 'header-alone.csv', [a]);
    const result = await setRoleOver(input, 'General', journal);
    expect(result.stderr).not.toContain('Admin');
    expect(result.code).toBe(0);
    // Its own header now decides: a resume with --role Admin is refused.
    const admin = await setRoleOver(input, 'Admin', journal, '--resume');
    expect(admin.code).toBe(2);
    expect(admin.stderr).toContain("records 1 row of a 'set-role' run with --role General");
  });

  it('a run with every row done already adds nothing to its journal', async () => {
    const ids = memberIds(box, 2);
    const journal = join(dir, 'all-done.journal.ndjson');
    const input = idsCsv(dir, 'all-done.csv', ids);
    expect((await cli(['bulk', 'confirm', '-i', input, '--journal', journal], { env })).code).toBe(0);
    const before = readFileSync(journal, 'utf8');
    const again = await cli(['bulk', 'confirm', '-i', input, '--journal', journal, '--resume'], { env });
    expect(again.stderr).toContain('confirm: 0 ok, 2 skipped, 0 failed');
    expect(readFileSync(journal, 'utf8')).toBe(before);
  });
});

describe('a row that failed before it had a usable id, fed again corrected', () => {
  const suspend = (input: string, journal: string, ...more: string[]) =>
    cli(['bulk', 'suspend', '-i', input, '--journal', journal, '--yes', ...more], { env });

  it('stdin cut off inside its last row: the whole input again with --retry-failed sends that row only', async () => {
    const [a, b] = memberIds(box, 2) as [string, string];
    const journal = join(dir, 'cut-off.journal.ndjson');
    const run = (stdin: string, ...more: string[]) =>
      cli(['bulk', 'suspend', '-i', '-', '--format', 'csv', '--journal', journal, '--yes', ...more], {
        env,
        stdin,
      });
    const cut = await run(`id\n${a}\n${b}`);
    expect(cut.code).toBe(3);
    expect(statusOf(b)).toBe('active');

    const again = await run(`id\n${a}\n${b}\n`, '--retry-failed');
    expect(again.stderr).not.toContain('the input changed');
    expect(again.stderr).toContain('suspend: 1 ok, 1 skipped, 0 failed');
    expect(again.code).toBe(0);
    expect([statusOf(a), statusOf(b)]).toEqual(['suspended', 'suspended']);
  });

  it('an empty id fixed in place runs with --retry-failed; a changed id on a line applied is still refused', async () => {
    const [a, b, c, d] = memberIds(box, 4) as [string, string, string, string];
    const journal = join(dir, 'fixed.journal.ndjson');
    const broken = writeInput(dir, 'fixed.csv', `id\n${a}\n""\n${b}\n`);
    expect((await suspend(broken, journal)).code).toBe(3);
    // --resume leaves the failed row alone, and is not refused either.
    const resumed = await suspend(
      writeInput(dir, 'fixed.csv', `id\n${a}\n${c}\n${b}\n`),
      journal,
      '--resume',
    );
    expect(resumed.stderr).toContain('suspend: 0 ok, 3 skipped, 0 failed');
    expect(resumed.code).toBe(0);
    expect(statusOf(c)).toBe('active');

    const retried = await suspend(join(dir, 'fixed.csv'), journal, '--retry-failed');
    expect(retried.stderr).toContain('suspend: 1 ok, 2 skipped, 0 failed');
    expect(retried.code).toBe(0);
    expect([a, b, c].map(statusOf)).toEqual(['suspended', 'suspended', 'suspended']);

    // Line 2 was applied to ${a}: another user there now is another input.
    const changed = await suspend(
      writeInput(dir, 'fixed.csv', `id\n${d}\n${c}\n${b}\n`),
      journal,
      '--resume',
    );
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain(`line 2 of ${join(dir, 'fixed.csv')} is user ${d}, but the journal`);
    expect(statusOf(d)).toBe('active');
  });
});

describe('a resume that reads the ids from another column', () => {
  it('is refused naming --column, not as a changed input', async () => {
    const ids = memberIds(box, 2);
    const usernameOf = (id: string) => box.world.store.data.users[id]?.username ?? '';
    const rowsOf = (list: string[]) => list.map((id) => `${id},${usernameOf(id)}`).join('\n');
    const journal = join(dir, 'columns.journal.ndjson');
    const first = writeInput(dir, 'columns-first.csv', `id,username\n${rowsOf(ids.slice(0, 1))}\n`);
    expect((await cli(['bulk', 'confirm', '-i', first, '--journal', journal], { env })).code).toBe(0);
    const whole = writeInput(dir, 'columns-whole.csv', `id,username\n${rowsOf(ids)}\n`);
    const other = await cli(
      ['bulk', 'confirm', '-i', whole, '--journal', journal, '--resume', '--column', 'username'],
      { env },
    );
    expect(other.code).toBe(2);
    expect(other.stderr).not.toContain('the input changed');
    expect(other.stderr).toContain(
      `Journal ${journal} records 1 row of a run that read its ids from --column id, and this run has --column username`,
    );
    const same = await cli(['bulk', 'confirm', '-i', whole, '--journal', journal, '--resume'], { env });
    expect(same.stderr).toContain('confirm: 1 ok, 1 skipped, 0 failed');
  });
});

describe('signed out in another terminal mid-run', () => {
  it('exit 4: says the run stopped part way, its journal is up to date, and --resume finishes it', async () => {
    const ids = memberIds(box, 60);
    const input = idsCsv(dir, 'signed-out.csv', ids);
    const journal = join(dir, 'signed-out.journal.ndjson');
    // --rate keeps the run going long enough to sign out in the middle of it.
    const run = spawnCli(['bulk', 'confirm', '-i', input, '--journal', journal, '--rate', '20', '-c', '2'], {
      env,
    });
    await waitFor(() => entries(journal).length >= 3);
    expect((await cli(['logout'], { env })).code).toBe(0);
    expect(await run.exited).toBe(4);
    expect(run.stderr()).toContain('Not signed in');
    expect(run.stderr()).toContain(
      `The run stopped part way: the rows done are in the journal ${journal}, which is up to date; once signed in, run it again with --resume to finish it`,
    );
    const done = entries(journal).length;
    expect(done).toBeLessThan(60);

    expect((await login(env)).code).toBe(0);
    const resumed = await spawnResult(['bulk', 'confirm', '-i', input, '--journal', journal, '--resume'], {
      env,
    });
    expect(resumed.stderr).toContain(`confirm: ${60 - done} ok, ${done} skipped, 0 failed`);
    expect(resumed.code).toBe(0);
  });
});

describe('a journal that cannot be written mid-run (a full disk)', () => {
  it('stops the run cleanly: rows in flight finish, the lock is released, the message says what --resume does', async () => {
    const ids = memberIds(box, 400).slice(-40);
    expect(ids).toHaveLength(40);
    const input = idsCsv(dir, 'full-disk.csv', ids);
    const journal = join(dir, 'full-disk.journal.ndjson');
    const full = {
      ...env,
      NODE_OPTIONS: `--require ${join(import.meta.dirname, 'support', 'disk-full.cjs')}`,
      MATCHMAKER_TEST_DISK_FULL_PATH: journal,
      // The run's header and about ten records fit.
      MATCHMAKER_TEST_DISK_FULL_BYTES: '1500',
    };
    const args = ['bulk', 'suspend', '-i', input, '--yes', '--journal', journal, '-c', '4'];
    const stopped = await spawnResult(args, { env: full });
    expect(stopped.stderr).toContain(
      `Could not write the journal ${journal} (ENOSPC: no space left on device`,
    );
    expect(stopped.stderr).toContain('run again with --resume');
    expect(stopped.stderr).not.toMatch(/\n\s+at /);
    expect(stopped.code).toBe(1);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    const recorded = entries(journal).filter((entry) => entry.status === 'ok').length;
    const suspended = ids.filter((id) => statusOf(id) === 'suspended').length;
    // The run stopped taking rows: it did not go on through the file unrecorded.
    expect(suspended).toBeLessThan(ids.length);
    expect(recorded).toBeGreaterThan(0);
    expect(recorded).toBeLessThanOrEqual(suspended);
    const unrecorded = suspended - recorded;
    if (unrecorded > 0) expect(stopped.stderr).toContain(`not recorded and will be sent again by --resume`);

    const resumed = await spawnResult([...args, '--resume'], { env });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${recorded} skipped`);
    expect(ids.every((id) => statusOf(id) === 'suspended')).toBe(true);
  });
});

interface Outputs {
  journal: string;
  failures: string;
}

/** `bulk suspend` of `input` (`-`: `stdin`, as CSV), with its journal and failures file named. */
const suspendInto = (paths: Outputs, input: string, more: string[], stdin?: string) =>
  cli(
    [
      'bulk',
      'suspend',
      '-i',
      input,
      ...(input === '-' ? ['--format', 'csv'] : []),
      '--yes',
      '--journal',
      paths.journal,
      '--failures',
      paths.failures,
      ...more,
    ],
    { env, stdin },
  );

describe('a --retry-failed run and the failures file of the run before it', () => {
  /** A folder with a run's journal and failures file in it. */
  const files = (name: string) => {
    const folder = join(dir, name);
    mkdirSync(folder);
    return { folder, journal: join(folder, 'j.ndjson'), failures: join(folder, 'f.csv') };
  };
  const suspend = (paths: Outputs, input: string, ...more: string[]) => suspendInto(paths, input, more);
  const suspendStdin = (paths: Outputs, stdin: string, ...more: string[]) =>
    suspendInto(paths, '-', more, stdin);

  it('stdin with a header only: exit 2, the failures file left as it was', async () => {
    const [a] = memberIds(box, 1) as [string];
    const paths = files('header-only-retry');
    expect((await suspendStdin(paths, `id\n${a}\nnobody-x\n`)).code).toBe(3);
    const before = readFileSync(paths.failures, 'utf8');
    expect(before).toContain('nobody-x');

    const empty = await suspendStdin(paths, 'id\n', '--retry-failed');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('stdin has a header but no rows');
    expect(readFileSync(paths.failures, 'utf8')).toBe(before);
    expect(readdirSync(paths.folder).sort()).toEqual(['f.csv', 'j.ndjson']);
  });

  it('SIGTERM before stdin gives a row: exit 130, nothing changed, the failures file left as it was', async () => {
    const [a] = memberIds(box, 1) as [string];
    const paths = files('sigterm-retry');
    expect((await suspendStdin(paths, `id\n${a}\nnobody-x\n`)).code).toBe(3);
    const before = readFileSync(paths.failures, 'utf8');
    const journaled = readFileSync(paths.journal, 'utf8');

    const args = ['-i', '-', '--format', 'csv', '--yes', '--retry-failed'];
    const child = spawn(
      process.execPath,
      [BINARY, 'bulk', 'suspend', ...args, '--journal', paths.journal, '--failures', paths.failures],
      { env: { ...env, MATCHMAKER_PROGRESS_INTERVAL_MS: '50' }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      child.stdin.write('id\n');
      await waitFor(() => /suspend: 0 rows/.test(stderr), 10_000);
      child.kill('SIGTERM');
      expect(await exited).toBe(130);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stderr).toContain('Interrupted before any row was sent: nothing changed');
    expect(readFileSync(paths.failures, 'utf8')).toBe(before);
    expect(readFileSync(paths.journal, 'utf8')).toBe(journaled);
  });

  it('an input that no longer has the failed row: exit 3 naming the line, the failures file left as it was', async () => {
    const [a, b] = memberIds(box, 2) as [string, string];
    const paths = files('short-retry');
    const input = writeInput(paths.folder, 'in.csv', `id\n${a}\nnobody-x\n${b}\nnobody-y\n`);
    expect((await suspend(paths, input)).code).toBe(3);
    const before = readFileSync(paths.failures, 'utf8');

    writeInput(paths.folder, 'in.csv', `id\n${a}\nnobody-x\n`);
    const short = await suspend(paths, input, '--retry-failed');
    expect(short.stderr).toContain('suspend: 0 ok, 1 skipped, 1 failed');
    expect(short.stderr).toContain(
      `1 row failed (see ${paths.failures}), and line 5, recorded as failed in the journal ${paths.journal}, is not a row of ${input}: not retried, still failed. Run --retry-failed again with the whole input the journal was written for`,
    );
    expect(short.code).toBe(3);
    expect(readFileSync(paths.failures, 'utf8')).toBe(before);
    expect(
      entries(paths.journal)
        .filter((entry) => entry.line === 5)
        .at(-1)?.status,
    ).toBe('failed');
  });

  it('stopped half way: every row still failed stays listed; the run that reruns them all replaces the file', async () => {
    const ids = memberIds(box, 3) as [string, string, string];
    const paths = files('stopped-retry');
    const input = idsCsv(paths.folder, 'in.csv', [...ids, 'nobody-z']);
    // The user calls fail (500) in the first run; the sign-in check does not.
    box.faults.prefix = '/api/usermgmt/v2/admin/users';
    box.faults.failRate = 1;
    try {
      expect((await suspend(paths, input, '--retries', '0')).code).toBe(3);
    } finally {
      box.faults.failRate = 0;
      box.faults.prefix = '/api';
    }
    const before = readFileSync(paths.failures, 'utf8');
    expect(before.trim().split('\n')).toHaveLength(5);

    // One row a second: stopped once the first is done, the others not yet retried.
    const retrying = spawnCli(
      [
        'bulk',
        'suspend',
        '-i',
        input,
        '--yes',
        '--journal',
        paths.journal,
        '--failures',
        paths.failures,
        '--retry-failed',
        '-c',
        '1',
        '--rate',
        '1',
      ],
      { env },
    );
    await waitFor(() => entries(paths.journal).some((entry) => entry.status === 'ok'));
    retrying.child.kill('SIGTERM');
    expect(await retrying.exited).toBe(130);
    expect(retrying.stderr()).toContain('run again with --retry-failed to finish');
    expect(readFileSync(paths.failures, 'utf8')).toBe(before);
    expect(readdirSync(paths.folder).sort()).toEqual(['f.csv', 'in.csv', 'j.ndjson']);

    const finished = await suspend(paths, input, '--retry-failed');
    expect(finished.code).toBe(3);
    expect(ids.map(statusOf)).toEqual(['suspended', 'suspended', 'suspended']);
    // Now the file is this run's: the one row still failed.
    const after = readFileSync(paths.failures, 'utf8').trim().split('\n');
    expect(after).toHaveLength(2);
    expect(after[1]).toContain('nobody-z');
    expect(readdirSync(paths.folder).sort()).toEqual(['f.csv', 'in.csv', 'j.ndjson']);
  });
});

describe('a row that failed, corrected in place', () => {
  const user = (id: string) => box.world.store.data.users[id];

  it('set-email from stdin: a row named another way, then by id as the message asks, runs with --retry-failed', async () => {
    const [a, b] = memberIds(box, 300).slice(-2) as [string, string];
    const journal = join(dir, 'ways.journal.ndjson');
    const setEmail = (stdin: string, ...more: string[]) =>
      cli(['bulk', 'set-email', '-i', '-', '--format', 'csv', '--yes', '--journal', journal, ...more], {
        env,
        stdin,
      });
    const first = await setEmail(
      `id,email\n${a},s1.${a}@example.com\n${user(b)?.username},s2.${b}@example.com\n`,
      '--failures',
      join(dir, 'ways.failures.csv'),
    );
    expect(first.code).toBe(3);
    expect(entries(journal).find((entry) => entry.status === 'failed')?.error).toContain(
      'is named by username, but line 2 names its user by id',
    );

    const fixed = await setEmail(
      `id,email\n${a},s1.${a}@example.com\n${b},s2.${b}@example.com\n`,
      '--retry-failed',
      '--failures',
      join(dir, 'ways.failures.csv'),
    );
    expect(fixed.stderr).not.toContain('the input changed');
    expect(fixed.stderr).toContain('set-email: 1 ok, 1 skipped, 0 failed');
    expect(fixed.code).toBe(0);
    expect(user(b)?.email).toBe(`s2.${b}@example.com`);
  });

  it('a typo that failed 404, fixed in place, runs with --retry-failed; a changed line that was done is refused', async () => {
    const [a, b, c, d] = memberIds(box, 4) as [string, string, string, string];
    const journal = join(dir, 'typo.journal.ndjson');
    const input = writeInput(dir, 'typo.csv', `id\n${a}\n${b.slice(0, -1)}x\n${c}\n`);
    const run = (...more: string[]) =>
      cli(['bulk', 'suspend', '-i', input, '--yes', '--journal', journal, ...more], { env });
    const first = await run();
    expect(first.code).toBe(3);
    expect(entries(journal).find((entry) => entry.status === 'failed')?.error).toContain('404');

    writeInput(dir, 'typo.csv', `id\n${a}\n${b}\n${c}\n`);
    // --resume leaves it (failed), without calling the input changed.
    const resumed = await run('--resume');
    expect(resumed.stderr).toContain('suspend: 0 ok, 3 skipped, 0 failed');
    expect(resumed.code).toBe(0);
    const retried = await run('--retry-failed');
    expect(retried.stderr).toContain('suspend: 1 ok, 2 skipped, 0 failed');
    expect(retried.code).toBe(0);
    expect([a, b, c].map(statusOf)).toEqual(['suspended', 'suspended', 'suspended']);

    writeInput(dir, 'typo.csv', `id\n${a}\n${b}\n${d}\n`);
    const moved = await run('--resume');
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain(`line 4 of ${input} is user ${d}, but the journal`);
    expect(statusOf(d)).toBe('active');
  });

  it('stdin: a failed line that holds another user is sent only once the lines done after it still match', async () => {
    const [a, b, c, y] = memberIds(box, 4) as [string, string, string, string];
    const paths = { journal: join(dir, 'shift.journal.ndjson'), failures: join(dir, 'shift.failures.csv') };
    const run = (stdin: string, ...more: string[]) => suspendInto(paths, '-', more, stdin);
    expect((await run(`id\n${a}\nnobody-q\n${b}\n`)).code).toBe(3);

    // A row added above: line 3 holds another user, and line 4 (done: b) holds the failed row.
    const shifted = await run(`id\n${a}\n${y}\nnobody-q\n${b}\n${c}\n`, '--retry-failed');
    expect(shifted.code).toBe(2);
    expect(shifted.stderr).toContain('line 4 of stdin is user nobody-q, but the journal');
    expect(statusOf(y)).toBe('active');

    const corrected = await run(`id\n${a}\n${y}\n${b}\n`, '--retry-failed');
    expect(corrected.stderr).toContain('suspend: 1 ok, 2 skipped, 0 failed');
    expect(corrected.code).toBe(0);
    expect(statusOf(y)).toBe('suspended');
  });
});

describe('the question and the journal folder', () => {
  it('--retry-failed asks about the failed rows it will run, not every row', async () => {
    const ids = memberIds(box, 2);
    const journal = join(dir, 'asked.journal.ndjson');
    const input = idsCsv(dir, 'asked.csv', [...ids, 'nobody-w']);
    expect((await cli(['bulk', 'suspend', '-i', input, '--journal', journal, '--yes'], { env })).code).toBe(
      3,
    );
    const asked = await cli(['bulk', 'suspend', '-i', input, '--journal', journal, '--retry-failed'], {
      env,
    });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain(`Refusing to suspend 1 failed row of ${input} without confirmation`);
  });

  it('a --journal in a folder that does not exist: exit 2 naming the folder, nothing sent', async () => {
    const [a] = memberIds(box, 1) as [string];
    const input = idsCsv(dir, 'no-folder.csv', [a]);
    const journal = join(dir, 'nojdir', 'j.ndjson');
    const result = await cli(['bulk', 'suspend', '-i', input, '--journal', journal, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `--journal ${journal}: the folder ${join(dir, 'nojdir')} does not exist: create it or name another file`,
    );
    expect(box.world.store.data.users[a]?.status).toBe('active');
  });
});

describe('a --retry-failed run stopped part way', () => {
  it('says to finish it with --retry-failed, which reruns failed rows, not --resume, which skips them', async () => {
    const ids = memberIds(box, 400).slice(-80, -40);
    expect(ids).toHaveLength(40);
    const journal = join(dir, 'retry-full.journal.ndjson');
    const input = join(dir, 'retry-full.csv');
    // Every row fails first (no such users), then is corrected in place to a real one.
    idsCsv(
      dir,
      'retry-full.csv',
      ids.map((_, n) => `nobody-${n}`),
    );
    const args = ['bulk', 'suspend', '-i', input, '--yes', '--journal', journal, '-c', '4'];
    const first = await spawnResult(args, { env });
    expect(first.code).toBe(3);
    idsCsv(dir, 'retry-full.csv', ids);
    const full = {
      ...env,
      NODE_OPTIONS: `--require ${join(import.meta.dirname, 'support', 'disk-full.cjs')}`,
      MATCHMAKER_TEST_DISK_FULL_PATH: journal,
      MATCHMAKER_TEST_DISK_FULL_BYTES: '1500',
    };
    const stopped = await spawnResult([...args, '--retry-failed'], { env: full });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('run again with --retry-failed');
    expect(stopped.stderr).not.toContain('--resume');
    const finished = await spawnResult([...args, '--retry-failed'], { env });
    expect(finished.code).toBe(0);
    expect(ids.every((id) => statusOf(id) === 'suspended')).toBe(true);
  });
});
