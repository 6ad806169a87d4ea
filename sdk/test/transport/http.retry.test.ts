import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortedError, isHttpError, isNetworkError, type RetryPolicy } from '../../src/index';
import { ANALYTICS_RETRY, DEVICE_INFO_RETRY, LOCATION_UPDATE_RETRY } from '../../src/transport/constants';
import { answerFor } from '../support/answers';
import { flushIO, sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

type Client = ReturnType<typeof testClient>;
const delayOf = (policy: RetryPolicy) => (policy.wait.kind === 'fixed' ? policy.wait.delayMs : Number.NaN);

const server = useTestServer();
let stamps: number[];
/** Retry waits the SDK has started; a wait starts only after the failed attempt has settled. */
let waits: number;
const client = () => testClient(server.url, { onRetry: () => waits++ });

beforeEach(() => {
  stamps = [];
  waits = 0;
  // Only the clock is fake; the local server's I/O stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Answers `status` to every request, recording the (fake) time of each attempt. */
function failWith(status: number): void {
  server.handle(() => {
    stamps.push(Date.now());
    return { status, body: { message: 'unavailable' } };
  });
}

/** Drives a call through its retries: each wait must be exactly `delayMs`, no sooner. */
async function runThroughRetries(call: Promise<unknown>, retries: number, delayMs: number): Promise<unknown> {
  const settled = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  for (let attempt = 1; attempt <= retries; attempt++) {
    await flushIO(() => waits === attempt);
    expect(server.requests).toHaveLength(attempt);
    await vi.advanceTimersByTimeAsync(delayMs - 1);
    expect(server.requests).toHaveLength(attempt);
    await vi.advanceTimersByTimeAsync(1);
  }
  await flushIO(() => server.requests.length === retries + 1);
  return settled;
}

const location = { city: 'Lagos', country: 'Nigeria', country_code: 'NG', longitude: 3.38, latitude: 6.52 };
const dauEvent = {
  device: 'desktop',
  platform: 'web',
  metadata: {
    time: '2026-11-22T10:00:00.000Z',
    os: 'Linux',
    browser: 'Chrome',
    screen_size: '1920x1080',
    timezone: 'UTC',
  },
};

describe.each([
  {
    name: 'location update',
    policy: LOCATION_UPDATE_RETRY,
    call: (c: Client, signal?: AbortSignal) => c.accounts.updateLocation(location, { signal }),
  },
  {
    name: 'device registration',
    policy: DEVICE_INFO_RETRY,
    call: (c: Client, signal?: AbortSignal) =>
      c.devices.register({ location: 'Lagos, Nigeria', type: 'BROWSER', active: true }, { signal }),
  },
  {
    name: 'daily-active-user event',
    policy: ANALYTICS_RETRY,
    call: (c: Client, signal?: AbortSignal) => c.analytics.dau(dauEvent, { signal }),
  },
])('$name retry policy', ({ policy, call }) => {
  it(`retries a 5xx ${policy.retries} times, ${delayOf(policy)} ms apart, then fails`, async () => {
    failWith(503);
    const outcome = (await runThroughRetries(call(client()), policy.retries, delayOf(policy))) as {
      error?: unknown;
    };
    expect(server.requests).toHaveLength(policy.retries + 1);
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(503);
    const gaps = stamps.slice(1).map((t, i) => t - (stamps[i] as number));
    expect(gaps).toEqual(Array(policy.retries).fill(delayOf(policy)));
  });

  it('succeeds on a later attempt', async () => {
    server.handle((request) => {
      stamps.push(Date.now());
      return stamps.length < 3 ? { status: 500 } : answerFor(request);
    });
    const pending = call(client()).then(() => 'ok');
    await flushIO(() => waits === 1);
    await vi.advanceTimersByTimeAsync(delayOf(policy));
    await flushIO(() => waits === 2);
    await vi.advanceTimersByTimeAsync(delayOf(policy));
    await expect(pending).resolves.toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 4xx', async () => {
    failWith(422);
    const error = await call(client()).catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(422);
    expect(server.requests).toHaveLength(1);
  });

  it('retries network failures', async () => {
    server.handle(() => ({ drop: true }));
    const outcome = (await runThroughRetries(call(client()), policy.retries, delayOf(policy))) as {
      error?: unknown;
    };
    expect(isNetworkError(outcome.error)).toBe(true);
  });

  it('stops waiting at once when the caller aborts', async () => {
    failWith(502);
    const controller = new AbortController();
    const pending = call(client(), controller.signal).catch((e: unknown) => e);
    await flushIO(() => waits === 1);
    controller.abort();
    const error = await pending;
    expect(isAbortedError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(delayOf(policy) * 2);
    expect(server.requests).toHaveLength(1);
  });
});

describe('calls without a retry policy', () => {
  it.each([500, 502, 503])('fail on the first %i', async (status) => {
    failWith(status);
    const error = await client()
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it('fail on the first network error', async () => {
    server.handle(() => ({ drop: true }));
    const error = await client()
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('answer normally', async () => {
    server.handle(() => ({ body: sampleUser() }));
    await expect(client().accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
  });
});
