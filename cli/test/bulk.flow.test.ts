/**
 * The flow-control pieces of a bulk run, on their own: backpressure, pacing, the run-wide pause
 * while a Retry-After holds. (Reading Retry-After and the backoff's jitter are the SDK's now, and
 * tested there: sdk/test/transport/retry.delay.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pacer, Pool, pauseHooks, RetryAfterGate, StoppedWaiting } from '../src/bulk/flow';
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

describe("the run's pause as the SDK's hooks", () => {
  const info = {
    endpoint: 'admin.suspendUser',
    attempt: 1,
    input: {
      method: 'PUT' as const,
      url: 'http://api.test/x',
      params: {},
      query: undefined,
      body: undefined,
    },
  };
  const answer = (status: number, retryAfterMs: number | undefined) => ({
    endpoint: 'admin.suspendUser',
    attempt: 1,
    status,
    durationMs: 1,
    retryAfterMs,
    body: undefined,
  });

  it("holds every attempt while a 429's or 503's Retry-After holds; other answers move nothing", async () => {
    vi.useFakeTimers();
    const gate = new RetryAfterGate();
    const hooks = pauseHooks(gate, new AbortController().signal);
    expect(hooks.beforeAttempt?.(info)).toBeUndefined();
    hooks.afterResponse?.(answer(500, 5_000));
    expect(gate.remaining()).toBeUndefined();
    hooks.afterResponse?.(answer(429, 2_000));
    let sent = false;
    const held = hooks.beforeAttempt?.(info)?.then(() => {
      sent = true;
    });
    await vi.advanceTimersByTimeAsync(1_990);
    expect(sent).toBe(false);
    // A 503 that asks for longer extends the pause for the attempts already waiting.
    hooks.afterResponse?.(answer(503, 3_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toBe(false);
    await vi.advanceTimersByTimeAsync(2_200);
    await held;
    expect(sent).toBe(true);
  });

  it('ends the pause at once when the run stops: the row is left for --resume', async () => {
    vi.useFakeTimers();
    const gate = new RetryAfterGate();
    const stop = new AbortController();
    const hooks = pauseHooks(gate, stop.signal);
    hooks.afterResponse?.(answer(429, 30_000));
    const held = hooks.beforeAttempt?.(info);
    stop.abort();
    await expect(held).rejects.toBeInstanceOf(StoppedWaiting);
  });

  it('a Retry-After longer than a run waits is told to the gate, not waited for', () => {
    const told: number[] = [];
    const gate = new RetryAfterGate((ms) => told.push(ms));
    const hooks = pauseHooks(gate, new AbortController().signal);
    hooks.afterResponse?.(answer(429, 3_600_000));
    expect(told).toEqual([3_600_000]);
    expect(hooks.beforeAttempt?.(info)).toBeUndefined();
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
