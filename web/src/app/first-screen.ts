/**
 * When the first screen is shown, and when it is interactive: start-up has settled (signed in or
 * not), every chunk the screen needs has loaded (the progress bar is gone), the main thread has
 * gone a while without a long task (its first data rendered) and the browser then has a moment
 * to spare. What no first screen waits for starts at these moments, off its path: a member's
 * realtime channels and the location check once it is shown, error reporting and Replay once it
 * is interactive.
 */
import { subscribe } from 'valtio';
import { whenIdle } from '../lib/idle';
import { type SessionStatus, sessionState } from '../state/session';
import { uiState } from '../state/ui';

function settled(): boolean {
  return sessionState.status !== 'starting' && uiState.loading === 0;
}

/**
 * How long the main thread must go without a long task (50 ms or more) for the screen to count
 * as interactive: a screen's last long task is the render of its first data, which arrives after
 * the chunks have settled. Replay's start (a snapshot of the page) was otherwise one more long
 * task in the middle of the member's first screen. Lighthouse's TTI asks 5 s; 2 s is enough here.
 */
const INTERACTIVE_QUIET_MS = 2_000;
/**
 * The same for the screen to count as shown: its first data has rendered. On a phone, socket.io's
 * chunk and the channels' handshakes before that point were about 0.13 s of the member pages'
 * largest paint in Lighthouse's simulation.
 */
const SHOWN_QUIET_MS = 300;
/** A page that never goes quiet still gets its work done after this long. */
const QUIET_LIMIT_MS = 10_000;

function whenQuiet(quietMs: number, run: () => void): void {
  const observable = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  if (!observable?.includes('longtask')) {
    whenIdle(run);
    return;
  }
  const started = performance.now();
  let lastTaskEnd = started;
  const note = (tasks: PerformanceEntryList) => {
    for (const task of tasks) lastTaskEnd = Math.max(lastTaskEnd, task.startTime + task.duration);
  };
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  const check = () => {
    // A long task's entry reaches the observer in a task of its own, which a busy page may run
    // after this timer: the entries not yet delivered count too.
    note(observer.takeRecords());
    const now = performance.now();
    const quietFor = now - lastTaskEnd;
    if (quietFor >= quietMs || now - started >= QUIET_LIMIT_MS) {
      observer.disconnect();
      whenIdle(run);
    } else {
      setTimeout(check, quietMs - quietFor);
    }
  };
  setTimeout(check, quietMs);
}

/** Runs `run` once start-up and every chunk in flight have settled (at once if they have). */
function whenSettled(run: () => void): void {
  if (settled()) {
    run();
    return;
  }
  const stops: (() => void)[] = [];
  const check = () => {
    if (stops.length === 0 || !settled()) return;
    for (const stop of stops.splice(0)) stop();
    run();
  };
  stops.push(subscribe(sessionState, check), subscribe(uiState, check));
}

/**
 * Resolves once the screen has settled and the main thread has been quiet for `quietMs`. Settled
 * is checked again after the wait: a sign-in settles for a moment before it navigates to the
 * area, whose chunk then loads.
 */
function whenSettledAndQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    const attempt = () => whenSettled(() => whenQuiet(quietMs, () => (settled() ? resolve() : attempt())));
    attempt();
  });
}

/** Resolves once the first screen has rendered its data (or, later, the screen then shown has). */
export function whenScreenShown(): Promise<void> {
  return whenSettledAndQuiet(SHOWN_QUIET_MS);
}

/** Resolves once the screen is interactive: shown, and the main thread has been quiet a while. */
export function whenScreenInteractive(): Promise<void> {
  return whenSettledAndQuiet(INTERACTIVE_QUIET_MS);
}

const SIGNED_IN: readonly SessionStatus[] = ['member', 'admin'];

/** Runs `listener` once, when a member's or admin's first screen is interactive. */
export function onceSignedInScreenInteractive(listener: () => void): void {
  const signedIn = () => SIGNED_IN.includes(sessionState.status);
  if (signedIn()) {
    void whenScreenInteractive().then(listener);
    return;
  }
  const stop = subscribe(sessionState, () => {
    if (!signedIn()) return;
    stop();
    void whenScreenInteractive().then(listener);
  });
}
