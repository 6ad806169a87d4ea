import { beforeEach, describe, expect, it } from 'vitest';
import {
  beginStartup,
  buildDauEvent,
  runStartup,
  type StartupEnv,
  type StartupStep,
} from '../../src/flows/startup';
import { isAbortedError, isHttpError } from '../../src/index';
import { sampleUser, testClient } from '../support/client';
import { type Reply, useTestServer } from '../support/server';

const USER_INFO = '/api/usermgmt/v2/accounts/user/info';
const SUBSCRIPTION = '/api/payment/v2/subscriptions/kc-123';
const DAU = '/api/analytics/v2/dau/';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

const server = useTestServer();
const SUBSCRIPTION_ANSWER = {
  id: 'sub-1',
  user_id: 'kc-123',
  status: 'ACTIVE',
  active: true,
  plan_id: 'gold',
  started_at: '2026-11-01T00:00:00.000Z',
  expires_at: '2026-12-01T00:00:00.000Z',
};
let routes: Record<string, Reply>;
let reported: { error: unknown; step: StartupStep }[];

beforeEach(() => {
  reported = [];
  routes = {
    [USER_INFO]: { body: sampleUser() },
    [SUBSCRIPTION]: { body: SUBSCRIPTION_ANSWER },
    [DAU]: { body: { message: 'Recorded' } },
  };
  server.handle((request) => routes[request.path] ?? { status: 404, body: { message: 'no route' } });
});

const env = (overrides: StartupEnv = {}): StartupEnv => ({
  navigator: { userAgent: WINDOWS_CHROME },
  screen: { width: 1920, height: 1080 },
  timezone: 'Africa/Lagos',
  now: () => new Date('2026-11-22T10:00:00.000Z'),
  onError: (error, step) => reported.push({ error, step }),
  ...overrides,
});
const paths = () => server.requests.map((request) => `${request.method} ${request.path}`);

describe('runStartup', () => {
  it('member with a keycloakId: loads the user and the subscription and sends the DAU event', async () => {
    const client = testClient(server.url);
    const result = await runStartup(client, env());
    expect(result).toEqual({
      user: sampleUser(),
      subscription: SUBSCRIPTION_ANSWER,
      dauSent: true,
    });
    expect(client.session.user).toEqual(sampleUser());
    expect(paths()[0]).toBe(`GET ${USER_INFO}`);
    expect(paths().slice(1).sort()).toEqual([`GET ${SUBSCRIPTION}`, `POST ${DAU}`].sort());
    const dau = server.requests.find((request) => request.path === DAU);
    expect(dau?.json).toEqual({
      device: 'desktop',
      platform: 'web',
      metadata: {
        time: '2026-11-22T10:00:00.000Z',
        os: 'Windows',
        browser: 'Chrome',
        screen_size: '1920x1080',
        timezone: 'Africa/Lagos',
      },
    });
    expect(reported).toEqual([]);
  });

  it('member without a keycloakId: no subscription call, DAU still sent', async () => {
    routes[USER_INFO] = { body: sampleUser({ keycloakId: null }) };
    const result = await runStartup(testClient(server.url), env());
    expect(result.subscription).toBeNull();
    expect(result.dauSent).toBe(true);
    expect(paths()).toEqual([`GET ${USER_INFO}`, `POST ${DAU}`]);
  });

  it('admin: loads the subscription but never sends the DAU event', async () => {
    routes[USER_INFO] = { body: sampleUser({ roles: ['Admin'] }) };
    const result = await runStartup(testClient(server.url), env());
    expect(result.dauSent).toBe(false);
    expect(result.subscription).toEqual(SUBSCRIPTION_ANSWER);
    expect(paths()).toEqual([`GET ${USER_INFO}`, `GET ${SUBSCRIPTION}`]);
  });

  it('a user with no roles at all counts as an admin (SPEC.md section 6): no DAU', async () => {
    routes[USER_INFO] = { body: sampleUser({ roles: [], keycloakId: undefined }) };
    const result = await runStartup(testClient(server.url), env());
    expect(result.dauSent).toBe(false);
    expect(paths()).toEqual([`GET ${USER_INFO}`]);
  });

  it('a failing DAU call does not fail start-up; it is reported', async () => {
    routes[DAU] = { status: 400, body: { message: 'bad event' } };
    const result = await runStartup(testClient(server.url), env());
    expect(result.dauSent).toBe(false);
    expect(result.subscription).toEqual(SUBSCRIPTION_ANSWER);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.step).toBe('dau');
    expect(isHttpError(reported[0]?.error) && reported[0]?.error.status).toBe(400);
  });

  it('a failing subscription call does not fail start-up; it is reported', async () => {
    routes[SUBSCRIPTION] = { status: 500, body: { message: 'down' } };
    const result = await runStartup(testClient(server.url), env());
    expect(result).toMatchObject({ subscription: null, dauSent: true });
    expect(reported.map((entry) => entry.step)).toEqual(['subscription']);
    expect(isHttpError(reported[0]?.error)).toBe(true);
  });

  it('a failing user-info call fails start-up and nothing else is sent', async () => {
    routes[USER_INFO] = { status: 401, body: { message: 'no' } };
    const error = await runStartup(testClient(server.url), env()).catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(401);
    expect(paths()).toEqual([`GET ${USER_INFO}`]);
    expect(reported).toEqual([]);
  });

  it('an aborted start-up rejects with AbortedError and is not reported', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await runStartup(testClient(server.url), env({ signal: controller.signal })).catch(
      (e: unknown) => e,
    );
    expect(isAbortedError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
    expect(reported).toEqual([]);
  });
});

