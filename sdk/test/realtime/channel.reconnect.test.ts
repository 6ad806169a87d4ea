import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelReconnectInfo } from '../../src/index';
import { flushIO } from '../support/client';
import { realtimeClient } from './support/clients';

/**
 * A server that accepts TCP but drops every websocket upgrade: each connection attempt of the
 * client is one upgrade request, stamped with the (fake) clock when it arrives.
 */
let http: Server;
let url: string;
const attempts: { at: number; token: string | null }[] = [];
beforeAll(async () => {
  http = createServer((_req, res) => res.writeHead(404).end());
  http.on('upgrade', (req, socket) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    attempts.push({ at: Date.now(), token: query.get('token') });
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
afterEach(() => {
  vi.useRealTimers();
  attempts.length = 0;
});

describe('reconnect spacing', () => {
  it('waits 1 to 5 s between failed attempts, exactly the announced delay, re-reading the token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { client, store } = realtimeClient(url);
    const retries: ChannelReconnectInfo[] = [];
    client.realtime.chat.on('reconnecting', (info) => retries.push(info));
    void client.realtime.chat.connect();
    const rounds = 8;
    for (let i = 1; i <= rounds; i++) {
      await flushIO(() => retries.length === i);
      expect(attempts).toHaveLength(i);
      const delayMs = retries[i - 1]?.delayMs ?? 0;
      // One ms before the delay ends nothing is sent; at the delay the next attempt goes out.
      await vi.advanceTimersByTimeAsync(delayMs - 1);
      await flushIO(() => attempts.length > i, 300);
      expect(attempts).toHaveLength(i);
      if (i === 4) await store.set({ accessToken: 'access-5', refreshToken: 'refresh-5' });
      await vi.advanceTimersByTimeAsync(1);
      await flushIO(() => attempts.length === i + 1);
    }
    const spacing = attempts.slice(1).map((a, i) => a.at - (attempts[i]?.at ?? 0));
    expect(spacing).toEqual(retries.map((r) => r.delayMs));
    for (const gap of spacing) {
      expect(gap).toBeGreaterThanOrEqual(1_000);
      expect(gap).toBeLessThanOrEqual(5_000);
    }
    expect(retries.map((r) => r.attempt)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(attempts.map((a) => a.token)).toEqual([
      ...Array(4).fill('access-1'),
      ...Array(5).fill('access-5'),
    ]);

    // Stopping leaves no timer behind: neither the retry wait nor socket.io's own.
    client.realtime.chat.disconnect();
    expect(client.realtime.chat.state).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up an attempt after the 20 s connection timeout and retries', async () => {
    // A server that accepts the upgrade request and never answers it.
    const silent = createServer();
    const held: Duplex[] = [];
    silent.on('upgrade', (_req, socket) => held.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const { client } = realtimeClient(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      const retries: ChannelReconnectInfo[] = [];
      client.realtime.chat.on('reconnecting', (info) => retries.push(info));
      void client.realtime.chat.connect();
      await flushIO(() => held.length === 1);
      await vi.advanceTimersByTimeAsync(19_999);
      expect(retries).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(retries).toHaveLength(1);
      expect(retries[0]?.error).toMatchObject({ code: 'TIMEOUT_ERROR', timeoutMs: 20_000 });
      client.realtime.chat.disconnect();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });
});
