/**
 * The CLI's one retry policy: bulk rows and single commands' reads wait and retry by it. Its own
 * module, without the SDK, so help text can name it without loading the SDK.
 */
export interface RetryPolicy {
  retries: number;
  baseMs: number;
  maxMs: number;
}

/** 5 retries, full jitter from 200 ms doubling to 10 s. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseMs: 200, maxMs: 10_000 };
