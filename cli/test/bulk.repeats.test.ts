/**
 * One user on several rows of an input: applied once, at the first row; two rows asking for
 * different changes stop a file before anything is sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, deletions, idsCsv, memberIds, signedInSandbox, writeInput } from './support/cli';

const { box, env, dir } = await signedInSandbox();
const user = (id: string) => box.world.store.data.users[id];
const ids = memberIds(box, 32);
function take(n: number): string[] {
  const taken = ids.splice(0, n);
  if (taken.length < n) throw new Error(`the sandbox has too few members for this test`);
  return taken;
}

const file = (name: string, text: string) => writeInput(dir, name, text);

/** `bulk set-email` reading `stdin` as CSV once, with a journal and failures file named after `name`. */
async function setEmailFromStdin(name: string, stdin: string) {
  const failures = join(dir, `${name}.failures.csv`);
  const journal = join(dir, `${name}.journal.ndjson`);
  const args = ['-i', '-', '--format', 'csv', '--yes', '--journal', journal, '--failures', failures];
  const result = await cli(['bulk', 'set-email', ...args], { env, stdin });
  const failed = () => readFileSync(failures, 'utf8').trim().split('\n');
  return { ...result, failed };
}

describe('bulk runs over an input that names a user twice', () => {
  it('deletes each user once; the repeats are skipped, named and counted', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const input = idsCsv(dir, 'repeats.csv', [a, b, a, c, b, a]);
    const report = join(dir, 'repeats.report.json');
    const result = await cli(['bulk', 'delete', '-i', input, '--yes', '-c', '4', '--report', report], {
      env,
    });
    expect(result.stderr).toContain(`line 4: user ${a} repeats an earlier row: skipped`);
    expect(result.stderr).toContain(`line 6: user ${b} repeats an earlier row: skipped`);
    expect(result.stderr).toContain('delete: 3 ok, 3 skipped (3 repeating an earlier row), 0 failed');
    expect(result.code).toBe(0);
    const counts = deletions(box);
    expect([a, b, c].map((id) => counts.get(id))).toEqual([1, 1, 1]);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ ok: 3, skipped: 3, repeated: 3 });
  });

  it('--resume skips a repeat whose first row an earlier run applied', async () => {
    const [a, b] = take(2) as [string, string];
    const journal = join(dir, 'resume.journal.ndjson');
    // The earlier run covered the first row only; the input then grew.
    const first = await cli(
      ['bulk', 'delete', '-i', idsCsv(dir, 'r1.csv', [a]), '--yes', '--journal', journal],
      {
        env,
      },
    );
    expect(first.code).toBe(0);
    const input = idsCsv(dir, 'r2.csv', [a, b, a]);
    const result = await cli(['bulk', 'delete', '-i', input, '--yes', '--journal', journal, '--resume'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`line 4: user ${a} repeats an earlier row: skipped`);
    const counts = deletions(box);
    expect([a, b].map((id) => counts.get(id))).toEqual([1, 1]);
  });

  it('set-email: the same email twice is one change; two emails for one user stop the file first', async () => {
    const [a, b] = take(2) as [string, string];
    const same = file('same.csv', `id,email\n${a},one.${a}@example.org\n${a},one.${a}@example.org\n`);
    const once = await cli(['bulk', 'set-email', '-i', same, '--yes'], { env });
    expect(once.code).toBe(0);
    expect(once.stderr).toContain('1 ok, 1 skipped (1 repeating an earlier row)');
    expect(user(a)?.email).toBe(`one.${a}@example.org`);

    const clash = file(
      'clash.csv',
      `id,email\n${b},first.${b}@example.org\n${a},two.${a}@example.org\n${b},second.${b}@example.org\n`,
    );
    for (const extra of [[], ['--dry-run']]) {
      const result = await cli(['bulk', 'set-email', '-i', clash, '--yes', ...extra], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `line 4: user ${b} has another change on line 2 (this row: email -> second.${b}@example.org)`,
      );
      expect(result.stderr).toContain('gives a user different changes on different rows (listed above)');
      expect(result.stderr).toContain('nothing was sent');
      expect(result.stdout).toBe('');
    }
    // Nothing at all was sent: not even the row of the other user.
    expect(user(a)?.email).toBe(`one.${a}@example.org`);
    expect(user(b)?.email).not.toContain('@example.org');

    const checked = await cli(['bulk', 'set-email', '-i', clash, '--validate-only'], { env });
    expect(checked.code).toBe(2);
    expect(checked.stderr).toContain(`line 4: user ${b} has another change on line 2`);
    expect(checked.stderr).toContain('3 rows, 1 invalid');
  });

  it('set-email read once from stdin: the conflicting later row fails and is written to the failures file', async () => {
    const [a, b] = take(2) as [string, string];
    const result = await setEmailFromStdin(
      'stdin',
      `id,email\n${a},x.${a}@example.org\n${b},y.${b}@example.org\n${a},z.${a}@example.org\n`,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('2 ok, 0 skipped, 1 failed');
    expect(user(a)?.email).toBe(`x.${a}@example.org`);
    const rows = result.failed();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`z.${a}@example.org`);
    expect(rows[1]).toContain('has another change on line 2');
  });

  it('--dry-run skips and counts repeats; --validate-only counts those of set-email', async () => {
    const [a, b] = take(2) as [string, string];
    const input = idsCsv(dir, 'check.csv', [a, b, b]);
    const dry = await cli(['bulk', 'deactivate', '-i', input, '--dry-run', '-o', 'json'], { env });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).map((row: { id: string; status: string }) => [row.id, row.status])).toEqual(
      [
        [a, 'would change'],
        [b, 'would change'],
        [b, 'repeat'],
      ],
    );
    expect(dry.stderr).toContain('2 rows would change, 1 skipped (1 repeating an earlier row)');
    expect(user(a)?.status).toBe('active');
    // Other actions' repeats are harmless: the file check keeps no table of ids for them.
    const checked = await cli(['bulk', 'deactivate', '-i', input, '--validate-only'], { env });
    expect(checked.code).toBe(0);
    expect(checked.stderr).toContain('3 rows, 0 invalid\n');
    const emails = file('check-emails.csv', `id,email\n${a},a@example.org\n${a},a@example.org\n`);
    const checkedEmails = await cli(['bulk', 'set-email', '-i', emails, '--validate-only'], { env });
    expect(checkedEmails.code).toBe(0);
    expect(checkedEmails.stderr).toContain(
      "2 rows, 0 invalid, 1 repeating an earlier row's user (a run skips them)",
    );
  });
});

