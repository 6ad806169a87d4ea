/**
 * Retry policies as data, against a real local server with a fake clock: backoff with full jitter
 * and its cap, a fixed wait, the server's Retry-After (seconds, a date, over the cap), which
 * failures are retried, and which calls a client's policy may repeat.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClientOptions,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  type RetryInfo,
  type RetryPolicy,
} from '../../src/index';
import { answerFor } from '../support/answers';
import { flushIO, testClient } from '../support/client';
import { type Reply, useTestServer } from '../support/server';

const server = useTestServer();
let retries: RetryInfo[];
/** The (fake) time each request reached the server. */
let stamps: number[];

beforeEach(() => {
  retries = [];
  stamps = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const backoff = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  retries: 4,
  statusCodes: [429, 503],
  failures: ['network'],
  wait: { kind: 'backoff', baseMs: 100, maxMs: 400 },
  retryAfter: { maxMs: 60_000 },
  ...overrides,
});

function client(retry: ClientOptions['retry'], timeoutMs = 0) {
  return testClient(server.url, { retry, timeoutMs, onRetry: (info) => retries.push(info) });
}

/** Answers each request with the next reply (then the endpoint's normal answer), noting the time. */
function replies(...queue: Reply[]): void {
  server.handle((request) => {
    stamps.push(Date.now());
    return queue.shift() ?? answerFor(request);
  });
}

/** Lets the call run, advancing the fake clock by each retry's wait as soon as it starts. */
async function drive<T>(call: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let done = false;
  const settled = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void settled.finally(() => {
    done = true;
  });
  let seen = 0;
  for (let turn = 0; turn < 50 && !done; turn++) {
    await flushIO(() => done || retries.length > seen);
    if (retries.length > seen) {
      seen = retries.length;
      await vi.advanceTimersByTimeAsync(retries.at(-1)?.delayMs ?? 0);
    }
  }
  return settled;
}

const gaps = () => stamps.slice(1).map((at, i) => at - (stamps[i] as number));

describe('exponential backoff with full jitter', () => {
  it('waits a random share of a ceiling that doubles from baseMs and stops at maxMs', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    replies({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const outcome = await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(outcome.error).toBeUndefined();
    expect(retries.map((r) => r.delayMs)).toEqual([50, 100, 200, 200]);
    expect(gaps()).toEqual([50, 100, 200, 200]);
  });

  it('gives up after its retries with the last answer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    replies(...Array.from({ length: 9 }, () => ({ status: 503 })));
    const outcome = await drive(client({ policy: backoff({ retries: 2 }) }).accounts.userInfo());
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('waits no time at all when the jitter draws 0, and never more than the ceiling', async () => {
    const draws = [0, 0.999];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.999);
    replies({ status: 503 }, { status: 503 });
    await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(retries[0]?.delayMs).toBe(0);
    expect(retries[1]?.delayMs).toBeCloseTo(199.8, 5);
  });
});

describe("the server's Retry-After", () => {
  it('is the least wait, plus at most 250 ms of jitter (seconds)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    replies({ status: 429, headers: { 'retry-after': '3' } });
    const outcome = await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(outcome.error).toBeUndefined();
    // 3 s asked; the jitter is half of min(250, maxMs 400).
    expect(retries[0]?.delayMs).toBe(3_125);
    expect(gaps()).toEqual([3_125]);
  });

  it('as an HTTP date, counted from now', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const at = new Date(Date.now() + 20_000).toUTCString();
    replies({ status: 503, headers: { 'retry-after': at } });
    await drive(client({ policy: backoff() }).accounts.userInfo());
    // An HTTP date has whole seconds: up to 1 s less than asked.
    expect(retries[0]?.delayMs).toBeGreaterThan(19_000);
    expect(retries[0]?.delayMs).toBeLessThanOrEqual(20_000);
  });

  it('over the cap is not waited for: the call fails at once with the answer, which says how long', async () => {
    replies({ status: 429, headers: { 'retry-after': '3600' } });
    const outcome = await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(429);
    expect(isHttpError(outcome.error) && outcome.error.retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('is not honoured by a policy without retryAfter (SPEC.md keeps its spacing)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    replies({ status: 503, headers: { 'retry-after': '30' } });
    await drive(client({ policy: backoff({ retryAfter: undefined }) }).accounts.userInfo());
    expect(retries[0]?.delayMs).toBe(50);
  });

  it('is the least wait of a fixed policy too, whose own wait stands when longer', async () => {
    const fixed = backoff({ wait: { kind: 'fixed', delayMs: 2_000 } });
    replies(
      { status: 503, headers: { 'retry-after': '5' } },
      { status: 503, headers: { 'retry-after': '1' } },
    );
    await drive(client({ policy: fixed }).accounts.userInfo());
    expect(retries.map((r) => r.delayMs)).toEqual([5_000, 2_000]);
    expect(gaps()).toEqual([5_000, 2_000]);
  });

  it('is read from 429 and 503 answers only', async () => {
    replies({ status: 500, headers: { 'retry-after': '3' } });
    const outcome = await drive(client({ policy: backoff({ statusCodes: [] }) }).accounts.userInfo());
    expect(isHttpError(outcome.error) && outcome.error.retryAfterMs).toBeUndefined();
  });
});

describe('which failures a policy retries', () => {
  it("retries a dropped connection when it lists 'network'", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    replies({ drop: true });
    const outcome = await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(outcome.error).toBeUndefined();
    expect(isNetworkError(retries[0]?.error)).toBe(true);
  });

  it("does not retry a time-out unless it lists 'timeout'", async () => {
    // Real timers: the limit is the transport's own; 500 ms leaves a loaded machine time to answer
    // the second attempt (50 ms failed at a load average of 14).
    vi.useRealTimers();
    server.handle(async (request) => {
      if (server.requests.length === 1) await new Promise((resolve) => setTimeout(resolve, 3_000));
      return answerFor(request);
    });
    const once = await client({ policy: backoff() }, 500)
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isTimeoutError(once)).toBe(true);
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    const retried = client(
      { policy: backoff({ failures: ['timeout'], wait: { kind: 'fixed', delayMs: 1 } }) },
      500,
    );
    await expect(retried.accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
    expect(server.requests).toHaveLength(2);
    expect(isTimeoutError(retries[0]?.error)).toBe(true);
  });

  it('never retries a status it does not list (a 4xx)', async () => {
    replies({ status: 404 });
    const outcome = await drive(client({ policy: backoff() }).accounts.userInfo());
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });
});

