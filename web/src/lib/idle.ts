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

/** The longest wait for the page's first paint: a browser that does not report paints goes on. */
export const FIRST_PAINT_TIMEOUT_MS = 500;

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';
let firstPaint: Promise<void> | null = null;

/**
 * Resolves once the page has painted content for the first time (the browser's
 * `first-contentful-paint` entry; the shell's first render has text, the header's), at once after
 * that, in a hidden page (which does not paint) and after `FIRST_PAINT_TIMEOUT_MS` at most. What the first paint does not need is asked for after it: Lighthouse's phone counts every
 * request that started before the largest paint as part of it (issue 24), and a real phone's first
 * frame does not share its moment with that work.
 */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
      document.visibilityState === 'hidden' ||
      performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) done();
    });
    const timer = setTimeout(() => done(), FIRST_PAINT_TIMEOUT_MS);
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
