import type { TokenStore, Tokens } from '../../src/index';

/**
 * Wraps a store so that writes (and optionally reads) take `delayMs`, like a slow cookie bridge or
 * a file on a busy disk. `writing` tells a test that a write has started and not finished yet.
 */
export class SlowStore implements TokenStore {
  readonly #inner: TokenStore;
  readonly #setDelayMs: number;
  writing = false;
  writes = 0;

  constructor(inner: TokenStore, setDelayMs: number) {
    this.#inner = inner;
    this.#setDelayMs = setDelayMs;
  }

  get(): Promise<Tokens | null> {
    return Promise.resolve(this.#inner.get());
  }

  async set(tokens: Tokens): Promise<void> {
    this.writing = true;
    this.writes++;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.#setDelayMs));
      await this.#inner.set(tokens);
    } finally {
      this.writing = false;
    }
  }

  async clear(): Promise<void> {
    await this.#inner.clear();
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    const inner = this.#inner;
    return inner.withLock ? inner.withLock(fn) : fn();
  }
}

/** Resolves once `until()` holds, polling on real timers; rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Settles `promise` into a value or an error, so a test can inspect either. */
export function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}
