/**
 * Retry policies at work: which policy a call gets, whether a failure is retried and how long the
 * call waits first. Pure functions: the transport and the session's refresh share them.
 */
import type { EndpointDef } from '../endpoints/define';
import type { RetriedCalls, RetryPolicy } from '../endpoints/retry-policy';
import { isHttpError, isNetworkError, isTimeoutError } from '../errors';

/** The one status whose answer proves the server did nothing: an unsafe call may be sent again. */
const NOTHING_DONE_STATUS = 429;

/** A jitter added to a honoured Retry-After, so calls told the same time do not all return at once. */
export const RETRY_AFTER_JITTER_MS = 250;

/** A client's retry policy and the calls it applies to in full. */
export interface ClientRetry {
  readonly policy: RetryPolicy;
  readonly calls: RetriedCalls;
}

/**
 * The policy of one endpoint: its own (SPEC.md's), else the client's as the entry's effect allows:
 * in full for the calls it covers, and for the others only where the answer proves nothing was
 * done (429, with no failure retried: a dropped connection may come after the change was made).
 */
export function policyOf(endpoint: EndpointDef, client: ClientRetry | undefined): RetryPolicy | undefined {
  if (endpoint.retry) return endpoint.retry;
  if (!client) return undefined;
  const { policy, calls } = client;
  if (endpoint.effect === 'read' || (calls === 'safe' && endpoint.effect === 'idempotent')) return policy;
  if (!policy.statusCodes.includes(NOTHING_DONE_STATUS)) return undefined;
  return { ...policy, statusCodes: [NOTHING_DONE_STATUS], failures: [] };
}

/** Whether `policy` retries this failure (an abort or the end of a session never is). */
export function retries(policy: RetryPolicy, error: unknown): boolean {
  if (isHttpError(error)) return policy.statusCodes.includes(error.status);
  if (isNetworkError(error)) return policy.failures.includes('network');
  if (isTimeoutError(error)) return policy.failures.includes('timeout');
  return false;
}

/**
 * The wait before retry `retry` (1 for the first) after `error`, or undefined when the policy does
 * not retry it: not a failure it retries, its retries spent, or a Retry-After longer than it honours.
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  error: unknown,
  random: () => number = Math.random,
): number | undefined {
  if (retry > policy.retries || !retries(policy, error)) return undefined;
  const { wait } = policy;
  const own =
    wait.kind === 'fixed' ? wait.delayMs : random() * Math.min(wait.maxMs, wait.baseMs * 2 ** (retry - 1));
  const asked = policy.retryAfter && isHttpError(error) ? error.retryAfterMs : undefined;
  if (asked === undefined || policy.retryAfter === undefined) return own;
  if (asked > policy.retryAfter.maxMs) return undefined;
  if (wait.kind === 'fixed') return Math.max(own, asked);
  // Backoff's own wait is random under the ceiling; a Retry-After is the server's least, plus a
  // little jitter so the calls it held do not all arrive in the same millisecond.
  return asked + random() * Math.min(RETRY_AFTER_JITTER_MS, wait.maxMs);
}

/** The statuses whose `Retry-After` the SDK reads. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * A `Retry-After` value in ms: delay-seconds (`120`, fractions taken) or an HTTP date (`Wed, 21
 * Oct 2026 07:28:00 GMT`, counted from `now`, never negative); undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
