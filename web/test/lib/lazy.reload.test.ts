import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../src/lib/chunk-error';
import { clearChunkReloadMark, reloadOnceForChunkError } from '../../src/lib/lazy';

function env(online = true) {
  const store = new Map<string, string>();
  let reloads = 0;
  return {
    online: () => online,
    storage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    reload: () => {
      reloads++;
    },
    reloads: () => reloads,
  };
}

describe('a failed lazy chunk reloads the page once, never in a loop', () => {
  it('recognises load failures, corrupted content and disallowed content types', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new SyntaxError("Unexpected token '<'"))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to load module script: MIME type "text/html"'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read x'))).toBe(false);
  });

  it('reloads the first time, not the second, and again after a successful load', () => {
    const e = env();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOnceForChunkError(failure, e)).toBe(true);
    expect(reloadOnceForChunkError(failure, e)).toBe(false);
    expect(e.reloads()).toBe(1);
    clearChunkReloadMark(e);
    expect(reloadOnceForChunkError(failure, e)).toBe(true);
    expect(e.reloads()).toBe(2);
    expect(reloadOnceForChunkError(new Error('other'), e)).toBe(false);
  });

  it('does not reload while the browser is offline: the page would become its offline page', () => {
    const e = env(false);
    expect(reloadOnceForChunkError(new TypeError('Failed to fetch dynamically imported module'), e)).toBe(
      false,
    );
    expect(e.reloads()).toBe(0);
  });

  it('does not reload without session storage to remember it by', () => {
    const e = { storage: null, online: () => true, reload: () => expect.fail('must not reload') };
    expect(reloadOnceForChunkError(new TypeError('Failed to fetch dynamically imported module'), e)).toBe(
      false,
    );
  });
});
