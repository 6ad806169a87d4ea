/**
 * Flow control of a bulk run: a pool of N rows in flight that makes the reader wait for a free
 * slot (p-limit would queue every row of the file), a pacer for `--rate`, and the run-wide pause
 * while a server's Retry-After holds. Retries are the SDK's (the run hands it its policy); these
 * hold its attempts through its hooks and learn the server's Retry-After from them.
 */
import type { CallHooks } from '@matchmaker/sdk';
import { MAX_RETRY_AFTER_MS } from '../retry-policy';

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
 * The run stopped (Ctrl-C, SIGTERM) while a row waited to be sent (the server's Retry-After,
 * `--rate`): the row is left for `--resume`, neither done nor failed. (A row that waited for the
 * SDK's next retry ends the same way, with the SDK's AbortedError: see `stopRetries`.)
 */
export class StoppedWaiting extends Error {
  constructor() {
    super('the run stopped while this row waited to be sent');
  }
}

/** Runs a wait that `stop` ends; ended by it, the row is left for --resume (StoppedWaiting). */
export async function waitUnlessStopped(wait: () => Promise<void>, stop: AbortSignal): Promise<void> {
  if (stop.aborted) throw new StoppedWaiting();
  try {
    await wait();
  } catch (error) {
    if (stop.aborted) throw new StoppedWaiting();
    throw error;
  }
}

/**
 * Waits while the server's Retry-After holds (a later 429 can extend it), plus a little jitter so
 * the waiting rows do not all arrive in the same millisecond.
 */
async function waitOutGate(gate: RetryAfterGate, stop: AbortSignal): Promise<void> {
  for (let left = gate.remaining(); left !== undefined; left = gate.remaining()) {
    const ms = left + Math.random() * GATE_JITTER_MS;
    await waitUnlessStopped(() => sleep(ms, stop), stop);
  }
}
const GATE_JITTER_MS = 100;

/**
 * The run-wide pause, as the SDK's hooks: every attempt of the run's client (a row's first
 * included, and the sign-in check) waits while the server's Retry-After holds, since a rate limit
 * is the run's: rows that never met it would otherwise spend each new window's budget before the
 * rows that waited (which then meet 429 again, window after window, until their retries run out).
 * Each 429's or 503's Retry-After, as the SDK reads it, extends the pause; one longer than a run
 * waits stops the run (the gate's `onTooLong`). `stop` (the run's first Ctrl-C or SIGTERM) ends
 * the pause at once and sends nothing more.
 */
export function pauseHooks(gate: RetryAfterGate, stop: AbortSignal): CallHooks {
  return {
    beforeAttempt: () => (gate.remaining() === undefined ? undefined : waitOutGate(gate, stop)),
    afterResponse: ({ status, retryAfterMs }) => {
      if (status === 429 || status === 503) gate.note(retryAfterMs);
      return undefined;
    },
  };
}
