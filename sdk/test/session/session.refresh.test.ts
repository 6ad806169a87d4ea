import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogoutReason } from '../../src/index';
import {
  CookieTokenStore,
  createClient,
  isHttpError,
  isNotLoggedInError,
  MemoryTokenStore,
} from '../../src/index';
import { FileTokenStore } from '../../src/node';
import { userSchema } from '../../src/schemas/user';
import { flushIO, sampleUser, TOKENS, testClient } from '../support/client';
import { type RecordedRequest, type Reply, type TestServer, useTestServer } from '../support/server';

const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
const USER_PATH = '/api/usermgmt/v2/accounts/user/info';

/**
 * A small token server: access tokens are valid until rotated; refresh tokens rotate and a
 * used one is refused with 401, like the real service.
 */
function tokenAuthority(server: Pick<TestServer, 'handle'>, options: { refreshDelayMs?: number } = {}) {
  let generation = 1;
  const state = { access: 'access-1', refresh: 'refresh-1', refreshCalls: 0 };
  server.handle(async (request: RecordedRequest): Promise<Reply> => {
    if (request.path === REFRESH_PATH) {
      state.refreshCalls++;
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      const sent = (request.json as { refresh_token?: string }).refresh_token;
      if (sent !== state.refresh) return { status: 401, body: { message: 'refresh token reused' } };
      generation++;
      state.access = `access-${generation}`;
      state.refresh = `refresh-${generation}`;
      return { body: { access_token: state.access, refresh_token: state.refresh } };
    }
    if (request.headers.authorization !== `Bearer ${state.access}`) return { status: 403, body: {} };
    return { body: sampleUser() };
  });
  return state;
}

const server = useTestServer();
afterEach(() => {
  vi.useRealTimers();
});

const userCalls = () => server.requests.filter((r) => r.path === USER_PATH);

