/**
 * A chat socket lives no longer than its session: at expiry it gets `token_expired` and nothing
 * more, and it is closed unless the client refreshes within the grace period.
 */
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

describe('expired chat sockets', () => {
  it('get token_expired, then no messages, then are closed after the grace period', async () => {
    // The token outlives the log-in and the socket's handshake by far (a loaded CI machine once
    // took longer than a 700 ms token to connect, and the handshake was refused as expired).
    const box = await sandbox({ accessTtlMs: 2_500, expiredSocketGraceMs: 800 });
    const token = await accessToken(box.url, 'member1');
    const member1 = box.world.store.userByEmail('member1@sandbox.test')?.keycloakId ?? '';
    const socket = io(`${box.url}/chat`, {
      transports: ['websocket'],
      query: { token },
      reconnection: false,
    });
    const messages: unknown[] = [];
    socket.on('new_message', (payload) => messages.push(payload));
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const expired = new Promise<void>((resolve, reject) => {
      socket.on('token_expired', () => resolve());
      setTimeout(() => reject(new Error('no token_expired within 10 s of the log-in')), 10_000);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', (error) => reject(new Error(`the socket was refused: ${error.message}`)));
    });
    await expired;
    const expiredAt = Date.now();

    const sender = await accessToken(box.url, 'member2');
    const sent = await call(box.url, sender, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: member1,
      message: 'still there?',
    });
    expect(sent.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - expiredAt).toBeGreaterThanOrEqual(500);
    expect(messages).toEqual([]);
  });
});
