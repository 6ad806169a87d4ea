/**
 * A bulk run passes its one abort signal to every call: nothing of a finished row may stay on it
 * (a listener per row would be 100,000 closures, and what they hold, by the end of a long run).
 * Rows that succeed, fail for good, are retried and are rate limited all go through it.
 */
import { getEventListeners } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { pauseHooks, RetryAfterGate } from '../src/bulk/flow';
import { pooledFetch } from '../src/bulk/http';
import { RunControl, runBulk } from '../src/bulk/runner';
import { rowRetry } from '../src/retry-policy';
import { memberIds, sandbox, tempDir } from './support/cli';
import { specFor } from './support/run-spec';

let box: RunningSandbox;
let dir: string;

beforeAll(async () => {
  box = await sandbox({ latencyMs: { min: 1, max: 4 } });
  dir = tempDir();
});

describe("the run's shared abort signal", () => {
  it('holds no listener of a finished row, whatever became of it', async () => {
    const ids = memberIds(box, 120);
    // Unknown ids fail for good (404), and the fault settings make others retry.
    const lines = [...ids, ...Array.from({ length: 30 }, (_, i) => `no-such-user-${i}`)];
    const path = join(dir, 'rows.csv');
    writeFileSync(path, `id\n${lines.join('\n')}\n`);
    const gate = new RetryAfterGate();
    const pool = pooledFetch(8);
    const control = new RunControl();
    // The run's client as `matchmaker bulk` makes it (commands/bulk.ts), with short backoffs.
    const client = createClient({
      baseURL: box.url,
      tokenStore: new MemoryTokenStore(),
      locks: null,
      fetch: pool.fetch,
      // 10 retries: at a 0.2 fail rate a real row fails all 11 tries about once in 400,000 runs
      // of 120 rows; with 5 it failed all 6 about once in 130 (CI, 2026-11-28: '31 rows failed').
      retry: { policy: rowRetry(10, { kind: 'backoff', baseMs: 5, maxMs: 20 }), calls: 'safe' },
      hooks: pauseHooks(gate, control.stopSignal),
    });
    await client.accounts.login({ email: 'admin@sandbox.test', password: DEMO_PASSWORD });
    const { spec, stderr } = specFor(path, { concurrency: 8, client, control });
    const listening: number[] = [];
    const sample = setInterval(() => listening.push(getEventListeners(control.signal, 'abort').length), 2);
    box.faults.failRate = 0.2;
    try {
      const run = runBulk(spec);
      await expect(run).rejects.toThrow(/30 rows failed/);
    } finally {
      clearInterval(sample);
      box.faults.failRate = 0;
      await pool.close();
    }
    expect(stderr()).toMatch(/deactivate: 120 ok, 0 skipped, 30 failed/);
    expect(getEventListeners(control.signal, 'abort')).toHaveLength(0);
    // In flight, at most one listener per row in flight (the SDK's, or a retry wait's).
    expect(Math.max(...listening)).toBeLessThanOrEqual(8);
    expect(Math.max(...listening)).toBeGreaterThan(0);
  });
});
