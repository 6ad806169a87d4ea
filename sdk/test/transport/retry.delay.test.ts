/** The retry decision on its own: reading Retry-After, the backoff's full jitter and its cap. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, parseRetryAfter, type RetryPolicy, TimeoutError } from '../../src/index';
import { retryDelay } from '../../src/transport/retry';

afterEach(() => {
  vi.restoreAllMocks();
});

const policy: RetryPolicy = {
  retries: 20,
  statusCodes: [429, 503],
  failures: ['network'],
  wait: { kind: 'backoff', baseMs: 200, maxMs: 10_000 },
  retryAfter: { maxMs: 900_000 },
};
const limited = (retryAfterMs?: number) => new HttpError(429, undefined, { retryAfterMs });

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores nonsense', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter(' 0.5 ')).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    // A date already past asks for no wait, never a negative one.
    expect(parseRetryAfter(new Date(1_000).toUTCString(), 4_000)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('full jitter under a ceiling that doubles from baseMs up to maxMs', () => {
    const top = () => 0.999;
    expect(retryDelay(policy, 1, limited(), top)).toBeLessThan(200);
    expect(retryDelay(policy, 3, limited(), top)).toBeLessThan(800);
    expect(retryDelay(policy, 3, limited(), top)).toBeGreaterThan(790);
    expect(retryDelay(policy, 20, limited(), top)).toBeLessThan(10_000);
    expect(retryDelay(policy, 4, limited(), () => 0)).toBe(0);
  });

  it('a Retry-After is the least wait, with at most 250 ms of jitter; over the cap, no retry', () => {
    expect(retryDelay(policy, 1, limited(3_000), () => 0)).toBe(3_000);
    expect(retryDelay(policy, 1, limited(3_000), () => 0.999)).toBeCloseTo(3_249.75, 5);
    expect(retryDelay(policy, 1, limited(900_001), () => 0)).toBeUndefined();
  });

  it('retries only what the policy lists, and only as many times', () => {
    expect(retryDelay(policy, 1, new HttpError(500, undefined), () => 0)).toBeUndefined();
    expect(retryDelay(policy, 1, new NetworkError('down'), () => 0)).toBe(0);
    expect(retryDelay(policy, 1, new TimeoutError(5), () => 0)).toBeUndefined();
    expect(retryDelay(policy, 21, limited(), () => 0)).toBeUndefined();
    expect(retryDelay(policy, 1, new Error('a bug'), () => 0)).toBeUndefined();
  });
});
