import { AbortedError, NotLoggedInError, SuspendedError } from '../errors';
import type { SessionScope } from '../session/scope';

/**
 * What may cut a call short besides its own time limit: the caller's signal and the session the
 * call belongs to. Listeners are added by hand and removed when the attempt or wait ends, because
 * `AbortSignal.any` on Node 20 keeps every combined signal reachable from a long-lived source
 * (about 55 bytes a call, never freed).
 */
export interface Stoppers {
  signal?: AbortSignal | undefined;
  scope?: SessionScope | undefined;
  endpoint?: string | undefined;
}

/** The error for a call stopped by its caller or by the end of its session; null when neither. */
export function stoppedError(
  stoppers: Stoppers,
  cause?: unknown,
): AbortedError | NotLoggedInError | SuspendedError | null {
  const { signal, scope, endpoint } = stoppers;
  if (signal?.aborted) {
    return new AbortedError(`${endpoint ?? 'request'} was aborted`, {
      endpoint,
      cause: cause ?? signal.reason,
    });
  }
  if (scope?.ended) {
    const why = cause ?? scope.cause;
    return scope.suspended
      ? new SuspendedError({ endpoint, cause: why })
      : new NotLoggedInError({ endpoint, cause: why });
  }
  return null;
}

/** Throws when the caller aborted or the session ended: the check after every `await`. */
export function throwIfStopped(stoppers: Stoppers): void {
  const error = stoppedError(stoppers);
  if (error) throw error;
}

/**
 * The attempts and waits listening to one caller's signal. The calls of a bulk run share one
 * signal: each adding and removing an `abort` listener of its own cost an EventTarget walk of every
 * listener already there, twice a row. One listener per signal serves them all, added when the
 * first starts listening and removed when the last stops, so nothing stays on a signal once its
 * calls have ended.
 */
class AbortListeners {
  readonly #signal: AbortSignal;
  readonly #fns = new Set<() => void>();

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    signal.addEventListener('abort', this.#abort, { once: true });
    listening.set(signal, this);
  }

  readonly #abort = (): void => {
    listening.delete(this.#signal);
    const fns = [...this.#fns];
    this.#fns.clear();
    for (const fn of fns) fn();
  };

  /** Calls `fn` once when the signal aborts; returns the function that stops listening. */
  add(fn: () => void): () => void {
    this.#fns.add(fn);
    return () => {
      if (!this.#fns.delete(fn) || this.#fns.size > 0) return;
      listening.delete(this.#signal);
      this.#signal.removeEventListener('abort', this.#abort);
    };
  }
}

const listening = new WeakMap<AbortSignal, AbortListeners>();

/** Calls `fn` once when the caller aborts or the session ends; returns the function that detaches it. */
export function onStop(stoppers: Stoppers, fn: () => void): () => void {
  const { signal, scope } = stoppers;
  const leaveSignal = signal ? (listening.get(signal) ?? new AbortListeners(signal)).add(fn) : undefined;
  const leaveScope = scope?.onEnd(fn);
  return () => {
    leaveSignal?.();
    leaveScope?.();
  };
}

/**
 * Waits `ms`, rejecting at once when the caller aborts or the session ends, or, given
 * `stopRetries`, when that fires (an AbortedError whose cause is `last`, the error the wait was
 * for). Leaves no timer or listener behind.
 */
export function wait(
  ms: number,
  stoppers: Stoppers,
  stopRetries?: AbortSignal | undefined,
  last?: unknown,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = stoppedError(stoppers) ?? retriesStopped(stoppers, stopRetries, last);
    if (stopped) {
      reject(stopped);
      return;
    }
    const detach = onStop(stoppers, () => {
      clearTimeout(timer);
      stopRetries?.removeEventListener('abort', onRetriesStopped);
      reject(stoppedError(stoppers));
    });
    const onRetriesStopped = () => {
      clearTimeout(timer);
      detach();
      reject(retriesStopped(stoppers, stopRetries, last));
    };
    stopRetries?.addEventListener('abort', onRetriesStopped, { once: true });
    const timer = setTimeout(() => {
      detach();
      stopRetries?.removeEventListener('abort', onRetriesStopped);
      resolve();
    }, ms);
  });
}

/** The error of a call whose retries were stopped (CallOptions.stopRetries); null while they go on. */
export function retriesStopped(
  stoppers: Stoppers,
  stopRetries: AbortSignal | undefined,
  last: unknown,
): AbortedError | null {
  if (!stopRetries?.aborted) return null;
  return new AbortedError(`${stoppers.endpoint ?? 'request'} was not sent again: its retries were stopped`, {
    endpoint: stoppers.endpoint,
    cause: last,
  });
}

/**
 * Settles like `promise`, or rejects at once when the caller aborts or the session ends; the
 * promise itself goes on (a shared refresh keeps serving the other callers).
 */
export function unlessStopped<T>(promise: Promise<T>, stoppers: Stoppers): Promise<T> {
  if (!stoppers.signal && !stoppers.scope) return promise;
  return new Promise<T>((resolve, reject) => {
    const stopped = stoppedError(stoppers);
    if (stopped) {
      reject(stopped);
      return;
    }
    const detach = onStop(stoppers, () => reject(stoppedError(stoppers)));
    promise.then(
      (value) => {
        detach();
        resolve(value);
      },
      (error: unknown) => {
        detach();
        reject(error);
      },
    );
  });
}
