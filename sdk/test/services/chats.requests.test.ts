import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const BASE = '/api/chats/v2';
describe('chats service requests', () => {
  it('listRooms GETs /chats/rooms', async () => {
    const answer = await testClient(server.url).chats.listRooms();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/chats/rooms`);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('listMessages sends ?page=&per_page=20 for the room', async () => {
    const answer = await testClient(server.url).chats.listMessages('room-1', { page: 2 });
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${BASE}/chats/rooms/room-1/messages`);
    expect(Object.fromEntries(request.query)).toEqual({ page: '2', per_page: '20' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('sendMessage POSTs {recipient_id, message}', async () => {
    const answer = await testClient(server.url).chats.sendMessage({
      recipient_id: 'kc-2',
      message: 'Salaam',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${BASE}/chats/messages`);
    expect(request.json).toEqual({ recipient_id: 'kc-2', message: 'Salaam' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('updateMessageStatus PUTs {ids, status}', async () => {
    await testClient(server.url).chats.updateMessageStatus({ ids: ['m-1', 2], status: 'READ' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`${BASE}/chats/messages/bulk/status`);
    expect(request.json).toEqual({ ids: ['m-1', 2], status: 'READ' });
  });

  it('unreadCount GETs /chats/messages/unread/count', async () => {
    const answer = await testClient(server.url).chats.unreadCount();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/chats/messages/unread/count`);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('getFile resolves the binary file as a Blob', async () => {
    server.handle(() => ({
      body: Buffer.from('file-bytes'),
      headers: { 'content-type': 'application/octet-stream' },
    }));
    const answer = await testClient(server.url).chats.getFile('photo 1.png');
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/chats/files/photo%201.png`);
    expect(answer).toBeInstanceOf(Blob);
    expect(await answer.text()).toBe('file-bytes');
  });

  it('updateBlocks PUTs {user_id, blocked} and listBlocks GETs the blocks', async () => {
    const client = testClient(server.url);
    await client.chats.updateBlocks({ user_id: 'kc-3', blocked: true });
    expect(lastRequest().method).toBe('PUT');
    expect(lastRequest().path).toBe(`${BASE}/chats/blocks`);
    expect(lastRequest().json).toEqual({ user_id: 'kc-3', blocked: true });
    const answer = await client.chats.listBlocks();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/chats/blocks`);
    expect(lastRequest().text).toBe('');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('report POSTs {reported_user_id, reason, ...} to /reports/reports', async () => {
    const answer = await testClient(server.url).chats.report({
      reported_user_id: 'kc-3',
      reason: 'harassment',
      room: 'room-1',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${BASE}/reports/reports`);
    expect(request.json).toEqual({ reported_user_id: 'kc-3', reason: 'harassment', room: 'room-1' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });
});

describe('chats service contracts', () => {
  it('refuses a message without a recipient, without sending', async () => {
    const error = await testClient(server.url)
      // @ts-expect-error: recipient_id is required
      .chats.sendMessage({ message: 'hi' })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('chats.sendMessage: request.body.recipient_id');
    expect(server.requests).toHaveLength(0);
  });
});
