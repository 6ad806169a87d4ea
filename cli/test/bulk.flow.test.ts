/** The flow-control pieces of a bulk run, on their own: backpressure, pacing, Retry-After, jitter. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoff, DEFAULT_RETRY, Pacer, Pool, parseRetryAfter, RetryAfterGate } from '../src/bulk/flow';
import { BitSet } from '../src/bulk/journal';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Pool', () => {
  it('holds the reader at the concurrency limit until a task finishes', async () => {
    const pool = new Pool(2);
    const releases: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => releases.push(resolve));
    await pool.slot();
    pool.run(task);
    await pool.slot();
    pool.run(task);
    let got = false;
    const third = pool.slot().then(() => {
      got = true;
    });
    await Promise.resolve();
    expect(got).toBe(false);
    expect(pool.active).toBe(2);
    releases[0]?.();
    await third;
    expect(got).toBe(true);
    releases[1]?.();
    await pool.drain();
    expect(pool.active).toBe(0);
  });
});

describe('Pacer', () => {
  it('spaces requests 1000 / rate ms apart', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(4);
    const times: number[] = [];
    const waits = [0, 1, 2].map(() => pacer.wait().then(() => times.push(Date.now())));
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all(waits);
    expect(times[1] ?? 0).toBeGreaterThanOrEqual((times[0] ?? 0) + 249);
    expect(times[2] ?? 0).toBeGreaterThanOrEqual((times[0] ?? 0) + 499);
  });
});

describe('Pacer at rates a timer cannot hold in one go', () => {
  it('waits the whole interval (1e-7 rows/s: 116 days), not the 1 ms an overflowing timer would', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(1e-7);
    await pacer.wait();
    let second = false;
    const waiting = pacer.wait().then(() => {
      second = true;
    });
    // Node (and the fake clock) fire a timer over 2^31 - 1 ms after 1 ms.
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(second).toBe(false);
    await vi.advanceTimersByTimeAsync(1e10 - 2 ** 31);
    await waiting;
    expect(second).toBe(true);
  });

  it('a stop ends such a wait at once', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(1e-7);
    await pacer.wait();
    const stop = new AbortController();
    const waiting = pacer.wait(stop.signal);
    await vi.advanceTimersByTimeAsync(2 ** 31 + 5);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});

describe('Retry-After and backoff', () => {
  it('reads seconds and HTTP dates, ignores nonsense', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('full jitter under an exponential cap; Retry-After is a floor', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    expect(backoff(DEFAULT_RETRY, 1, undefined)).toBeLessThan(DEFAULT_RETRY.baseMs);
    expect(backoff(DEFAULT_RETRY, 3, undefined)).toBeLessThan(DEFAULT_RETRY.baseMs * 4);
    expect(backoff(DEFAULT_RETRY, 30, undefined)).toBeLessThan(DEFAULT_RETRY.maxMs);
    expect(backoff(DEFAULT_RETRY, 1, 3_000)).toBeGreaterThanOrEqual(3_000);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(backoff(DEFAULT_RETRY, 4, undefined)).toBe(0);
  });
});

describe('RetryAfterGate', () => {
  it('keeps the latest deadline any answer asked for, and forgets it once passed', () => {
    const gate = new RetryAfterGate();
    expect(gate.remaining(0)).toBeUndefined();
    gate.note(2_000, 1_000);
    gate.note(500, 1_200);
    gate.note(undefined, 1_300);
    expect(gate.remaining(1_500)).toBe(1_500);
    gate.note(3_000, 1_500);
    expect(gate.remaining(1_500)).toBe(3_000);
    expect(gate.remaining(4_500)).toBeUndefined();
  });
});

describe('BitSet', () => {
  it('grows to hold any line and clears bits', () => {
    const set = new BitSet();
    set.set(5, true);
    set.set(1_000_003, true);
    expect(set.has(5)).toBe(true);
    expect(set.has(6)).toBe(false);
    expect(set.has(1_000_003)).toBe(true);
    set.set(5, false);
    expect(set.has(5)).toBe(false);
    set.set(9_999_999, false);
    expect(set.has(9_999_999)).toBe(false);
  });
});