describe("the calls a client's policy applies to", () => {
  const suspend = (c: ReturnType<typeof client>) => c.admin.suspendUser('u-1');
  const toggle = (c: ReturnType<typeof client>) => c.features.toggle('CHAT');

  it('a read is retried on any status the policy lists', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    replies({ status: 503 });
    expect(
      (await drive(client({ policy: backoff(), calls: 'reads' }).admin.searchUsers({ page: 1 }))).error,
    ).toBe(undefined);
    expect(server.requests).toHaveLength(2);
  });

  it("an idempotent write is retried in full with calls: 'safe' (the default)", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    replies({ status: 503 }, { drop: true });
    expect((await drive(suspend(client({ policy: backoff() })))).error).toBeUndefined();
    expect(server.requests).toHaveLength(3);
  });

  it("with calls: 'reads', an idempotent write is sent again only after a 429", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    replies({ status: 503 });
    const failed = await drive(suspend(client({ policy: backoff(), calls: 'reads' })));
    expect(isHttpError(failed.error) && failed.error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    replies({ status: 429, headers: { 'retry-after': '1' } });
    expect((await drive(suspend(client({ policy: backoff(), calls: 'reads' })))).error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('an unsafe call (a toggle) is never sent again after a 5xx or a dropped connection, only after a 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    for (const reply of [{ status: 503 }, { drop: true }] satisfies Reply[]) {
      server.requests.length = 0;
      replies(reply);
      const outcome = await drive(toggle(client({ policy: backoff() })));
      expect(outcome.error).toBeDefined();
      expect(server.requests).toHaveLength(1);
    }
    server.requests.length = 0;
    replies({ status: 429 }, { status: 429 });
    expect((await drive(toggle(client({ policy: backoff() })))).error).toBeUndefined();
    expect(server.requests).toHaveLength(3);
  });

  it('an unsafe call is sent once when the policy does not list 429', async () => {
    replies({ status: 429 });
    const outcome = await drive(toggle(client({ policy: backoff({ statusCodes: [503] }) })));
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it("a call with SPEC.md's policy keeps it, not the client's", async () => {
    // devices.register: 5xx only, 5 s apart; the client's policy would retry the 429.
    replies({ status: 429 });
    const outcome = await drive(
      client({ policy: backoff() }).devices.register({
        location: 'Lagos, Nigeria',
        type: 'BROWSER',
        active: true,
      }),
    );
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it('without a client policy a call is sent once', async () => {
    replies({ status: 503 });
    const outcome = await drive(client(undefined).accounts.userInfo());
    expect(isHttpError(outcome.error) && outcome.error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });
});
