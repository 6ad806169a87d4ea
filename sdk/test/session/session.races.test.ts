import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isNotLoggedInError, MemoryTokenStore, type TokenStore } from '../../src/index';
import { FileTokenStore } from '../../src/node';
import { userSchema } from '../../src/schemas/index';
import { sampleUser, TOKENS, testClient } from '../support/client';
import { type RecordedRequest, type Reply, useTestServer } from '../support/server';
import { SlowStore, settle, until } from '../support/stores';

const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
const USER_PATH = '/api/usermgmt/v2/accounts/user/info';
const LOGOUT_PATH = '/api/usermgmt/v2/accounts/logout';

const server = useTestServer();
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Rotating tokens like the real service; `delays` slow down one kind of answer. */
function authority(delays: { refreshMs?: number; userMs?: number; logoutMs?: number } = {}) {
  const state = { access: 'access-server', refresh: 'refresh-1', generation: 1, refreshCalls: 0 };
  const wait = (ms?: number) => (ms ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);
  server.handle(async (request: RecordedRequest): Promise<Reply> => {
    if (request.path === REFRESH_PATH) {
      state.refreshCalls++;
      await wait(delays.refreshMs);
      const sent = (request.json as { refresh_token?: string }).refresh_token;
      if (sent !== state.refresh) return { status: 401, body: { message: 'refresh token reused' } };
      state.generation++;
      state.access = `access-${state.generation}`;
      state.refresh = `refresh-${state.generation}`;
      return { body: { access_token: state.access, refresh_token: state.refresh } };
    }
    if (request.path === LOGOUT_PATH) {
      await wait(delays.logoutMs);
      return { status: 204 };
    }
    if (request.headers.authorization !== `Bearer ${state.access}`) return { status: 403, body: {} };
    await wait(delays.userMs);
    return { body: sampleUser() };
  });
  return state;
}

function record(client: ReturnType<typeof testClient>): string[] {
  const events: string[] = [];
  client.session.on('refresh', (tokens) => events.push(`refresh:${tokens.accessToken}`));
  client.session.on('logout', (reason) => events.push(`logout:${reason}`));
  client.session.on('user', (user) => events.push(`user:${user === null ? 'null' : user.username}`));
  return events;
}

async function fileStore(): Promise<TokenStore> {
  const dir = await mkdtemp(join(tmpdir(), 'mm-races-'));
  dirs.push(dir);
  const store = new FileTokenStore(join(dir, 'session.json'));
  await store.set({ ...TOKENS });
  return store;
}

const userCallsWith = (token: string) =>
  server.requests.filter((r) => r.path === USER_PATH && r.headers.authorization === `Bearer ${token}`);

describe('logout while refreshed tokens are being written', () => {
  it.each([
    { name: 'a slow async store', make: async () => new MemoryTokenStore({ ...TOKENS }) },
    { name: 'FileTokenStore', make: fileStore },
  ])('leaves nothing of the ended session with $name', async ({ make }) => {
    authority();
    const store = new SlowStore(await make(), 150);
    const client = testClient(server.url, { store });
    const events = record(client);
    const call = settle(client.accounts.userInfo());
    await until(() => store.writing);
    await client.session.logout();
    const { error } = await call;
    expect(isNotLoggedInError(error)).toBe(true);
    expect(await store.get()).toBeNull();
    expect(await client.session.isLoggedIn()).toBe(false);
    expect(events).toEqual(['logout:user']);
    // The logout call ends the tokens the refresh produced, and nothing is replayed with them.
    expect(server.requests.find((r) => r.path === LOGOUT_PATH)?.headers.authorization).toBe(
      'Bearer access-2',
    );
    expect(userCallsWith('access-2')).toHaveLength(0);
  });
});

/** Two clients on one store: one store object, or two FileTokenStores on one file (two processes). */
const sharedStores = [
  {
    name: 'one MemoryTokenStore',
    make: async (): Promise<[TokenStore, TokenStore]> => {
      const store = new MemoryTokenStore({ ...TOKENS });
      return [store, store];
    },
  },
  {
    name: 'two FileTokenStores on one file',
    make: async (): Promise<[TokenStore, TokenStore]> => {
      const first = await fileStore();
      return [first, new FileTokenStore((first as FileTokenStore).path)];
    },
  },
];

