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

/** The longest wait for the page's first frame: a page whose frames do not come (hidden) goes on. */
const FIRST_FRAME_TIMEOUT_MS = 100;

let firstFrame: Promise<void> | null = null;

/**
 * Resolves once the page's first frame is on screen: at the start of the frame after it (two
 * animation frames from the first call, which comes from the shell's first render), at once after
 * that, and after `FIRST_FRAME_TIMEOUT_MS` at most (a hidden page has no frames). What the first
 * paint does not need is asked for after it: Lighthouse's phone counts every request that started
 * before the largest paint as part of it (issue 24), and a real phone's first frame does not
 * share its moment with that work. The first paint's timing entry would say so too, but it is
 * delivered late (115 ms after the paint in Chromium, more on a busy phone), and a second frame
 * costs about 16 ms.
 */
export function afterFirstFrame(): Promise<void> {
  firstFrame ??= new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, FIRST_FRAME_TIMEOUT_MS);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
  return firstFrame;
}
