/**
 * socket.io-client loads when a channel first opens a socket (channel.ts). The load is an await
 * inside an attempt, so a disconnect or a logout can land while it is in flight: the channel must
 * then open nothing once the library arrives. The library's load is held open here by a module
 * factory that waits on a gate, so the interleaving is exact rather than a race with the loader.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushIO } from '../support/client';
import { realtimeClient } from './support/clients';

const load = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { started: 0, gate, open: () => open() };
});

vi.mock('socket.io-client', async (importOriginal) => {
  load.started++;
  await load.gate;
  return importOriginal();
});

/** Accepts TCP and drops every websocket upgrade, counting them: one per socket the client opens. */
let http: Server;
let url: string;
let upgrades = 0;
beforeAll(async () => {
  http = createServer((_req, res) => res.writeHead(404).end());
  http.on('upgrade', (_req, socket) => {
    upgrades++;
    socket.destroy();
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => {
  http.closeAllConnections();
  http.close();
});

describe('socket.io-client loaded with the first socket', () => {
  it('opens no socket when the channel is disconnected or logged out while the library loads', async () => {
    const first = realtimeClient(url);
    const second = realtimeClient(url);
    const closed = first.client.realtime.chat.connect();
    const loggedOut = second.client.realtime.chat.connect();
    // Both attempts have their token and wait on the one load of the library.
    await flushIO(() => load.started > 0);
    await flushIO(() => false, 50);
    expect(load.started).toBe(1);
    first.client.realtime.chat.disconnect();
    // The logout call itself fails (nothing answers it here); the session ends locally either way.
    await second.client.session.logout().catch(() => undefined);
    load.open();
    expect(await closed).toBe(false);
    // Long enough for a socket opened by mistake to reach the server (the third client's does in
    // a few ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(upgrades).toBe(0);
    expect(await loggedOut).toBe(false);

    // The library did load: a channel that connects now opens its socket at once.
    const third = realtimeClient(url);
    void third.client.realtime.chat.connect();
    await flushIO(() => upgrades > 0);
    expect(upgrades).toBeGreaterThan(0);
    expect(load.started).toBe(1);
  });
});
