import { describe, expect, it } from 'vitest';
import {
  REALTIME_RECONNECT_DELAY_MAX_MS as MAX,
  REALTIME_RECONNECT_DELAY_MIN_MS as MIN,
} from '../../src/index';
import { reconnectDelay } from '../../src/realtime/backoff';

describe('reconnectDelay', () => {
  it('stays within 1 to 5 s over many random draws and attempts', () => {
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (let attempt = 0; attempt < 40; attempt++) {
      for (let draw = 0; draw < 2_500; draw++) {
        const delay = reconnectDelay(attempt);
        low = Math.min(low, delay);
        high = Math.max(high, delay);
      }
    }
    expect(low).toBeGreaterThanOrEqual(MIN);
    expect(high).toBeLessThanOrEqual(MAX);
    // The whole range is used: jitter is real, and later attempts reach the ceiling.
    expect(low).toBeLessThan(1_100);
    expect(high).toBeGreaterThan(4_900);
  });

  it('grows from 1-2 s to 2.5-5 s, with the bounds at the extreme draws', () => {
    const bounds = [0, 1, 2, 3, 10].map((attempt) => [
      reconnectDelay(attempt, () => 0),
      reconnectDelay(attempt, () => 0.999_999_9),
    ]);
    expect(bounds).toEqual([
      [1_000, 2_000],
      [2_000, 4_000],
      [2_500, 5_000],
      [2_500, 5_000],
      [2_500, 5_000],
    ]);
  });

  it('never leaves the range, whatever the jitter source or attempt returns', () => {
    for (const value of [-1, 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      for (const attempt of [-3, 0, 1.5, 1e9, Number.NaN]) {
        const delay = reconnectDelay(attempt, () => value);
        expect(delay).toBeGreaterThanOrEqual(MIN);
        expect(delay).toBeLessThanOrEqual(MAX);
      }
    }
  });
});
