/**
 * The files a bulk run writes besides its journal: the failures file and the report. A path that
 * cannot be written is refused before anything is sent; one that stops working during the run (a
 * folder removed, a full disk) never ends it like a kill; a symlink is never written through; and
 * what the files hold keeps the rows they name (a formula in the CLI's own error column is made
 * text, an NDJSON line that is not an object is kept whole).
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cli,
  envFor,
  idsCsv,
  login,
  memberIds,
  sandbox,
  signedInSandbox,
  waitFor,
  writeInput,
} from './support/cli';
import { gateway } from './support/gateway';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();

const statusOf = (id: string) => box.world.store.data.users[id]?.status;
const UNKNOWN = 'nobody-here';

describe('output paths that cannot be written are refused before anything is sent (exit 2)', () => {
  const cases: { name: string; args: (base: string) => string[]; says: (base: string) => string[] }[] = [
    {
      name: '--failures in a folder that does not exist',
      args: (base) => ['--failures', join(base, 'nope', 'f.csv')],
      says: (base) => [`--failures ${join(base, 'nope', 'f.csv')}`, `${join(base, 'nope')} does not exist`],
    },
    {
      name: '--report in a folder that does not exist',
      args: (base) => ['--report', join(base, 'nope', 'r.json')],
      says: (base) => [`--report ${join(base, 'nope', 'r.json')}`, `${join(base, 'nope')} does not exist`],
    },
    {
      name: '--failures that is a folder',
      args: (base) => ['--failures', base],
      says: (base) => [`--failures ${base} is a folder`],
    },
    {
      name: '--report under a path that is a file',
      args: (base) => ['--report', join(base, 'plain.txt', 'r.json')],
      says: (base) => [`--report ${join(base, 'plain.txt', 'r.json')}`, 'is not a folder'],
    },
  ];
  for (const { name, args, says } of cases) {
    it(`${name}: exit 2 naming the option and the path, nothing sent, no journal`, async () => {
      const base = join(dir, `refused-${cases.findIndex((c) => c.name === name)}`);
      mkdirSync(base);
      writeFileSync(join(base, 'plain.txt'), 'x\n');
      const ids = memberIds(box, 3);
      // A row that fails comes first: the failures file is needed at once.
      const path = idsCsv(base, 'in.csv', [UNKNOWN, ...ids]);
      const result = await cli(['bulk', 'deactivate', '-i', path, '--yes', ...args(base)], { env });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      for (const text of says(base)) expect(result.stderr).toContain(text);
      expect(result.code).toBe(2);
      for (const id of ids) expect(statusOf(id)).toBe('active');
      expect(existsSync(join(base, 'in.deactivate.journal.ndjson'))).toBe(false);
      expect(existsSync(join(base, 'in.deactivate.journal.ndjson.lock'))).toBe(false);
    });
  }

  it('--dry-run checks --report too', async () => {
    const path = idsCsv(dir, 'dry-report.csv', memberIds(box, 1));
    const report = join(dir, 'nope', 'r.json');
    const result = await cli(['bulk', 'deactivate', '-i', path, '--dry-run', '--report', report], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--report ${report}`);
    expect(result.stdout).toBe('');
  });
});

describe('a symlink at the failures or report path is never written through', () => {
  it('a link at the default failures path: exit 2 naming it, nothing sent, its target untouched', async () => {
    const base = join(dir, 'planted');
    mkdirSync(base);
    const precious = join(base, 'precious.txt');
    writeFileSync(precious, 'precious data\n');
    const link = join(base, 'typo.deactivate.failures.csv');
    symlinkSync(precious, link);
    const ids = memberIds(box, 1);
    const path = idsCsv(base, 'typo.csv', [...ids, UNKNOWN]);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--failures ${link} is a symbolic link`);
    expect(readFileSync(precious, 'utf8')).toBe('precious data\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statusOf(ids[0] ?? '')).toBe('active');
  });

  it('a link as --report, and one leading nowhere: exit 2, nothing created or changed', async () => {
    const precious = join(dir, 'report-target.json');
    writeFileSync(precious, '{"keep":true}\n');
    const link = join(dir, 'report-link.json');
    symlinkSync(precious, link);
    const dangling = join(dir, 'report-dangling.json');
    const nowhere = join(dir, 'would-be-created.json');
    symlinkSync(nowhere, dangling);
    const ids = memberIds(box, 1);
    const path = idsCsv(dir, 'report-linked.csv', ids);
    for (const report of [link, dangling]) {
      const result = await cli(['bulk', 'deactivate', '-i', path, '--yes', '--report', report], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--report ${report} is a symbolic link`);
    }
    expect(readFileSync(precious, 'utf8')).toBe('{"keep":true}\n');
    expect(existsSync(nowhere)).toBe(false);
    expect(statusOf(ids[0] ?? '')).toBe('active');
  });

  it('/dev/null (a device, not a file to truncate) is still taken as --report', async () => {
    const path = idsCsv(dir, 'to-null.csv', memberIds(box, 1));
    const result = await cli(['bulk', 'confirm', '-i', path, '--yes', '--report', '/dev/null'], { env });
    expect(result.stderr).toContain('confirm: 1 ok');
    expect(result.code).toBe(0);
  });
});

/**
 * Suspends `ok` members then `failed` unknown users, one a time at 10 a second, with `option`
 * naming a file in a folder that is removed once two rows are journaled (before any row fails).
 */