describe.each(sharedStores)('two clients sharing $name', ({ make }) => {
  it('a logout in one while the other refreshes leaves the store empty, ending the fresh tokens', async () => {
    const state = authority({ refreshMs: 100 });
    const [mine, theirs] = await make();
    const refreshing = testClient(server.url, { store: mine });
    const leaving = testClient(server.url, { store: theirs });
    const call = settle(refreshing.accounts.userInfo());
    await until(() => state.refreshCalls === 1);
    await leaving.session.logout();
    await call;
    expect(await mine.get()).toBeNull();
    expect(await refreshing.session.isLoggedIn()).toBe(false);
    expect(server.requests.find((r) => r.path === LOGOUT_PATH)?.headers.authorization).toBe(
      'Bearer access-2',
    );
  });

  it('a refresh that waits for the other client’s logout finds the store empty and does not refresh', async () => {
    const state = authority({ logoutMs: 100 });
    const [mine, theirs] = await make();
    const refreshing = testClient(server.url, { store: mine });
    const leaving = testClient(server.url, { store: theirs });
    const events = record(refreshing);
    const logout = leaving.session.logout();
    await until(() => server.requests.some((r) => r.path === LOGOUT_PATH));
    const { error } = await settle(refreshing.accounts.userInfo());
    await logout;
    expect(isNotLoggedInError(error)).toBe(true);
    expect(state.refreshCalls).toBe(0);
    expect(await mine.get()).toBeNull();
    // The session ended elsewhere ends here too: once, with no refresh. The call settles when
    // the session ends; the event follows once this client's own clean-up is done.
    await until(() => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['logout:user']);
  });
});

describe.each(sharedStores)('a client whose store was emptied by another ($name)', ({ make }) => {
  it('ends its session too on its next calls: one logout event, every call not logged in', async () => {
    authority();
    const [mine, theirs] = await make();
    const staying = testClient(server.url, { store: mine });
    const leaving = testClient(server.url, { store: theirs });
    staying.session.setUser(userSchema.parse(sampleUser()));
    const events = record(staying);
    await leaving.session.logout();
    // Two calls at once, as a screen loading its data makes them.
    const results = await Promise.all([
      settle(staying.accounts.userInfo()),
      settle(staying.accounts.userInfo()),
    ]);
    expect(results.every(({ error }) => isNotLoggedInError(error))).toBe(true);
    await until(() => events.includes('logout:user'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.filter((event) => event.startsWith('logout'))).toEqual(['logout:user']);
    expect(staying.session.user).toBeNull();
    // Nothing was sent for the gone session: no call, no second logout.
    expect(server.requests.filter((r) => r.path === LOGOUT_PATH)).toHaveLength(1);
    expect(server.requests.filter((r) => r.path === USER_PATH)).toHaveLength(0);
  });

  it('a client that never had a session announces nothing', async () => {
    authority();
    const [mine] = await make();
    await mine.clear();
    const client = testClient(server.url, { store: mine });
    const events = record(client);
    const { error } = await settle(client.accounts.userInfo());
    expect(isNotLoggedInError(error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
  });
});

describe('logout during the refresh’s own retry wait', () => {
  it('stops the refresh at once: no further refresh attempt, no tokens written', async () => {
    let refreshCalls = 0;
    server.handle((request) => {
      if (request.path === REFRESH_PATH) {
        refreshCalls++;
        return { status: 503 };
      }
      return request.path === LOGOUT_PATH ? { status: 204 } : { status: 403 };
    });
    let retries = 0;
    const store = new MemoryTokenStore({ ...TOKENS });
    const client = testClient(server.url, { store, onRetry: () => retries++ });
    const call = settle(client.accounts.userInfo());
    await until(() => retries === 1);
    await client.session.logout();
    const { error } = await call;
    expect(isNotLoggedInError(error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(refreshCalls).toBe(1);
    expect(store.get()).toBeNull();
  });
});

describe('answers that arrive after logout', () => {
  it('a user-info answer after logout neither sets the user nor emits it', async () => {
    const state = authority({ userMs: 100 });
    state.access = 'access-1';
    const client = testClient(server.url);
    const events = record(client);
    const call = settle(client.accounts.userInfo());
    await until(() => server.requests.some((r) => r.path === USER_PATH));
    await client.session.logout();
    const { error } = await call;
    expect(isNotLoggedInError(error)).toBe(true);
    expect(client.session.user).toBeNull();
    expect(events).toEqual(['logout:user']);
  });
});

describe('calls made while a logout is under way', () => {
  it('are not sent with the ending session’s token and announce no second logout', async () => {
    const state = authority({ logoutMs: 150 });
    state.access = 'access-1';
    const client = testClient(server.url);
    const events = record(client);
    const logout = client.session.logout();
    await until(() => server.requests.some((r) => r.path === LOGOUT_PATH));
    const { error } = await settle(client.accounts.userInfo());
    expect(await client.session.isLoggedIn()).toBe(false);
    await logout;
    expect(isNotLoggedInError(error)).toBe(true);
    expect(server.requests.filter((r) => r.path === USER_PATH)).toHaveLength(0);
    expect(events).toEqual(['logout:user']);
  });
});
