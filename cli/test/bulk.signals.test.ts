/**
 * The built binary killed and interrupted mid-run, then resumed, and two runs on one journal at
 * once (the second is refused before it reads or sends anything): the sandbox is the witness.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { deletions, idsCsv, memberIds, signedInSandbox, spawnCli, spawnResult, waitFor } from './support/cli';
import { entries } from './support/journal';

// Latency keeps the run long enough to be killed in the middle.
const { box, env, dir } = await signedInSandbox({ latencyMs: { min: 5, max: 15 } });

describe('bulk runs survive being killed', () => {
  it('SIGKILL mid-run, then --resume: every user deleted, none twice beyond the rows in flight', async () => {
    const ids = memberIds(box, 200);
    const path = idsCsv(dir, 'doomed.csv', ids);
    const journal = join(dir, 'doomed.delete.journal.ndjson');
    const concurrency = 6;
    const run = spawnCli(['bulk', 'delete', '-i', path, '--yes', '-c', String(concurrency)], { env });
    await waitFor(() => entries(journal).length >= 40);
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe(137);
    // The killed run could not release its journal's lock: the resumed run takes it over.
    expect(existsSync(`${journal}.lock`)).toBe(true);
    const before = entries(journal).length;
    expect(before).toBeLessThan(200);

    const resumed = await spawnResult(['bulk', 'delete', '-i', path, '--yes', '--resume'], { env });
    expect(resumed.stderr).toMatch(new RegExp(`delete: \\d+ ok, ${before} skipped, 0 failed`));
    expect(resumed.code).toBe(0);

    const counts = deletions(box);
    for (const id of ids) expect(box.world.store.data.users[id]?.is_deleted).toBe(true);
    expect(ids.every((id) => (counts.get(id) ?? 0) >= 1)).toBe(true);
    const twice = ids.filter((id) => (counts.get(id) ?? 0) > 1);
    expect(twice.length).toBeLessThanOrEqual(concurrency);
    expect(ids.every((id) => (counts.get(id) ?? 0) <= 2)).toBe(true);
    const ok = entries(journal).filter((entry) => entry.status === 'ok');
    expect(new Set(ok.map((entry) => entry.line)).size).toBe(200);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('SIGINT stops taking rows, finishes those in flight, flushes the journal and exits 130', async () => {
    const ids = memberIds(box, 150);
    const path = idsCsv(dir, 'paused.csv', ids);
    const journal = join(dir, 'paused.deactivate.journal.ndjson');
    const run = spawnCli(['bulk', 'deactivate', '-i', path, '--yes', '-c', '4'], { env });
    await waitFor(() => entries(journal).length >= 20);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain('Stopping: letting the requests in flight finish');
    expect(run.stderr()).toMatch(/deactivate: \d+ ok, 0 skipped, 0 failed .*interrupted/);
    expect(run.stderr()).toContain('run again with --resume to finish');
    // Flushed: every change the sandbox made is in the journal, and nothing else.
    const recorded = new Set(entries(journal).map((entry) => entry.id));
    const changed = ids.filter((id) => box.world.store.data.users[id]?.status === 'deactivated');
    expect(new Set(changed)).toEqual(recorded);
    expect(recorded.size).toBeLessThan(150);
    expect(readFileSync(journal, 'utf8').endsWith('\n')).toBe(true);

    const resumed = await spawnResult(['bulk', 'deactivate', '-i', path, '--yes', '--resume'], { env });
    expect(resumed.code).toBe(0);
    expect(ids.every((id) => box.world.store.data.users[id]?.status === 'deactivated')).toBe(true);
  });
});

describe('one journal, one run at a time', () => {
  // A sandbox of its own: the runs above used up most of the first one's active members.
  let box: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    ({ box, env } = await signedInSandbox({ latencyMs: { min: 5, max: 15 } }));
  });

  it('a second run on a journal in use is refused at once, and nothing is applied twice', async () => {
    const ids = memberIds(box, 60);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    const path = idsCsv(dir, 'shared.csv', ids);
    const journal = join(dir, 'shared.delete.journal.ndjson');
    // Paced, so that it is still going when the second run starts.
    const first = spawnCli(['bulk', 'delete', '-i', path, '--yes', '-c', '2', '--rate', '15'], { env });
    await waitFor(() => entries(journal).length >= 5);
    // A colleague (or a second terminal) resumes the same run while it is still going.
    const second = await spawnResult(['bulk', 'delete', '-i', path, '--yes', '--resume'], { env });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `Journal ${journal} is in use by another run (process ${first.child.pid}`,
    );
    expect(await first.exited).toBe(0);

    const counts = deletions(box);
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    // Once the first run is over, the journal is free again: nothing is left to do.
    const again = await spawnResult(['bulk', 'delete', '-i', path, '--yes', '--resume'], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`0 ok, ${ids.length} skipped, 0 failed`);
  });

  it('a lock held from another machine is never taken over: the message says what to do', async () => {
    const ids = memberIds(box, 3);
    const path = idsCsv(dir, 'elsewhere.csv', ids);
    const journal = join(dir, 'elsewhere.delete.journal.ndjson');
    writeFileSync(`${journal}.lock`, JSON.stringify({ pid: 4242, host: 'batch-host-7', token: 'theirs' }));
    const refused = await spawnResult(['bulk', 'delete', '-i', path, '--yes'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use by another run (process 4242 on batch-host-7)');
    expect(refused.stderr).toContain(`delete ${journal}.lock`);
    expect(ids.every((id) => !box.world.store.data.users[id]?.is_deleted)).toBe(true);
    // A journal whose folder does not exist is bad input, stopped before anything is sent.
    const missing = await spawnResult(
      ['bulk', 'delete', '-i', path, '--yes', '--journal', join(dir, 'no-such-dir', 'j.ndjson')],
      { env },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`the folder ${join(dir, 'no-such-dir')} does not exist`);
    expect(ids.every((id) => !box.world.store.data.users[id]?.is_deleted)).toBe(true);
  });

  it('SIGTERM ends a run like Ctrl-C: rows in flight finish and are journaled, the lock is released', async () => {
    const ids = memberIds(box, 40);
    const path = idsCsv(dir, 'terminated.csv', ids);
    const journal = join(dir, 'terminated.delete.journal.ndjson');
    const run = spawnCli(['bulk', 'delete', '-i', path, '--yes', '-c', '2', '--rate', '15'], { env });
    await waitFor(() => entries(journal).length >= 3);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain(
      'Stopping: letting the requests in flight finish (SIGTERM again to abort them)',
    );
    expect(existsSync(`${journal}.lock`)).toBe(false);
    const recorded = new Set(entries(journal).map((entry) => entry.id));
    const deleted = ids.filter((id) => box.world.store.data.users[id]?.is_deleted);
    expect(new Set(deleted)).toEqual(recorded);
    expect(recorded.size).toBeLessThan(ids.length);
  });
});
