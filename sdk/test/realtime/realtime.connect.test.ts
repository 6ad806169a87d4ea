import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { realtimeOrigin } from '../../src/realtime/realtime';
import { userSchema } from '../../src/schemas/index';
import { sampleUser } from '../support/client';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const tokensOf = (namespace: string) =>
  server.handshakes.filter((h) => h.namespace === namespace).map((h) => h.token);

describe('connect', () => {
  it('opens both channels for a member, over websocket only, with the token in the query', async () => {
    const { client, errors } = realtimeClient(server.url);
    await client.realtime.connect();
    expect(client.realtime.chat.connected).toBe(true);
    expect(client.realtime.notifications.connected).toBe(true);
    expect(client.realtime.chat.token).toBe('access-1');
    expect(server.handshakes).toHaveLength(2);
    for (const handshake of server.handshakes) {
      expect(handshake).toMatchObject({ token: 'access-1', transport: 'websocket', accepted: true });
    }
    // No long-polling request ever reached the server: every engine connection is a websocket.
    const transports = [...server.io.of('/chat').sockets.values()].map((s) => s.conn.transport.name);
    expect(transports).toEqual(['websocket']);
    expect(errors).toEqual([]);
  });

  it('reads the token from the session on every connect', async () => {
    const { client, store } = realtimeClient(server.url);
    await client.realtime.chat.connect();
    client.realtime.chat.disconnect();
    expect(client.realtime.chat.state).toBe('idle');
    server.valid.add('access-9');
    await store.set({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    expect(await client.realtime.chat.connect()).toBe(true);
    expect(tokensOf('/chat')).toEqual(['access-1', 'access-9']);
  });

  it('reopens open channels with the token of a new login', async () => {
    const { client } = realtimeClient(server.url);
    await client.realtime.connect();
    server.valid.add('access-other');
    await client.session.setTokens({ accessToken: 'access-other', refreshToken: 'refresh-other' });
    // A new login forgets the previous user; notifications wait until the new one is known.
    await waitFor(() => client.realtime.chat.connected);
    expect(client.realtime.notifications.connected).toBe(false);
    client.session.setUser(userSchema.parse(sampleUser({ username: 'other' })));
    await waitFor(() => client.realtime.notifications.connected);
    expect(client.realtime.chat.token).toBe('access-other');
    expect(client.realtime.notifications.token).toBe('access-other');
    expect(server.sockets('/chat').map((s) => s.handshake.query.token)).toEqual(['access-other']);
  });

  it('never opens the notification channel for an admin', async () => {
    const { client } = realtimeClient(server.url, { role: 'admin' });
    await client.realtime.connect();
    expect(client.realtime.chat.connected).toBe(true);
    expect(await client.realtime.notifications.connect()).toBe(false);
    expect(client.realtime.notifications.state).toBe('idle');
    expect(tokensOf('/notifications')).toEqual([]);
  });

  it('waits for the user before opening notifications, and only opens them for a member', async () => {
    const member = realtimeClient(server.url, { role: 'unknown' });
    await member.client.realtime.connect();
    expect(member.client.realtime.chat.connected).toBe(true);
    expect(member.client.realtime.notifications.state).toBe('connecting');
    expect(tokensOf('/notifications')).toEqual([]);
    member.client.session.setUser(userSchema.parse(sampleUser()));
    await waitFor(() => member.client.realtime.notifications.connected);

    const admin = realtimeClient(server.url, { role: 'unknown' });
    await admin.client.realtime.connect();
    admin.client.session.setUser(userSchema.parse(sampleUser({ roles: ['Admin'] })));
    expect(admin.client.realtime.notifications.state).toBe('idle');
    expect(tokensOf('/notifications')).toEqual(['access-1']); // the member's only
  });

  it('closes notifications when the loaded user turns out to be an admin', async () => {
    const { client } = realtimeClient(server.url);
    await client.realtime.connect();
    const closed: boolean[] = [];
    client.realtime.notifications.on('disconnect', (info) => closed.push(info.reconnect));
    client.session.setUser(userSchema.parse(sampleUser({ roles: ['Admin'] })));
    expect(client.realtime.notifications.connected).toBe(false);
    expect(closed).toEqual([false]);
    expect(client.realtime.chat.connected).toBe(true);
  });

  it('resolves false and opens nothing without a session', async () => {
    const { client, store } = realtimeClient(server.url);
    await store.clear();
    await client.realtime.connect();
    expect(client.realtime.chat.state).toBe('idle');
    expect(server.handshakes).toEqual([]);
  });

  it('uses the configured origin and namespaces', async () => {
    const { client } = realtimeClient('http://127.0.0.1:1/api/', {
      realtime: { url: server.url, chatNamespace: '/notifications', notificationsNamespace: 'chat' },
    });
    await client.realtime.chat.connect();
    expect(server.handshakes.map((h) => h.namespace)).toEqual(['/notifications']);
    await client.realtime.notifications.connect();
    expect(server.handshakes.map((h) => h.namespace)).toEqual(['/notifications', '/chat']);
    expect(realtimeOrigin('https://api.example.com/base/v2')).toBe('https://api.example.com');
    expect(realtimeOrigin('not a url')).toBe('');
  });
});

describe('a refresh after an HTTP 403', () => {
  it('reconnects both channels of a member with the new token', async () => {
    const { client } = realtimeClient(server.url);
    await client.realtime.connect();
    server.valid.delete('access-1'); // expired: HTTP calls now get 403
    await expect(client.accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
    await waitFor(() => client.realtime.chat.connected && client.realtime.notifications.connected);
    expect(tokensOf('/chat')).toEqual(['access-1', 'access-2']);
    expect(tokensOf('/notifications')).toEqual(['access-1', 'access-2']);
    expect(server.sockets('/chat').map((s) => s.handshake.query.token)).toEqual(['access-2']);
  });

  it("leaves an admin's chat channel as it is", async () => {
    const { client } = realtimeClient(server.url, { role: 'admin' });
    await client.realtime.connect();
    server.valid.delete('access-1');
    await client.accounts.userInfo().catch(() => undefined);
    expect(server.stats.refreshCalls).toBeGreaterThan(0);
    expect(client.realtime.chat.connected).toBe(true);
    expect(client.realtime.chat.token).toBe('access-1');
    expect(tokensOf('/chat')).toEqual(['access-1']);
  });
});
