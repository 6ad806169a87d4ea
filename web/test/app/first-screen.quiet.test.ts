/**
 * app/first-screen.ts counts the screen as shown once the main thread has gone a while without a
 * long task. A long task's entry reaches the page's PerformanceObserver in a task of its own,
 * which a busy page may run after the check's timer: the check takes the entries not yet
 * delivered too. Here in Node, with the timers and the clock faked and an observer whose
 * deliveries the test decides, as a browser on a busy phone may order them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenScreenShown } from '../../src/app/first-screen';
import { sessionState } from '../../src/state/session';

interface Entry {
  startTime: number;
  duration: number;
}

/** The page's long-task observers, with the entries each has been given but not yet delivered. */
const observers: FakeObserver[] = [];

class FakeObserver {
  static readonly supportedEntryTypes = ['longtask'];
  private pending: Entry[] = [];
  constructor(private readonly callback: (list: { getEntries(): Entry[] }) => void) {
    observers.push(this);
  }
  observe(): void {}
  disconnect(): void {
    observers.splice(observers.indexOf(this), 1);
  }
  takeRecords(): Entry[] {
    return this.pending.splice(0);
  }
  /** A long task ended: its entry waits for its delivery task. */
  queue(entry: Entry): void {
    this.pending.push(entry);
  }
  /** The delivery task runs. */
  deliver(): void {
    const entries = this.pending.splice(0);
    if (entries.length > 0) this.callback({ getEntries: () => entries });
  }
}

/** The session's status before each test: the worker's other files share the module. */
let statusBefore = sessionState.status;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  statusBefore = sessionState.status;
  sessionState.status = 'member';
});
afterEach(() => {
  sessionState.status = statusBefore;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  observers.length = 0;
});

/** Whether the promise has resolved, with the microtasks queued so far run. */
async function resolved(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/**
 * The idle moment a quiet check then waits for: without requestIdleCallback, a timer of 0 ms,
 * which Node runs 1 ms later.
 */
const IDLE = 1;

describe('the screen counts as shown', () => {
  it('after 300 ms without a long task', async () => {
    const shown = whenScreenShown();
    // The check at 300 ms has found the page quiet; the idle moment is still to come.
    await vi.advanceTimersByTimeAsync(300);
    expect(await resolved(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(IDLE);
    expect(await resolved(shown)).toBe(true);
  });

  it('not while a long task that ended within 300 ms is still to be delivered to the observer', async () => {
    const shown = whenScreenShown();
    await vi.advanceTimersByTimeAsync(200);
    // A 60 ms task from 200 ms on; its entry's delivery comes after the check's timer (300 ms).
    const [observer] = observers;
    observer?.queue({ startTime: 200, duration: 60 });
    // Past the check at 300 ms and the idle moment it would have waited for.
    await vi.advanceTimersByTimeAsync(100 + IDLE);
    expect(await resolved(shown)).toBe(false);
    observer?.deliver();
    // The next check, 300 ms after the task's end (560 ms), has found the page quiet.
    await vi.advanceTimersByTimeAsync(259);
    expect(await resolved(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(IDLE);
    expect(await resolved(shown)).toBe(true);
  });
});
