/**
 * The CLI's retry policies, as the SDK's data: single commands' reads and bulk rows wait and
 * retry by them, and the SDK applies them (the CLI has no retry loop of its own). Its own module,
 * with a type-only import of the SDK, so help text can name the numbers without loading the SDK.
 */
import type { RetryPolicy } from '@matchmaker/sdk';

/** Retries after the first attempt: single commands' reads, and bulk rows unless `--retries`. */
export const DEFAULT_RETRIES = 5;

/**
 * The longest Retry-After a command or a run waits out: 15 minutes. A server asking for more (an
 * outage, a bad gateway header: Node cannot even time more than 24.8 days) is not waited for.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** Every 5xx, spelt out here rather than taken from the SDK, which --help does not load. */
const SERVER_ERRORS: readonly number[] = Array.from({ length: 100 }, (_, index) => 500 + index);

/**
 * What both retry: 429 and every 5xx, with full jitter from 200 ms doubling to 10 s (the cap is
 * reached at the 7th retry), the server's Retry-After as the least wait, up to 15 minutes.
 */
const BACKOFF: RetryPolicy['wait'] = { kind: 'backoff', baseMs: 200, maxMs: 10_000 };

function transient(
  retries: number,
  failures: RetryPolicy['failures'],
  wait: RetryPolicy['wait'] = BACKOFF,
): RetryPolicy {
  return {
    retries,
    statusCodes: [429, ...SERVER_ERRORS],
    failures,
    wait,
    retryAfter: { maxMs: MAX_RETRY_AFTER_MS },
  };
}

/**
 * Single commands: reads (GETs, and the POST searches and aggregations the catalogue marks as
 * reads) on network errors, 5xx and 429; changes the SDK sends again only after a 429, which says
 * nothing was done. A time-out is not retried: the limit is the one asked for, and a server that
 * slow is not helped by five more tries.
 */
export const COMMAND_RETRY: RetryPolicy = transient(DEFAULT_RETRIES, ['network']);

/**
 * Bulk rows (`--retries`): every action is an idempotent change, so network errors, time-outs,
 * 5xx and 429 are all retried. `wait` is for tests that cannot wait seconds.
 */
export function rowRetry(retries: number, wait: RetryPolicy['wait'] = BACKOFF): RetryPolicy {
  return transient(retries, ['network', 'timeout'], wait);
}
