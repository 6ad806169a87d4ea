import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const notification = {
  id: 'n-1',
  body: 'Amina accepted your match request',
  related_id: 77,
  profilePhoto: 'https://cdn.example/a.jpg',
  type: 'MATCH_ACCEPTED',
  read: false,
  created_at: '2026-01-05T10:00:00.000Z',
};

describe('alerts service requests', () => {
  it('listNotifications GETs /notifications and answers {notifications}', async () => {
    server.handle(() => ({ body: { notifications: [notification] } }));
    const answer = await testClient(server.url).alerts.listNotifications();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/alerts/v2/notifications');
    expect(answer).toEqual({ notifications: [notification] });
    expect(answer.notifications[0]?.related_id).toBe(77);
  });

  it('getNotification GETs /{id}', async () => {
    server.handle(() => ({ body: notification }));
    const answer = await testClient(server.url).alerts.getNotification('n-1');
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe('/api/alerts/v2/n-1');
    expect(answer).toEqual(notification);
  });

  it('deleteNotification sends DELETE /{id}', async () => {
    server.handle(() => ({ body: { message: 'Notification deleted', id: 5 } }));
    const answer = await testClient(server.url).alerts.deleteNotification(5);
    expect(lastRequest().method).toBe('DELETE');
    expect(lastRequest().path).toBe('/api/alerts/v2/5');
    expect(answer).toEqual({ message: 'Notification deleted', id: 5 });
  });

  it('markAllRead PUTs /bulk/read with {} by default and {ids} when given', async () => {
    server.handle(() => ({ body: { message: 'Notifications marked read', updated: 2 } }));
    const client = testClient(server.url);
    const answer = await client.alerts.markAllRead();
    expect(lastRequest().method).toBe('PUT');
    expect(lastRequest().path).toBe('/api/alerts/v2/bulk/read');
    expect(lastRequest().json).toEqual({});
    expect(answer).toEqual({ message: 'Notifications marked read', updated: 2 });
    await client.alerts.markAllRead({ ids: ['n-1', 2] });
    expect(lastRequest().json).toEqual({ ids: ['n-1', 2] });
  });

  it('count GETs /count/ with its trailing slash', async () => {
    server.handle(() => ({ body: { count: 4 } }));
    const answer = await testClient(server.url).alerts.count();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe('/api/alerts/v2/count/');
    expect(answer).toEqual({ count: 4 });
  });
});

describe('alerts service contracts', () => {
  it('rejects a notification whose body is not a string', async () => {
    server.handle(() => ({
      body: { notifications: [notification, { ...notification, body: { text: 'hi' } }] },
    }));
    const error = await testClient(server.url)
      .alerts.listNotifications()
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('alerts.listNotifications: response.notifications[1].body');
  });
});
