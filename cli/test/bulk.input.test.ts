import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, memberIds, signedInSandbox, statusIn, writeInput } from './support/cli';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);

const file = (name: string, text: string) => writeInput(dir, name, text);

describe('bulk input that cannot be read as a whole stops before any request (exit 2)', () => {
  it('malformed CSV: names the line, changes nothing even in the rows before it', async () => {
    const [a, b] = memberIds(box, 2);
    const path = file('unclosed.csv', `id,note\n${a},fine\n${b},"never closed\n`);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'unclosed.csv is not valid CSV: a quote opens on line 3 and is never closed',
    );
    expect(statusOf(a ?? '')).toBe('active');
  });

  it('a header without the id column', async () => {
    const result = await cli(['bulk', 'suspend', '-i', file('cols.csv', 'user,email\nx,y\n'), '--yes'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no 'id' column (columns: user, email); choose one with --column NAME");
  });

  it('no header at all (the first line is an id)', async () => {
    const [a] = memberIds(box, 1);
    const result = await cli(['bulk', 'suspend', '-i', file('noheader.csv', `${a}\n${a}\n`), '--yes'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no 'id' column");
    expect(statusOf(a ?? '')).toBe('active');
  });

  it('an empty file, in both formats', async () => {
    for (const name of ['empty.csv', 'empty.ndjson']) {
      const result = await cli(['bulk', 'deactivate', '-i', file(name, ''), '--yes'], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is empty');
    }
  });

  it('the wrong format for the extension', async () => {
    const asCsv = await cli(['bulk', 'deactivate', '-i', file('wrong.csv', '{"id":"x"}\n'), '--yes'], {
      env,
    });
    expect(asCsv.code).toBe(2);
    expect(asCsv.stderr).toContain('looks like NDJSON, not CSV: pass --format ndjson');
    const asNdjson = await cli(['bulk', 'deactivate', '-i', file('wrong.ndjson', 'id\nx\n'), '--yes'], {
      env,
    });
    expect(asNdjson.code).toBe(2);
    expect(asNdjson.stderr).toContain('line 1 is not JSON; if the file is CSV, pass --format csv');
  });

  it('an unknown extension, a missing file, an unknown action', async () => {
    const txt = await cli(['bulk', 'deactivate', '-i', file('ids.txt', 'id\n1\n'), '--yes'], { env });
    expect(txt.code).toBe(2);
    expect(txt.stderr).toContain('pass --format csv or --format ndjson');
    const missing = await cli(['bulk', 'deactivate', '-i', join(dir, 'nope.csv'), '--yes'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    // In a folder that does not exist either: the input is named, not the journal beside it.
    const nowhere = join(dir, 'nowhere', 'x.csv');
    const inNoFolder = await cli(['bulk', 'deactivate', '-i', nowhere, '--yes'], { env });
    expect(inNoFolder.code).toBe(2);
    expect(inNoFolder.stderr).toContain(`Cannot read ${nowhere}: no such file`);
    expect(inNoFolder.stderr).not.toContain('--journal');
    const action = await cli(['bulk', 'deactivat', '-i', file('a.csv', 'id\n1\n')], { env });
    expect(action.code).toBe(2);
    expect(action.stderr).toMatch(/'deactivat' is invalid.*deactivate/s);
  });

  it('options that do not fit the action', async () => {
    const path = file('roles.csv', 'id\n1\n');
    expect((await cli(['bulk', 'set-role', '-i', path, '--yes'], { env })).stderr).toContain('needs --role');
    const review = await cli(['bulk', 'kyc-review', '-i', path, '--reject', '--yes'], { env });
    expect(review.code).toBe(2);
    expect(review.stderr).toContain('--reject needs --reason');
  });
});

describe('--rate has limits a run can honour', () => {
  it('below 0.001 or above 10000 requests a second (or not a plain number) is exit 2 naming the limits', async () => {
    const [a = ''] = memberIds(box, 1);
    const path = file('rate.csv', `id\n${a}\n`);
    for (const rate of ['1e-7', '0.0000001', '0.0009', '10001', '1e9', '0x10', '1e1', '-1', '0', 'fast']) {
      const result = await cli(['bulk', 'suspend', '-i', path, '--yes', '--rate', rate], { env });
      expect(result.code, rate).toBe(2);
      expect(result.stderr).toContain(
        `--rate must be a number of requests per second from 0.001 (one every 1000 s) to 10000 (got '${rate}')`,
      );
    }
    expect(statusOf(a)).toBe('active');
    for (const rate of ['0.001', '.5', '10000']) {
      const result = await cli(['bulk', 'suspend', '-i', path, '--validate-only', '--rate', rate], { env });
      expect(result.code, rate).toBe(0);
    }
  });
});

describe('bad rows are recorded as failed and the run goes on', () => {
  it('set-email: invalid and empty emails fail with their line, the others are applied', async () => {
    const [a, b, c] = memberIds(box, 3);
    const path = file(
      'emails.csv',
      `id,email\n${a},new.a@example.test\n${b},not-an-email\n${c},\n${c},"a",extra\n`,
    );
    const result = await cli(['bulk', 'set-email', '-i', path, '--yes'], { env });
    expect(result.code).toBe(3);
    expect(box.world.store.data.users[a ?? '']?.email).toBe('new.a@example.test');
    const failures = readFileSync(join(dir, 'emails.set-email.failures.csv'), 'utf8').trim().split('\n');
    expect(failures[0]).toBe('id,email,error');
    expect(failures.slice(1).join('\n')).toContain(`${b},not-an-email,invalid email 'not-an-email'`);
    expect(failures.slice(1).join('\n')).toContain("empty 'email'");
    expect(failures.slice(1).join('\n')).toMatch(/malformed CSV row/);
    expect(result.stderr).toContain('3 rows failed');
  });

  it('never locks out the signed-in admin: their own row fails, the others run', async () => {
    const admin = Object.values(box.world.store.data.users).find((u) => u.email === 'admin@sandbox.test');
    const [a = ''] = memberIds(box, 1);
    const path = file('self.csv', `id\n${admin?.keycloakId}\n${a}\n`);
    const result = await cli(['bulk', 'suspend', '-i', path, '--yes'], { env });
    expect(result.code).toBe(3);
    expect(readFileSync(join(dir, 'self.suspend.failures.csv'), 'utf8')).toContain(
      'refusing to suspend your own account',
    );
    expect(admin?.status).toBe('active');
    expect(statusOf(a)).toBe('suspended');
  });

  it('NDJSON: a line that is not JSON or not an object fails; the rest run', async () => {
    const [a, b] = memberIds(box, 2);
    const path = file('rows.ndjson', `{"id":"${a}"}\nnot json\n[1]\n{"id":"${b}"}\n`);
    const result = await cli(['bulk', 'confirm', '-i', path], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('confirm: 2 ok, 0 skipped, 2 failed');
    const failures = readFileSync(join(dir, 'rows.confirm.failures.ndjson'), 'utf8').trim().split('\n');
    expect(failures.map((line) => JSON.parse(line).error)).toEqual(['not valid JSON', 'not a JSON object']);
  });

  it('NDJSON: an id that is not text or a number is named as such, not as empty', async () => {
    const path = file('shapes.ndjson', '{"id":{"value":"x"}}\n{"id":true}\n{"id":null}\n{"name":"no id"}\n');
    const result = await cli(['bulk', 'confirm', '-i', path, '--validate-only'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("line 1: 'id' is an object, not text or a number");
    expect(result.stderr).toContain("line 2: 'id' is a boolean, not text or a number");
    expect(result.stderr).toContain("line 3: empty 'id'");
    expect(result.stderr).toContain("line 4: empty 'id'");
  });
});

describe('--validate-only and --dry-run send nothing that changes state', () => {
  it('--validate-only reads the whole file, lists bad rows and exits 2 when there are any', async () => {
    const [a] = memberIds(box, 1);
    const good = await cli(
      ['bulk', 'set-email', '-i', file('v1.csv', `id,email\n${a},x@y.test\n`), '--validate-only'],
      {
        env,
      },
    );
    expect(good.code).toBe(0);
    expect(good.stderr).toContain('1 row, 0 invalid');
    const bad = await cli(
      ['bulk', 'set-email', '-i', file('v2.csv', `id,email\n${a},nope\n,x@y.test\n`), '--validate-only'],
      {
        env,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("line 2: invalid email 'nope'");
    expect(bad.stderr).toContain("line 3: empty 'id'");
    expect(box.world.store.data.users[a ?? '']?.email).not.toBe('x@y.test');
  });

  it('--dry-run prints each planned change as data and changes nothing', async () => {
    const ids = memberIds(box, 3);
    const path = file('dry.csv', `id\n${ids.join('\n')}\n`);
    const result = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'ndjson'], { env });
    expect(result.code).toBe(0);
    const planned = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(planned).toEqual(
      ids.map((id, i) => ({
        line: i + 2,
        id,
        action: 'suspend',
        change: 'status -> suspended',
        status: 'would change',
        reason: null,
      })),
    );
    for (const id of ids) expect(statusOf(id)).toBe('active');
    expect(result.stderr).toContain('suspend (dry run, nothing sent): 3 rows would change');
  });
});

describe('malformed CSV rows', () => {
  it('are listed in input order, with the id their id cell holds, and still never sent', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    // Line 3 is blank, 4 an empty id, 5 a control character, 6 a username, 7 a cell too many.
    const path = file('order.csv', `id\n${a}\n\n""\na\u0001b\nsandbox.admin\n${b},extra\n${a}\n`);
    const result = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'json'], { env });
    expect(result.code).toBe(3);
    const rows: { line: number; id: string | null; status: string; reason: string | null }[] = JSON.parse(
      result.stdout,
    );
    expect(rows.map((row) => row.line)).toEqual([2, 4, 5, 6, 7, 8]);
    expect(rows[4]).toMatchObject({ line: 7, id: b, status: 'invalid' });
    expect(rows[4]?.reason).toMatch(/^malformed CSV row/);
    expect(result.stderr.indexOf('line 7: malformed CSV row')).toBeLessThan(result.stderr.indexOf('line 8:'));

    // A real run fails it like any invalid row: never sent, its user left as it was.
    const run = await cli(['bulk', 'suspend', '-i', path, '--yes'], { env });
    expect(run.code).toBe(3);
    expect(statusOf(b)).toBe('active');
    expect(statusOf(a)).toBe('suspended');
  });
});

describe('--dry-run -o csv of an id holding a control character', () => {
  it('is byte-exact piped, like any csv data, and escaped on a terminal', async () => {
    const path = file('control.csv', 'id\na\u0001b\n');
    const reason = "invalid id 'a\u0001b': it holds a control character or bytes that are not UTF-8";
    const piped = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'csv'], { env });
    expect(piped.code).toBe(3);
    expect(piped.stdout.split('\n')[1]).toBe(`2,a\u0001b,suspend,,invalid,${reason}`);
    const shown = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'csv'], { env, tty: true });
    expect(shown.stdout.split('\n')[1]).toBe(
      `2,a\\u0001b,suspend,,invalid,${reason.replace('\u0001', '\\u0001')}`,
    );
  });
});

describe('resuming', () => {
  it('--resume refuses an input that changed since its journal, before sending anything', async () => {
    const [a, b, c, d] = memberIds(box, 4).slice(-4);
    const path = file('moved.csv', `id\n${a}\n${b}\n`);
    expect((await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env })).code).toBe(0);
    // The same journal (named after the input), but the rows moved: line 2 is another user now.
    writeFileSync(path, `id\n${c}\n${a}\n${b}\n${d}\n`);
    const moved = await cli(['bulk', 'deactivate', '-i', path, '--resume', '--yes'], { env });
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain(`moved.csv is user ${c}, but the journal`);
    expect(moved.stderr).toContain('line 2 of ');
    expect([statusOf(c ?? ''), statusOf(d ?? '')]).toEqual(['active', 'active']);

    // stdin cannot be read twice: it is checked row by row, and the run stops at the first
    // journaled line that moved, before sending it or anything after it.
    const journal = join(dir, 'stdin.journal.ndjson');
    const first = await cli(
      ['bulk', 'deactivate', '-i', '-', '--format', 'csv', '--journal', journal, '--yes'],
      {
        env,
        stdin: `id\n${a}\n${b}\n`,
      },
    );
    expect(first.code).toBe(0);
    const piped = await cli(
      ['bulk', 'deactivate', '-i', '-', '--format', 'csv', '--journal', journal, '--resume', '--yes'],
      {
        env,
        stdin: `id\n${a}\n${c}\n${d}\n`,
      },
    );
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(`line 3 of stdin is user ${c}, but the journal`);
    expect([statusOf(c ?? ''), statusOf(d ?? '')]).toEqual(['active', 'active']);
  });
});

