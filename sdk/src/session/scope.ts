/**
 * The lifetime of one session (from login, or from the tokens found in the store, to logout).
 * Everything the SDK does for a session (an attempt in flight, a retry wait, a refresh) subscribes
 * to its scope and stops the moment it ends.
 *
 * Not an AbortSignal on purpose: hundreds of calls in flight would each add an `abort` listener to
 * one signal, which Node reports as a listener leak; a Set of callbacks costs nothing.
 */
export interface SessionScope {
  /** True once the session has ended (logout, or a login that replaced it). */
  readonly ended: boolean;
  /** The session ended because the account is suspended: its calls fail with SuspendedError. */
  readonly suspended: boolean;
  /** What ended it, when something failed (the refused refresh's HttpError): the stopped calls' cause. */
  readonly cause: unknown;
  /** Runs `fn` when the scope ends (at once if it has). Returns the unsubscribe function. */
  onEnd(fn: () => void): () => void;
}

/** The session's own handle on its scope: only the session ends it. */
export class SessionScopeController implements SessionScope {
  #ended = false;
  #suspended = false;
  #cause: unknown;
  readonly #listeners = new Set<() => void>();

  get ended(): boolean {
    return this.#ended;
  }

  get suspended(): boolean {
    return this.#suspended;
  }

  get cause(): unknown {
    return this.#cause;
  }

  onEnd(fn: () => void): () => void {
    if (this.#ended) {
      fn();
      return noop;
    }
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Ends the scope and runs every subscriber once. */
  end(suspended = false, cause?: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#suspended = suspended;
    this.#cause = cause;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const fn of listeners) fn();
  }
}

function noop(): void {}
