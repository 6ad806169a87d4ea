/**
 * Provider states of matching and chat: mutual matches with their room, notifications,
 * recommendations, match requests and activity, messages, shared files, blocks.
 */

import { newMessagePayload } from '../../core/events';
import { notify } from '../../domain/notify';
import { DAY_MS } from '../../seed/clock';
import { ensureMember, ensureMutual, ensureProfilePhoto, putRequest, realtimeOf } from '../fixtures';
import type { ContractStateHandlers } from '../state-handler';
import { count, member, opt, str } from './params';

export const socialStates = {
  'members {userId} and {matchId} are mutual matches with the chat room {room}': {
    description: 'Both members accepted a match and share the chat room room.',
    setup(world, params) {
      const room = ensureMutual(
        world,
        member(world, params, 'userId'),
        member(world, params, 'matchId'),
        str(params, 'room'),
      );
      return { matchId: str(params, 'matchId'), room: room.id };
    },
  },

  'member {userId} has the notification {notificationId}': {
    description:
      "The member's only notification: unread, about a match request of another member who has a profile photo.",
    setup(world, params) {
      const user = member(world, params, 'userId');
      const notificationId = str(params, 'notificationId');
      const actor = ensureMember(world, `${user.keycloakId}-admirer`);
      ensureProfilePhoto(world, actor);
      const request = putRequest(world, world.store.nextId('mr'), actor, user, 'PENDING');
      // The member's only notification: earlier interactions (match requests, messages) leave
      // notifications of their own, about actors that may have no photo.
      world.store.data.notifications = world.store.data.notifications.filter(
        (entry) => entry.id !== notificationId && entry.user_id !== user.keycloakId,
      );
      world.store.data.notifications.push({
        id: notificationId,
        user_id: user.keycloakId,
        actor_id: actor.keycloakId,
        type: 'MATCH_REQUEST',
        body: `${actor.first_name} sent you a match request`,
        related_id: request.id,
        read: false,
        created_at: world.nowIso(),
      });
      return { notificationId };
    },
  },

  'member {userId} has no notifications': {
    description: 'The member has no notifications at all.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      world.store.data.notifications = world.store.data.notifications.filter(
        (entry) => entry.user_id !== user.keycloakId,
      );
      return {};
    },
  },

  'member {userId} has the recommendation {recommendationId} of member {id}': {
    description: 'Member id, with a public profile photo, is recommended to member userId (pending).',
    setup(world, params) {
      const user = member(world, params, 'userId');
      const other = member(world, params, 'id');
      ensureProfilePhoto(world, other);
      const recommendationId = str(params, 'recommendationId');
      const now = world.nowIso();
      world.store.data.recommendations = world.store.data.recommendations.filter(
        (rec) => rec.id !== recommendationId,
      );
      // Top score, so it is on the first page.
      world.store.data.recommendations.push({
        id: recommendationId,
        user_id: user.keycloakId,
        recipient_id: other.keycloakId,
        status: 'PENDING',
        score: 1,
        created_at: now,
        updated_at: now,
      });
      return { recommendationId };
    },
  },

  'member {userId} has {count} pending recommendations': {
    description:
      'Exactly count pending recommendations of the member (others removed), each of another active member.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      const total = count(params);
      const now = world.nowIso();
      const kept = world.store.data.recommendations.filter(
        (rec) => !(rec.user_id === user.keycloakId && rec.status === 'PENDING'),
      );
      for (let n = 1; n <= total; n++) {
        const candidate = ensureMember(world, `${user.keycloakId}-candidate-${n}`);
        kept.push({
          id: `${user.keycloakId}-recommendation-${n}`,
          user_id: user.keycloakId,
          recipient_id: candidate.keycloakId,
          status: 'PENDING',
          score: 1 - n / (total + 1),
          created_at: now,
          updated_at: now,
        });
      }
      world.store.data.recommendations = kept;
      return {};
    },
  },

  'member {userId} has no recommendations': {
    description: 'The member has no pending recommendations.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      world.store.data.recommendations = world.store.data.recommendations.filter(
        (rec) => rec.user_id !== user.keycloakId,
      );
      return {};
    },
  },

  'member {id} sent member {userId} the match request {requestId}': {
    description: 'Member id, with a public profile photo, has a pending match request to member userId.',
    setup(world, params) {
      const sender = member(world, params, 'id');
      ensureProfilePhoto(world, sender);
      const request = putRequest(
        world,
        str(params, 'requestId'),
        sender,
        member(world, params, 'userId'),
        'PENDING',
      );
      return { requestId: request.id };
    },
    /** The `new_notification` the recipient gets for the request, through the notifications namespace. */
    trigger(world, params) {
      const sender = member(world, params, 'id');
      notify(world, world.publicUrl, {
        user_id: str(params, 'userId'),
        actor_id: sender.keycloakId,
        type: 'MATCH_REQUEST',
        body: `${sender.first_name} sent you a match request`,
        related_id: str(params, 'requestId'),
      });
    },
  },

  'members used search filters and exchanged match requests between {start} and {end}': {
    description: 'Filter uses and match requests (created, accepted, rejected) dated within the range.',
    setup(world, params) {
      const start = Date.parse(str(params, 'start'));
      const end = Date.parse(str(params, 'end'));
      if (Number.isNaN(start) || Number.isNaN(end)) throw new Error('start and end must be dates');
      const middle = start + Math.max(0, Math.floor((end - start) / 2 / DAY_MS)) * DAY_MS + 9 * 3_600_000;
      const at = new Date(middle).toISOString();
      const a = ensureMember(world, 'pact-activity-a');
      const b = ensureMember(world, 'pact-activity-b');
      const c = ensureMember(world, 'pact-activity-c');
      const made = [
        putRequest(world, 'pact-activity-1', a, b, 'ACCEPTED'),
        putRequest(world, 'pact-activity-2', b, c, 'REJECTED'),
        putRequest(world, 'pact-activity-3', c, a, 'PENDING'),
      ];
      for (const request of made) {
        request.created_at = at;
        request.updated_at = at;
      }
      const date = at.slice(0, 10);
      if (!world.store.data.filterUses.some((use) => use.date === date)) {
        world.store.data.filterUses.push(
          { filter: 'religion', value: 'christian', date },
          { filter: 'age_range', value: '26-30', date },
        );
      }
      return {};
    },
  },

  'member {matchId} sent member {userId} the message {messageId} in the chat room {room}': {
    description: 'An unread message from matchId to userId in the room.',
    setup(world, params) {
      const sender = member(world, params, 'matchId');
      const recipient = member(world, params, 'userId');
      const room = ensureMutual(world, recipient, sender, str(params, 'room'));
      const messageId = str(params, 'messageId');
      const list = world.store.messages(room.id);
      const kept = list.filter((message) => message.id !== messageId);
      list.length = 0;
      list.push(...kept);
      const now = world.now();
      list.push({
        id: messageId,
        room: room.id,
        user_id: sender.keycloakId,
        recipient_id: recipient.keycloakId,
        message: 'Salam! Are you free to talk this evening?',
        file: null,
        status: 'DELIVERED',
        unix_timestamp: Math.floor(now / 1000),
        created_at: new Date(now).toISOString(),
      });
      return { messageId };
    },
    /** The `new_message` the recipient gets, through the chat namespace. */
    trigger(world, params) {
      const roomId = str(params, 'room');
      const messageId = str(params, 'messageId');
      const message = world.store.messages(roomId).find((entry) => entry.id === messageId);
      if (!message) throw new Error(`message ${messageId} is not in room ${roomId}; set up the state first`);
      realtimeOf(world).emitChat(
        message.recipient_id,
        'new_message',
        newMessagePayload(world, world.publicUrl, message, world.store.user(message.user_id)),
      );
    },
  },

  'the chat room {room} holds {count} messages from member {matchId} to member {userId}, numbered in the order they were sent':
    {
      description:
        'Exactly count messages in the room, from matchId to userId, the text of the n-th sent being "Message n", one minute apart.',
      setup(world, params) {
        const sender = member(world, params, 'matchId');
        const recipient = member(world, params, 'userId');
        const room = ensureMutual(world, recipient, sender, str(params, 'room'));
        const total = count(params);
        const list = world.store.messages(room.id);
        list.length = 0;
        const last = world.now();
        for (let n = 1; n <= total; n++) {
          const at = last - (total - n) * 60_000;
          list.push({
            id: `${room.id}-message-${n}`,
            room: room.id,
            user_id: sender.keycloakId,
            recipient_id: recipient.keycloakId,
            message: `Message ${n}`,
            file: null,
            status: 'DELIVERED',
            unix_timestamp: Math.floor(at / 1000),
            created_at: new Date(at).toISOString(),
          });
        }
        return {};
      },
    },

  'the chat room {room} has no messages': {
    description: 'The room exists and holds no messages.',
    setup(world, params) {
      const roomId = str(params, 'room');
      let room = world.store.room(roomId);
      if (!room) {
        // Without a matches state before it, the room joins the two first demo members.
        const a = ensureMember(
          world,
          opt(params, 'userId') ?? world.store.userByEmail('member1@sandbox.test')?.keycloakId,
        );
        const b = ensureMember(world, opt(params, 'matchId'));
        room = ensureMutual(world, a, b, roomId);
      }
      world.store.messages(room.id).length = 0;
      return {};
    },
  },

  'member {matchId} shared the file {filename} in the chat room {room}': {
    description: 'A PNG file sent in the room by matchId.',
    setup(world, params) {
      const sender = member(world, params, 'matchId');
      const roomId = str(params, 'room');
      const filename = str(params, 'filename');
      if (!world.store.room(roomId))
        throw new Error(`chat room ${roomId} does not exist; set up the mutual match first`);
      world.store.data.chatFiles[filename] = {
        filename,
        room: roomId,
        user_id: sender.keycloakId,
        content_type: 'image/png',
        data: null,
      };
      return { filename };
    },
  },

  'member {userId} blocked member {id}': {
    description: 'Member id is on the block list of member userId.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      const other = member(world, params, 'id');
      const list = new Set(world.store.blocksOf(user.keycloakId));
      list.add(other.keycloakId);
      world.store.data.blocks[user.keycloakId] = [...list];
      return {};
    },
  },
} satisfies ContractStateHandlers;