describe('one user named in more than one way (the API finds a user by id, exactly, or by username or email, in any case)', () => {
  const EXPORT = '`matchmaker users search --all -o csv --fields id,email`';

  it('a username or email in another letter case is a repeat; an id (exact to the API) is not skipped', async () => {
    const [a, b] = take(2) as [string, string];
    const name = user(b)?.username ?? '';
    // The sandbox, like Keycloak, finds ids exactly and names in any case: the upper-case id
    // first fails (404), and the same id as stored must still be sent, not skipped as its repeat.
    const input = idsCsv(dir, 'case.csv', [a.toUpperCase(), a, name, name.toUpperCase()]);
    const result = await cli(['bulk', 'delete', '-i', input, '--yes', '-c', '1'], { env });
    expect(result.stderr).not.toContain(`user ${a} repeats an earlier row`);
    expect(result.stderr).toContain(`line 5: user ${name.toUpperCase()} repeats an earlier row: skipped`);
    expect(result.stderr).toContain('delete: 2 ok, 1 skipped (1 repeating an earlier row), 1 failed');
    expect(result.code).toBe(3);
    expect([a, b].map((id) => deletions(box).get(id))).toEqual([1, 1]);
  });

  it('kyc-review: request ids are compared exactly, so an id in another case does not hide the real one', async () => {
    const pending = box.world.store.data.kycRequests.find((request) => request.status === 'PENDING');
    if (!pending) throw new Error('the sandbox has no pending KYC request');
    const input = idsCsv(dir, 'kyc-case.csv', [pending.id.toUpperCase(), pending.id]);
    const result = await cli(['bulk', 'kyc-review', '-i', input, '--approve', '--yes', '-c', '1'], { env });
    expect(result.stderr).toContain('kyc-review: 1 ok, 0 skipped, 1 failed');
    expect(result.code).toBe(3);
    expect(box.world.store.data.kycRequests.find((request) => request.id === pending.id)?.status).toBe(
      'APPROVED',
    );
  });

  it('set-email: one id in two letter cases with the same email stops the file rather than skipping either', async () => {
    const [a] = take(1) as [string];
    const before = user(a)?.email;
    const input = file(
      'case-same-email.csv',
      `id,email\n${a.toUpperCase()},same.${a}@example.org\n${a},same.${a}@example.org\n`,
    );
    const result = await cli(['bulk', 'set-email', '-i', input, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`line 3: user ${a} is named on line 2 in another letter case`);
    // Both rows ask for the same email: the summary names the spelling, not "different changes".
    expect(result.stderr).toContain('spells an id in two letter cases (listed above)');
    expect(result.stderr).not.toContain('different changes');
    expect(user(a)?.email).toBe(before);
  });

  it('set-email: one user given one new email in two letter cases is a repeat, as one email for two users is a conflict in any case', async () => {
    const [a] = take(1) as [string];
    const email = user(a)?.email ?? '';
    const input = file(
      'email-cases.csv',
      `id,email\n${email},cased.${a}@example.org\n${email.toUpperCase()},CASED.${a.toUpperCase()}@EXAMPLE.ORG\n`,
    );
    const checked = await cli(['bulk', 'set-email', '-i', input, '--validate-only'], { env });
    expect(checked.code).toBe(0);
    expect(checked.stderr).not.toContain('has another change');
    const result = await cli(['bulk', 'set-email', '-i', input, '--yes'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`line 3: user ${email.toUpperCase()} repeats an earlier row: skipped`);
    expect(result.stderr).toContain('1 ok, 1 skipped (1 repeating an earlier row)');
    expect(user(a)?.email).toBe(`cased.${a}@example.org`);
  });

  it('set-email: two emails for one id in two letter cases stop the file before anything is sent', async () => {
    const [a] = take(1) as [string];
    const before = user(a)?.email;
    const input = file(
      'case-emails.csv',
      `id,email\n${a},one.${a}@example.org\n${a.toUpperCase()},two.${a}@example.org\n`,
    );
    for (const extra of [['--yes'], ['--dry-run'], ['--validate-only']]) {
      const result = await cli(['bulk', 'set-email', '-i', input, ...extra], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `line 3: user ${a.toUpperCase()} is named on line 2 in another letter case`,
      );
      expect(result.stderr).toContain('spells an id in two letter cases (listed above)');
    }
    expect(user(a)?.email).toBe(before);
  });

  it('set-email: a file naming users by id and by username or email stops before anything is sent, saying what to do', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const emails = [a, b, c].map((id) => user(id)?.email);
    const input = file(
      'ways.csv',
      `id,email\n${a},first.${a}@example.org\n${c},c.${c}@example.org\n${user(a)?.username},second.${a}@example.org\n${user(b)?.email?.toUpperCase()},b.${b}@example.org\n`,
    );
    for (const extra of [['--yes'], ['--dry-run'], ['--validate-only']]) {
      const result = await cli(['bulk', 'set-email', '-i', input, ...extra], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `line 4: user ${user(a)?.username} is named by username, but line 2 names its user by id`,
      );
      expect(result.stderr).toContain(
        `line 5: user ${user(b)?.email?.toUpperCase()} is named by email, but line 2 names its user by id`,
      );
      expect(result.stderr).toContain("names users in more than one way in its 'id' column");
      expect(result.stderr).toContain(EXPORT);
      expect(result.stderr).toContain('nothing was sent');
      expect(result.stdout).toBe('');
    }
    expect([a, b, c].map((id) => user(id)?.email)).toEqual(emails);
  });

  it('set-email from stdin: a row naming its user another way than the first row fails into the failures file', async () => {
    const [a, b] = take(2) as [string, string];
    const result = await setEmailFromStdin(
      'ways',
      `id,email\n${a},x.${a}@example.org\n${user(a)?.username},y.${a}@example.org\n${b},z.${b}@example.org\n`,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('2 ok, 0 skipped, 1 failed');
    expect(user(a)?.email).toBe(`x.${a}@example.org`);
    expect(user(b)?.email).toBe(`z.${b}@example.org`);
    const rows = result.failed();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`y.${a}@example.org`);
    expect(rows[1]).toContain('is named by username, but line 2 names its user by id');
    expect(rows[1]).toContain(EXPORT);
  });

  it('set-email: one new email for two users (in any case) stops the file, naming both lines', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const emails = [a, b, c].map((id) => user(id)?.email);
    const input = file(
      'same-email.csv',
      `id,email\n${a},same.${a}@example.org\n${c},c.${c}@example.org\n${b},SAME.${a}@EXAMPLE.org\n`,
    );
    for (const extra of [['--yes'], ['--dry-run'], ['--validate-only']]) {
      const result = await cli(['bulk', 'set-email', '-i', input, ...extra], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `line 4: user ${b} gets the email SAME.${a}@EXAMPLE.org, which line 2 gives to another user`,
      );
      expect(result.stderr).toContain('nothing was sent');
    }
    expect([a, b, c].map((id) => user(id)?.email)).toEqual(emails);
  });

  it('set-email from stdin: the later row giving another user the same email fails', async () => {
    const [a, b] = take(2) as [string, string];
    const before = user(b)?.email;
    const result = await setEmailFromStdin(
      'same-email',
      `id,email\n${a},both.${a}@example.org\n${b},Both.${a}@example.org\n`,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('1 ok, 0 skipped, 1 failed');
    expect(user(a)?.email).toBe(`both.${a}@example.org`);
    expect(user(b)?.email).toBe(before);
    expect(result.failed()[1]).toContain('which line 2 gives to another user');
  });

  it('set-email by email: a new email that another row names its user by stops the file (the order would decide)', async () => {
    const [a, b] = take(2) as [string, string];
    const [ea, eb] = [user(a)?.email ?? '', user(b)?.email ?? ''];
    // Row 2 gives A the email B has now; row 3 moves B off it: which lands first decides.
    const input = file('chain.csv', `id,email\n${ea},${eb.toUpperCase()}\n${eb},moved.${b}@example.org\n`);
    const result = await cli(['bulk', 'set-email', '-i', input, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `line 3: user ${eb} is named by an email that line 2 gives to another user`,
    );
    expect([a, b].map((id) => user(id)?.email)).toEqual([ea, eb]);
  });
});

describe('--retry-failed after a run that stopped early', () => {
  it('says which rows never ran and that --resume finishes them', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const journal = join(dir, 'stopped.journal.ndjson');
    // The journal of a run that got through its first row only (as after a refused session).
    const first = await cli(
      ['bulk', 'delete', '-i', idsCsv(dir, 's1.csv', [a]), '--yes', '--journal', journal],
      {
        env,
      },
    );
    expect(first.code).toBe(0);
    const input = idsCsv(dir, 's2.csv', [a, b, c]);
    const retried = await cli(
      ['bulk', 'delete', '-i', input, '--yes', '--journal', journal, '--retry-failed'],
      {
        env,
      },
    );
    expect(retried.code).toBe(0);
    expect(retried.stderr).toContain(
      `2 rows of ${input} never ran (the earlier run stopped before them) and --retry-failed left them alone: finish them with --resume`,
    );
    expect(deletions(box).get(b)).toBeUndefined();
    const resumed = await cli(['bulk', 'delete', '-i', input, '--yes', '--journal', journal, '--resume'], {
      env,
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).not.toContain('never ran');
    expect([a, b, c].map((id) => deletions(box).get(id))).toEqual([1, 1, 1]);
  });
});

describe('repeats over a large input', () => {
  it('tells 60,000 distinct ids apart, and finds every one of them again', async () => {
    // UUID-shaped ids that differ in a few characters only, the hardest case for a hash.
    const distinct = Array.from(
      { length: 60_000 },
      (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    );
    const csv = (rows: string[]) =>
      `id,email\n${rows.map((id) => `${id},${id.slice(-6)}@example.org`).join('\n')}\n`;
    const check = (name: string, rows: string[]) =>
      cli(['bulk', 'set-email', '-i', file(name, csv(rows)), '--validate-only'], { env });
    const once = await check('big.csv', distinct);
    expect(once.stderr).toContain('60000 rows, 0 invalid\n');
    expect(once.code).toBe(0);
    const twice = await check('big-twice.csv', [...distinct, ...[...distinct].reverse()]);
    expect(twice.stderr).toContain("120000 rows, 0 invalid, 60000 repeating an earlier row's user");
    expect(twice.code).toBe(0);
  });
});
