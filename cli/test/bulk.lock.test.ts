/**
 * A run's journal lock while the run goes: deleted by hand it is made again, so a second run
 * still cannot start; taken by another run, this one stops taking rows and says so. And one lock
 * per journal file: a second run reaching the file by another name meets the first's lock.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, deletions, idsCsv, memberIds, signedInSandbox, waitFor } from './support/cli';

// Every request waits 40 ms, so a run of 40 rows one at a time lasts well over a lock check.
const { box, env, dir } = await signedInSandbox({ latencyMs: { min: 40, max: 40 } });
const ids = memberIds(box, 80);

const journaled = (journal: string) =>
  existsSync(journal)
    ? readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"status":"ok"')).length
    : 0;
/**
 * The lock's token, once its owner has written it: a lock file is made empty and then written
 * (a reader of the SDK's FileLock waits for that), so just after it appears it may not parse yet.
 */
const lockOwner = (journal: string): string | undefined => {
  try {
    return JSON.parse(readFileSync(`${journal}.lock`, 'utf8')).token as string;
  } catch {
    return undefined;
  }
};

describe('the journal lock during a run', () => {
  it('deleted by hand: made again with a warning, and a second run is still refused', async () => {
    const journal = join(dir, 'deleted.journal.ndjson');
    const input = idsCsv(dir, 'deleted.csv', ids.slice(0, 40));
    const running = cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes', '-c', '1'], { env });
    await waitFor(() => journaled(journal) >= 3);
    const token = lockOwner(journal);
    expect(token).toBeDefined();
    rmSync(`${journal}.lock`);
    // Made again by the run, then written: the token is the run's own.
    await waitFor(() => lockOwner(journal) !== undefined);
    expect(lockOwner(journal)).toBe(token);
    const second = await cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes', '--resume'], {
      env,
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('is in use by another run');
    const first = await running;
    expect(first.stderr).toContain('was deleted during this run; it is taken again');
    expect(first.code).toBe(0);
    const counts = deletions(box);
    expect(ids.slice(0, 40).every((id) => counts.get(id) === 1)).toBe(true);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('taken by another run: this one stops taking rows, journals those in flight, and says so', async () => {
    const journal = join(dir, 'taken.journal.ndjson');
    const users = ids.slice(40, 80);
    const input = idsCsv(dir, 'taken.csv', users);
    const running = cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes', '-c', '1'], { env });
    await waitFor(() => journaled(journal) >= 3);
    // As if it had been deleted and another run (a live process) had started on the journal.
    writeFileSync(
      `${journal}.lock`,
      JSON.stringify({ pid: process.ppid, host: hostname(), token: 'other-run' }),
    );
    const stopped = await running;
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(`was taken by another run (process ${process.ppid} on ${hostname()})`);
    expect(stopped.stderr).toContain('then run again with --resume');
    // Nothing sent went unrecorded, and the run did not go on to the end.
    const counts = deletions(box);
    const deleted = users.filter((id) => counts.get(id) === 1).length;
    expect(deleted).toBe(journaled(journal));
    expect(deleted).toBeLessThan(users.length);
    // The other run's lock is left alone.
    expect(lockOwner(journal)).toBe('other-run');

    rmSync(`${journal}.lock`);
    const resumed = await cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes', '--resume'], {
      env,
    });
    expect(resumed.code).toBe(0);
    const after = deletions(box);
    expect(users.every((id) => after.get(id) === 1)).toBe(true);
  });
});

describe('one lock per journal file, whatever path reaches it', () => {
  const headers = (journal: string) =>
    readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"type":"run"')).length;

  // The case: a hard link made while the first run goes, resumed through by a second.
  for (const where of ['the same folder', 'another folder']) {
    it(`a second run through a hard link in ${where} is refused, naming the first; nothing applied twice`, async () => {
      const users = memberIds(box, 200)
        .filter((id) => !ids.includes(id))
        .slice(where === 'the same folder' ? 0 : 40, where === 'the same folder' ? 40 : 80);
      const folder = join(dir, `hl-${where.split(' ')[0]}`);
      mkdirSync(folder);
      const input = idsCsv(folder, 'users.csv', users);
      const journal = join(folder, 'j.ndjson');
      const running = cli(['bulk', 'delete', '-i', input, '--journal', journal, '--yes', '-c', '1'], { env });
      await waitFor(() => journaled(journal) >= 3);
      const otherFolder = where === 'the same folder' ? folder : join(dir, 'hl-elsewhere');
      mkdirSync(otherFolder, { recursive: true });
      const link = join(otherFolder, 'jlink.ndjson');
      linkSync(journal, link);
      const second = await cli(['bulk', 'delete', '-i', input, '--journal', link, '--resume', '--yes'], {
        env,
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Journal ${link} is in use by another run (process ${process.pid}`);
      expect(second.stderr).toContain('by another name (a hard link');
      const first = await running;
      expect(first.code).toBe(0);
      const counts = deletions(box);
      expect(users.every((id) => counts.get(id) === 1)).toBe(true);
      expect(headers(journal)).toBe(1);
    });
  }

  it('a run through a symlinked folder meets the lock of the folder it names', async () => {
    const users = memberIds(box, 200)
      .filter((id) => !ids.includes(id))
      .slice(0, 20);
    const folder = join(dir, 'real-folder');
    mkdirSync(folder);
    const alias = join(dir, 'alias-folder');
    symlinkSync(folder, alias);
    const input = idsCsv(dir, 'aliased.csv', users);
    const running = cli(
      ['bulk', 'delete', '-i', input, '--journal', join(folder, 'j.ndjson'), '--yes', '-c', '1'],
      { env },
    );
    await waitFor(() => journaled(join(folder, 'j.ndjson')) >= 3);
    const second = await cli(
      ['bulk', 'delete', '-i', input, '--journal', join(alias, 'j.ndjson'), '--resume', '--yes'],
      { env },
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by another run (process ${process.pid}`);
    expect((await running).code).toBe(0);
    const counts = deletions(box);
    expect(users.every((id) => counts.get(id) === 1)).toBe(true);
  });
});
