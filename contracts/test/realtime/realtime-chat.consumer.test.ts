/**
 * realtime-chat: `new_message`, `active`, `online_chats` and `token_expired`, consumed by the SDK's
 * chat channel (token_expired also makes the SDK refresh its session).
 */
import type { ActiveEvent, NewMessageEvent } from '@matchmaker/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH, MEMBER } from '../../src/examples';
import { boolean, eachLike, instant, integer, like, state } from '../support/pact';
import {
  eventMetadata,
  messagePactWith,
  type RealtimeHarness,
  received,
  startRealtimeHarness,
} from '../support/realtime';

const pact = messagePactWith('realtime-chat');
/** The socket the verifier connects is this member's: its token comes from this state. */
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const mutual = state('mutualMatches', { userId: MEMBER.userId, matchId: MATCH.matchId, room: MATCH.room });
let harness: RealtimeHarness;

beforeAll(async () => {
  harness = await startRealtimeHarness();
});
afterAll(() => harness.close());

describe('realtime-chat', () => {
  it('new_message', () =>
    pact
      .addAsynchronousInteraction()
      .given(...loggedIn)
      .given(...mutual)
      .given(
        ...state('message', {
          matchId: MATCH.matchId,
          userId: MEMBER.userId,
          messageId: MATCH.messageId,
          room: MATCH.room,
        }),
      )
      .expectsToReceive('a new_message event from a mutual match', (builder) => {
        builder
          .withJSONContent({
            id: like(MATCH.messageId),
            room: like(MATCH.room),
            user_id: like(MATCH.matchId),
            recipient_id: like(MEMBER.userId),
            message: like('Hello Amara'),
            unix_timestamp: integer(1768469400),
            created_at: instant(),
          })
          .withMetadata(eventMetadata('new_message', '/chat'));
      })
      .executeTest(async (message) => {
        const content = message.contents.content;
        const handled = received<NewMessageEvent>(
          (handler) => harness.client.realtime.chat.on('new_message', handler),
          content,
        );
        harness.emit('/chat', 'new_message', content);
        expect((await handled).room).toBe(MATCH.room);
      }));

  it('active', () =>
    pact
      .addAsynchronousInteraction()
      .given(...loggedIn)
      .given(...mutual)
      .given(...state('typing', { matchId: MATCH.matchId, room: MATCH.room }))
      .expectsToReceive('an active event while a mutual match is typing', (builder) => {
        builder
          .withJSONContent({ room: like(MATCH.room), user_id: like(MATCH.matchId), isTyping: boolean(true) })
          .withMetadata(eventMetadata('active', '/chat'));
      })
      .executeTest(async (message) => {
        const content = message.contents.content;
        const handled = received<ActiveEvent>(
          (handler) => harness.client.realtime.chat.on('active', handler),
          content,
        );
        harness.emit('/chat', 'active', content);
        expect((await handled).isTyping).toBe(true);
      }));

  it('online_chats', () =>
    pact
      .addAsynchronousInteraction()
      .given(...loggedIn)
      .given(...mutual)
      .given(...state('online', { matchId: MATCH.matchId }))
      .expectsToReceive('an online_chats event listing the online mutual matches', (builder) => {
        builder
          .withJSONContent(
            eachLike({ user_id: like(MATCH.matchId), room: like(MATCH.room), online: boolean(true) }),
          )
          .withMetadata(eventMetadata('online_chats', '/chat'));
      })
      .executeTest(async (message) => {
        const content = message.contents.content;
        const handled = received(
          (handler) => harness.client.realtime.chat.on('online_chats', handler),
          content,
        );
        harness.emit('/chat', 'online_chats', content);
        expect(await handled).toEqual(content);
      }));

  it('token_expired', () =>
    pact
      .addAsynchronousInteraction()
      .given(...state('tokenExpiresWhileConnected', { userId: MEMBER.userId }))
      .expectsToReceive('a token_expired event when the access token expires', (builder) => {
        builder
          .withJSONContent({ message: like('Token expired'), expired_at: instant() })
          .withMetadata(eventMetadata('token_expired', '/chat'));
      })
      .executeTest(async (message) => {
        const content = message.contents.content;
        const session = harness.client.session;
        const before = await session.getAccessToken();
        const refreshed = new Promise((resolve) => session.on('refresh', resolve));
        const handled = received(
          (handler) => harness.client.realtime.chat.on('token_expired', handler),
          content,
        );
        harness.emit('/chat', 'token_expired', content);
        await handled;
        // The SDK answers token_expired with a refresh (and reconnects with the new token).
        await refreshed;
        expect(await session.getAccessToken()).not.toBe(before);
      }));
});
