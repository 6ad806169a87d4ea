/** Constants of the HTTP transport and the endpoints' retry policies (SPEC.md section 9). */
import type { RetryPolicy } from '../endpoints/retry-policy';

/** Default time limit of one HTTP attempt; callers may pass their own. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Every 5xx status: what SPEC.md's retry policies retry besides network failures. */
export const SERVER_ERROR_STATUSES: readonly number[] = Object.freeze(
  Array.from({ length: 100 }, (_, index) => 500 + index),
);

/**
 * SPEC.md's "retried up to N times, D apart": every 5xx and every failure without an answer,
 * always the same wait, whatever a Retry-After says (SPEC.md gives the spacing).
 */
export function fixedRetry(retries: number, delayMs: number): RetryPolicy {
  return Object.freeze({
    retries,
    statusCodes: SERVER_ERROR_STATUSES,
    failures: Object.freeze(['network', 'timeout'] as const),
    wait: Object.freeze({ kind: 'fixed', delayMs } as const),
  });
}

/** PUT /accounts/location: 3 retries, 3 s apart. */
export const LOCATION_UPDATE_RETRY: RetryPolicy = fixedRetry(3, 3_000);
/** POST /devices: 5 retries, 5 s apart. */
export const DEVICE_INFO_RETRY: RetryPolicy = fixedRetry(5, 5_000);
/** POST /analytics/v2/dau/: 3 retries, 10 s apart. */
export const ANALYTICS_RETRY: RetryPolicy = fixedRetry(3, 10_000);
