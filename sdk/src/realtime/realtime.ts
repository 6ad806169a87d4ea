import { isNotLoggedInError } from '../errors';
import { isAdmin } from '../rules/roles';
import type { Session } from '../session/session';
import { joinURL } from '../transport/url';
import { type ChannelDeps, type ChannelPermission, RealtimeChannel } from './channel';
import { ChatChannel } from './chat-channel';
import { REALTIME_CONNECTION_TIMEOUT_MS } from './constants';
import { chatEventSchemas, type NotificationEventPayloads, notificationEventSchemas } from './events';

export const DEFAULT_SOCKET_PATH = '/socket.io';
export const DEFAULT_NOTIFICATIONS_NAMESPACE = '/notifications';
export const DEFAULT_CHAT_NAMESPACE = '/chat';

export interface RealtimeOptions {
  /** Origin of the socket.io server; defaults to the origin of the client's `baseURL`. */
  url?: string;
  /** socket.io's HTTP path (default `/socket.io`). */
  path?: string;
  /** Default `/notifications`. */
  notificationsNamespace?: string;
  /** Default `/chat`. */
  chatNamespace?: string;
  /** Time limit of one connection attempt (default 20 s, SPEC.md section 9). */
  connectionTimeoutMs?: number;
  /** Source of the reconnect jitter, in [0, 1); defaults to Math.random. For tests. */
  random?: () => number;
}

/** The session operations realtime uses; a client's `Session` fits. */
export type RealtimeSession = Pick<Session, 'user' | 'getAccessToken' | 'refresh' | 'logout' | 'on'>;

export interface RealtimeContext {
  session: RealtimeSession;
  /** The API base; its origin is the default socket.io origin. */
  baseURL: string;
  /** Contract errors of events and failures of background refreshes (default console.error). */
  onError?: (error: unknown) => void;
}

export type NotificationChannel = RealtimeChannel<NotificationEventPayloads>;

export interface Realtime {
  /** `new_notification`. Never opened for admins. */
  readonly notifications: NotificationChannel;
  /** `new_message`, `active`, `online_chats`, `token_expired`, and `sendTyping`. */
  readonly chat: ChatChannel;
  /**
   * Opens the channels the current user may use: chat always, notifications only for members
   * (SPEC.md section 6). When the user is not loaded yet, notifications wait for the session's
   * `user` event and open only if the user is a member; the returned promise does not wait for
   * that. Resolves when the channels it could open have connected or stopped.
   */
  connect(): Promise<void>;
  /** Closes both channels; listeners stay subscribed. */
  disconnect(): void;
  /** Stops following the session and closes both channels, dropping listeners. */
  dispose(): void;
}

/** The origin of `baseURL` (relative ones resolve against the page), or '' when there is none. */
export function realtimeOrigin(baseURL: string): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(baseURL, page).origin;
  } catch {
    // socket.io resolves an origin-less URL against the page itself.
    return '';
  }
}

/**
 * The realtime channels of one session. They follow the session on their own: a refresh
 * (a 403 elsewhere, or `token_expired` here) reopens them with the new token, and logout closes
 * both and drops every listener, leaving no socket and no timer behind.
 */
export function createRealtime(context: RealtimeContext, options: RealtimeOptions = {}): Realtime {
  const { session } = context;
  const onError = context.onError ?? ((error: unknown) => console.error(error));
  const origin = options.url ?? realtimeOrigin(context.baseURL);

  const shared: Omit<ChannelDeps, 'name' | 'url' | 'schemas' | 'permission'> = {
    path: options.path ?? DEFAULT_SOCKET_PATH,
    connectionTimeoutMs: options.connectionTimeoutMs ?? REALTIME_CONNECTION_TIMEOUT_MS,
    getToken: () => session.getAccessToken(),
    refresh: (failedToken) => session.refresh(failedToken),
    logout: () => session.logout('refresh-failed'),
    onTokenExpired: (token) => onTokenExpired(token),
    onError,
    ...(options.random ? { random: options.random } : {}),
  };

  // Admins never get a notification socket; an unknown user might be one, so wait for it.
  const notificationPermission = (): ChannelPermission =>
    session.user === null ? 'later' : isAdmin(session.user) ? 'no' : 'yes';

  const notifications: NotificationChannel = new RealtimeChannel<NotificationEventPayloads>({
    ...shared,
    name: 'notifications',
    url: joinURL(origin, options.notificationsNamespace ?? DEFAULT_NOTIFICATIONS_NAMESPACE),
    schemas: notificationEventSchemas,
    permission: notificationPermission,
  });
  const chat = new ChatChannel({
    ...shared,
    name: 'chat',
    url: joinURL(origin, options.chatNamespace ?? DEFAULT_CHAT_NAMESPACE),
    schemas: chatEventSchemas,
    permission: () => 'yes',
  });
  const channels = [notifications, chat] as const;

  function renewAll(accessToken: string): void {
    for (const channel of channels) channel.renew(accessToken);
  }

  function onTokenExpired(token: string): void {
    // The session's single flight: every channel and every HTTP 403 share one refresh call.
    session.refresh(token).then(
      (tokens) => renewAll(tokens.accessToken),
      (error: unknown) => {
        if (isNotLoggedInError(error)) {
          for (const channel of channels) channel.disconnect();
          return;
        }
        // A network failure leaves the session as it is; the next drop or refusal tries again.
        onError(error);
      },
    );
  }

  const unsubscribe = [
    session.on('refresh', (tokens) => {
      // SPEC.md section 4: a 403-triggered refresh reconnects the channels for non-admins.
      if (!isAdmin(session.user)) renewAll(tokens.accessToken);
    }),
    session.on('login', (tokens) => {
      // A new session while channels are open (login without a logout): its token replaces the old.
      renewAll(tokens.accessToken);
    }),
    session.on('logout', () => {
      for (const channel of channels) channel.reset('logout');
    }),
    session.on('user', () => {
      for (const channel of channels) channel.recheck();
    }),
  ];

  return {
    notifications,
    chat,
    async connect() {
      const opening = [chat.connect()];
      if (session.user === null) void notifications.connect();
      else if (!isAdmin(session.user)) opening.push(notifications.connect());
      await Promise.all(opening);
    },
    disconnect() {
      for (const channel of channels) channel.disconnect();
    },
    dispose() {
      for (const stop of unsubscribe) stop();
      unsubscribe.length = 0;
      for (const channel of channels) channel.reset('disposed');
    },
  };
}
