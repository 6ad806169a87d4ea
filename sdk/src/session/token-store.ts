import type { Tokens } from '../schemas/auth';

type MaybePromise<T> = T | Promise<T>;

/**
 * Where the session keeps its tokens. Each method may be synchronous or return a promise, so
 * browser cookies, memory and files fit the same interface.
 */
export interface TokenStore {
  get(): MaybePromise<Tokens | null>;
  set(tokens: Tokens): MaybePromise<void>;
  clear(): MaybePromise<void>;
  /**
   * Optional: runs `fn` while holding a lock shared by every client of this store, so two
   * clients (tabs, processes) never spend the same refresh token twice.
   */
  withLock?<T>(fn: () => Promise<T>): Promise<T>;
}

/** Serialises async functions in one process: each waits for the previous to settle. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn, fn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** Tokens in memory. Clients sharing one instance share its lock too. */
export class MemoryTokenStore implements TokenStore {
  #tokens: Tokens | null;
  readonly #mutex = new Mutex();

  constructor(initial: Tokens | null = null) {
    this.#tokens = initial ? { ...initial } : null;
  }

  get(): Tokens | null {
    return this.#tokens ? { ...this.#tokens } : null;
  }

  set(tokens: Tokens): void {
    this.#tokens = { ...tokens };
  }

  clear(): void {
    this.#tokens = null;
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.#mutex.run(fn);
  }
}
