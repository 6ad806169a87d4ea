/**
 * Every attempt has its own time limit, although a client's attempts with the same limit share one
 * timer (`transport/deadlines.ts`): a stuck attempt times out at its own deadline while others come
 * and go, a retry starts a fresh limit, the caller's abort still wins, a limit longer than a timer
 * holds is kept, and no timer of the SDK keeps the process running once its calls have ended.
 */
import { createHook } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAbortedError, isTimeoutError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';
import { settle } from '../support/stores';

const USER_INFO_PATH = '/api/usermgmt/v2/accounts/user/info';
const SDK_SOURCES = fileURLToPath(new URL('../../src/', import.meta.url));
const server = useTestServer((request) => answerFor(request));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The user-info requests wait `ms` (every one, or per arrival with a list); the rest answer at once. */
function userInfoAfter(ms: number | number[]): void {
  let arrivals = 0;
  server.handle(async (request) => {
    if (request.path === USER_INFO_PATH) {
      const wait = typeof ms === 'number' ? ms : (ms[arrivals] ?? 0);
      arrivals++;
      await sleep(wait);
    }
    return answerFor(request);
  });
}

/** The timers holding the process (Node lists only those that keep it running). */
/**
 * The timers the SDK made while `run` ran that still hold the process once it has ended (not
 * fired, not cleared, not unref'd). Counted by what the SDK made, not by every timer of the
 * process: the earlier tests' server replies, delayed by seconds, can fire meanwhile (a count of
 * the process's timers once fell from 5 to 4 under load and failed the test), and this file's
 * server makes timers of its own.
 */
async function sdkTimersLeftBy(run: () => Promise<unknown>): Promise<number> {
  const pending = new Map<number, { hasRef(): boolean }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type === 'Timeout' && new Error().stack?.includes(SDK_SOURCES))
        pending.set(id, resource as { hasRef(): boolean });
    },
    destroy(id) {
      pending.delete(id);
    },
  }).enable();
  try {
    await run();
    // A timer's destroy is told once the current callbacks are done: a turn of the loop later.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    hook.disable();
  }
  return [...pending.values()].filter((timer) => timer.hasRef()).length;
}

describe('the time limit of each attempt', () => {
  it('times out a stuck attempt at its own deadline while other attempts of the client come and go', async () => {
    userInfoAfter(3_000);
    const client = testClient(server.url, { timeoutMs: 400 });
    const started = performance.now();
    const first = settle(client.accounts.userInfo()).then((outcome) => ({
      ...outcome,
      at: performance.now() - started,
    }));
    await sleep(150);
    const secondStarted = performance.now();
    const second = settle(client.accounts.userInfo()).then((outcome) => ({
      ...outcome,
      at: performance.now() - secondStarted,
    }));
    let settled = false;
    void Promise.all([first, second]).then(() => {
      settled = true;
    });
    // Quick calls on the same client start and end while both stuck attempts wait.
    let quick = 0;
    while (!settled) {
      await client.accounts.publicProfile('kc-9');
      quick++;
    }
    const [a, b] = await Promise.all([first, second]);
    expect(isTimeoutError(a.error) && a.error.timeoutMs).toBe(400);
    expect(isTimeoutError(b.error) && b.error.timeoutMs).toBe(400);
    // Each at its own limit: not before it, and not at the first one's (the second started later).
    expect(a.at).toBeGreaterThanOrEqual(399);
    expect(b.at).toBeGreaterThanOrEqual(399);
    expect(a.at).toBeLessThan(2_500);
    expect(b.at).toBeLessThan(2_500);
    expect(quick).toBeGreaterThan(0);
  });

  it('gives a retried attempt a fresh limit', async () => {
    // The first attempt is stuck past the limit; the retry answers after 300 ms, so the call ends
    // after more than 600 ms in all: only a limit counted from the retry's own start lets it through.
    userInfoAfter([3_000, 300]);
    const client = testClient(server.url, {
      timeoutMs: 600,
      retry: {
        policy: { retries: 1, statusCodes: [], failures: ['timeout'], wait: { kind: 'fixed', delayMs: 1 } },
      },
    });
    const started = performance.now();
    await expect(client.accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
    expect(performance.now() - started).toBeGreaterThan(600);
  });

  it("lets the caller's abort win over the limit", async () => {
    userInfoAfter(3_000);
    const client = testClient(server.url, { timeoutMs: 5_000 });
    const controller = new AbortController();
    const call = settle(client.accounts.userInfo({ signal: controller.signal }));
    await sleep(50);
    const aborted = performance.now();
    controller.abort();
    const outcome = await call;
    expect(isAbortedError(outcome.error)).toBe(true);
    expect(performance.now() - aborted).toBeLessThan(1_000);
  });

  it('keeps a limit longer than a timer holds in one go (2^31 - 1 ms) instead of firing at once', async () => {
    userInfoAfter(50);
    const client = testClient(server.url, { timeoutMs: 2 ** 31 + 60_000 });
    await expect(client.accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
  });

  it('leaves no timer holding the process once the calls have ended', async () => {
    userInfoAfter(0);
    const client = testClient(server.url, { timeoutMs: 30_000 });
    const left = await sdkTimersLeftBy(async () => {
      await Promise.all([client.accounts.userInfo(), client.accounts.userInfo()]);
      await client.accounts.userInfo();
    });
    expect(left).toBe(0);
  });
});
