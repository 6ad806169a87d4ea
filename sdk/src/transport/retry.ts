import type { RetryPolicy } from '../constants';
import { AbortedError, isHttpError, isNetworkError, isTimeoutError } from '../errors';

/** Waits `ms`, rejecting with AbortedError at once when `signal` aborts. Leaves no timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError('Aborted while waiting to retry', { cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError('Aborted while waiting to retry', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry policies apply to 5xx answers and to failures to get an answer at all. */
export function isRetryable(error: unknown): boolean {
  if (isHttpError(error)) return error.status >= 500;
  return isNetworkError(error) || isTimeoutError(error);
}

/**
 * Runs `attempt`, retrying retryable failures `policy.retries` times with a fixed delay.
 * Without a policy the first failure is final.
 */
export async function withRetry<T>(
  policy: RetryPolicy | undefined,
  attempt: () => Promise<T>,
  signal?: AbortSignal,
  onRetry?: (retry: number, error: unknown) => void,
): Promise<T> {
  const retries = policy?.retries ?? 0;
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= retries || !isRetryable(error) || policy === undefined) throw error;
      onRetry?.(tried + 1, error);
      await sleep(policy.delayMs, signal);
    }
  }
}

/** What a retry observer learns before each wait. */
export interface RetryInfo {
  endpoint: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: unknown;
}
