/** Constants of the HTTP transport and the endpoints' retry policies (SPEC.md section 9). */
import type { RetryPolicy } from '../endpoints/define';

/** Default time limit of one HTTP attempt; callers may pass their own. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Every 5xx status: what SPEC.md's retry policies retry besides network failures. */
export const SERVER_ERROR_STATUSES: readonly number[] = Object.freeze(
  Array.from({ length: 100 }, (_, index) => 500 + index),
);

/** PUT /accounts/location, on 5xx and network failures. */
export const LOCATION_UPDATE_RETRY: RetryPolicy = {
  retries: 3,
  delayMs: 3_000,
  statusCodes: SERVER_ERROR_STATUSES,
};
/** POST /devices, on 5xx and network failures. */
export const DEVICE_INFO_RETRY: RetryPolicy = {
  retries: 5,
  delayMs: 5_000,
  statusCodes: SERVER_ERROR_STATUSES,
};
/** POST /analytics/v2/dau/, on 5xx and network failures. */
export const ANALYTICS_RETRY: RetryPolicy = {
  retries: 3,
  delayMs: 10_000,
  statusCodes: SERVER_ERROR_STATUSES,
};
