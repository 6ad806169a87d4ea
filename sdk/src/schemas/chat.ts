import { z } from 'zod';
import { CHAT_MESSAGES_PAGE_SIZE } from '../constants';
import { anyJson, id, page } from './common';
import { boundedBody, boundedList, boundedText, TEXT_LIMITS } from './limits';

/**
 * Chat rooms, messages and the chat channel's realtime events (SPEC.md sections 3, 4 and 7).
 * SPEC.md names the fields without types and does not show the events' payloads, so answer and
 * event fields are all optional and unknown keys are kept. The message text field is the SDK's
 * choice (`message`): SPEC.md does not name it.
 */
export const chatMessageSchema = z.looseObject({
  id: id.optional(),
  /** The room the message belongs to, when the backend says so. */
  room: id.nullable().optional(),
  user_id: id.nullable().optional(),
  recipient_id: id.nullable().optional(),
  message: z.string().nullable().optional(),
  /** Delivery state (for example read or unread); the values are not shown in SPEC.md. */
  status: z.string().nullable().optional(),
  /** Seconds or milliseconds since the epoch, as a number or a numeric string; SPEC.md does not say. */
  unix_timestamp: z.union([z.number(), z.string()]).nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.looseObject({
  id: id.optional(),
  recent_messages: z.array(chatMessageSchema).nullable().optional(),
  /** The other member of the room. */
  username: z.string().nullable().optional(),
  profilePhoto: z.string().nullable().optional(),
  online: z.boolean().nullable().optional(),
  isTyping: z.boolean().nullable().optional(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

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

/** Body of `PUT /chats/messages/bulk/status`; status values (such as 'READ') are not shown in SPEC.md. */
export const messageStatusUpdateSchema = boundedBody(
  z.object({
    ids: boundedList(id),
    status: boundedText(TEXT_LIMITS.name).min(1),
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
    reason: boundedText(TEXT_LIMITS.text).min(1),
  }),
);
export type ChatReport = z.input<typeof chatReportSchema>;

/* Realtime events of the chat channel. SPEC.md gives only their names; the shapes below are the SDK's
 * assumptions, kept lenient so that an unexpected but harmless payload is never dropped. */

/** `new_message`: one chat message, as in the messages list. */
export const newMessageEventSchema = chatMessageSchema;
export type NewMessageEvent = z.infer<typeof newMessageEventSchema>;

/** `active`: someone is (or stopped) typing; names the room and/or the member. */
export const activeEventSchema = z.looseObject({
  room: id.nullable().optional(),
  user_id: id.nullable().optional(),
  isTyping: z.boolean().nullable().optional(),
});
export type ActiveEvent = z.infer<typeof activeEventSchema>;

/** One entry of `online_chats`: a member id, or a record naming the member and/or the room. */
export const onlineChatEntrySchema = z.union([
  id,
  z.looseObject({
    user_id: id.nullable().optional(),
    room: id.nullable().optional(),
    online: z.boolean().nullable().optional(),
  }),
]);
export type OnlineChatEntry = z.infer<typeof onlineChatEntrySchema>;

/** `online_chats`: who is online, as a bare list or wrapped as `{users}` or `{rooms}`. */
export const onlineChatsEventSchema = z.union([
  z.array(onlineChatEntrySchema),
  z.looseObject({
    users: z.array(onlineChatEntrySchema).nullable().optional(),
    rooms: z.array(onlineChatEntrySchema).nullable().optional(),
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
