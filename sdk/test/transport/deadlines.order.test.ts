/**
 * The shared timer of `transport/deadlines.ts` on its own, on real timers: each deadline expires
 * at its own time, an expiry that starts (or throws) does not delay the ones still waiting, and a
 * queue left idle serves again.
 */
import { describe, expect, it } from 'vitest';
import { Deadlines } from '../../src/transport/deadlines';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a deadline of `ms` and resolves with the ms it took to expire. */
function expiry(deadlines: Deadlines, ms: number, also?: () => void): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    deadlines.start(ms, () => {
      resolve(performance.now() - started);
      also?.();
    });
  });
}

describe('Deadlines', () => {
  it('expires each deadline at its own time, and never the ones that ended', async () => {
    const deadlines = new Deadlines();
    const first = expiry(deadlines, 120);
    let ended = false;
    const gone = deadlines.start(120, () => {
      ended = true;
    });
    await sleep(60);
    const second = expiry(deadlines, 120);
    deadlines.end(gone);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBeGreaterThanOrEqual(119);
    expect(b).toBeGreaterThanOrEqual(119);
    expect(ended).toBe(false);
  });

  it('keeps timing the waiting deadlines when an expiry starts another or throws', async () => {
    const deadlines = new Deadlines();
    let restarted: Promise<number> | undefined;
    const first = expiry(deadlines, 100, () => {
      restarted = expiry(deadlines, 2_000);
    });
    const throwing = deadlines.start(100, () => {
      throw new Error('listener failed');
    });
    await sleep(40);
    const second = expiry(deadlines, 100);
    // The throw surfaces from the timer's callback; Node would report it as uncaught.
    const uncaught: unknown[] = [];
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', (error) => uncaught.push(error));
    try {
      const b = await second;
      expect(b).toBeGreaterThanOrEqual(99);
      // Not held until the restarted deadline's timer (2 s after the first expired).
      expect(b).toBeLessThan(1_500);
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const listener of listeners) process.on('uncaughtException', listener);
    }
    expect(await first).toBeGreaterThanOrEqual(99);
    expect(uncaught).toHaveLength(1);
    deadlines.end(throwing);
    expect(await restarted).toBeGreaterThanOrEqual(1_999);
  });

  it('serves again after its queue went idle', async () => {
    const deadlines = new Deadlines();
    expect(await expiry(deadlines, 30)).toBeGreaterThanOrEqual(29);
    await sleep(50);
    expect(await expiry(deadlines, 30)).toBeGreaterThanOrEqual(29);
  });
});
