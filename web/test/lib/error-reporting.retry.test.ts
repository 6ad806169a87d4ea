/**
 * lib/error-reporting.ts when a chunk fails: Sentry starts once, however many times its Replay has
 * to be fetched again; a Replay that could not be fetched is fetched again after a moment, or once
 * the browser is back online. Sentry's module is stood in for: what is counted is what
 * error-reporting asks of it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = { started: 0, replays: 0, replayFailures: 1 };
const browser = { onLine: true };
const events = new EventTarget();

beforeEach(() => {
  Object.assign(calls, { started: 0, replays: 0, replayFailures: 1 });
  browser.onLine = true;
  vi.stubGlobal('navigator', browser);
  vi.stubGlobal('window', events);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers();
  vi.resetModules();
  vi.doMock('../../src/lib/sentry', () => ({
    startErrorReporting: () => {
      calls.started++;
    },
    startReplay: async () => {
      calls.replays++;
      if (calls.replayFailures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
    },
  }));
});
afterEach(() => {
  vi.doUnmock('../../src/lib/sentry');
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function scheduleForMember(): Promise<void> {
  const { scheduleErrorReporting } = await import('../../src/lib/error-reporting');
  scheduleErrorReporting(
    {
      dsn: 'https://key@sentry.example/1',
      environment: 'test',
      replay: { sessionSampleRate: 0, onErrorSampleRate: 1 },
    },
    {
      screenInteractive: () => new Promise(() => {}),
      onceSignedInScreenInteractive: (listener) => listener(),
    },
  );
}

describe('error reporting when a chunk fails', () => {
  it('fetches a failed Replay again after a moment while online, and starts Sentry once', async () => {
    await scheduleForMember();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toMatchObject({ started: 1, replays: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toMatchObject({ started: 1, replays: 2 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toMatchObject({ started: 1, replays: 2 });
  });

  it('offline, waits for the browser to be back online, then starts Replay, Sentry still once', async () => {
    browser.onLine = false;
    await scheduleForMember();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toMatchObject({ started: 1, replays: 1 });
    browser.onLine = true;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toMatchObject({ started: 1, replays: 2 });
  });
});
