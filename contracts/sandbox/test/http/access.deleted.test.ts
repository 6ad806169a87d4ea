/**
 * A deleted account (`is_deleted`) may log in, read its user info, reactivate, refresh and log
 * out; every other call carrying its token, and its sockets, get a refusal the client can show
 * (401 with `code: 'ACCOUNT_DELETED'`; never 403, which would start a token refresh).
 */
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

describe('a deleted account', () => {
  it('reaches only login, user info, reactivation, refresh and logout until it reactivates', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'deleted');
    const me = box.world.store.userByEmail('deleted@sandbox.test');
    expect(me?.is_deleted).toBe(true);

    const info = await call(box.url, token, 'GET', pathOf('accounts.userInfo'));
    expect(info.status).toBe(200);
    expect(info.body.is_deleted).toBe(true);

    const member = box.world.store.userByEmail('member1@sandbox.test')?.keycloakId ?? '';
    for (const [method, path, body] of [
      ['GET', `${pathOf('recommendations.list')}?page=1&per_page=50`, undefined],
      ['GET', pathOf('chats.listRooms'), undefined],
      ['POST', pathOf('recommendations.sendRequest'), { recipient_id: member }],
      ['GET', pathOf('settings.get'), undefined],
      ['GET', pathOf('accounts.publicProfile', { id: member }), undefined],
    ] as const) {
      const refused = await call(box.url, token, method, path, body);
      expect(refused.status, path).toBe(401);
      expect(refused.body, path).toMatchObject({ code: 'ACCOUNT_DELETED' });
    }
    // Nothing it tried went through.
    expect(
      box.world.store.data.matchRequests.some(
        (request) => request.user_id === me?.keycloakId && request.recipient_id === member,
      ),
    ).toBe(false);

    const socket = io(`${box.url}/chat`, {
      path: '/socket.io',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    const refusal = await new Promise<unknown>((resolve) =>
      socket.on('connect_error', (error) => resolve((error as { data?: unknown }).data)),
    );
    socket.close();
    expect(refusal).toEqual({ code: 'ACCOUNT_DELETED' });

    expect((await call(box.url, token, 'PUT', pathOf('accounts.activate'))).status).toBe(200);
    expect((await call(box.url, token, 'GET', pathOf('chats.listRooms'))).status).toBe(200);
    expect((await call(box.url, token, 'DELETE', pathOf('accounts.logout'))).status).toBe(200);
  });

  it('loses its sockets and its access the moment it asks for deletion', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member5');
    const id = box.world.store.userByEmail('member5@sandbox.test')?.keycloakId ?? '';
    const socket = io(`${box.url}/chat`, {
      path: '/socket.io',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    expect(
      (await call(box.url, token, 'POST', pathOf('accounts.initiateAccountDeletion', { userId: id }))).status,
    ).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await call(box.url, token, 'GET', pathOf('chats.listRooms'))).status).toBe(401);
  });
});