describe('403 refresh and replay', () => {
  it('refreshes, stores both tokens and replays the failed request with the new token', async () => {
    const authority = tokenAuthority(server);
    authority.access = 'access-server-side'; // the client's access-1 is now expired
    const store = new MemoryTokenStore({ ...TOKENS });
    const client = testClient(server.url, { store });
    await expect(client.accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
    expect(authority.refreshCalls).toBe(1);
    expect(store.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const [first, replay] = userCalls();
    expect(first?.headers.authorization).toBe('Bearer access-1');
    expect(replay?.headers.authorization).toBe('Bearer access-2');
    const refresh = server.requests.find((r) => r.path === REFRESH_PATH);
    expect(refresh?.json).toEqual({ refresh_token: 'refresh-1' });
    expect(refresh?.headers.authorization).toBeUndefined();
  });

  it('shares one refresh among 200 concurrent 403s, and all 200 succeed', async () => {
    const authority = tokenAuthority(server, { refreshDelayMs: 20 });
    authority.access = 'expired-elsewhere';
    const client = testClient(server.url);
    const results = await Promise.all(Array.from({ length: 200 }, () => client.accounts.userInfo()));
    expect(results).toHaveLength(200);
    expect(authority.refreshCalls).toBe(1);
    expect(userCalls().filter((r) => r.headers.authorization === 'Bearer access-2')).toHaveLength(200);
  });

  it('fails with the 403 when the fresh token is refused too (no refresh loop)', async () => {
    let refreshCalls = 0;
    server.handle((request) => {
      if (request.path === REFRESH_PATH) {
        refreshCalls++;
        return { body: { access_token: `fresh-${refreshCalls}`, refresh_token: `r-${refreshCalls}` } };
      }
      return { status: 403, body: { message: 'forbidden' } };
    });
    const error = await testClient(server.url)
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(403);
    expect(refreshCalls).toBe(1);
    expect(userCalls()).toHaveLength(2);
  });

  it('logs out with refresh-failed when there is no refresh token', async () => {
    server.handle(() => ({ status: 403 }));
    const client = testClient(server.url, { tokens: { accessToken: 'access-1', refreshToken: '' } });
    const reasons: LogoutReason[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    const error = await client.accounts.userInfo().catch((e: unknown) => e);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(reasons).toEqual(['refresh-failed']);
    expect(await client.session.getTokens()).toBeNull();
    expect(server.requests.some((r) => r.path === REFRESH_PATH)).toBe(false);
  });

  it('logs out with refresh-failed when the server refuses the refresh', async () => {
    server.handle((request) =>
      request.path === REFRESH_PATH ? { status: 401, body: { message: 'invalid' } } : { status: 403 },
    );
    const client = testClient(server.url);
    const reasons: LogoutReason[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    const results = await Promise.allSettled([client.accounts.userInfo(), client.accounts.userInfo()]);
    expect(results.every((r) => r.status === 'rejected' && isNotLoggedInError(r.reason))).toBe(true);
    expect(reasons).toEqual(['refresh-failed']);
    expect(await client.session.isLoggedIn()).toBe(false);
  });

  it("keeps the session when the refresh fails on the network with 'keep-session'; it retries 3 times 1 s apart", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stamps: number[] = [];
    server.handle((request) => {
      if (request.path === REFRESH_PATH) {
        stamps.push(Date.now());
        return { drop: true };
      }
      return { status: 403 };
    });
    let waits = 0;
    const client = testClient(server.url, { onRetry: () => waits++, refreshNetworkFailure: 'keep-session' });
    const logouts = vi.fn();
    client.session.on('logout', logouts);
    const pending = client.accounts.userInfo().catch((e: unknown) => e);
    for (let i = 1; i <= 3; i++) {
      await flushIO(() => waits === i);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    const error = await pending;
    expect((error as { code?: string }).code).toBe('NETWORK_ERROR');
    expect(stamps).toHaveLength(4);
    expect(stamps.slice(1).map((t, i) => t - (stamps[i] as number))).toEqual([1_000, 1_000, 1_000]);
    expect(logouts).not.toHaveBeenCalled();
    expect(await client.session.getTokens()).toEqual(TOKENS);
  });

  it('drops a refresh that finishes after logout', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle(async (request) => {
      if (request.path === REFRESH_PATH) {
        await gate;
        return { body: { access_token: 'late-access', refresh_token: 'late-refresh' } };
      }
      if (request.method === 'DELETE') return { status: 204 };
      return { status: 403 };
    });
    const client = testClient(server.url);
    const pending = client.accounts.userInfo().catch((e: unknown) => e);
    while (!server.requests.some((r) => r.path === REFRESH_PATH)) await new Promise((r) => setTimeout(r, 2));
    await client.session.logout('user');
    release();
    expect(isNotLoggedInError(await pending)).toBe(true);
    expect(await client.session.getTokens()).toBeNull();
  });
});

describe('clients sharing one token store (tabs sharing cookies)', () => {
  it('never spends a refresh token twice: one refresh call, both clients succeed, nobody logs out', async () => {
    const authority = tokenAuthority(server, { refreshDelayMs: 10 });
    authority.access = 'expired';
    const store = new MemoryTokenStore({ ...TOKENS });
    const tabA = createClient({ baseURL: server.url, tokenStore: store, locks: null });
    const tabB = createClient({ baseURL: server.url, tokenStore: store, locks: null });
    const logouts = vi.fn();
    tabA.session.on('logout', logouts);
    tabB.session.on('logout', logouts);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => tabA.accounts.userInfo()),
      ...Array.from({ length: 10 }, () => tabB.accounts.userInfo()),
    ]);
    expect(results).toHaveLength(20);
    expect(authority.refreshCalls).toBe(1);
    expect(logouts).not.toHaveBeenCalled();
    expect(store.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('reuses the token another client stored after its own request failed', async () => {
    const authority = tokenAuthority(server);
    const store = new MemoryTokenStore({ ...TOKENS });
    const tabA = createClient({ baseURL: server.url, tokenStore: store, locks: null });
    const tabB = createClient({ baseURL: server.url, tokenStore: store, locks: null });
    authority.access = 'expired';
    await tabA.accounts.userInfo(); // tab A refreshes: refresh-1 is now spent
    authority.access = 'access-2';
    // Tab B's request was sent with the old token; it must adopt tab A's instead of refreshing.
    await expect(tabB.session.refresh('access-1')).resolves.toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
    });
    expect(authority.refreshCalls).toBe(1);
  });

  it('tabs on one cookie jar, serialised by Web Locks: one refresh call, nobody logs out', async () => {
    const authority = tokenAuthority(server, { refreshDelayMs: 10 });
    authority.access = 'expired';
    const cookies = new Map<string, string>();
    const sharedJar = {
      get cookie() {
        return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (line.includes('Max-Age=0')) cookies.delete(pair.slice(0, eq));
        else cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      },
    };
    new CookieTokenStore({ jar: sharedJar }).set({ ...TOKENS });
    // The browser's Web Locks: one holder at a time across every tab of the origin.
    const held = new MemoryTokenStore();
    const locks = { request: <T>(_name: string, callback: () => Promise<T>) => held.withLock(callback) };
    const tab = () =>
      createClient({ baseURL: server.url, tokenStore: new CookieTokenStore({ jar: sharedJar }), locks });
    const [tabA, tabB] = [tab(), tab()];
    const logouts = vi.fn();
    tabA.session.on('logout', logouts);
    tabB.session.on('logout', logouts);
    await Promise.all([
      ...Array.from({ length: 5 }, () => tabA.accounts.userInfo()),
      ...Array.from({ length: 5 }, () => tabB.accounts.userInfo()),
    ]);
    expect(authority.refreshCalls).toBe(1);
    expect(logouts).not.toHaveBeenCalled();
    expect(new CookieTokenStore({ jar: sharedJar }).get()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
    });
  });

  it('processes sharing one token file: one refresh call, nobody logs out', async () => {
    const authority = tokenAuthority(server, { refreshDelayMs: 10 });
    authority.access = 'expired';
    const dir = await mkdtemp(join(tmpdir(), 'mm-session-'));
    try {
      const path = join(dir, 'session.json');
      await new FileTokenStore(path).set({ ...TOKENS });
      // Separate store instances share nothing in memory, like two CLI processes.
      const processA = createClient({
        baseURL: server.url,
        tokenStore: new FileTokenStore(path),
        locks: null,
      });
      const processB = createClient({
        baseURL: server.url,
        tokenStore: new FileTokenStore(path),
        locks: null,
      });
      const logouts = vi.fn();
      processA.session.on('logout', logouts);
      processB.session.on('logout', logouts);
      await Promise.all([
        ...Array.from({ length: 5 }, () => processA.accounts.userInfo()),
        ...Array.from({ length: 5 }, () => processB.accounts.userInfo()),
      ]);
      expect(authority.refreshCalls).toBe(1);
      expect(logouts).not.toHaveBeenCalled();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serialises refreshes through the Web Locks API when it is available', async () => {
    const authority = tokenAuthority(server);
    authority.access = 'expired';
    const names: string[] = [];
    const locks = {
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        names.push(name);
        return callback();
      },
    };
    const client = createClient({
      baseURL: server.url,
      tokenStore: new MemoryTokenStore({ ...TOKENS }),
      locks,
    });
    await client.accounts.userInfo();
    expect(names).toEqual(['matchmaker:token-refresh']);
  });
});

