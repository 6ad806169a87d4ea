/**
 * The files a bulk run writes besides its journal: the failures file and the report. A path that
 * cannot be written is refused before anything is sent; one that stops working during the run (a
 * folder removed, a full disk) never ends it like a kill; a symlink is never written through; and
 * what the files hold keeps the rows they name (a formula in the CLI's own error column is made
 * text, an NDJSON line that is not an object is kept whole).
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BINARY,
  cli,
  envFor,
  idsCsv,
  login,
  memberIds,
  sandbox,
  signedInSandbox,
  spawnResult,
  statusIn,
  waitFor,
  writeInput,
} from './support/cli';
import { gateway } from './support/gateway';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);
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

describe('the failures file removed or replaced after it was opened', () => {
  for (const how of ['removed', 'replaced'] as const) {
    it(`${how} mid-run: a warning says so, the final message points to no missing file, the journal has every row`, async () => {
      const base = join(dir, `gone-${how}`);
      const out = join(base, 'out');
      mkdirSync(out, { recursive: true });
      const ids = memberIds(box, 6);
      const path = idsCsv(base, 'in.csv', [`${UNKNOWN}-a`, ...ids, `${UNKNOWN}-b`]);
      const journal = join(base, 'in.suspend.journal.ndjson');
      const file = join(out, 'f.csv');
      const report = join(base, 'r.json');
      const args = ['bulk', 'suspend', '-i', path, '--yes', '-c', '1', '--rate', '10'];
      const running = cli([...args, '--failures', file, '--report', report], { env });
      // The first row has failed (and is in the file, opened for it) before the folder goes.
      await waitFor(() => entries(journal).some((record) => record.status === 'failed'));
      if (how === 'removed') rmSync(out, { recursive: true });
      else {
        rmSync(file);
        writeFileSync(file, 'someone else\n');
      }
      const result = await running;
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`Warning: the failures file ${file} was ${how} during the run`);
      expect(result.stderr).toContain('2 rows failed (');
      expect(result.stderr).not.toContain(`see ${file}`);
      expect(result.stderr).toContain('--retry-failed');
      expect(JSON.parse(readFileSync(report, 'utf8')).failures_file).toBeNull();
      expect(entries(journal).filter((record) => record.status === 'failed')).toHaveLength(2);
      if (how === 'replaced') expect(readFileSync(file, 'utf8')).toBe('someone else\n');
    });
  }
});

/**
 * Runs the built binary with stdin, stdout, stderr (and any further descriptors) already open, as
 * a shell's `<`, `>`, `>>` and `3>` leave them; returns its exit code.
 */
async function spawnWith(argv: string[], stdio: (number | 'pipe' | 'ignore')[]): Promise<number> {
  const child = spawn(process.execPath, [BINARY, ...argv], { env, stdio });
  const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 128)));
  for (const fd of stdio) if (typeof fd === 'number') closeSync(fd);
  return code;
}