describe('beginStartup', () => {
  it('answers the user while the subscription and the DAU event are still on their way', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle(async (request) => {
      if (request.path !== USER_INFO) await held;
      return routes[request.path] ?? { status: 404, body: { message: 'no route' } };
    });
    const run = beginStartup(testClient(server.url), env());
    let finished = false;
    void run.done.then(() => {
      finished = true;
    });
    expect(await run.user).toEqual(sampleUser());
    // Both later calls have been sent, and neither has answered yet.
    await expect.poll(() => paths().length).toBe(3);
    expect(finished).toBe(false);
    release();
    expect(await run.done).toEqual({ user: sampleUser(), subscription: SUBSCRIPTION_ANSWER, dauSent: true });
  });

  it('builds and sends the DAU event only once `beforeDau` resolves; the subscription does not wait', async () => {
    let release = () => {};
    const idle = new Promise<void>((resolve) => {
      release = resolve;
    });
    let clockRead = false;
    const run = beginStartup(
      testClient(server.url),
      env({
        beforeDau: () => idle,
        now: () => {
          clockRead = true;
          return new Date('2026-11-22T10:00:00.000Z');
        },
      }),
    );
    expect(await run.subscription).toEqual(SUBSCRIPTION_ANSWER);
    let finished = false;
    void run.done.then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The event is not even built (its time zone and clock unread) while the page is busy.
    expect(paths()).toEqual([`GET ${USER_INFO}`, `GET ${SUBSCRIPTION}`]);
    expect(clockRead).toBe(false);
    expect(finished).toBe(false);
    release();
    expect(await run.done).toEqual({ user: sampleUser(), subscription: SUBSCRIPTION_ANSWER, dauSent: true });
    expect(paths()).toEqual([`GET ${USER_INFO}`, `GET ${SUBSCRIPTION}`, `POST ${DAU}`]);
  });

  it('reports a `beforeDau` that fails as a DAU failure; start-up still succeeds', async () => {
    const failure = new Error('no idle moment');
    const run = beginStartup(testClient(server.url), env({ beforeDau: () => Promise.reject(failure) }));
    expect(await run.done).toEqual({ user: sampleUser(), subscription: SUBSCRIPTION_ANSWER, dauSent: false });
    expect(reported).toEqual([{ error: failure, step: 'dau' }]);
    expect(paths()).not.toContain(`POST ${DAU}`);
  });

  it('an abort while the DAU event waits rejects start-up, sends nothing more, reports nothing', async () => {
    const abort = new AbortController();
    // The wait ends only when the test says: a timer here once ran out before the abort on a
    // loaded machine, and the event was then sent before the abort it should have met.
    let release = () => {};
    const waited = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = beginStartup(testClient(server.url), env({ signal: abort.signal, beforeDau: () => waited }));
    expect(await run.subscription).toEqual(SUBSCRIPTION_ANSWER);
    abort.abort();
    expect(isAbortedError(await run.done.catch((caught: unknown) => caught))).toBe(true);
    // The wait that ends after the abort sends nothing either.
    release();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(paths()).not.toContain(`POST ${DAU}`);
    expect(reported).toEqual([]);
  });

  it('rejects both stages when user info fails, leaving no unhandled rejection behind', async () => {
    routes[USER_INFO] = { status: 500, body: { message: 'down' } };
    const run = beginStartup(testClient(server.url), env());
    const error = await run.user.catch((caught: unknown) => caught);
    expect(isHttpError(error) && error.status).toBe(500);
    expect(await run.done.catch((caught: unknown) => caught)).toBe(error);
    expect(paths()).toEqual([`GET ${USER_INFO}`]);
  });
});

