/**
 * @matchmaker/sdk: the client, its errors, the token stores and the types most consumers need.
 *
 * The rest of the public surface is in subpaths, each with its own named list:
 * - `@matchmaker/sdk/schemas`: the endpoint catalogue, every request and answer schema with its
 *   type, the realtime event schemas and the body limits (the contract);
 * - `@matchmaker/sdk/rules`: the product's rules as pure functions, and SPEC.md section 9's
 *   business constants of lists, pages and the UI;
 * - `@matchmaker/sdk/node`: Node-only pieces (FileTokenStore, FileLock).
 *
 * Listed by name, on purpose: whatever is here, consumers may rely on, and nothing else leaks out
 * by accident. The transport's internals (the sender, the retry wait) stay unexported.
 */

// The client and the options of a call.
export { type ClientOptions, createClient, type MatchmakerClient } from './client';
// Retries, time limits and hooks: policies as data (SPEC.md section 9's among them), what the
// catalogue says about repeating a call, and what hooks hear of each call.
export type {
  AttemptInfo,
  CallHooks,
  CallOptions,
  ErrorInfo,
  ResponseInfo,
  RetryInfo,
  SentInput,
} from './endpoints/define';
export type { EndpointId } from './endpoints/index';
export type {
  Effect,
  RetriedCalls,
  RetriedFailure,
  RetryPolicy,
  RetryWait,
} from './endpoints/retry-policy';
// Errors and their guards.
export {
  AbortedError,
  ContractError,
  ContractWarning,
  ERROR_CODES,
  HttpError,
  isAbortedError,
  isContractError,
  isContractWarning,
  isHttpError,
  isIgnoredInReporting,
  isMatchmakerError,
  isNetworkError,
  isNotLoggedInError,
  isSuspendedError,
  isTimeoutError,
  MatchmakerError,
  type MatchmakerErrorCode,
  type MatchmakerErrorJSON,
  NetworkError,
  NotLoggedInError,
  SuspendedError,
  TimeoutError,
} from './errors';
// The start-up and location flows of SPEC.md sections 1 and 8.
export {
  beginStartup,
  buildDauEvent,
  DEFAULT_IP_LOOKUP_URL,
  DEFAULT_PLATFORM,
  type DeviceKind,
  detectBrowser,
  detectDevice,
  detectOs,
  GEOLOCATION_OPTIONS,
  type GeolocationLike,
  IP_LOOKUP_ID,
  type LocationClient,
  type LocationEnv,
  type LocationResult,
  type LocationSource,
  type LocationStatus,
  type LocationStep,
  resolveLocation,
  runStartup,
  type StartupClient,
  type StartupEnv,
  type StartupResult,
  type StartupRun,
  type StartupStep,
} from './flows/index';
// The realtime channels (built by createClient as `client.realtime`) and chat presence.
export type { ChannelPermission, ChannelState, RealtimeChannel } from './realtime/channel';
export type { ChatChannel } from './realtime/chat-channel';
export {
  REALTIME_CONNECTION_TIMEOUT_MS,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MIN_MS,
} from './realtime/constants';
export type {
  ChannelDisconnectInfo,
  ChannelEvents,
  ChannelLifecycleEvents,
  ChannelReconnectInfo,
  ChatEventPayloads,
  EventPayloads,
  NotificationEventPayloads,
  TypingInput,
} from './realtime/events';
export {
  type ChatPresence,
  type ChatPresenceOptions,
  type ChatPresenceSnapshot,
  createChatPresence,
  DEFAULT_TYPING_TIMEOUT_MS,
  type PresenceEntry,
} from './realtime/presence';
export {
  DEFAULT_CHAT_NAMESPACE,
  DEFAULT_NOTIFICATIONS_NAMESPACE,
  DEFAULT_SOCKET_PATH,
  type NotificationChannel,
  type Realtime,
  type RealtimeOptions,
} from './realtime/realtime';
// The data types most consumers hold (every other type is in `@matchmaker/sdk/schemas`).
export type { Tokens } from './schemas/auth';
export type { Profile, User } from './schemas/user';
// SPEC.md section 9's constants of the session (cookies, notices).
export {
  ACCESS_COOKIE_NAME,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_PATH,
  COOKIE_SECURE,
  LOGOUT_REQUEST_TIMEOUT_MS,
  NOT_LOGGED_IN_MESSAGE,
  REFRESH_COOKIE_NAME,
  SESSION_EXPIRED_NOTICE,
  STALE_COOKIE_NAMES,
  TOKEN_REFRESH_RETRY,
} from './session/constants';
// The session and where its tokens live.
export {
  type CookieJar,
  CookieTokenStore,
  type CookieTokenStoreOptions,
  findStaleCookies,
} from './session/cookie-store';
export {
  LOGOUT_NOTICES,
  type LockManagerLike,
  type LogoutInfo,
  type LogoutReason,
  type RefreshNetworkFailure,
  type Session,
  type SessionEvents,
} from './session/session';
export { MemoryTokenStore, type TokenStore } from './session/token-store';
export {
  ANALYTICS_RETRY,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEVICE_INFO_RETRY,
  fixedRetry,
  LOCATION_UPDATE_RETRY,
  SERVER_ERROR_STATUSES,
} from './transport/constants';
export { parseRetryAfter } from './transport/retry';
