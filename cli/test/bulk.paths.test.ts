/**
 * Where a bulk run writes (journal, failures file, report, the journal's lock) when those paths
 * are mistakes or tricks: the input itself, a device, a symlink to another run's journal. Nothing
 * the run did not create may be lost, and two runs may never share a journal unnoticed.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  BINARY,
  cli,
  idsCsv,
  memberIds,
  shellQuote,
  signedInSandbox,
  spawnCli,
  statusIn,
  tempDir,
} from './support/cli';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);

describe('bulk output paths that would overwrite the input are refused before anything is sent', () => {
  for (const flag of ['--failures', '--report', '--journal']) {
    it(`${flag} naming the input file: exit 2, input intact, nothing sent`, async () => {
      const ids = memberIds(box, 2);
      const path = idsCsv(dir, `same${flag}.csv`, ids);
      const before = readFileSync(path, 'utf8');
      const result = await cli(['bulk', 'deactivate', '-i', path, flag, path, '--yes'], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag} ${path} is the input file`);
      expect(readFileSync(path, 'utf8')).toBe(before);
      for (const id of ids) expect(statusOf(id)).toBe('active');
    });
  }

  it('the input reached through a symlink counts as the input', async () => {
    const ids = memberIds(box, 1);
    const path = idsCsv(dir, 'linked-input.csv', ids);
    const alias = join(dir, 'alias.csv');
    symlinkSync(path, alias);
    const before = readFileSync(path, 'utf8');
    const result = await cli(['bulk', 'reactivate', '-i', path, '--failures', alias, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(lstatSync(alias).isSymbolicLink()).toBe(true);
  });

  it('the journal and the failures file in one file: exit 2', async () => {
    const path = idsCsv(dir, 'shared-out.csv', memberIds(box, 1));
    const out = join(dir, 'shared-out.ndjson');
    const result = await cli(
      ['bulk', 'reactivate', '-i', path, '--journal', out, '--failures', out, '--yes'],
      {
        env,
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--failures');
    expect(existsSync(out)).toBe(false);
  });
});

describe('a journal that is not a regular file', () => {
  it('a device or a FIFO is refused (exit 2) rather than read forever', async () => {
    const ids = memberIds(box, 1);
    const path = idsCsv(dir, 'device.csv', ids);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--journal', '/dev/null', '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a regular file');
    expect(existsSync('/dev/null.lock')).toBe(false);
    expect(statusOf(ids[0] ?? '')).toBe('active');
  });

  it('a directory is refused (exit 2)', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const path = idsCsv(dir, 'folder.csv', memberIds(box, 1));
    const result = await cli(['bulk', 'reactivate', '-i', path, '--journal', folder, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a regular file');
  });
});

describe('no failures file leaves nothing deleted that the run did not write', () => {
  it('--failures naming a symlink: refused before the run, the symlink and its target left alone', async () => {
    const path = idsCsv(dir, 'clean.csv', memberIds(box, 1));
    const target = join(dir, 'keep-me.txt');
    writeFileSync(target, 'precious\n');
    const link = join(dir, 'failures-link.csv');
    symlinkSync(target, link);
    const result = await cli(['bulk', 'reactivate', '-i', path, '--failures', link, '--yes'], { env });
    // Never written through (bulk.outputs.test.ts), so never removed as a stale failures file either.
    expect(result.code).toBe(2);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });
});

describe('one lock per journal, however it is named', () => {
  it('a journal reached through a symlink shares the lock of the file it names', async () => {
    const ids = memberIds(box, 2);
    const path = idsCsv(dir, 'aliased.csv', ids);
    const real = join(dir, 'real.journal.ndjson');
    writeFileSync(real, '');
    const link = join(dir, 'link.journal.ndjson');
    symlinkSync(real, link);
    // A live run on this host (this test's own process) holds the real journal's lock.
    writeFileSync(`${real}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), token: 'other-run' }));
    const result = await cli(['bulk', 'deactivate', '-i', path, '--journal', link, '--yes'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`process ${process.pid}`);
    for (const id of ids) expect(statusOf(id)).toBe('active');
    expect(existsSync(`${link}.lock`)).toBe(false);
  });
});

describe('an input path that is a pipe (mkfifo, <(...)) is read once, like stdin', () => {
  it('runs every row rather than waiting on (or finding empty) a second pass over the pipe', async () => {
    const ids = memberIds(box, 3);
    const fifo = join(dir, 'rows.fifo');
    execFileSync('mkfifo', [fifo]);
    const journal = join(dir, 'piped.journal.ndjson');
    const run = spawnCli(['bulk', 'suspend', '-i', fifo, '--format', 'csv', '--journal', journal, '--yes'], {
      env,
    });
    // Opening a FIFO for writing waits for its reader: the CLI.
    await writeFile(fifo, `id\n${ids.join('\n')}\n`);
    const code = await Promise.race([run.exited, sleep(10_000).then(() => 'still running')]);
    expect(run.stderr()).toContain('suspend: 3 ok, 0 skipped, 0 failed');
    expect(code).toBe(0);
    for (const id of ids) expect(statusOf(id)).toBe('suspended');
  });

  it("bash's <(...) (/dev/fd/N, no folder to write in) keeps its journal in the working directory", async () => {
    const ids = memberIds(box, 2);
    const cwd = tempDir();
    const rows = `id\\n${ids.join('\\n')}\\n`;
    const script = `${shellQuote(process.execPath)} ${shellQuote(BINARY)} bulk confirm -i <(printf '${rows}') --format csv --yes`;
    const run = spawn('bash', ['-c', script], { env, cwd });
    let stderr = '';
    run.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => run.on('close', resolve));
    expect(stderr).toContain('confirm: 2 ok, 0 skipped, 0 failed');
    expect(code).toBe(0);
    expect(readdirSync(cwd).filter((name) => name.endsWith('.confirm.journal.ndjson'))).toHaveLength(1);
  });
});
