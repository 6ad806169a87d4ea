/**
 * A token store that keeps the tokens it last read or wrote in memory, in front of the SDK's
 * FileTokenStore. Without it every API call reads and parses the credentials file: a bulk run
 * of 10,000 rows spent a third of its time in open/read/close. Refreshes still see other
 * processes' tokens: inside the store's lock (where the session decides whether to refresh)
 * the file is read again.
 */
import type { TokenStore, Tokens } from '@matchmaker/sdk';

export class CachedTokenStore implements TokenStore {
  #cached: Tokens | null | undefined;

  constructor(readonly inner: TokenStore) {}

  async get(): Promise<Tokens | null> {
    if (this.#cached === undefined) this.#cached = await this.inner.get();
    return this.#cached ? { ...this.#cached } : null;
  }

  async set(tokens: Tokens): Promise<void> {
    await this.inner.set(tokens);
    this.#cached = { ...tokens };
  }

  async clear(): Promise<void> {
    await this.inner.clear();
    this.#cached = null;
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    const run = async () => {
      this.#cached = await this.inner.get();
      return fn();
    };
    return this.inner.withLock ? this.inner.withLock(run) : run();
  }
}