describe('buildDauEvent', () => {
  it('reads device, OS and browser from the user agent and the screen size as WxH', () => {
    const event = buildDauEvent(
      env({ navigator: { userAgent: IPHONE_SAFARI }, screen: { width: 390, height: 844 } }),
    );
    expect(event).toEqual({
      device: 'mobile',
      platform: 'web',
      metadata: {
        time: '2026-11-22T10:00:00.000Z',
        os: 'iOS',
        browser: 'Safari',
        screen_size: '390x844',
        timezone: 'Africa/Lagos',
      },
    });
  });

  it("defaults the time zone to Intl's and the time to the system clock", () => {
    const before = Date.now();
    const event = buildDauEvent({
      navigator: { userAgent: WINDOWS_CHROME },
      screen: { width: 1, height: 1 },
    });
    expect(event.metadata.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(Date.parse(event.metadata.time)).toBeGreaterThanOrEqual(before);
  });

  describe('where the runtime has Temporal (Chromium does; Node 20 does not)', () => {
    const runtime = globalThis as { Temporal?: unknown };
    const withTemporal = (timeZoneId: () => string, run: () => void) => {
      const saved = runtime.Temporal;
      runtime.Temporal = { Now: { timeZoneId } };
      try {
        run();
      } finally {
        if (saved === undefined) delete runtime.Temporal;
        else runtime.Temporal = saved;
      }
    };
    const dauEvent = () =>
      buildDauEvent({ navigator: { userAgent: WINDOWS_CHROME }, screen: { width: 1, height: 1 } });

    it("takes the time zone from Temporal.Now, not from a page's first Intl date format", () => {
      // A zone this machine is not in, so the answer can only have come from Temporal.
      const zone =
        Intl.DateTimeFormat().resolvedOptions().timeZone === 'Pacific/Chatham'
          ? 'Asia/Kathmandu'
          : 'Pacific/Chatham';
      withTemporal(
        () => zone,
        () => expect(dauEvent().metadata.timezone).toBe(zone),
      );
    });

    it("falls back to Intl's when Temporal gives no zone or throws", () => {
      const intl = Intl.DateTimeFormat().resolvedOptions().timeZone;
      withTemporal(
        () => '',
        () => expect(dauEvent().metadata.timezone).toBe(intl),
      );
      withTemporal(
        () => {
          throw new RangeError('no time zone');
        },
        () => expect(dauEvent().metadata.timezone).toBe(intl),
      );
    });
  });
});