describe('inputs that looked usable but were not what they seemed', () => {
  it('a CSV header naming a column twice stops the run (which id would it take?)', async () => {
    const [a, b] = memberIds(box, 2);
    const result = await cli(['bulk', 'deactivate', '-i', file('twice.csv', `id,id\n${a},${b}\n`), '--yes'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("twice.csv: the header names the column 'id' twice (columns: id, id)");
    expect([statusOf(a ?? ''), statusOf(b ?? '')]).toEqual(['active', 'active']);
  });

  it('NDJSON that starts with a byte order mark is read like any other', async () => {
    const [a] = memberIds(box, 1);
    const result = await cli(['bulk', 'confirm', '-i', file('bom.ndjson', `\uFEFF{"id":"${a}"}\n`)], { env });
    expect(result.stderr).toContain('confirm: 1 ok, 0 skipped, 0 failed');
    expect(result.code).toBe(0);
  });

  it('ids with control characters, bytes that were not UTF-8, or a whole page of text fail their row', async () => {
    const [a] = memberIds(box, 1);
    const rows = [
      JSON.stringify({ id: '\u001b[31mRED\u001b]0;TITLE\u0007' }),
      JSON.stringify({ id: `${a?.slice(0, 8)}\uFFFD${a?.slice(9)}` }),
      JSON.stringify({ id: `x\u202Egnp.exe` }),
      JSON.stringify({ id: 'x'.repeat(100_000) }),
      JSON.stringify({ id: a }),
    ];
    const result = await cli(
      ['bulk', 'deactivate', '-i', file('odd-ids.ndjson', `${rows.join('\n')}\n`), '--dry-run'],
      {
        env,
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      "line 1: invalid id '\\u001b[31mRED\\u001b]0;TITLE\\u0007': it holds a control character",
    );
    expect(result.stderr).toMatch(
      /line 2: invalid id '.*\uFFFD.*': it holds a control character or bytes that are not UTF-8/,
    );
    // Shown escaped, as every message on stderr shows control and bidi characters.
    expect(result.stderr).toContain("line 3: invalid id 'x\\u202egnp.exe'");
    expect(result.stderr).toContain('line 4: invalid id: 100000 characters long (ids have at most 200)');
    expect(result.stderr).toContain('Error: 4 rows are invalid');
    expect(result.stdout).toContain(a);
  });

  it('one bad row in a dry run: "1 row is invalid"', async () => {
    const result = await cli(['bulk', 'confirm', '-i', file('one-bad.csv', 'id\n\n,\n'), '--dry-run'], {
      env,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Error: 1 row is invalid');
  });

  it('a folder given as the input is named as a folder, whatever its name', async () => {
    const result = await cli(['bulk', 'confirm', '-i', dir, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Cannot read ${dir}: it is a directory`);
  });
});

describe('line numbers name where a row starts', () => {
  it('a quoted field over several lines: the row is named by its first line, in the data and the journal', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const text = `id,note\n${a},"a, b\nc"\n\n${b},"x\r\ny\r\nz"\n,"p\nq"\n`;
    const path = file('multi.csv', text);
    const dry = await cli(['bulk', 'confirm', '-i', path, '--dry-run', '-o', 'json'], { env });
    const rows = JSON.parse(dry.stdout).map((row: { line: number; id: string }) => [row.line, row.id]);
    expect(rows).toEqual([
      [2, a],
      [5, b],
      [8, ''],
    ]);
    expect(dry.stderr).toContain("line 8: empty 'id'");
    const journal = join(dir, 'multi.journal.ndjson');
    const real = await cli(['bulk', 'confirm', '-i', path, '--journal', journal], { env });
    expect(real.code).toBe(3);
    const recorded = entries(journal).sort((x, y) => x.line - y.line);
    expect(recorded.map((entry) => [entry.line, entry.id])).toEqual([
      [2, a],
      [5, b],
      [8, ''],
    ]);
    // Resuming reads the journal by the same numbers: nothing is sent again.
    const resumed = await cli(['bulk', 'confirm', '-i', path, '--journal', journal, '--resume'], { env });
    expect(resumed.stderr).toContain('confirm: 0 ok, 3 skipped, 0 failed');
    expect(resumed.code).toBe(0);
  });

  it('a journal of an earlier version, which numbered such a row by its last line, is refused clearly', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const path = file('old-multi.csv', `id,note\n${a},"a\nb"\n${b},x\n`);
    const journal = join(dir, 'old-multi.journal.ndjson');
    writeFileSync(
      journal,
      `{"type":"run","action":"suspend","options":[],"input":"old-multi.csv","pid":1}\n{"line":3,"id":"${a}","status":"ok","attempts":1}\n`,
    );
    const resumed = await cli(['bulk', 'suspend', '-i', path, '--journal', journal, '--resume', '--yes'], {
      env,
    });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(
      `Journal ${journal} was written by an earlier version of matchmaker, which numbered a row by the line it ends on`,
    );
    expect(resumed.stderr).toContain('lines 2-3');
    expect(statusOf(b)).toBe('active');
    // Without rows over several lines, such a journal resumes as before.
    const plain = file('old-plain.csv', `id\n${a}\n${b}\n`);
    const plainJournal = join(dir, 'old-plain.journal.ndjson');
    writeFileSync(
      plainJournal,
      `{"type":"run","action":"confirm","options":[],"input":"old-plain.csv","pid":1}\n{"line":2,"id":"${a}","status":"ok","attempts":1}\n`,
    );
    const plainResumed = await cli(['bulk', 'confirm', '-i', plain, '--journal', plainJournal, '--resume'], {
      env,
    });
    expect(plainResumed.stderr).toContain('confirm: 1 ok, 1 skipped, 0 failed');
  });

  it('a formula with quotes, not quoted, fails its own row, saying how to quote it; the rows after it stand', async () => {
    const [a = '', b = '', c = ''] = memberIds(box, 3);
    const path = file('formula.csv', `id,note\n${a},=HYPERLINK("http://x","y")\n${b},1\n${c},2\n${a},3\n`);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--validate-only'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "line 2: malformed CSV row: a quote inside a cell that does not start with one (the 'note' column): quote the whole cell and double the quotes inside it",
    );
    expect(result.stderr).toContain('formula.csv: 4 rows, 1 invalid');
    expect(result.stderr).not.toContain('line 5');
  });
});
