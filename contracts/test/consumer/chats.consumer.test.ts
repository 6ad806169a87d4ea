/** chats: rooms, messages (with an empty page), read marks, files, blocks and reports. */
import { describe, expect, it } from 'vitest';
import { BLOCKED_MATCH, MATCH, MEMBER, OTHER } from '../../src/examples';
import { paging } from '../support/bodies';
import { memberClient, PHOTO_PNG } from '../support/clients';
import {
  binary,
  boolean,
  eachLike,
  instant,
  integer,
  interaction,
  json,
  like,
  listOf,
  MESSAGE_STATUS,
  oneOf,
  pactWith,
  pageNumber,
  pathOf,
  request,
  state,
  stateValue,
} from '../support/pact';

const pact = pactWith('chats');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const mutual = state('mutualMatches', { userId: MEMBER.userId, matchId: MATCH.matchId, room: MATCH.room });
const received = state('message', {
  matchId: MATCH.matchId,
  userId: MEMBER.userId,
  messageId: MATCH.messageId,
  room: MATCH.room,
});
const token = MEMBER.accessToken;
const matchRef = stateValue('matchId', MATCH.matchId);
const firstPage = { page: pageNumber(1), per_page: '20' };
/** SPEC.md: chat history pages of 20; page 1 holds the newest, in the order they were sent. */
const HISTORY_SIZE = 25;
const history = { room: MATCH.room, matchId: MATCH.matchId, userId: MEMBER.userId };
const firstPageTexts = Array.from({ length: 20 }, (_, index) => `Message ${HISTORY_SIZE - 19 + index}`);

/** SPEC.md section 3: recipient_id, user_id, unix_timestamp and created_at; the text is `message`. */
const chatMessage = {
  id: like(MATCH.messageId),
  user_id: like(MATCH.matchId),
  room: like(MATCH.room),
  recipient_id: like(MEMBER.userId),
  message: like('Hello Amara'),
  status: oneOf(MESSAGE_STATUS, 'DELIVERED'),
  unix_timestamp: integer(1768469400),
  created_at: instant(),
};

