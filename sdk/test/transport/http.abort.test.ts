import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortedError, isNotLoggedInError } from '../../src/index';
import { answerFor } from '../support/answers';
import { flushIO, sampleUser, testClient } from '../support/client';
import { type RecordedRequest, type Reply, useTestServer } from '../support/server';
import { settle, until } from '../support/stores';

const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
const DEVICES_PATH = '/api/usermgmt/v2/devices';
const LOCATION_PATH = '/api/usermgmt/v2/accounts/location';
const device = { location: 'Lagos, Nigeria', type: 'BROWSER', active: true } as const;
const location = { city: 'Lagos', country: 'Nigeria', country_code: 'NG', longitude: 3.38, latitude: 6.52 };

const server = useTestServer();
afterEach(() => {
  vi.useRealTimers();
});
const sent = (path: string) => server.requests.filter((r) => r.path === path);
/** Resolves 'late' after `ms` of real time, so a test can tell "at once" from "after a wait". */
const lateAfter = (ms: number) => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms));

describe('logout ends the waits and attempts of its session', () => {
  it('a logout during a device-registration retry wait settles the call at once and sends nothing more', async () => {
    server.handle(() => ({ status: 503, body: {} }));
    let retries = 0;
    const client = testClient(server.url, { onRetry: () => retries++ });
    const call = settle(client.devices.register(device));
    await until(() => retries === 1);
    const started = Date.now();
    await client.session.logout();
    const outcome = await Promise.race([call, lateAfter(1_000)]);
    expect(outcome).not.toBe('late');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(isNotLoggedInError((outcome as { error?: unknown }).error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent(DEVICES_PATH)).toHaveLength(1);
  });

  it('a logout during an attempt in flight settles the call at once with NotLoggedInError', async () => {
    server.handle(async (request) => {
      if (request.path === DEVICES_PATH) await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { status: 204 };
    });
    const client = testClient(server.url);
    const call = settle(client.devices.register(device));
    await until(() => sent(DEVICES_PATH).length === 1);
    await client.session.logout();
    const outcome = await Promise.race([call, lateAfter(1_000)]);
    expect(outcome).not.toBe('late');
    expect(isNotLoggedInError((outcome as { error?: unknown }).error)).toBe(true);
  });
});

describe('aborting while the shared refresh waits between its retries', () => {
  it('rejects the aborted caller at once; the refresh goes on for the others', async () => {
    let refreshAnswers = 0;
    let access = 'expired';
    server.handle((request: RecordedRequest): Reply => {
      if (request.path === REFRESH_PATH) {
        refreshAnswers++;
        if (refreshAnswers === 1) return { status: 503, body: {} };
        access = 'access-2';
        return { body: { access_token: 'access-2', refresh_token: 'refresh-2' } };
      }
      return request.headers.authorization === `Bearer ${access}` ? { body: sampleUser() } : { status: 403 };
    });
    let retries = 0;
    const client = testClient(server.url, { onRetry: () => retries++ });
    const controller = new AbortController();
    const aborted = settle(client.accounts.userInfo({ signal: controller.signal }));
    const other = settle(client.accounts.userInfo());
    await until(() => retries === 1);
    controller.abort();
    const outcome = await Promise.race([aborted, lateAfter(500)]);
    expect(outcome).not.toBe('late');
    expect(isAbortedError((outcome as { error?: unknown }).error)).toBe(true);
    const { value } = await other;
    expect(value?.username).toBe('amina_k');
    expect(refreshAnswers).toBe(2);
  });
});

describe('the retry budget belongs to the call', () => {
  it('503, 403 (refresh), then 503s: three 5xx retries in all, not three after the replay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let access = 'access-1';
    let locationCalls = 0;
    server.handle((request: RecordedRequest): Reply => {
      if (request.path === REFRESH_PATH) {
        access = 'access-2';
        return { body: { access_token: 'access-2', refresh_token: 'refresh-2' } };
      }
      locationCalls++;
      if (locationCalls === 2) return { status: 403 };
      return { status: 503, body: {} };
    });
    let waits = 0;
    const client = testClient(server.url, { onRetry: () => waits++, timeoutMs: 0 });
    const call = settle(client.accounts.updateLocation(location));
    for (let wait = 1; wait <= 4; wait++) {
      await flushIO(() => waits === wait, 2_000);
      if (waits < wait) break;
      await vi.advanceTimersByTimeAsync(3_000);
    }
    await flushIO(() => false, 500);
    expect(access).toBe('access-2');
    expect(waits).toBe(3);
    expect(sent(LOCATION_PATH)).toHaveLength(5);
    const { error } = await call;
    expect((error as { status?: number }).status).toBe(503);
  });
});

describe('a long-lived caller signal', () => {
  /**
   * What the signal keeps of the calls that used it: its listeners, and the signals combined from
   * it (Node keeps those of `AbortSignal.any` in an internal set that only grows: about 55 bytes a
   * call, 5.5 MB per 100,000 calls, for a CLI bulk run that passes one signal to every call).
   */
  function retained(signal: AbortSignal): number {
    const dependants = Object.getOwnPropertySymbols(signal)
      .filter((symbol) => symbol.description === 'kDependantSignals')
      .map((symbol) => (signal as unknown as Record<symbol, Set<unknown> | undefined>)[symbol]?.size ?? 0);
    return getEventListeners(signal, 'abort').length + dependants.reduce((sum, size) => sum + size, 0);
  }

  it('keeps nothing of a call once the call has ended', async () => {
    let failing = false;
    server.handle((request) => (failing ? { status: 400, body: {} } : answerFor(request)));
    const client = testClient(server.url, { timeoutMs: 0 });
    const signal = new AbortController().signal;
    for (let i = 0; i < 300; i++) await client.devices.register(device, { signal });
    failing = true;
    for (let i = 0; i < 100; i++) await client.devices.register(device, { signal }).catch(() => undefined);
    expect(retained(signal)).toBe(0);
  });

  it('holds one listener however many calls wait on it; its abort stops them all, and none is left', async () => {
    server.handle(async (request) => {
      if (request.path === DEVICES_PATH) await new Promise((resolve) => setTimeout(resolve, 3_000));
      return answerFor(request);
    });
    const client = testClient(server.url, { timeoutMs: 0 });
    const controller = new AbortController();
    const { signal } = controller;
    const quick = await Promise.all(
      Array.from({ length: 8 }, () => client.accounts.publicProfile('kc-9', { signal })),
    );
    expect(quick).toHaveLength(8);
    expect(retained(signal)).toBe(0);
    const calls = Array.from({ length: 16 }, () => settle(client.devices.register(device, { signal })));
    await until(() => sent(DEVICES_PATH).length === 16);
    // Calls that start and end meanwhile leave the one listener to the calls still waiting.
    await client.accounts.publicProfile('kc-9', { signal });
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    const aborted = Date.now();
    controller.abort();
    const outcomes = await Promise.all(calls);
    expect(Date.now() - aborted).toBeLessThan(1_000);
    expect(outcomes.every((outcome) => isAbortedError(outcome.error))).toBe(true);
    expect(retained(signal)).toBe(0);
  });
});
