import { describe, expect, it } from 'vitest';
import { isReplaySampled } from '../../src/lib/replay-sampling';

/** A real Storage's two calls over a Map (Node has no sessionStorage). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('isReplaySampled', () => {
  it('draws against the rate once, then keeps the answer for the session', () => {
    const storage = memoryStorage();
    expect(isReplaySampled(0.1, storage, () => 0.05)).toBe(true);
    // A later draw that would say no does not change a session already picked.
    expect(isReplaySampled(0.1, storage, () => 0.99)).toBe(true);
    const other = memoryStorage();
    expect(isReplaySampled(0.1, other, () => 0.1)).toBe(false);
    expect(isReplaySampled(0.1, other, () => 0)).toBe(false);
  });

  it('never picks at rate 0 and always at rate 1', () => {
    expect(isReplaySampled(0, memoryStorage(), () => 0)).toBe(false);
    expect(isReplaySampled(1, memoryStorage(), () => 0.999_999)).toBe(true);
  });

  it('draws every time where storage is blocked', () => {
    expect(isReplaySampled(0.5, null, () => 0.2)).toBe(true);
    expect(isReplaySampled(0.5, null, () => 0.7)).toBe(false);
  });
});
