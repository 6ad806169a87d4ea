/** alerts: the member's notifications (with an empty list), one notification, read marks and the count. */
import { describe, expect, it } from 'vitest';
import { MEMBER, NOTIFICATION, OTHER } from '../../src/examples';
import { memberClient } from '../support/clients';
import {
  boolean,
  eachLike,
  fromState,
  instant,
  integer,
  interaction,
  json,
  like,
  oneOf,
  pactWith,
  pathOf,
  request,
  state,
  url,
} from '../support/pact';

const pact = pactWith('alerts');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const hasOne = state('notification', { userId: MEMBER.userId, notificationId: NOTIFICATION.notificationId });
const token = MEMBER.accessToken;
const byId = { id: fromState('notificationId', NOTIFICATION.notificationId) };

/** SPEC.md section 3: body, related_id and profilePhoto. */
const notification = {
  id: like(NOTIFICATION.notificationId),
  body: like('Chidi sent you a match request'),
  related_id: like('pact-match-request-1'),
  profilePhoto: url(`https://api.example.com/media/${OTHER.id}-profile.png`),
  type: oneOf(['MATCH_REQUEST', 'MATCH_ACCEPTED', 'NEW_MESSAGE', 'SYSTEM', 'KYC'], 'MATCH_REQUEST'),
  read: boolean(false),
  created_at: instant(),
};

describe('alerts', () => {
  it('alerts.listNotifications', () =>
    interaction(pact, 'alerts.listNotifications', 'a member listing their notifications')
      .given(...loggedIn)
      .given(...hasOne)
      .withRequest('GET', pathOf('alerts.listNotifications'), request({ token }))
      .willRespondWith(200, json({ notifications: eachLike(notification) }))
      .executeTest(async (server) => {
        const answer = await memberClient(server).alerts.listNotifications();
        expect(answer.notifications[0]?.id).toBe(NOTIFICATION.notificationId);
      }));

  it('alerts.listNotifications answers an empty list', () =>
    interaction(pact, 'alerts.listNotifications', 'a member without notifications listing them')
      .given(...loggedIn)
      .given(...state('noNotifications', { userId: MEMBER.userId }))
      .withRequest('GET', pathOf('alerts.listNotifications'), request({ token }))
      .willRespondWith(200, json({ notifications: [] }))
      .executeTest(async (server) => {
        expect((await memberClient(server).alerts.listNotifications()).notifications).toEqual([]);
      }));

  it('alerts.getNotification', () =>
    interaction(pact, 'alerts.getNotification', 'a member reading one notification')
      .given(...loggedIn)
      .given(...hasOne)
      .withRequest('GET', pathOf('alerts.getNotification', byId), request({ token }))
      .willRespondWith(200, json(notification))
      .executeTest(async (server) => {
        await memberClient(server).alerts.getNotification(NOTIFICATION.notificationId);
      }));

  it('alerts.deleteNotification', () =>
    interaction(pact, 'alerts.deleteNotification', 'a member deleting one notification')
      .given(...loggedIn)
      .given(...hasOne)
      .withRequest('DELETE', pathOf('alerts.deleteNotification', byId), request({ token }))
      .willRespondWith(
        200,
        json({ message: like('Notification deleted'), id: like(NOTIFICATION.notificationId) }),
      )
      .executeTest(async (server) => {
        await memberClient(server).alerts.deleteNotification(NOTIFICATION.notificationId);
      }));

  it('alerts.markAllRead', () =>
    interaction(pact, 'alerts.markAllRead', 'a member marking every notification read')
      .given(...loggedIn)
      .given(...hasOne)
      .withRequest('PUT', pathOf('alerts.markAllRead'), request({ token, body: {} }))
      .willRespondWith(200, json({ message: like('Notifications marked read'), updated: integer(1) }))
      .executeTest(async (server) => {
        await memberClient(server).alerts.markAllRead();
      }));

  it('alerts.count', () =>
    interaction(pact, 'alerts.count', 'a member counting their notifications')
      .given(...loggedIn)
      .given(...hasOne)
      .withRequest('GET', pathOf('alerts.count'), request({ token }))
      .willRespondWith(200, json({ count: integer(1) }))
      .executeTest(async (server) => {
        expect(await memberClient(server).alerts.count()).toEqual({ count: 1 });
      }));
});
