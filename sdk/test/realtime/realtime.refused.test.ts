import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogoutReason } from '../../src/index';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('a connection refused by the server', () => {
  it('refreshes once and reconnects with the new token', async () => {
    server.valid.clear(); // access-1 has expired; the refreshed token will be accepted
    const { client, errors } = realtimeClient(server.url);
    const reasons: LogoutReason[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    await client.realtime.connect();
    expect(client.realtime.chat.connected).toBe(true);
    expect(client.realtime.notifications.connected).toBe(true);
    expect(server.stats.refreshCalls).toBe(1); // both channels shared it
    const chat = server.handshakes.filter((h) => h.namespace === '/chat');
    expect(chat.map((h) => [h.token, h.accepted])).toEqual([
      ['access-1', false],
      ['access-2', true],
    ]);
    expect(reasons).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('logs out with refresh-failed when the refreshed token is refused too', async () => {
    server.valid.clear();
    server.acceptRefreshedTokens = false;
    const { client } = realtimeClient(server.url);
    const reasons: LogoutReason[] = [];
    client.session.on('logout', (reason) => reasons.push(reason));
    const results = await Promise.all([
      client.realtime.chat.connect(),
      client.realtime.notifications.connect(),
    ]);
    expect(results).toEqual([false, false]);
    await waitFor(() => reasons.length > 0);
    expect(reasons).toEqual(['refresh-failed']);
    expect(server.stats.refreshCalls).toBe(1);
    expect(await client.session.getTokens()).toBeNull();
    expect(client.realtime.chat.state).toBe('idle');
    expect(client.realtime.notifications.state).toBe('idle');
    // refresh-failed: the server already ended the session, so no logout call.
    expect(server.stats.logoutCalls).toBe(0);
    // No attempt after the logout: once a handshake that was in flight has landed, nothing more
    // arrives for longer than the shortest reconnect delay (1 s).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const attempts = server.handshakes.length;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(server.handshakes).toHaveLength(attempts);
    expect(server.handshakes.every((h) => !h.accepted)).toBe(true);
  });

  it('refreshes again after a later refusal once it had connected', async () => {
    const { client } = realtimeClient(server.url, { realtime: { random: () => 0 } });
    await client.realtime.chat.connect();
    // The server restarts and forgets every token; the client drops and retries after 1 to 5 s.
    server.valid.clear();
    for (const socket of server.sockets('/chat')) socket.conn.close();
    await waitFor(() => client.realtime.chat.state === 'waiting');
    await waitFor(() => client.realtime.chat.connected);
    expect(client.realtime.chat.token).toBe('access-2');
    expect(server.stats.refreshCalls).toBe(1);
  });
});
