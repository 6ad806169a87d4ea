/**
 * Hooks see each call with its endpoint id, as ky's hooks see each request, and errors carry what
 * consumers need so that none of them wraps fetch: whether a failed attempt may have reached the
 * server, a time-out, the Retry-After of an answer.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  type AttemptInfo,
  type ErrorInfo,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  type ResponseInfo,
  type RetryInfo,
  type RetryPolicy,
} from '../../src/index';
import { answerFor } from '../support/answers';
import { sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer((request) => answerFor(request));
const quick: RetryPolicy = {
  retries: 3,
  statusCodes: [429, 503],
  failures: ['network'],
  wait: { kind: 'fixed', delayMs: 1 },
  retryAfter: { maxMs: 10_000 },
};

describe('hooks', () => {
  it('beforeAttempt, afterResponse and onRetry see every attempt with the endpoint id', async () => {
    let answers = 0;
    server.handle((request) =>
      ++answers === 1
        ? { status: 503, headers: { 'retry-after': '0' }, body: { message: 'busy' } }
        : answerFor(request),
    );
    const seen: string[] = [];
    const attempts: AttemptInfo[] = [];
    const responses: ResponseInfo[] = [];
    const retries: RetryInfo[] = [];
    const client = testClient(server.url, {
      retry: { policy: quick },
      hooks: {
        beforeAttempt: (info) => {
          attempts.push(info);
          seen.push(`attempt ${info.attempt}`);
          return undefined;
        },
        afterResponse: (info) => {
          responses.push(info);
          seen.push(`answer ${info.status}`);
          return undefined;
        },
        onRetry: (info) => {
          retries.push(info);
          seen.push(`retry ${info.retry}`);
        },
      },
    });
    await client.admin.suspendUser('u-7');
    expect(seen).toEqual(['attempt 1', 'answer 503', 'retry 1', 'attempt 2', 'answer 200']);
    expect(attempts[0]).toMatchObject({ endpoint: 'admin.suspendUser', attempt: 1 });
    expect(attempts[0]?.input).toMatchObject({
      method: 'PUT',
      url: `${server.url}/api/usermgmt/v2/admin/users/u-7/suspend`,
      params: { id: 'u-7' },
    });
    // The same validated input on every attempt.
    expect(attempts[1]?.input).toBe(attempts[0]?.input);
    expect(responses[0]).toMatchObject({
      endpoint: 'admin.suspendUser',
      attempt: 1,
      status: 503,
      retryAfterMs: 0,
      body: { message: 'busy' },
    });
    expect(responses[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(responses[1]?.retryAfterMs).toBeUndefined();
    expect(retries[0]).toMatchObject({ endpoint: 'admin.suspendUser', attempt: 1, retry: 1, delayMs: 1 });
    expect(isHttpError(retries[0]?.error) && retries[0].error.status).toBe(503);
  });

  it('beforeAttempt can hold an attempt: nothing is sent until its promise settles', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = testClient(server.url, { hooks: { beforeAttempt: () => gate } });
    server.handle(() => ({ body: sampleUser() }));
    const call = client.accounts.userInfo();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(0);
    release();
    await expect(call).resolves.toMatchObject({ username: 'amina_k' });
    expect(server.requests).toHaveLength(1);
  });

  it('a hook that throws ends the call with its own error, as it is', async () => {
    class Refused extends Error {}
    const before = testClient(server.url, {
      hooks: {
        beforeAttempt: () => {
          throw new Refused('not now');
        },
      },
    });
    await expect(before.accounts.userInfo()).rejects.toBeInstanceOf(Refused);
    expect(server.requests).toHaveLength(0);
    server.handle(() => ({ status: 403 }));
    const after = testClient(server.url, {
      hooks: {
        afterResponse: async ({ status }) => {
          if (status === 403) throw new Refused('checked first');
        },
      },
    });
    // Thrown before the SDK acts on the 403: no refresh was asked for.
    await expect(after.accounts.userInfo()).rejects.toBeInstanceOf(Refused);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/usermgmt/v2/accounts/user/info']);
  });

  it('beforeError replaces the error a call rejects with, knowing its attempts and input', async () => {
    server.handle(() => ({ status: 504, body: { message: 'Gateway Timeout' } }));
    const errors: ErrorInfo[] = [];
    const client = testClient(server.url, {
      hooks: {
        beforeError: (info) => {
          errors.push(info);
          return new Error(`${info.endpoint} after ${info.attempts}: ${JSON.stringify(info.input?.body)}`);
        },
      },
    });
    await expect(client.admin.changeUserEmail('u-1', { email: 'new@example.com' })).rejects.toThrow(
      'admin.changeUserEmail after 1: {"email":"new@example.com"}',
    );
    expect(isHttpError(errors[0]?.error) && errors[0].error.status).toBe(504);
    // A request that breaks its contract fails before anything is sent: no attempt, no input.
    await expect(client.admin.changeUserEmail('u-1', { email: 42 } as never)).rejects.toThrow(
      'after 0: undefined',
    );
    expect(errors[1]?.input).toBeUndefined();
  });

  it("a call's own hooks run after the client's", async () => {
    const order: string[] = [];
    const client = testClient(server.url, {
      hooks: {
        beforeAttempt: () => {
          order.push('client before');
          return undefined;
        },
        afterResponse: () => {
          order.push('client after');
          return undefined;
        },
      },
    });
    await client.accounts.userInfo({
      hooks: {
        beforeAttempt: async () => {
          order.push('call before');
        },
        afterResponse: () => {
          order.push('call after');
          return undefined;
        },
      },
    });
    expect(order).toEqual(['client before', 'call before', 'client after', 'call after']);
  });
});

describe('what errors carry', () => {
  it('a refused connection cannot have reached the server; a dropped one may have', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const refused = await testClient(`http://127.0.0.1:${port}`)
      .admin.suspendUser('u-1')
      .catch((e: unknown) => e);
    expect(isNetworkError(refused) && refused.mayHaveReachedServer).toBe(false);
    server.handle(() => ({ drop: true }));
    const dropped = await testClient(server.url)
      .admin.suspendUser('u-1')
      .catch((e: unknown) => e);
    expect(isNetworkError(dropped) && dropped.mayHaveReachedServer).toBe(true);
  });

  it('a time-out names its limit; a 429 carries its Retry-After', async () => {
    server.handle(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { body: sampleUser() };
    });
    const late = await testClient(server.url, { timeoutMs: 50 })
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isTimeoutError(late) && late.timeoutMs).toBe(50);
    server.handle(() => ({ status: 429, headers: { 'retry-after': '7' } }));
    const limited = await testClient(server.url)
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isHttpError(limited) && limited.retryAfterMs).toBe(7_000);
  });
});
