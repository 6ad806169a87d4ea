/**
 * Provider states of the realtime (message) pacts. The verifier connects a socket as the member
 * the pact names (with the token of `a member {userId} is logged in`), then asks each state to
 * trigger its event; the event reaches that socket through the sandbox's socket.io namespaces.
 */
import { activePayload, onlineEntry } from '../../core/event-payloads';
import type { World } from '../../core/world';
import { login, putAccessToken, realtimeOf } from '../fixtures';
import type { ContractStateHandlers } from '../state-handler';
import { member, str } from './params';

/** How long the token of the expiry state lives: long enough to connect, short enough to wait for. */
export const EXPIRING_TOKEN_MS = 1_500;

/** The other member of a room. */
function otherMember(world: World, roomId: string, userId: string): string {
  const room = world.store.room(roomId);
  if (!room) throw new Error(`chat room ${roomId} does not exist; set up the mutual match first`);
  const other = room.members.find((id) => id !== userId);
  if (!other) throw new Error(`chat room ${roomId} has no member besides ${userId}`);
  return other;
}

export const realtimeStates = {
  'member {matchId} is typing in the chat room {room}': {
    description:
      'Member matchId exists; the trigger sends `active` (typing) to the other member of the room.',
    setup(world, params) {
      member(world, params, 'matchId');
      return {};
    },
    trigger(world, params) {
      const matchId = str(params, 'matchId');
      const room = str(params, 'room');
      realtimeOf(world).emitChat(
        otherMember(world, room, matchId),
        'active',
        activePayload(room, matchId, true),
      );
    },
  },

  'member {matchId} is online': {
    description:
      'Member matchId exists; the trigger tells each connected mutual match that matchId is online (`online_chats`).',
    setup(world, params) {
      member(world, params, 'matchId');
      return {};
    },
    trigger(world, params) {
      const matchId = str(params, 'matchId');
      const realtime = realtimeOf(world);
      for (const room of world.store.roomsOf(matchId)) {
        const other = otherMember(world, room.id, matchId);
        if (!realtime.isOnline(other)) continue;
        const others = realtime.onlineContacts(other).filter((entry) => entry.user_id !== matchId);
        realtime.emitChat(other, 'online_chats', [onlineEntry(matchId, room.id), ...others]);
      }
    },
  },

  'the access token of member {userId} expires while the chat channel is connected': {
    description: `Answers an accessToken of the member that expires ${EXPIRING_TOKEN_MS} ms later; a chat socket connected with it receives \`token_expired\`.`,
    setup(world, params) {
      const user = member(world, params, 'userId');
      const session = login(world, user);
      putAccessToken(world, session.accessToken, user, world.now() + EXPIRING_TOKEN_MS);
      return { accessToken: session.accessToken };
    },
  },
} satisfies ContractStateHandlers;
