/**
 * @matchmaker/sdk: the browser-safe entry. Node-only pieces (FileTokenStore) are in
 * `@matchmaker/sdk/node`.
 */
export { type ClientOptions, createClient, type MatchmakerClient } from './client';
export * from './constants';
export type {
  Access,
  BodyOf,
  CallInput,
  CallOptions,
  EndpointDef,
  HttpMethod,
  ParamsOf,
  Provider,
  QueryOf,
  ResultOf,
} from './endpoints/define';
export {
  type EndpointCatalogue,
  type EndpointId,
  endpointGroups,
  endpointList,
  endpoints,
  getEndpoint,
} from './endpoints/index';
export {
  AbortedError,
  ContractError,
  HttpError,
  isAbortedError,
  isContractError,
  isHttpError,
  isIgnoredInReporting,
  isMatchmakerError,
  isNetworkError,
  isNotLoggedInError,
  isSuspendedError,
  isTimeoutError,
  MatchmakerError,
  type MatchmakerErrorCode,
  NetworkError,
  NotLoggedInError,
  SuspendedError,
  TimeoutError,
} from './errors';
export * from './flows/index';
export {
  type ChannelDisconnectInfo,
  type ChannelEvents,
  type ChannelLifecycleEvents,
  type ChannelPermission,
  type ChannelReconnectInfo,
  type ChannelState,
  type ChatChannel,
  type ChatEventPayloads,
  type ChatPresence,
  type ChatPresenceOptions,
  type ChatPresenceSnapshot,
  chatClientEventSchemas,
  chatEventSchemas,
  createChatPresence,
  createRealtime,
  DEFAULT_CHAT_NAMESPACE,
  DEFAULT_NOTIFICATIONS_NAMESPACE,
  DEFAULT_SOCKET_PATH,
  DEFAULT_TYPING_TIMEOUT_MS,
  type EventPayloads,
  type EventSchemas,
  type NotificationChannel,
  type NotificationEventPayloads,
  notificationEventSchemas,
  type PresenceEntry,
  type Realtime,
  type RealtimeChannel,
  type RealtimeContext,
  type RealtimeOptions,
  type RealtimeSession,
  realtimeOrigin,
  reconnectDelay,
  type TypingInput,
  typingInputSchema,
} from './realtime/index';
export * from './rules/index';
export * from './schemas/index';
export {
  BODY_LIMITS,
  type BodyLimits,
  boundedBody,
  boundedList,
  boundedText,
  jsonLimitBreach,
  MAX_IDS,
  TEXT_LIMITS,
} from './schemas/limits';
export type { Services } from './services/index';
export {
  type CookieJar,
  CookieTokenStore,
  type CookieTokenStoreOptions,
  findStaleCookies,
  parseCookies,
} from './session/cookie-store';
export {
  LOGOUT_NOTICES,
  type LockManagerLike,
  type LogoutInfo,
  type LogoutReason,
  Session,
  type SessionEvents,
} from './session/session';
export { MemoryTokenStore, type TokenStore } from './session/token-store';
export { isRetryable, type RetryInfo, sleep } from './transport/retry';
