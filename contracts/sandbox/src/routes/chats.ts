/** /api/chats/v2: rooms, messages (with realtime delivery), files, blocks and reports. */

import { newMessagePayload } from '../core/events';
import { messageView, profilePhotoUrl, roomView } from '../core/views';
import type { World } from '../core/world';
import { chatFileBytes } from '../domain/files';
import { isAdminUser } from '../http/access';
import { fieldError, notAllowed, notFound, notYourself } from '../http/api-error';
import { dict, own } from '../state/dict';
import type { ChatFileRecord, MessageRecord, MessageStatus, RoomRecord, UserRecord } from '../state/types';
import type { HandlerMap } from './types';

const STATUSES: Record<string, MessageStatus> = {
  read: 'READ',
  seen: 'READ',
  delivered: 'DELIVERED',
  sent: 'SENT',
  unread: 'DELIVERED',
};

/** A room by its id, or by the other member's id (clients sometimes name a chat by its member). */
function roomFor(world: World, user: UserRecord, key: string | number): RoomRecord {
  const room = world.store.room(String(key)) ?? world.store.roomBetween(user.keycloakId, String(key));
  if (!room || (!room.members.includes(user.keycloakId) && !isAdminUser(user))) throw notFound('Chat room');
  return room;
}

function lastActivity(world: World, room: RoomRecord): string {
  const messages = world.store.messages(room.id);
  return messages[messages.length - 1]?.created_at ?? room.created_at;
}

/**
 * The file a message may carry: one the sender uploaded (`images.uploadContact`) that is not yet
 * in another room. Naming someone else's file would hand its bytes to the recipient (and the
 * sender), so it is refused rather than dropped.
 */
function attachableFile(
  world: World,
  sender: UserRecord,
  name: unknown,
  room: RoomRecord | undefined,
): ChatFileRecord | undefined {
  if (name === undefined || name === null || name === '') return undefined;
  const record = typeof name === 'string' ? world.store.chatFile(name) : undefined;
  if (!record || record.user_id !== sender.keycloakId || (record.room !== '' && record.room !== room?.id))
    throw fieldError('body.file', 'No such file among your uploads (images.uploadContact)');
  return record;
}

