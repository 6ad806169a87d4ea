/**
 * Flow control of a bulk run: a pool of N rows in flight that makes the reader wait for a free
 * slot (p-limit would queue every row of the file), a pacer for `--rate`, and retries with
 * exponential backoff and full jitter for network errors, 5xx and 429 only, honouring the
 * server's Retry-After (noted by the run's pooled fetch, since the SDK's HttpError carries the
 * body but not the headers).
 */
import { isHttpError, isNetworkError, isTimeoutError } from '@matchmaker/sdk';
import type { RetryPolicy } from '../retry-policy';

export class Pool {
  #active = 0;
  #wake: (() => void) | undefined;

  constructor(readonly size: number) {}

  get active(): number {
    return this.#active;
  }

  #waitForChange(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  /** Resolves once fewer than `size` tasks run. */
  async slot(): Promise<void> {
    while (this.#active >= this.size) await this.#waitForChange();
  }

  run(task: () => Promise<void>): void {
    this.#active += 1;
    void task().finally(() => {
      this.#active -= 1;
      const wake = this.#wake;
      this.#wake = undefined;
      wake?.();
    });
  }

  async drain(): Promise<void> {
    while (this.#active > 0) await this.#waitForChange();
  }
}

/**
 * The longest a Node timer waits: a longer one overflows (a TimeoutOverflowWarning) and fires
 * after 1 ms. A longer sleep is made of several timers.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const until = performance.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const wait = (left: number) => {
      timer = setTimeout(
        () => {
          const rest = until - performance.now();
          if (left > MAX_TIMER_MS && rest > 0) {
            wait(rest);
            return;
          }
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.min(left, MAX_TIMER_MS),
      );
    };
    wait(ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Spaces requests `1000 / rate` ms apart. */
export class Pacer {
  #next = 0;
  readonly #interval: number;

  constructor(rate: number | undefined) {
    this.#interval = rate ? 1000 / rate : 0;
  }

  /** Whether runs wait at all (no --rate: they never do, and no promise is made per row). */
  get paced(): boolean {
    return this.#interval > 0;
  }

  async wait(signal?: AbortSignal): Promise<void> {
    if (this.#interval === 0) return;
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#interval;
    if (at > now) await sleep(at - now, signal);
  }
}

/**
 * The server's "not before": the latest moment any 429 or 503 answer's Retry-After asked the run
 * to wait until. It is shared by the run rather than kept per row: a rate limit is the server's
 * (every row that retries after a 429 waits at least as long as its own answer asked), and no
 * per-call context is needed. AsyncLocalStorage did that per row, but on Node 20 it turns on
 * promise hooks for the whole process, which made every promise of a run slower.
 */
export class RetryAfterGate {
  #until = 0;

  /** `onTooLong` hears of a Retry-After over MAX_RETRY_AFTER_MS, which is not waited for. */
  constructor(private readonly onTooLong: (retryAfterMs: number) => void = () => {}) {}

  note(retryAfterMs: number | undefined, now = performance.now()): void {
    if (retryAfterMs === undefined) return;
    if (retryAfterMs > MAX_RETRY_AFTER_MS) this.onTooLong(retryAfterMs);
    else this.#until = Math.max(this.#until, now + retryAfterMs);
  }

  /** How long from now the server asked to wait; undefined when it never asked or the time passed. */
  remaining(now = performance.now()): number | undefined {
    const left = this.#until - now;
    return left > 0 ? left : undefined;
  }
}

/**
 * The longest Retry-After a run waits out: 15 minutes. A server asking for more (an outage, a
 * bad gateway header: Node cannot even time more than 24.8 days) stops the run, to be resumed.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function isRetryableError(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return true;
  return isHttpError(error) && (error.status >= 500 || error.status === 429);
}

export { DEFAULT_RETRY, type RetryPolicy } from '../retry-policy';

/** Full jitter: a random wait up to the exponential cap; Retry-After, when given, is a floor. */
export function backoff(policy: RetryPolicy, retry: number, retryAfterMs: number | undefined): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** (retry - 1));
  const jittered = Math.random() * cap;
  return retryAfterMs === undefined ? jittered : retryAfterMs + Math.random() * Math.min(250, cap);
}

/**
 * The run stopped (Ctrl-C, SIGTERM) while a row waited for its next attempt (a backoff, the
 * server's Retry-After, `--rate`): the row is left for `--resume`, neither done nor failed.
 */
export class StoppedWaiting extends Error {
  constructor(
    /** The error of the row's last attempt, if it had one. */
    readonly last: unknown,
  ) {
    super('the run stopped while this row waited to be sent');
  }
}

/** The last error of a row's call, with how many attempts were made. */
export class GaveUp extends Error {
  constructor(
    readonly error: unknown,
    readonly attempts: number,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

export interface Attempted<T> {
  value: T;
  attempts: number;
}

/**
 * Waits while the server's Retry-After holds (a later 429 can extend it), plus a little jitter so
 * the waiting rows do not all arrive in the same millisecond.
 */
async function waitOutGate(gate: RetryAfterGate, signal: AbortSignal): Promise<void> {
  for (let left = gate.remaining(); left !== undefined; left = gate.remaining()) {
    await sleep(left + Math.random() * GATE_JITTER_MS, signal);
  }
}

/** Waits unless the run stops first; then the row is left for --resume. */
async function waitOrStop(wait: () => Promise<void>, stop: AbortSignal, last: unknown): Promise<void> {
  if (stop.aborted) throw new StoppedWaiting(last);
  try {
    await wait();
  } catch (error) {
    if (stop.aborted) throw new StoppedWaiting(last);
    throw error;
  }
}
const GATE_JITTER_MS = 100;

/**
 * Runs `call` until it succeeds, fails for good, or the run stops. Every attempt, a row's first
 * included, waits while the server's Retry-After holds: a rate limit is the run's, and rows that
 * never met it would otherwise spend each new window's budget before the rows that waited (which
 * then meet 429 again, window after window, until their retries run out).
 *
 * `stop` (the run's first Ctrl-C or SIGTERM) ends every wait at once (a backoff, Retry-After,
 * and `beforeEach`, the `--rate` pacer, which is handed the same signal) and sends nothing more:
 * the row is left for --resume (StoppedWaiting). A call already sent is not cut by it.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  call: () => Promise<T>,
  beforeEach: (() => Promise<void>) | undefined,
  stop: AbortSignal,
  gate?: RetryAfterGate,
): Promise<Attempted<T>> {
  let last: unknown;
  for (let attempt = 1; ; attempt++) {
    if (gate?.remaining() !== undefined) await waitOrStop(() => waitOutGate(gate, stop), stop, last);
    if (beforeEach) await waitOrStop(beforeEach, stop, last);
    if (stop.aborted) throw new StoppedWaiting(last);
    try {
      return { value: await call(), attempts: attempt };
    } catch (error) {
      if (attempt > policy.retries || !isRetryableError(error)) throw new GaveUp(error, attempt);
      last = error;
      const status = isHttpError(error) ? error.status : 0;
      const wait = backoff(policy, attempt, status === 429 || status === 503 ? gate?.remaining() : undefined);
      await waitOrStop(() => sleep(wait, stop), stop, last);
    }
  }
}
