/** realtime-notifications: `new_notification`, consumed by the SDK's notifications channel. */
import type { NewNotificationEvent } from '@matchmaker/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER, NOTIFICATION, OTHER, RECOMMENDATION } from '../../src/examples';
import { instant, like, state, url } from '../support/pact';
import {
  eventMetadata,
  messagePactWith,
  type RealtimeHarness,
  received,
  startRealtimeHarness,
} from '../support/realtime';

const pact = messagePactWith('realtime-notifications');
let harness: RealtimeHarness;

beforeAll(async () => {
  harness = await startRealtimeHarness();
});
afterAll(() => harness.close());

describe('realtime-notifications', () => {
  it('new_notification', () =>
    pact
      .addAsynchronousInteraction()
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .given(
        ...state('incomingRequest', {
          id: OTHER.id,
          userId: MEMBER.userId,
          requestId: RECOMMENDATION.requestId,
        }),
      )
      .expectsToReceive('a new_notification event about a match request', (builder) => {
        builder
          .withJSONContent({
            id: like(NOTIFICATION.notificationId),
            body: like('Chidi sent you a match request'),
            related_id: like(RECOMMENDATION.requestId),
            profilePhoto: url(`https://api.example.com/media/${OTHER.id}-profile.png`),
            created_at: instant(),
          })
          .withMetadata(eventMetadata('new_notification', '/notifications'));
      })
      .executeTest(async (message) => {
        const content = message.contents.content;
        const handled = received<NewNotificationEvent>(
          (handler) => harness.client.realtime.notifications.on('new_notification', handler),
          content,
        );
        harness.emit('/notifications', 'new_notification', content);
        expect((await handled).related_id).toBe(RECOMMENDATION.requestId);
      }));
});