async function outputRemovedMidRun(name: string, ok: number, failed: number, option: string) {
  const base = join(dir, name);
  const out = join(base, 'out');
  mkdirSync(out, { recursive: true });
  const ids = memberIds(box, ok);
  const unknown = Array.from({ length: failed }, (_, i) => `${UNKNOWN}-${i}`);
  const path = idsCsv(base, 'in.csv', [...ids, ...unknown]);
  const journal = join(base, 'in.suspend.journal.ndjson');
  const file = join(out, 'file');
  const args = ['bulk', 'suspend', '-i', path, '--yes', '-c', '1', '--rate', '10', option, file];
  const running = cli(args, { env });
  await waitFor(() => entries(journal).length >= 2);
  rmSync(out, { recursive: true });
  const result = await running;
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toContain(`suspend: ${ok} ok, 0 skipped, ${failed} failed`);
  const records = entries(journal);
  expect(records.filter((r) => r.status === 'ok')).toHaveLength(ok);
  expect(records.filter((r) => r.status === 'failed')).toHaveLength(failed);
  for (const id of ids) expect(statusOf(id)).toBe('suspended');
  expect(existsSync(`${journal}.lock`)).toBe(false);
  return { result, file };
}

describe('an output that stops working during the run does not end it like a kill', () => {
  it('the failures folder removed mid-run: every row goes on and is journaled, exit 3, the file named', async () => {
    const { result, file } = await outputRemovedMidRun('mid-failures', 12, 2, '--failures');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`could not write the failures file ${file}`);
    expect(result.stderr).toContain('--retry-failed');
  });

  it('the report folder removed mid-run: rows failed keep exit 3, and the report is named', async () => {
    const { result, file } = await outputRemovedMidRun('mid-report', 8, 1, '--report');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`--report ${file} could not be written`);
    expect(result.stderr).toContain('1 row failed');
  });

  it('the report folder removed mid-run of rows that all went through: exit 1 naming --report', async () => {
    const { result, file } = await outputRemovedMidRun('mid-report-ok', 8, 0, '--report');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`Error: --report ${file} could not be written: .*ENOENT`));
  });
});

describe('what the failures file holds', () => {
  it("a formula in the CLI's error column is made text; the input's columns stay byte-exact and feed back", async () => {
    const upstream = await sandbox();
    const gw = await gateway(upstream.url);
    const gwEnv = envFor(upstream, { MATCHMAKER_API_BASE: gw.url });
    expect((await login(gwEnv)).code).toBe(0);
    // A server (or anything in between) whose message is a formula: it ends up in the error column.
    gw.rule = (method, path) =>
      method !== 'GET' && path.includes('suspend')
        ? { status: 400, body: { message: '=HYPERLINK("http://evil.example","click")' } }
        : 'pass';
    const base = join(dir, 'formula');
    mkdirSync(base);
    const input = writeInput(base, 'in.csv', 'id,note\n+cmd,=1+2\n@SUM(1),"-3, +4"\n');
    const result = await cli(['bulk', 'suspend', '-i', input, '--yes'], { env: gwEnv });
    expect(result.code).toBe(3);
    const failures = readFileSync(join(base, 'in.suspend.failures.csv'), 'utf8');
    const lines = failures.trimEnd().split('\n');
    expect(lines[0]).toBe('id,note,error');
    // The input's own cells, as they were: feeding the file back must name the same users.
    expect(lines[1]).toMatch(/^\+cmd,=1\+2,/);
    expect(lines[2]).toMatch(/^@SUM\(1\),"-3, \+4",/);
    // The error the CLI added begins with a quote: a spreadsheet shows it as text.
    for (const line of lines.slice(1)) expect(line).toContain(`,"'=HYPERLINK(""http://evil.example""`);
    gw.rule = undefined;
    const fedBack = await cli(
      ['bulk', 'suspend', '-i', join(base, 'in.suspend.failures.csv'), '--dry-run', '-o', 'json'],
      {
        env: gwEnv,
      },
    );
    expect(fedBack.code).toBe(0);
    expect(JSON.parse(fedBack.stdout).map((row: { id: string }) => row.id)).toEqual(['+cmd', '@SUM(1)']);
  });

  it('an NDJSON line that is not an object keeps its text and line; fed back it fails again, sends nothing', async () => {
    const base = join(dir, 'not-objects');
    mkdirSync(base);
    const [first, second] = memberIds(box, 2);
    const input = writeInput(base, 'in.ndjson', `{"id":"${first}"}\n[1]\n"${second}"\n{broken\n42\n`);
    const result = await cli(['bulk', 'deactivate', '-i', input, '--yes'], { env });
    expect(result.code).toBe(3);
    const failuresPath = join(base, 'in.deactivate.failures.ndjson');
    const records = readFileSync(failuresPath, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toEqual([
      { input_line: { number: 2, text: '[1]' }, error: 'not a JSON object' },
      { input_line: { number: 3, text: `"${second}"` }, error: 'not a JSON object' },
      { input_line: { number: 4, text: '{broken' }, error: 'not valid JSON' },
      { input_line: { number: 5, text: '42' }, error: 'not a JSON object' },
    ]);
    expect(statusOf(second ?? '')).toBe('active');
    // Fed back, whatever column is named as the id, no such record names a user.
    for (const column of ['id', 'input_line', 'error']) {
      const again = await cli(
        [
          'bulk',
          'deactivate',
          '-i',
          failuresPath,
          '--column',
          column,
          '--yes',
          '--failures',
          join(base, `again-${column}.ndjson`),
          '--journal',
          join(base, `again-${column}.journal.ndjson`),
        ],
        { env },
      );
      expect(again.code).toBe(3);
      expect(again.stderr).toContain('deactivate: 0 ok, 0 skipped, 4 failed');
      const kept = readFileSync(join(base, `again-${column}.ndjson`), 'utf8');
      expect(kept).toContain(`"input_line":{"number":3,"text":"\\"${second}\\""}`);
    }
    expect(statusOf(second ?? '')).toBe('active');
  });
});
