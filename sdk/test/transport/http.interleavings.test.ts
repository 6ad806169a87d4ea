/**
 * A call's retries meet everything else that can happen to it: the caller's abort during the
 * server's Retry-After, a logout during a backoff, a 403 refresh-and-replay inside the retry
 * budget, and `stopRetries` (stop sending, let the attempt in flight finish).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isAbortedError,
  isHttpError,
  isNotLoggedInError,
  type RetryInfo,
  type RetryPolicy,
} from '../../src/index';
import { answerFor } from '../support/answers';
import { flushIO, sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
const USER_PATH = '/api/usermgmt/v2/accounts/user/info';
const server = useTestServer((request) => answerFor(request));
let retries: RetryInfo[];

const policy: RetryPolicy = {
  retries: 3,
  statusCodes: [429, 503],
  failures: ['network'],
  wait: { kind: 'backoff', baseMs: 1_000, maxMs: 8_000 },
  retryAfter: { maxMs: 600_000 },
};
const client = () =>
  testClient(server.url, { retry: { policy }, timeoutMs: 0, onRetry: (info) => retries.push(info) });
const sent = (path: string) => server.requests.filter((request) => request.path === path);

beforeEach(() => {
  retries = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waiting to retry', () => {
  it('an abort during a Retry-After wait ends the call at once; nothing more is sent, no timer is left', async () => {
    server.handle(() => ({ status: 429, headers: { 'retry-after': '300' } }));
    const controller = new AbortController();
    const call = client()
      .accounts.userInfo({ signal: controller.signal })
      .catch((e: unknown) => e);
    await flushIO(() => retries.length === 1);
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(300_000);
    const timers = vi.getTimerCount();
    controller.abort();
    const error = await call;
    expect(isAbortedError(error)).toBe(true);
    // The wait's timer is cleared (other timers are the HTTP client's keep-alive).
    expect(vi.getTimerCount()).toBe(timers - 1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.requests).toHaveLength(1);
  });

  it('a logout during a backoff ends the call at once with NotLoggedInError; nothing more is sent', async () => {
    server.handle((request) => (request.path === USER_PATH ? { status: 503 } : { status: 204 }));
    const made = client();
    const call = made.accounts.userInfo().catch((e: unknown) => e);
    await flushIO(() => retries.length === 1);
    // Settled with the fake clock standing still: the wait ended at once.
    await made.session.logout();
    expect(isNotLoggedInError(await call)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent(USER_PATH)).toHaveLength(1);
  });

  it('a 403 refresh-and-replay inside the budget does not restart it: 3 retries in all', async () => {
    let access = 'access-1';
    let answers = 0;
    server.handle((request) => {
      if (request.path === REFRESH_PATH) {
        access = 'access-2';
        return { body: { access_token: 'access-2', refresh_token: 'refresh-2' } };
      }
      answers += 1;
      if (request.headers.authorization !== `Bearer ${access}`) return { status: 403 };
      // The second answer (after one retry) is a 403: the token expired meanwhile.
      if (answers === 2) {
        access = 'expired-now';
        return { status: 403 };
      }
      return { status: 503 };
    });
    const call = client()
      .accounts.userInfo()
      .catch((e: unknown) => e);
    for (let waited = 0; waited < 3; waited++) {
      await flushIO(() => retries.length > waited);
      await vi.advanceTimersByTimeAsync(retries.at(-1)?.delayMs ?? 0);
    }
    const error = await call;
    expect(isHttpError(error) && error.status).toBe(503);
    expect(sent(REFRESH_PATH)).toHaveLength(1);
    // 503, 403 (refresh, replay), 503, 503, 503: the first answer and its 3 retries, one replay.
    expect(sent(USER_PATH)).toHaveLength(5);
    expect(retries.map((r) => r.retry)).toEqual([1, 2, 3]);
    expect(retries.map((r) => r.attempt)).toEqual([1, 3, 4]);
  });
});

describe('stopRetries', () => {
  it('ends a retry wait at once: AbortedError whose cause is the last answer; nothing more is sent', async () => {
    server.handle(() => ({ status: 503 }));
    const stop = new AbortController();
    const call = client()
      .admin.deactivateUser('u-1', { stopRetries: stop.signal })
      .catch((e: unknown) => e);
    await flushIO(() => retries.length === 1);
    const timers = vi.getTimerCount();
    stop.abort();
    const error = await call;
    expect(isAbortedError(error)).toBe(true);
    expect(isHttpError((error as Error).cause) && ((error as Error).cause as { status: number }).status).toBe(
      503,
    );
    expect(vi.getTimerCount()).toBe(timers - 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);
  });

  it('leaves an attempt in flight alone: it finishes, and its answer is the call’s', async () => {
    vi.useRealTimers();
    let release: () => void = () => {};
    server.handle(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { body: sampleUser() };
    });
    const stop = new AbortController();
    const call = client().accounts.userInfo({ stopRetries: stop.signal });
    await flushIO(() => server.requests.length === 1);
    stop.abort();
    release();
    await expect(call).resolves.toMatchObject({ username: 'amina_k' });
  });
});
