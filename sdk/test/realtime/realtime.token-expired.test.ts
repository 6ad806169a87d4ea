import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Realtime } from '../../src/index';
import { createRealtime } from '../../src/realtime/realtime';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const connectedTokens = (namespace: string) =>
  server
    .sockets(namespace)
    .map((s) => s.handshake.query.token)
    .sort();

describe('token_expired', () => {
  it('refreshes once and reconnects both channels with the new token', async () => {
    const { client, errors } = realtimeClient(server.url);
    await client.realtime.connect();
    const seen: unknown[] = [];
    for (let i = 0; i < 20; i++) client.realtime.chat.on('token_expired', (payload) => seen.push(payload));
    server.refreshDelayMs = 30;
    // The server may say so on both channels at once, and more than once.
    for (let i = 0; i < 3; i++) {
      server.io.of('/chat').emit('token_expired', { message: 'Token expired' });
      server.io.of('/notifications').emit('token_expired');
    }
    await waitFor(() => client.realtime.chat.token === 'access-2' && client.realtime.chat.connected);
    await waitFor(() => client.realtime.notifications.token === 'access-2');
    await waitFor(() => client.realtime.notifications.connected);
    expect(server.stats.refreshCalls).toBe(1);
    expect(seen).toHaveLength(60);
    expect(connectedTokens('/chat')).toEqual(['access-2']);
    expect(connectedTokens('/notifications')).toEqual(['access-2']);
    expect(await client.session.getAccessToken()).toBe('access-2');
    expect(errors).toEqual([]);
  });

  it('makes one refresh call for 20 realtime instances sharing one session', async () => {
    const { client, errors } = realtimeClient(server.url);
    const instances: Realtime[] = Array.from({ length: 20 }, () =>
      createRealtime({ session: client.session, baseURL: server.url, onError: (e) => errors.push(e) }),
    );
    try {
      await Promise.all(instances.map((realtime) => realtime.connect()));
      expect(server.sockets('/chat')).toHaveLength(20);
      server.refreshDelayMs = 30;
      server.io.of('/chat').emit('token_expired', { message: 'Token expired' });
      await waitFor(() => instances.every((r) => r.chat.connected && r.chat.token === 'access-2'));
      await waitFor(() =>
        instances.every((r) => r.notifications.connected && r.notifications.token === 'access-2'),
      );
      expect(server.stats.refreshCalls).toBe(1);
      expect(connectedTokens('/chat')).toEqual(Array(20).fill('access-2'));
      expect(connectedTokens('/notifications')).toEqual(Array(20).fill('access-2'));
      expect(errors).toEqual([]);
    } finally {
      for (const realtime of instances) realtime.dispose();
    }
  });

  it('reconnects after a refresh even when the server closes the socket right after token_expired', async () => {
    const { client, errors } = realtimeClient(server.url);
    await client.realtime.connect();
    server.refreshDelayMs = 100;
    for (const socket of server.sockets('/chat')) {
      socket.emit('token_expired', { message: 'Token expired' });
      socket.disconnect(true);
    }
    await waitFor(() => client.realtime.chat.connected && client.realtime.chat.token === 'access-2');
    expect(connectedTokens('/chat')).toEqual(['access-2']);
    expect(server.stats.refreshCalls).toBe(1);
    expect(errors).toEqual([]);
  });

  it('closes the channels when the refresh is refused (the session logs out)', async () => {
    const { client, store } = realtimeClient(server.url);
    await client.realtime.connect();
    const reasons: string[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    // Without a refresh token the refresh fails and the session logs out with refresh-failed.
    await store.set({ accessToken: 'access-1', refreshToken: '' });
    server.io.of('/chat').emit('token_expired');
    await waitFor(() => reasons.length > 0);
    expect(reasons).toEqual(['refresh-failed']);
    expect(client.realtime.chat.state).toBe('idle');
    expect(client.realtime.notifications.state).toBe('idle');
    await waitFor(
      () => server.sockets('/chat').length === 0 && server.sockets('/notifications').length === 0,
    );
  });
});
