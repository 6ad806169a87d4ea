import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, idsCsv, memberIds, signedInSandbox, statusIn } from './support/cli';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);

/** Runs `fn` with the sandbox refusing API requests past `limit` a second (429, Retry-After). */
async function withRateLimit<T>(limit: number, fn: () => Promise<T>): Promise<T> {
  box.faults.rateLimit = limit;
  try {
    return await fn();
  } finally {
    box.faults.rateLimit = undefined;
  }
}

describe('bulk runs against a failing or limiting server', () => {
  it('under --fail-rate 0.2 every row is applied: 5xx are retried with backoff', async () => {
    const ids = memberIds(box, 120);
    const path = idsCsv(dir, 'flaky.csv', ids);
    box.faults.failRate = 0.2;
    try {
      const result = await cli(['bulk', 'deactivate', '-i', path, '--yes', '-c', '8', '--retries', '10'], {
        env,
      });
      expect(result.stderr).toContain('deactivate: 120 ok, 0 skipped, 0 failed');
      expect(result.code).toBe(0);
    } finally {
      box.faults.failRate = 0;
    }
    for (const id of ids) expect(statusOf(id)).toBe('deactivated');
    const journal = entries(join(dir, 'flaky.deactivate.journal.ndjson'));
    expect(journal).toHaveLength(120);
    expect(journal.some((entry) => (entry.attempts ?? 1) > 1)).toBe(true);
  });

  it('under the rate limit every row is applied, after waiting out 429 Retry-After', async () => {
    const ids = memberIds(box, 90);
    await withRateLimit(40, async () => {
      const result = await cli(['bulk', 'confirm', '-i', idsCsv(dir, 'limited.csv', ids), '-c', '16'], {
        env,
      });
      expect(result.code).toBe(0);
      const journal = entries(join(dir, 'limited.confirm.journal.ndjson'));
      expect(journal.filter((entry) => entry.status === 'ok')).toHaveLength(90);
      expect(journal.some((entry) => (entry.attempts ?? 1) > 1)).toBe(true);
      // With --rate under the limit no request is refused at all.
      const paced = await cli(
        ['bulk', 'confirm', '-i', idsCsv(dir, 'paced.csv', ids.slice(0, 40)), '-c', '16', '--rate', '25'],
        {
          env,
        },
      );
      expect(paced.code).toBe(0);
      expect(entries(join(dir, 'paced.confirm.journal.ndjson')).every((entry) => entry.attempts === 1)).toBe(
        true,
      );
    });
  });

  it('a rate limit below the concurrency slows the whole run down: no row fails', async () => {
    // 16 rows in flight against 8 requests a second: rows refused late in one second must not
    // meet the next second's budget already spent by rows that never waited.
    const ids = memberIds(box, 48);
    const result = await withRateLimit(8, () =>
      cli(['bulk', 'reactivate', '-i', idsCsv(dir, 'tight.csv', ids), '-c', '16'], { env }),
    );
    expect(result.stderr).toContain('reactivate: 48 ok, 0 skipped, 0 failed');
    expect(result.code).toBe(0);
  });

  it('never retries other 4xx; --retry-failed reruns only the failures, then has nothing left', async () => {
    const ids = memberIds(box, 20);
    const path = idsCsv(dir, 'partial.csv', [...ids, 'no-such-user']);
    // Only the admin user calls fail, so the sign-in check passes.
    box.faults.prefix = '/api/usermgmt/v2/admin/users';
    box.faults.failRate = 1;
    const first = await cli(['bulk', 'suspend', '-i', path, '--yes', '--retries', '0'], { env });
    box.faults.failRate = 0;
    box.faults.prefix = '/api';
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('21 rows failed');
    for (const id of ids) expect(statusOf(id)).toBe('active');

    // The failures file is valid input as it is (an extra error column).
    const failuresFile = join(dir, 'partial.suspend.failures.csv');
    const checked = await cli(['bulk', 'suspend', '-i', failuresFile, '--validate-only'], { env });
    expect(checked.stderr).toContain('21 rows, 0 invalid');
    expect(checked.code).toBe(0);

    const again = await cli(['bulk', 'suspend', '-i', path, '--yes'], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('add --resume to finish it, --retry-failed to rerun its failures');

    const retried = await cli(['bulk', 'suspend', '-i', path, '--yes', '--retry-failed'], { env });
    expect(retried.code).toBe(3);
    expect(retried.stderr).toContain('suspend: 20 ok, 0 skipped, 1 failed');
    for (const id of ids) expect(statusOf(id)).toBe('suspended');
    const missing = entries(join(dir, 'partial.suspend.journal.ndjson')).filter(
      (entry) => entry.id === 'no-such-user',
    );
    expect(missing.at(-1)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringContaining('404'),
    });

    const resumed = await cli(['bulk', 'suspend', '-i', path, '--yes', '--resume'], { env });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('suspend: 0 ok, 21 skipped, 0 failed');
  });
});
