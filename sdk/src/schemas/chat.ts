import * as z from 'zod/mini';
import { CHAT_MESSAGES_PAGE_SIZE } from '../constants';
import { anyJson, count, id, messageAnswerSchema, page, pagingSchema, timestamp } from './common';
import { boundedBody, boundedList, boundedText, TEXT_LIMITS } from './limits';

/**
 * Chat rooms, messages and the chat channel's realtime events (SPEC.md sections 3, 4 and 7).
 * SPEC.md names the room's and messages' fields without types; the message text field is the
 * SDK's choice (`message`), and the statuses and the rest are the reference provider's, proposed
 * as the contract. The realtime events are read leniently (see below).
 */

/** Delivery state of a message; the client counts what is not READ as unread. */
export const messageStatusSchema = z.enum(['SENT', 'DELIVERED', 'READ']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const chatMessageSchema = z.looseObject({
  id,
  room: id,
  user_id: id,
  recipient_id: id,
  message: z.string(),
  /** The file name of an attachment (`chats.getFile`), or null. */
  file: z.optional(z.nullable(z.string())),
  status: messageStatusSchema,
  /** Seconds since the epoch. */
  unix_timestamp: z.int().check(z.nonnegative()),
  created_at: timestamp,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A room as the caller sees it: the other member's names and presence, and the latest messages. */
export const chatRoomSchema = z.looseObject({
  id,
  room: z.optional(id),
  /** The other member. */
  user_id: id,
  recipient_id: z.optional(id),
  username: z.nullable(z.string()),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  /** Null (or absent) while the member has no profile photo. */
  profilePhoto: z.optional(z.nullable(z.string())),
  online: z.boolean(),
  isTyping: z.boolean(),
  blocked: z.optional(z.boolean()),
  unread_count: z.optional(count),
  message_count: z.optional(count),
  /** The latest messages, oldest first. */
  recent_messages: z.array(chatMessageSchema),
  created_at: timestamp,
  updated_at: z.optional(timestamp),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** `GET /chats/rooms`: the rooms, most recently active first. */
export const chatRoomListSchema = z.looseObject({ rooms: z.array(chatRoomSchema) });
export type ChatRoomList = z.infer<typeof chatRoomListSchema>;

/** `GET /chats/rooms/{room}/messages`: page 1 holds the newest messages, each page oldest first. */
export const chatMessagePageSchema = z.extend(pagingSchema, {
  room: id,
  messages: z.array(chatMessageSchema),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** `PUT /chats/messages/bulk/status`: the status set and how many of the caller's messages got it. */
export const messageStatusUpdatedSchema = z.extend(messageAnswerSchema, {
  status: messageStatusSchema,
  updated: count,
});
export type MessageStatusUpdated = z.infer<typeof messageStatusUpdatedSchema>;

/** `GET /chats/messages/unread/count`: the unread total (`count`) and per room. */
export const unreadCountSchema = z.looseObject({
  count,
  unread: z.optional(count),
  by_room: z.optional(z.record(z.string(), count)),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `PUT /chats/blocks`: the member's block state and the caller's whole block list. */
export const blockUpdatedSchema = z.extend(messageAnswerSchema, {
  user_id: id,
  blocked: z.boolean(),
  blocks: z.optional(z.array(id)),
});
export type BlockUpdated = z.infer<typeof blockUpdatedSchema>;

export const blockedMemberSchema = z.looseObject({
  user_id: id,
  username: z.nullable(z.string()),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  profilePhoto: z.optional(z.nullable(z.string())),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** `GET /chats/blocks`: the members the caller blocked. */
export const blockListSchema = z.looseObject({ blocks: z.array(blockedMemberSchema) });
export type BlockList = z.infer<typeof blockListSchema>;

/** `POST /reports/reports`: the report as filed. */
export const reportFiledSchema = z.extend(messageAnswerSchema, {
  report: z.looseObject({
    id,
    user_id: id,
    reported_id: z.nullable(id),
    reason: z.string(),
    details: z.optional(z.looseObject({})),
    created_at: timestamp,
  }),
});
export type ReportFiled = z.infer<typeof reportFiledSchema>;

/** `?page=&per_page=20`: the page size is fixed by the contract. */
export const chatMessagesQuerySchema = z.object({ page, per_page: z.literal(CHAT_MESSAGES_PAGE_SIZE) });
export interface ChatMessagesInput {
  page: number;
}

/** Body of `POST /chats/messages`: the recipient and the text, plus anything else as given. */
export const sendMessageSchema = boundedBody(
  z.looseObject({
    recipient_id: id,
    message: boundedText(TEXT_LIMITS.message),
  }),
);
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * Body of `PUT /chats/messages/bulk/status`. SPEC.md does not show the status values; they are the
 * message statuses the answers carry (`messageStatusSchema`), so a client marks messages READ.
 */
export const messageStatusUpdateSchema = boundedBody(
  z.object({
    ids: boundedList(id),
    status: messageStatusSchema,
  }),
);
export type MessageStatusUpdate = z.input<typeof messageStatusUpdateSchema>;

/** Body of `PUT /chats/blocks`: blocks (`true`) or unblocks (`false`) one member. Not shown in SPEC.md. */
export const blockUpdateSchema = boundedBody(
  z.looseObject({
    user_id: id,
    blocked: z.boolean(),
  }),
);
export type BlockUpdate = z.input<typeof blockUpdateSchema>;

/** Body of `POST /reports/reports`: the reported member and why. Not shown in SPEC.md. */
export const chatReportSchema = boundedBody(
  z.looseObject({
    reported_user_id: id,
    reason: boundedText(TEXT_LIMITS.text).check(z.minLength(1)),
  }),
);
export type ChatReport = z.input<typeof chatReportSchema>;

/* Realtime events of the chat channel. SPEC.md gives only their names; the shapes below are the SDK's
 * assumptions, kept lenient so that an unexpected but harmless payload is never dropped. */

/**
 * `new_message`: one chat message, as in the messages list, read with every field optional so a
 * live message is never dropped over a field the chat view can do without.
 */
export const newMessageEventSchema = z.looseObject({
  id: z.optional(id),
  room: z.optional(z.nullable(id)),
  user_id: z.optional(z.nullable(id)),
  recipient_id: z.optional(z.nullable(id)),
  message: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
  /** Seconds or milliseconds since the epoch, as a number or a numeric string. */
  unix_timestamp: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  created_at: z.optional(z.nullable(z.string())),
});
export type NewMessageEvent = z.infer<typeof newMessageEventSchema>;

/** `active`: someone is (or stopped) typing; names the room and/or the member. */
export const activeEventSchema = z.looseObject({
  room: z.optional(z.nullable(id)),
  user_id: z.optional(z.nullable(id)),
  isTyping: z.optional(z.nullable(z.boolean())),
});
export type ActiveEvent = z.infer<typeof activeEventSchema>;

/** One entry of `online_chats`: a member id, or a record naming the member and/or the room. */
export const onlineChatEntrySchema = z.union([
  id,
  z.looseObject({
    user_id: z.optional(z.nullable(id)),
    room: z.optional(z.nullable(id)),
    online: z.optional(z.nullable(z.boolean())),
  }),
]);
export type OnlineChatEntry = z.infer<typeof onlineChatEntrySchema>;

/** `online_chats`: who is online, as a bare list or wrapped as `{users}` or `{rooms}`. */
export const onlineChatsEventSchema = z.union([
  z.array(onlineChatEntrySchema),
  z.looseObject({
    users: z.optional(z.nullable(z.array(onlineChatEntrySchema))),
    rooms: z.optional(z.nullable(z.array(onlineChatEntrySchema))),
  }),
]);
export type OnlineChatsEvent = z.infer<typeof onlineChatsEventSchema>;

/**
 * `token_expired`: any payload (or none). Only the event matters, since it starts a token refresh,
 * so no payload may ever make it fail validation.
 */
export const tokenExpiredEventSchema = anyJson;
export type TokenExpiredEvent = z.infer<typeof tokenExpiredEventSchema>;

/**
 * The ids an `online_chats` event reports as online, as strings: bare ids, `user_id` and `room` of
 * records (records with `online: false` are skipped), from a bare list or from `users`/`rooms`.
 */
export function onlineChatIds(event: OnlineChatsEvent): string[] {
  const entries = Array.isArray(event) ? event : [...(event.users ?? []), ...(event.rooms ?? [])];
  const ids = new Set<string>();
  for (const entry of entries) {
    if (typeof entry === 'string' || typeof entry === 'number') {
      ids.add(String(entry));
      continue;
    }
    if (entry.online === false) continue;
    if (entry.user_id !== undefined && entry.user_id !== null) ids.add(String(entry.user_id));
    if (entry.room !== undefined && entry.room !== null) ids.add(String(entry.room));
  }
  return [...ids];
}
