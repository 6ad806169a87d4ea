/**
 * What a chunk the page could not fetch does next: it is fetched again once the browser is back
 * online (a failure while offline does not count), or, when the browser never went offline (a
 * server or proxy that failed once), after 2, 4 and 6 s; the failure that makes `LOAD_ATTEMPTS`
 * while online is given up. lazy.tsx's parts and state/session-start.ts's modules share it.
 */

/** How many times a chunk may fail to load while the browser is online before it is given up. */
export const LOAD_ATTEMPTS = 4;
/** The wait before fetching again while online: this times the failures so far. */
const RETRY_MS = 2_000;

export interface RetryHandlers<T> {
  /** The load succeeded (not called once stopped). */
  loaded(value: T): void;
  /** The last failure, once `LOAD_ATTEMPTS` failures while online have been met (not called once stopped). */
  givenUp(error: unknown): void;
}

/**
 * Handles `error`, the failure of a first `load()`, and loads again as the policy above says until
 * a load succeeds or the loads are given up. Returns the stop: nothing is loaded, and no handler
 * called, after it.
 */
export function retryLoad<T>(error: unknown, load: () => Promise<T>, handlers: RetryHandlers<T>): () => void {
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', attempt);
  };
  const failed = (failure: unknown) => {
    if (stopped) return;
    if (!navigator.onLine) {
      window.addEventListener('online', attempt, { once: true });
      return;
    }
    failures += 1;
    if (failures >= LOAD_ATTEMPTS) {
      stop();
      handlers.givenUp(failure);
      return;
    }
    timer = setTimeout(attempt, RETRY_MS * failures);
  };
  function attempt(): void {
    if (stopped) return;
    load().then((value) => {
      if (stopped) return;
      stop();
      handlers.loaded(value);
    }, failed);
  }
  failed(error);
  return stop;
}
