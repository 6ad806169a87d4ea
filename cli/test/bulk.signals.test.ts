/** The built binary killed and interrupted mid-run, then resumed: the sandbox is the witness. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { envFor, login, memberIds, sandbox, spawnCli, spawnResult, tempDir, waitFor } from './support/cli';
import { entries } from './support/journal';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let dir: string;

beforeAll(async () => {
  // Latency keeps the run long enough to be killed in the middle.
  box = await sandbox({ latencyMs: { min: 5, max: 15 } });
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
  dir = tempDir();
});

function input(name: string, ids: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `id\n${ids.join('\n')}\n`);
  return path;
}

/** How many times the sandbox deleted each user: its own activity log records every delete. */
function deletions(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const log of box.world.store.data.activityLogs) {
    if (log.action === 'DELETED_BY_ADMIN') counts.set(log.user_id, (counts.get(log.user_id) ?? 0) + 1);
  }
  return counts;
}

describe('bulk runs survive being killed', () => {
  it('SIGKILL mid-run, then --resume: every user deleted, none twice beyond the rows in flight', async () => {
    const ids = memberIds(box, 200);
    const path = input('doomed.csv', ids);
    const journal = join(dir, 'doomed.delete.journal.ndjson');
    const concurrency = 6;
    const run = spawnCli(['bulk', 'delete', '-i', path, '--yes', '-c', String(concurrency)], { env });
    await waitFor(() => entries(journal).length >= 40);
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe(137);
    const before = entries(journal).length;
    expect(before).toBeLessThan(200);

    const resumed = await spawnResult(['bulk', 'delete', '-i', path, '--yes', '--resume'], { env });
    expect(resumed.stderr).toMatch(new RegExp(`delete: \\d+ ok, ${before} skipped, 0 failed`));
    expect(resumed.code).toBe(0);

    const counts = deletions();
    for (const id of ids) expect(box.world.store.data.users[id]?.is_deleted).toBe(true);
    expect(ids.every((id) => (counts.get(id) ?? 0) >= 1)).toBe(true);
    const twice = ids.filter((id) => (counts.get(id) ?? 0) > 1);
    expect(twice.length).toBeLessThanOrEqual(concurrency);
    expect(ids.every((id) => (counts.get(id) ?? 0) <= 2)).toBe(true);
    const ok = entries(journal).filter((entry) => entry.status === 'ok');
    expect(new Set(ok.map((entry) => entry.line)).size).toBe(200);
  });

  it('SIGINT stops taking rows, finishes those in flight, flushes the journal and exits 130', async () => {
    const ids = memberIds(box, 150);
    const path = input('paused.csv', ids);
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
