import { AbortedError, isAbortedError } from '../errors';

/** Rejects at once when the caller has already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new AbortedError(`${what} was aborted`, { cause: signal.reason });
}

/** The error to rethrow for an abort, keeping an AbortedError the transport already made. */
export function toAborted(error: unknown, what: string): unknown {
  return isAbortedError(error) ? error : new AbortedError(`${what} was aborted`, { cause: error });
}
