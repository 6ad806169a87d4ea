import type { Socket } from 'socket.io';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ContractError, isContractError } from '../../src/index';
import type { NewMessageEvent } from '../../src/schemas/index';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function connected() {
  const test = realtimeClient(server.url);
  await test.client.realtime.connect();
  return test;
}

describe('server events', () => {
  it('delivers typed, validated payloads; unsubscribe stops delivery', async () => {
    const { client } = await connected();
    const messages: NewMessageEvent[] = [];
    const notifications: unknown[] = [];
    const off = client.realtime.chat.on('new_message', (message) => messages.push(message));
    client.realtime.notifications.on('new_notification', (n) => notifications.push(n.body));
    server.io.of('/chat').emit('new_message', { id: 1, room: 'r1', message: 'Salaam', extra: true });
    server.io.of('/notifications').emit('new_notification', { id: 7, body: 'New match request' });
    await waitFor(() => messages.length === 1 && notifications.length === 1);
    expect(messages).toEqual([{ id: 1, room: 'r1', message: 'Salaam', extra: true }]);
    expect(notifications).toEqual(['New match request']);
    off();
    server.io.of('/chat').emit('new_message', { id: 2 });
    server.io.of('/notifications').emit('new_notification', { id: 8 });
    await waitFor(() => notifications.length === 2);
    expect(messages).toHaveLength(1);
  });

  it('reports a malformed event as a contract error and drops it', async () => {
    const { client, errors } = await connected();
    const messages: unknown[] = [];
    client.realtime.chat.on('new_message', (message) => messages.push(message));
    server.io.of('/chat').emit('new_message', { id: 1, message: 5 });
    server.io.of('/chat').emit('online_chats', 'not a list');
    server.io.of('/chat').emit('new_message', { id: 2, message: 'still alive' });
    await waitFor(() => messages.length === 1);
    expect(messages).toEqual([{ id: 2, message: 'still alive' }]);
    expect(errors).toHaveLength(2);
    const [first, second] = errors as ContractError[];
    expect(isContractError(first)).toBe(true);
    expect(first).toMatchObject({
      endpoint: 'realtime.chat.new_message',
      direction: 'event',
      path: 'message',
    });
    expect(second).toMatchObject({ endpoint: 'realtime.chat.online_chats', direction: 'event' });
    expect(client.realtime.chat.connected).toBe(true);
  });

  it('reports a throwing handler without stopping the others or the socket', async () => {
    const { client, errors } = await connected();
    const boom = new Error('handler bug');
    const seen: unknown[] = [];
    client.realtime.chat.on('active', () => {
      throw boom;
    });
    client.realtime.chat.on('active', (event) => seen.push(event.isTyping));
    server.io.of('/chat').emit('active', { room: 'r1', isTyping: true });
    await waitFor(() => seen.length === 1);
    expect(errors).toEqual([boom]);
    expect(client.realtime.chat.connected).toBe(true);
  });
});

describe('sendTyping', () => {
  it('emits typing to the server when connected, and refuses a payload without a target', async () => {
    const { client } = await connected();
    const received: unknown[] = [];
    for (const socket of server.sockets('/chat')) socket.on('typing', (payload) => received.push(payload));
    expect(client.realtime.chat.sendTyping({ room: 'r1', isTyping: true })).toBe(true);
    expect(client.realtime.chat.sendTyping({ recipient_id: 42, isTyping: false })).toBe(true);
    await waitFor(() => received.length === 2);
    expect(received).toEqual([
      { room: 'r1', isTyping: true },
      { recipient_id: 42, isTyping: false },
    ]);
    let thrown: unknown;
    try {
      client.realtime.chat.sendTyping({ isTyping: true });
    } catch (error) {
      thrown = error;
    }
    expect(isContractError(thrown) && thrown.direction).toBe('request');
  });

  it('sends nothing (and queues nothing) while disconnected', async () => {
    const { client } = realtimeClient(server.url);
    expect(client.realtime.chat.sendTyping({ room: 'r1', isTyping: true })).toBe(false);
    const received: unknown[] = [];
    const record = (socket: Socket) => socket.on('typing', (payload) => received.push(payload));
    server.io.of('/chat').on('connection', record);
    try {
      await client.realtime.chat.connect();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    } finally {
      server.io.of('/chat').off('connection', record);
    }
  });
});
