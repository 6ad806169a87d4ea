import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/lib/load-once';

describe('loadOnce', () => {
  it('shares one load between callers while it runs and after it succeeded', async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    const [first, second] = [load(), load()];
    expect(first).toBe(second);
    await expect(first).resolves.toBe(1);
    await expect(load()).resolves.toBe(1);
    expect(calls).toBe(1);
  });

  it('forgets a failed load: every caller of it sees the failure, the next call tries again', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'loaded';
    });
    const [first, second] = [load(), load()];
    await expect(first).rejects.toThrow('Failed to fetch');
    await expect(second).rejects.toThrow('Failed to fetch');
    await expect(load()).resolves.toBe('loaded');
    await expect(load()).resolves.toBe('loaded');
    expect(calls).toBe(2);
  });
});
