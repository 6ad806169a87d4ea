import { describe, expect, it, vi } from 'vitest';
import {
  CookieTokenStore,
  isSuspendedError,
  type LogoutInfo,
  type LogoutReason,
  MemoryTokenStore,
} from '../../src/index';
import { sampleUser, TOKENS, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer();

function recordLogouts(client: ReturnType<typeof testClient>) {
  const events: [LogoutReason, LogoutInfo][] = [];
  client.session.on('logout', (reason, info) => events.push([reason, info]));
  return events;
}

describe('406 while logged in', () => {
  it('logs out as suspended once, however many calls get 406', async () => {
    server.handle(() => ({ status: 406, body: { message: 'suspended' } }));
    const client = testClient(server.url);
    const events = recordLogouts(client);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.accounts.userInfo()));
    expect(results.every((r) => r.status === 'rejected' && isSuspendedError(r.reason))).toBe(true);
    expect(events).toEqual([['suspended', { reason: 'suspended' }]]);
    expect(await client.session.isLoggedIn()).toBe(false);
    // A suspended session is already over on the server: no logout call.
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('is a plain HTTP error when logged out (for example on login)', async () => {
    server.handle(() => ({ status: 406, body: {} }));
    const client = testClient(server.url, { tokens: null });
    const events = recordLogouts(client);
    const error = await client.accounts.login({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(406);
    expect(events).toEqual([]);
  });
});

describe('logout', () => {
  it('calls the logout endpoint, clears tokens and user, and emits one event', async () => {
    server.handle((request) => (request.method === 'DELETE' ? { status: 204 } : { body: sampleUser() }));
    const store = new MemoryTokenStore({ ...TOKENS });
    const client = testClient(server.url, { store });
    await client.accounts.userInfo();
    expect(client.session.user?.username).toBe('amina_k');
    const events = recordLogouts(client);
    await Promise.all([client.session.logout(), client.session.logout()]);
    const logoutCall = server.requests.find((r) => r.method === 'DELETE');
    expect(logoutCall?.path).toBe('/api/usermgmt/v2/accounts/logout');
    expect(logoutCall?.headers.authorization).toBe('Bearer access-1');
    expect(store.get()).toBeNull();
    expect(client.session.user).toBeNull();
    expect(events).toEqual([['user', { reason: 'user' }]]);
  });

  it('accounts.logout ends the session the same way', async () => {
    server.handle(() => ({ status: 204 }));
    const client = testClient(server.url);
    const events = recordLogouts(client);
    await client.accounts.logout();
    expect(events.map(([reason]) => reason)).toEqual(['user']);
    expect(await client.session.isLoggedIn()).toBe(false);
  });

  it('still logs out locally when the server is unreachable', async () => {
    server.handle(() => ({ drop: true }));
    const client = testClient(server.url);
    const events = recordLogouts(client);
    await client.session.logout();
    expect(events).toHaveLength(1);
    expect(await client.session.getTokens()).toBeNull();
  });

  it('unsubscribes', async () => {
    server.handle(() => ({ status: 204 }));
    const client = testClient(server.url);
    const handler = vi.fn();
    const off = client.session.on('logout', handler);
    off();
    await client.session.logout();
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps notifying other subscribers when one throws', async () => {
    server.handle(() => ({ status: 204 }));
    const onError = vi.fn();
    const { createClient } = await import('../../src/index');
    const client = createClient({
      baseURL: server.url,
      tokenStore: new MemoryTokenStore({ ...TOKENS }),
      onError,
    });
    const second = vi.fn();
    client.session.on('logout', () => {
      throw new Error('boom');
    });
    client.session.on('logout', second);
    await client.session.logout();
    expect(second).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('stale cookies of an earlier client', () => {
  it('log out with session-expired and its notice', async () => {
    server.handle(() => ({ status: 204 }));
    const jar = { cookie: '' };
    const written: string[] = [];
    const recordingJar = {
      get cookie() {
        return jar.cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    jar.cookie = 'access_token=a1; refresh_token=r1; user=%7B%22id%22%3A1%7D';
    const store = new CookieTokenStore({ jar: recordingJar });
    const client = testClient(server.url, { store });
    const events = recordLogouts(client);
    expect(await client.session.expireIfStale(store.staleCookies())).toBe(true);
    expect(events).toEqual([
      ['session-expired', { reason: 'session-expired', notice: 'Session expired. Please log in' }],
    ]);
    expect(written.some((w) => w.startsWith('user=;'))).toBe(true);
    expect(written.some((w) => w.startsWith('access_token=;'))).toBe(true);
  });

  it('leave a clean session alone', async () => {
    const store = new CookieTokenStore({ jar: { cookie: 'access_token=a1; refresh_token=r1; theme=dark' } });
    const client = testClient(server.url, { store });
    expect(await client.session.expireIfStale(store.staleCookies())).toBe(false);
    expect(await client.session.isLoggedIn()).toBe(true);
  });
});