describe("the process's own streams named as outputs (/dev/stdout, /dev/stderr, /dev/fd/N)", () => {
  it('--report /dev/stdout with stdout appended to a log (>>): the report follows what the log held', async () => {
    const base = join(dir, 'own-append');
    mkdirSync(base);
    const path = idsCsv(base, 'in.csv', [...memberIds(box, 1), UNKNOWN]);
    const log = join(base, 'run.log');
    writeFileSync(log, 'an earlier run\n');
    const err = join(base, 'err.txt');
    const argv = ['bulk', 'suspend', '-i', path, '--yes', '--report', '/dev/stdout'];
    const code = await spawnWith(argv, ['ignore', openSync(log, 'a'), openSync(err, 'w')]);
    expect(readFileSync(err, 'utf8')).toContain('suspend: 1 ok, 0 skipped, 1 failed');
    expect(code).toBe(3);
    const text = readFileSync(log, 'utf8');
    expect(text.startsWith('an earlier run\n')).toBe(true);
    expect(JSON.parse(text.slice('an earlier run\n'.length))).toMatchObject({
      action: 'suspend',
      ok: 1,
      failed: 1,
    });
  });

  it('--failures /dev/stdout (>) and --report /dev/fd/3 (3>): each written in its own stream, nothing truncated after', async () => {
    const base = join(dir, 'own-truncated');
    mkdirSync(base);
    const path = idsCsv(base, 'in.csv', [UNKNOWN, ...memberIds(box, 1)]);
    const failures = join(base, 'out.csv');
    const report = join(base, 'report.json');
    const err = join(base, 'err.txt');
    const argv = [
      'bulk',
      'suspend',
      '-i',
      path,
      '--yes',
      '--failures',
      '/dev/stdout',
      '--report',
      '/dev/fd/3',
    ];
    const stdio = ['ignore', openSync(failures, 'w'), openSync(err, 'w'), openSync(report, 'w')] as number[];
    const code = await spawnWith(argv, stdio);
    expect(readFileSync(err, 'utf8')).toContain('1 row failed: see /dev/stdout');
    expect(code).toBe(3);
    expect(readFileSync(failures, 'utf8')).toMatch(new RegExp(`^id,error\n${UNKNOWN},.+\n$`));
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      ok: 1,
      failed: 1,
      failures_file: '/dev/stdout',
    });
  });

  it('two outputs on one stream, a journal on stdout, stdin as an output: exit 2, nothing sent or written', async () => {
    const base = join(dir, 'own-refused');
    mkdirSync(base);
    const ids = memberIds(box, 1);
    const path = idsCsv(base, 'in.csv', ids);
    const cases: [string[], string][] = [
      [['--failures', '/dev/stdout', '--report', '/proc/self/fd/1'], 'name the same'],
      [['--journal', '/dev/stdout'], '--journal /dev/stdout is standard output'],
      [['--report', '/dev/stdin'], '--report /dev/stdin is standard input'],
    ];
    for (const [args, says] of cases) {
      const out = join(base, 'out.txt');
      const err = join(base, 'err.txt');
      const code = await spawnWith(
        ['bulk', 'suspend', '-i', path, '--yes', ...args],
        [openSync(path, 'r'), openSync(out, 'w'), openSync(err, 'w')],
      );
      expect(readFileSync(err, 'utf8')).toContain(says);
      expect(code).toBe(2);
      expect(readFileSync(out, 'utf8')).toBe('');
      expect(readFileSync(path, 'utf8')).toBe(`id\n${ids[0]}\n`);
    }
    expect(statusOf(ids[0] ?? '')).toBe('active');
  });

  it('--dry-run -o json with --report on the stdout that carries the data: exit 2 saying why, stdout empty', async () => {
    const base = join(dir, 'own-data');
    mkdirSync(base);
    const path = idsCsv(base, 'in.csv', memberIds(box, 1));
    const piped = await spawnResult(
      ['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'json', '--report', '/dev/stdout'],
      {
        env,
      },
    );
    expect(piped.stderr).toContain(
      '--report /dev/stdout is standard output, where --dry-run prints its rows',
    );
    expect(piped.code).toBe(2);
    expect(piped.stdout).toBe('');
    // The same file by its own name (`> plan.json --report plan.json`): the report would replace the data.
    const plan = join(base, 'plan.json');
    const err = join(base, 'err.txt');
    const argv = ['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'json', '--report', plan];
    const code = await spawnWith(argv, ['ignore', openSync(plan, 'w'), openSync(err, 'w')]);
    expect(readFileSync(err, 'utf8')).toContain(`--report ${plan} is where standard output goes`);
    expect(code).toBe(2);
    expect(readFileSync(plan, 'utf8')).toBe('');
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

  it('a malformed CSV row says in the file which line it was and its id cell; fed back it fails again, sends nothing', async () => {
    const base = join(dir, 'malformed-csv');
    mkdirSync(base);
    const [first, second] = memberIds(box, 2);
    // Line 3: a quote inside a cell that does not start with one, as a hand edit leaves it.
    const input = writeInput(base, 'in.csv', `id,note\r\n${first},fine\r\n${second},say "hi"\r\n`);
    const result = await cli(['bulk', 'deactivate', '-i', input, '--yes'], { env });
    expect(result.code).toBe(3);
    const failuresPath = join(base, 'in.deactivate.failures.csv');
    const lines = readFileSync(failuresPath, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('id,note,error');
    // Its cells cannot be told apart, so none is written as a cell; the error names the line and
    // the id cell read before the break, so the row can be found and mended.
    expect(lines[1]).toMatch(
      new RegExp(`^,,"?line 3 of the input \\(id cell ${second}\\): malformed CSV row: `),
    );
    expect(lines).toHaveLength(2);
    expect(statusOf(second ?? '')).toBe('active');
    const again = await cli(
      ['bulk', 'deactivate', '-i', failuresPath, '--yes', '--failures', join(base, 'again.csv')],
      {
        env,
      },
    );
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('deactivate: 0 ok, 0 skipped, 1 failed');
    expect(statusOf(second ?? '')).toBe('active');
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
