/**
 * The browser's next idle moment: after the tasks already queued (a render's included) have run,
 * when nothing more urgent waits. Work that no screen waits for goes here, off the path of the
 * first screen (start-up's DAU event, error reporting).
 */

/** The longest wait for an idle moment: a page that is never idle still gets the work done. */
export const IDLE_TIMEOUT_MS = 3_000;

/** Runs `run` at the next idle moment (at most `IDLE_TIMEOUT_MS` away). */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

/** Resolves at the next idle moment. */
export function idleMoment(): Promise<void> {
  return new Promise((resolve) => whenIdle(() => resolve()));
}