describe('chats', () => {
  it('chats.listRooms', () =>
    interaction(pact, 'chats.listRooms', 'a member listing their chat rooms')
      .given(...loggedIn)
      .given(...mutual)
      .given(...received)
      .withRequest('GET', pathOf('chats.listRooms'), request({ token }))
      .willRespondWith(
        200,
        json({
          rooms: eachLike({
            id: like(MATCH.room),
            user_id: like(MATCH.matchId),
            username: like('chioma_obi'),
            online: boolean(false),
            isTyping: boolean(false),
            recent_messages: listOf(chatMessage),
            created_at: instant(),
          }),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.listRooms();
      }));

  it('chats.listMessages: a page of 20, the newest, oldest first', () =>
    interaction(pact, 'chats.listMessages', 'a member reading the first page of a room with 25 messages')
      .given(...loggedIn)
      .given(...mutual)
      .given(...state('chatHistory', { ...history, count: String(HISTORY_SIZE) }))
      .withRequest(
        'GET',
        pathOf('chats.listMessages', { room: MATCH.room }),
        request({ token, query: firstPage }),
      )
      // Listed element by element: the page length (per_page=20 of 25) and the order are the contract.
      .willRespondWith(
        200,
        json({
          room: like(MATCH.room),
          messages: firstPageTexts.map((text) => ({ ...chatMessage, message: text })),
          ...paging(20),
        }),
      )
      .executeTest(async (server) => {
        const page = await memberClient(server).chats.listMessages(MATCH.room, { page: 1 });
        expect(page).toMatchObject({ messages: firstPageTexts.map((message) => ({ message })) });
      }));

  it('chats.listMessages answers an empty page', () =>
    interaction(pact, 'chats.listMessages', 'a member reading the first page of an empty room')
      .given(...loggedIn)
      .given(...mutual)
      .given(...state('emptyRoom', { room: MATCH.room }))
      .withRequest(
        'GET',
        pathOf('chats.listMessages', { room: MATCH.room }),
        request({ token, query: firstPage }),
      )
      .willRespondWith(200, json({ room: like(MATCH.room), messages: [], ...paging(20, 1, 0) }))
      .executeTest(async (server) => {
        expect(await memberClient(server).chats.listMessages(MATCH.room, { page: 1 })).toMatchObject({
          messages: [],
        });
      }));

  it('chats.sendMessage', () =>
    interaction(pact, 'chats.sendMessage', 'a member sending a message to a mutual match')
      .given(...loggedIn)
      .given(...mutual)
      .withRequest(
        'POST',
        pathOf('chats.sendMessage'),
        request({ token, body: { recipient_id: matchRef, message: 'Hello Chioma' } }),
      )
      .willRespondWith(
        200,
        json({
          ...chatMessage,
          user_id: like(MEMBER.userId),
          recipient_id: like(MATCH.matchId),
          message: like('Hello Chioma'),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.sendMessage({
          recipient_id: MATCH.matchId,
          message: 'Hello Chioma',
        });
      }));

  it('chats.updateMessageStatus', () =>
    interaction(pact, 'chats.updateMessageStatus', 'a member marking a message read')
      .given(...loggedIn)
      .given(...mutual)
      .given(...received)
      .withRequest(
        'PUT',
        pathOf('chats.updateMessageStatus'),
        request({
          token,
          body: { ids: [stateValue('messageId', MATCH.messageId)], status: 'READ' },
        }),
      )
      .willRespondWith(
        200,
        json({
          message: like('Messages updated'),
          status: oneOf(MESSAGE_STATUS, 'READ'),
          updated: integer(1),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.updateMessageStatus({ ids: [MATCH.messageId], status: 'READ' });
      }));

  it('chats.unreadCount', () =>
    interaction(pact, 'chats.unreadCount', 'a member counting unread messages')
      .given(...loggedIn)
      .given(...mutual)
      .given(...received)
      .withRequest('GET', pathOf('chats.unreadCount'), request({ token }))
      .willRespondWith(200, json({ count: integer(1) }))
      .executeTest(async (server) => {
        expect(await memberClient(server).chats.unreadCount()).toEqual({ count: 1 });
      }));

  it('chats.getFile answers the file bytes', () =>
    interaction(pact, 'chats.getFile', 'a member downloading a file shared in a room')
      .given(...loggedIn)
      .given(...mutual)
      .given(...state('chatFile', { matchId: MATCH.matchId, filename: MATCH.filename, room: MATCH.room }))
      .withRequest('GET', pathOf('chats.getFile', { filename: MATCH.filename }), request({ token }))
      .willRespondWith(200, binary('image/png', PHOTO_PNG))
      .executeTest(async (server) => {
        const file = await memberClient(server).chats.getFile(MATCH.filename);
        expect(file.type).toBe('image/png');
        expect(Buffer.from(await file.arrayBuffer())).toEqual(PHOTO_PNG);
      }));

  it('chats.updateBlocks', () =>
    interaction(pact, 'chats.updateBlocks', 'a member blocking a mutual match')
      .given(...loggedIn)
      .given(...state('mutualMatches', { userId: MEMBER.userId, ...BLOCKED_MATCH }))
      .withRequest(
        'PUT',
        pathOf('chats.updateBlocks'),
        request({ token, body: { user_id: stateValue('matchId', BLOCKED_MATCH.matchId), blocked: true } }),
      )
      .willRespondWith(
        200,
        json({
          message: like('Member blocked'),
          user_id: like(BLOCKED_MATCH.matchId),
          blocked: boolean(true),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.updateBlocks({ user_id: BLOCKED_MATCH.matchId, blocked: true });
      }));

  it('chats.listBlocks', () =>
    interaction(pact, 'chats.listBlocks', 'a member listing the members they blocked')
      .given(...loggedIn)
      .given(...state('blocked', { userId: MEMBER.userId, id: OTHER.id }))
      .withRequest('GET', pathOf('chats.listBlocks'), request({ token }))
      .willRespondWith(
        200,
        json({ blocks: eachLike({ user_id: like(OTHER.id), username: like(OTHER.username) }) }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.listBlocks();
      }));

  it('chats.report', () =>
    interaction(pact, 'chats.report', 'a member reporting a mutual match')
      .given(...loggedIn)
      .given(...mutual)
      .withRequest(
        'POST',
        pathOf('chats.report'),
        request({ token, body: { reported_user_id: matchRef, reason: 'Inappropriate messages' } }),
      )
      .willRespondWith(
        200,
        json({
          message: like('Report received'),
          report: {
            id: like('pact-report-1'),
            user_id: like(MEMBER.userId),
            reported_id: like(MATCH.matchId),
            reason: like('Inappropriate messages'),
            created_at: instant(),
          },
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).chats.report({
          reported_user_id: MATCH.matchId,
          reason: 'Inappropriate messages',
        });
      }));
});
