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

describe('a journal is never written through a symbolic link', () => {
  /** A folder of its own holding in.csv, whose default journal the test plants something at. */
  const inputIn = (name: string, count: number) => {
    const base = join(dir, name);
    mkdirSync(base);
    const ids = memberIds(box, count);
    return {
      ids,
      path: idsCsv(base, 'in.csv', ids),
      journal: join(base, 'in.deactivate.journal.ndjson'),
      base,
    };
  };

  it('a link planted at the default journal path, leading nowhere: exit 2, its target never made', async () => {
    const { ids, path, journal: link, base } = inputIn('planted-journal', 2);
    const target = join(base, 'made-by-the-run.txt');
    symlinkSync(target, link);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `The journal ${link} (the default for --journal) is a symbolic link (to ${target}): a run never writes its journal through a link`,
    );
    // No --journal was given: the advice is to name one, not to leave it out.
    expect(result.stderr).toContain('Remove the link, or name another file with --journal');
    expect(result.stderr).not.toContain('omit --journal');
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    for (const id of ids) expect(statusOf(id)).toBe('active');
  });

  it('a link to /dev/null at the default path, and one given with --journal: refused, each in its own words', async () => {
    const { ids, path, journal: link, base } = inputIn('null-journal', 1);
    symlinkSync('/dev/null', link);
    const byDefault = await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    expect(byDefault.code).toBe(2);
    expect(byDefault.stderr).toContain(
      `The journal ${link} (the default for --journal) is a symbolic link (to /dev/null)`,
    );
    expect(byDefault.stderr).not.toContain('omit --journal');
    const given = await cli(['bulk', 'deactivate', '-i', path, '--yes', '--journal', link], { env });
    expect(given.code).toBe(2);
    expect(given.stderr).toContain(`--journal ${link} is a symbolic link (to /dev/null)`);
    // A link to an existing journal is refused as well: the run would append to what it names.
    const real = join(base, 'real.journal.ndjson');
    writeFileSync(real, '');
    const toJournal = join(base, 'alias.journal.ndjson');
    symlinkSync(real, toJournal);
    const aliased = await cli(['bulk', 'deactivate', '-i', path, '--yes', '--journal', toJournal], { env });
    expect(aliased.code).toBe(2);
    expect(aliased.stderr).toContain(`--journal ${toJournal} is a symbolic link (to ${real})`);
    expect(readFileSync(real, 'utf8')).toBe('');
    expect(statusOf(ids[0] ?? '')).toBe('active');
  });

  it('a device at the default path is refused without advice to leave out a --journal never given', async () => {
    const { ids, path, journal: fifo } = inputIn('fifo-journal', 1);
    execFileSync('mkfifo', [fifo]);
    const result = await cli(['bulk', 'deactivate', '-i', path, '--yes'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`The journal ${fifo} (the default for --journal) is not a regular file`);
    expect(result.stderr).not.toContain('omit --journal');
    expect(statusOf(ids[0] ?? '')).toBe('active');
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
