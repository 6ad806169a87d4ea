import type { RetryPolicy } from '../endpoints/define';
import { isHttpError, isNetworkError, isTimeoutError } from '../errors';

/**
 * Whether `policy` retries this failure: an answer whose status is in the policy's set, or no
 * answer at all (network failure, time-out). Caller aborts and ended sessions never are.
 */
export function isRetryable(policy: RetryPolicy, error: unknown): boolean {
  if (isHttpError(error)) return policy.statusCodes.includes(error.status);
  return isNetworkError(error) || isTimeoutError(error);
}

/** What a retry observer learns before each wait. */
export interface RetryInfo {
  endpoint: string;
  /** 1 for the first retry of the call. */
  retry: number;
  delayMs: number;
  error: unknown;
}
