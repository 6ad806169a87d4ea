import type { RetriedFailure, RetryPolicy } from '../endpoints/retry-policy';
import { RETRY_AFTER_JITTER_MS } from './retry';

/** The longest wait a timer can hold (about 24.8 days); a longer one would fire at once. */
const MAX_WAIT_MS = 2 ** 31 - 1;
const FAILURES: ReadonlySet<RetriedFailure> = new Set(['network', 'timeout']);

/**
 * Checks a retry policy given at run time (a client option: JavaScript callers and typos in
 * configuration get no type check), naming the field that is wrong: `where.wait.maxMs must be
 * ...`. Returns the policy, frozen copies of its lists, so a caller changing theirs later changes
 * nothing here.
 */
export function checkRetryPolicy(policy: RetryPolicy, where: string): RetryPolicy {
  const fail = (field: string, rule: string, got: unknown): never => {
    throw new RangeError(`${where}.${field} must be ${rule}, got ${JSON.stringify(got) ?? String(got)}`);
  };
  if (typeof policy !== 'object' || policy === null)
    throw new TypeError(`${where} must be a retry policy object`);
  const whole = (field: string, value: unknown, max = MAX_WAIT_MS) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      fail(field, `a whole number from 0 to ${max}`, value);
    }
  };
  whole('retries', policy.retries, 1_000);
  if (!Array.isArray(policy.statusCodes)) fail('statusCodes', 'a list of HTTP statuses', policy.statusCodes);
  policy.statusCodes.forEach((status, index) => {
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      fail(`statusCodes[${index}]`, 'an HTTP status from 100 to 599', status);
    }
  });
  if (!Array.isArray(policy.failures)) fail('failures', "a list of 'network' and 'timeout'", policy.failures);
  policy.failures.forEach((failure, index) => {
    if (!FAILURES.has(failure)) fail(`failures[${index}]`, "'network' or 'timeout'", failure);
  });
  const { wait } = policy;
  if (wait?.kind === 'fixed') whole('wait.delayMs', wait.delayMs);
  else if (wait?.kind === 'backoff') {
    whole('wait.baseMs', wait.baseMs);
    whole('wait.maxMs', wait.maxMs);
  } else fail('wait.kind', "'fixed' or 'backoff'", (wait as { kind?: unknown } | undefined)?.kind);
  // A honoured Retry-After gets its jitter on top: the sum must still fit a timer.
  if (policy.retryAfter !== undefined)
    whole('retryAfter.maxMs', policy.retryAfter?.maxMs, MAX_WAIT_MS - RETRY_AFTER_JITTER_MS);
  return Object.freeze({
    ...policy,
    statusCodes: Object.freeze([...policy.statusCodes]),
    failures: Object.freeze([...policy.failures]),
    wait: Object.freeze({ ...wait }),
    ...(policy.retryAfter ? { retryAfter: Object.freeze({ ...policy.retryAfter }) } : {}),
  });
}
