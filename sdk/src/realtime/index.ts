/** Realtime: the notifications and chat channels (socket.io), and chat presence. */
export { reconnectDelay } from './backoff';
export type { ChannelPermission, ChannelState, RealtimeChannel } from './channel';
export type { ChatChannel } from './chat-channel';
export {
  type ChannelDisconnectInfo,
  type ChannelEvents,
  type ChannelLifecycleEvents,
  type ChannelReconnectInfo,
  type ChatEventPayloads,
  chatClientEventSchemas,
  chatEventSchemas,
  type EventPayloads,
  type EventSchemas,
  type NotificationEventPayloads,
  notificationEventSchemas,
  type TypingInput,
  typingInputSchema,
} from './events';
export {
  type ChatPresence,
  type ChatPresenceOptions,
  type ChatPresenceSnapshot,
  createChatPresence,
  DEFAULT_TYPING_TIMEOUT_MS,
  type PresenceEntry,
} from './presence';
export {
  createRealtime,
  DEFAULT_CHAT_NAMESPACE,
  DEFAULT_NOTIFICATIONS_NAMESPACE,
  DEFAULT_SOCKET_PATH,
  type NotificationChannel,
  type Realtime,
  type RealtimeContext,
  type RealtimeOptions,
  type RealtimeSession,
  realtimeOrigin,
} from './realtime';
