import { AbortedError, isAbortedError } from '../errors';

/** Rejects at once when the caller has already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new AbortedError(`${what} was aborted`, { cause: signal.reason });
}

/** The error to rethrow for an abort, keeping an AbortedError the transport already made. */
export function toAborted(error: unknown, what: string): unknown {
  return isAbortedError(error) ? error : new AbortedError(`${what} was aborted`, { cause: error });
}

/**
 * Waits for `wait`, but rejects as soon as `signal` aborts: a caller's abort never waits on work
 * it does not control (an idle moment a background tab may never give).
 */
export function untilAborted<T>(wait: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return wait;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError(`${what} was aborted`, { cause: signal.reason }));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
