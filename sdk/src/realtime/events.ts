import * as z from 'zod/mini';
import {
  activeEventSchema,
  newMessageEventSchema,
  onlineChatsEventSchema,
  tokenExpiredEventSchema,
} from '../schemas/chat';
import { id } from '../schemas/common';
import { newNotificationEventSchema } from '../schemas/notification';

/**
 * The events each channel receives, by name, with the zod schema of their payload (SPEC.md
 * section 4). The sandbox emits from the same table, so client and server cannot drift apart.
 */
export const notificationEventSchemas = {
  new_notification: newNotificationEventSchema,
} as const;

export const chatEventSchemas = {
  new_message: newMessageEventSchema,
  active: activeEventSchema,
  online_chats: onlineChatsEventSchema,
  token_expired: tokenExpiredEventSchema,
} as const;

export type EventSchemas = Readonly<Record<string, z.ZodMiniType>>;

/** Payload type of each event of a schema table, as subscribers receive it (after parsing). */
export type EventPayloads<S extends EventSchemas> = { [K in keyof S]: z.output<S[K]> };

export type NotificationEventPayloads = EventPayloads<typeof notificationEventSchemas>;
export type ChatEventPayloads = EventPayloads<typeof chatEventSchemas>;

/** Why a channel stopped or dropped; `reconnect` is set when the channel will try again by itself. */
export interface ChannelDisconnectInfo {
  /** socket.io's reason ('transport close', 'io server disconnect', ...) or the SDK's own. */
  reason: string;
  reconnect: boolean;
}

export interface ChannelReconnectInfo {
  /** 0 for the first retry after a drop or a failed attempt. */
  attempt: number;
  delayMs: number;
  /** What made the previous attempt or connection fail. */
  error?: unknown;
}

/** Connection state events every channel has besides its server events. */
export interface ChannelLifecycleEvents {
  connect: () => void;
  disconnect: (info: ChannelDisconnectInfo) => void;
  /** A retry is scheduled after `delayMs` (1 to 5 s). */
  reconnecting: (info: ChannelReconnectInfo) => void;
}

/** Everything `channel.on` accepts: the server events (typed payloads) and the lifecycle events. */
export type ChannelEvents<P> = { [K in keyof P]: (payload: P[K]) => void } & ChannelLifecycleEvents;

/**
 * What the client sends as `typing`: the room or the other member, and whether typing started or
 * stopped. The server turns it into `active` for the other member of the room.
 */
export const typingInputSchema = z
  .object({
    room: z.optional(id),
    recipient_id: z.optional(id),
    isTyping: z.boolean(),
  })
  .check(
    z.refine((input) => input.room !== undefined || input.recipient_id !== undefined, {
      message: 'room or recipient_id is required',
    }),
  );
export type TypingInput = z.input<typeof typingInputSchema>;

/** Events the client emits on the chat channel, with their payload schemas. */
export const chatClientEventSchemas = {
  typing: typingInputSchema,
} as const;