export const chatsHandlers: HandlerMap<'chats'> = {
  'chats.listRooms': ({ world, user, baseUrl }) => {
    const rooms = world.store
      .roomsOf(user.keycloakId)
      .map((room) => ({ room, at: lastActivity(world, room) }))
      .sort((a, b) => (a.at < b.at ? 1 : -1));
    return { rooms: rooms.map(({ room }) => roomView(world, baseUrl, room, user.keycloakId)) };
  },

  'chats.listMessages': ({ world, user, params, query }) => {
    const room = roomFor(world, user, params.room);
    const messages = world.store.messages(room.id);
    // Page 1 holds the newest messages; each page is in chronological order. Pages are 1-based
    // and page 0 reads as page 1, as in every other paged answer.
    const page = Math.max(query.page, 1);
    const perPage = query.per_page;
    const total = messages.length;
    const endIndex = total - (page - 1) * perPage;
    const slice = endIndex > 0 ? messages.slice(Math.max(0, endIndex - perPage), endIndex) : [];
    return {
      room: room.id,
      messages: slice.map(messageView),
      page,
      per_page: perPage,
      total,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
    };
  },

  'chats.sendMessage': ({ world, user, body, baseUrl }) => {
    const recipient = world.store.user(body.recipient_id);
    if (!recipient || recipient.is_deleted) throw notFound('Recipient');
    if (recipient === user) throw notYourself('You cannot message yourself');
    if (
      world.store.isBlocked(recipient.keycloakId, user.keycloakId) ||
      world.store.isBlocked(user.keycloakId, recipient.keycloakId)
    ) {
      throw notAllowed('This conversation is blocked');
    }
    const existing = world.store.roomBetween(user.keycloakId, recipient.keycloakId);
    if (!existing && !world.store.mutualIds(user.keycloakId).includes(recipient.keycloakId)) {
      throw notAllowed('You can only message your mutual matches');
    }
    // Checked before anything changes, so a refused file leaves no new room behind.
    const record = attachableFile(world, user, (body as Record<string, unknown>).file, existing);
    const now = world.now();
    const room =
      existing ?? world.store.ensureRoom(user.keycloakId, recipient.keycloakId, new Date(now).toISOString());
    const file = record ? record.filename : null;
    if (record && !record.room) record.room = room.id;
    const online = world.realtime.isOnline(recipient.keycloakId);
    const message: MessageRecord = {
      id: world.store.nextId('msg'),
      room: room.id,
      user_id: user.keycloakId,
      recipient_id: recipient.keycloakId,
      message: body.message,
      file,
      status: online ? 'DELIVERED' : 'SENT',
      unix_timestamp: Math.floor(now / 1000),
      created_at: new Date(now).toISOString(),
    };
    world.store.messages(room.id).push(message);
    world.realtime.emitChat(
      recipient.keycloakId,
      'new_message',
      newMessagePayload(world, baseUrl, message, user),
    );
    return messageView(message);
  },

  'chats.updateMessageStatus': ({ world, user, body }) => {
    const status = own(STATUSES, body.status.trim().toLowerCase());
    if (!status) throw fieldError('body.status', 'Status must be READ, DELIVERED or SENT');
    const wanted = new Set(body.ids.map(String));
    let updated = 0;
    for (const room of world.store.roomsOf(user.keycloakId)) {
      for (const message of world.store.messages(room.id)) {
        if (!wanted.has(message.id) || message.recipient_id !== user.keycloakId) continue;
        message.status = status;
        updated += 1;
      }
    }
    return { message: 'Messages updated', status, updated };
  },

  'chats.unreadCount': ({ world, user }) => {
    const byRoom = dict<number>();
    let count = 0;
    for (const room of world.store.roomsOf(user.keycloakId)) {
      let unread = 0;
      for (const message of world.store.messages(room.id)) {
        if (message.recipient_id === user.keycloakId && message.status !== 'READ') unread += 1;
      }
      if (unread > 0) byRoom[room.id] = unread;
      count += unread;
    }
    return { count, unread: count, by_room: byRoom };
  },

  'chats.getFile': ({ world, user, params }) => {
    const file = world.store.chatFile(params.filename);
    if (!file) throw notFound('File');
    const room = file.room ? world.store.room(file.room) : undefined;
    const allowed =
      file.user_id === user.keycloakId || room?.members.includes(user.keycloakId) || isAdminUser(user);
    if (!allowed) throw notFound('File');
    return chatFileBytes(file);
  },

  'chats.updateBlocks': ({ world, user, body }) => {
    const other = world.store.user(body.user_id);
    if (!other) throw notFound('Member');
    if (other === user) throw notYourself('You cannot block or unblock yourself');
    const list = new Set(world.store.blocksOf(user.keycloakId));
    if (body.blocked) list.add(other.keycloakId);
    else list.delete(other.keycloakId);
    world.store.data.blocks[user.keycloakId] = [...list];
    return {
      message: body.blocked ? 'Member blocked' : 'Member unblocked',
      user_id: other.keycloakId,
      blocked: body.blocked,
      blocks: [...list],
    };
  },

  'chats.listBlocks': ({ world, user, baseUrl }) => ({
    blocks: world.store.blocksOf(user.keycloakId).map((id) => {
      const other = world.store.user(id);
      return {
        user_id: id,
        username: other?.username ?? null,
        first_name: other?.first_name ?? null,
        last_name: other?.last_name ?? null,
        profilePhoto: profilePhotoUrl(world, baseUrl, id),
      };
    }),
  }),

  'chats.report': ({ world, user, body }) => {
    const reported = world.store.user(body.reported_user_id);
    if (!reported) throw notFound('Member');
    if (reported === user) throw notYourself('You cannot report yourself');
    const { reported_user_id: _reported, reason, ...details } = body;
    const report = {
      id: world.store.nextId('report'),
      user_id: user.keycloakId,
      reported_id: reported.keycloakId,
      reason,
      details,
      created_at: world.nowIso(),
    };
    world.store.data.reports.push(report);
    return { message: 'Report received', report };
  },
};
