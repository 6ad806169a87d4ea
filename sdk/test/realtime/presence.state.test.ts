import type { Socket } from 'socket.io';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatPresence, MemoryTokenStore } from '../../src/index';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
  // What the sandbox does: a member's `typing` becomes `active` for the other member.
  server.io.of('/chat').on('connection', (socket: Socket) => {
    socket.on('typing', (payload: { room?: string; isTyping?: boolean }) => {
      const user = socket.handshake.query.token === 'token-b' ? 'bilal' : 'amina';
      socket.broadcast.emit('active', {
        room: payload.room,
        user_id: user,
        isTyping: payload.isTyping !== false,
      });
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.valid.add('token-b');
});

/** Amina (access-1) and Bilal (token-b), both on the chat channel; presence as Bilal sees it. */
async function twoMembers(typingTimeoutMs = 0) {
  const amina = realtimeClient(server.url).client.realtime.chat;
  const bilal = realtimeClient(server.url, {
    store: new MemoryTokenStore({ accessToken: 'token-b', refreshToken: 'refresh-b' }),
  }).client.realtime.chat;
  await Promise.all([amina.connect(), bilal.connect()]);
  return { amina, bilal, presence: createChatPresence(bilal, { typingTimeoutMs }) };
}

describe('createChatPresence', () => {
  it('keeps online and isTyping current from online_chats and active', async () => {
    const { amina, presence } = await twoMembers();
    let changes = 0;
    presence.subscribe(() => changes++);
    server.io.of('/chat').emit('online_chats', [{ user_id: 'amina', room: 'r1', online: true }]);
    await waitFor(() => presence.get('r1').online);
    expect(presence.apply({ id: 'r1', username: 'amina_k' })).toEqual({
      id: 'r1',
      username: 'amina_k',
      online: true,
      isTyping: false,
    });
    expect(presence.get('r2', 'amina')).toEqual({ online: true, isTyping: false }); // by member id

    amina.sendTyping({ room: 'r1', isTyping: true });
    await waitFor(() => presence.get('r1').isTyping);
    expect(presence.get(null, 'amina').isTyping).toBe(true);
    amina.sendTyping({ room: 'r1', isTyping: false });
    await waitFor(() => !presence.get('r1').isTyping);

    // online_chats is the whole list: Amina left it, so she is offline.
    server.io.of('/chat').emit('online_chats', { users: [] });
    await waitFor(() => !presence.get('r1').online);
    expect(changes).toBe(4);
    presence.destroy();
  });

  it('gives a new snapshot only on change, and returns the same room when nothing differs', async () => {
    const { presence } = await twoMembers();
    const first = presence.getSnapshot();
    const room = { id: 'r1', online: false, isTyping: false };
    expect(presence.apply(room)).toBe(room);
    server.io.of('/chat').emit('online_chats', ['r9']);
    await waitFor(() => presence.getSnapshot() !== first);
    const second = presence.getSnapshot();
    server.io.of('/chat').emit('online_chats', ['r9']);
    server.io.of('/chat').emit('online_chats', ['r9', 'r1']);
    await waitFor(() => presence.get('r1').online);
    expect(presence.getSnapshot()).not.toBe(second);
    expect([...presence.getSnapshot().online].sort()).toEqual(['r1', 'r9']);
    presence.destroy();
  });

  it('drops a typing indicator whose stop was lost, after the typing timeout', async () => {
    const { amina, presence } = await twoMembers(60);
    amina.sendTyping({ room: 'r1', isTyping: true });
    await waitFor(() => presence.get('r1').isTyping);
    // Dropped by the 60 ms timeout: the other tests' indicators last 10 s.
    await waitFor(() => !presence.get('r1').isTyping, 5_000);
    presence.destroy();
  });

  it('forgets everything when the channel disconnects, and on destroy', async () => {
    const { amina, bilal, presence } = await twoMembers(10_000);
    server.io.of('/chat').emit('online_chats', [{ room: 'r1' }]);
    amina.sendTyping({ room: 'r1', isTyping: true });
    await waitFor(() => presence.get('r1').isTyping && presence.get('r1').online);
    bilal.disconnect();
    expect(presence.get('r1')).toEqual({ online: false, isTyping: false });
    await bilal.connect();
    amina.sendTyping({ room: 'r1', isTyping: true });
    await waitFor(() => presence.get('r1').isTyping);
    presence.destroy();
    expect(presence.get('r1')).toEqual({ online: false, isTyping: false });
    server.io.of('/chat').emit('online_chats', ['r1']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(presence.get('r1').online).toBe(false);
  });
});
