/**
 * A journal whose last record was torn (a run killed, or a disk that filled, in the middle of a
 * write) is resumed, and then resumed again: each run's records stay readable, so the second
 * resume skips what is done instead of calling the journal damaged.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, deletions, idsCsv, memberIds, signedInSandbox } from './support/cli';

const { box, env, dir } = await signedInSandbox();

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
