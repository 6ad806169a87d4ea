/**
 * Retry policies as data, and what the catalogue says about repeating a call. A leaf module: the
 * catalogue's entries, the transport and the session all read these shapes, and it imports nothing.
 */

/** A failure with no HTTP answer that a policy may retry. */
export type RetriedFailure =
  /** No answer at all: the connection was refused, reset or dropped, DNS failed (NetworkError). */
  | 'network'
  /** The attempt ran out of its time limit (TimeoutError). */
  | 'timeout';

/** How a policy waits before each retry. */
export type RetryWait =
  /** The same wait before every retry: SPEC.md section 9's policies ("3 times, 3 s apart"). */
  | { readonly kind: 'fixed'; readonly delayMs: number }
  /**
   * Exponential backoff with full jitter: before retry n, a random wait from 0 up to
   * `baseMs * 2^(n-1)`, that ceiling capped at `maxMs`. Callers that fail together do not come
   * back together.
   */
  | { readonly kind: 'backoff'; readonly baseMs: number; readonly maxMs: number };

/**
 * A retry policy: which answers and failures are retried, how many times after the first attempt,
 * and how the call waits in between. The budget belongs to the call: a 403 refresh-and-replay does
 * not restart it. A caller's abort and the end of the session are never retried.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0: the policy only observes). */
  readonly retries: number;
  /** HTTP statuses retried, such as every 5xx (SERVER_ERROR_STATUSES) or 429. */
  readonly statusCodes: readonly number[];
  /** Failures without an answer that are retried. */
  readonly failures: readonly RetriedFailure[];
  readonly wait: RetryWait;
  /**
   * Honours the `Retry-After` of 429 and 503 answers (seconds or an HTTP date) as the least wait
   * before the retry, up to `maxMs`. A longer one is not waited for: the call fails at once with
   * that answer's HttpError, whose `retryAfterMs` says how long the server asked for. Absent: the
   * policy's own wait is kept whatever the server says (SPEC.md's policies keep their spacing).
   */
  readonly retryAfter?: { readonly maxMs: number } | undefined;
}

/**
 * What sending a call twice does, as the catalogue marks each entry (by what it does, not by its
 * method: a POST search only reads, and a feature toggle is a PUT that switches back when repeated):
 * - `read`: changes nothing (RFC 9110's "safe"): safe to repeat;
 * - `idempotent`: a change that a second send makes no more of (set a status, delete a record):
 *   safe to repeat;
 * - `unsafe`: a second send may do it again or undo it (create, send, toggle, start an email):
 *   never repeated on a failure that may have reached the server.
 */
export type Effect = 'read' | 'idempotent' | 'unsafe';

/** Which calls a client's retry policy applies to in full (the others: only where nothing was done). */
export type RetriedCalls =
  /** Every call the catalogue marks safe to repeat: reads and idempotent writes. */
  | 'safe'
  /** Reads only. */
  | 'reads';