describe('answers that arrive after their session ended', () => {
  /** Holds the first user-info answer until `release`, then answers `status`. */
  function slowAnswer(status: number) {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    server.handle(async (request) => {
      if (request.path === REFRESH_PATH) return { body: { access_token: 'b-2', refresh_token: 'rb-2' } };
      if (request.method === 'DELETE') return { status: 204 };
      if (request.path.endsWith('/login')) return { body: { access_token: 'b-1', refresh_token: 'rb-1' } };
      if (first) {
        first = false;
        await gate;
        return { status };
      }
      return { body: sampleUser({ username: 'bob' }) };
    });
    return () => release();
  }

  it.each([403, 406])('a late %i of session A neither acts as nor ends session B', async (status) => {
    const release = slowAnswer(status);
    const client = testClient(server.url);
    const reasons: string[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    const late = client.accounts.userInfo().catch((e: unknown) => e);
    while (userCalls().length === 0) await new Promise((r) => setTimeout(r, 2));
    await client.session.logout();
    await client.accounts.login({ email: 'bob@example.com', password: 'pw' });
    release();
    const error = await late;
    // A's call ended with A's session, at its logout: whatever A's late answer says, it is not read.
    expect(isNotLoggedInError(error)).toBe(true);
    expect(userCalls()).toHaveLength(1); // never replayed with B's token
    expect(server.requests.some((r) => r.path === REFRESH_PATH)).toBe(false);
    expect(reasons).toEqual(['user']);
    expect(await client.session.getTokens()).toEqual({ accessToken: 'b-1', refreshToken: 'rb-1' });
  });

  it('a new login does not join the refresh of the session before it, and forgets its user', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle(async (request) => {
      if (request.path === REFRESH_PATH) {
        const sent = (request.json as { refresh_token: string }).refresh_token;
        if (sent === 'refresh-1') {
          await gate;
          return { status: 401 };
        }
        return { body: { access_token: 'b-2', refresh_token: 'rb-2' } };
      }
      if (request.path.endsWith('/login')) return { body: { access_token: 'b-1', refresh_token: 'rb-1' } };
      if (request.headers.authorization === 'Bearer b-2') return { body: sampleUser({ username: 'bob' }) };
      return { status: 403 };
    });
    const client = testClient(server.url);
    client.session.setUser(userSchema.parse(sampleUser()));
    const old = client.accounts.userInfo().catch((e: unknown) => e);
    while (!server.requests.some((r) => r.path === REFRESH_PATH)) await new Promise((r) => setTimeout(r, 2));
    await client.accounts.login({ email: 'bob@example.com', password: 'pw' });
    expect(client.session.user).toBeNull();
    const fresh = client.accounts.userInfo();
    release(); // A's refresh is refused only now; B must not have waited for its outcome
    await expect(fresh).resolves.toMatchObject({ username: 'bob' });
    expect(isNotLoggedInError(await old)).toBe(true);
    expect(await client.session.getTokens()).toEqual({ accessToken: 'b-2', refreshToken: 'rb-2' });
  });
});
