/**
 * The two socket.io namespaces the client connects to, on the API's own HTTP server.
 * `/notifications` carries `new_notification`; `/chat` carries `new_message`, `active`,
 * `online_chats` and `token_expired`. The access token arrives as the handshake query `token`.
 */
import type { Server as HttpServer } from 'node:http';
import { chatEventSchemas, type EventSchemas, notificationEventSchemas } from '@matchmaker/sdk/schemas';
import { type Namespace, Server, type Socket } from 'socket.io';
import type { Auth } from '../core/auth';
import { activePayload, type OnlineEntry, onlineEntry, tokenExpiredPayload } from '../core/event-payloads';
import type { RealtimePort } from '../core/world';
import { recordedFlag } from '../state/recording';
import type { Store } from '../state/store';

export const NOTIFICATIONS_NAMESPACE = '/notifications';
export const CHAT_NAMESPACE = '/chat';
export const SOCKET_PATH = '/socket.io';

interface SocketData {
  userId: string;
  /** The handshake's access token, so revoking it (logout, password change) can end the socket. */
  token: string;
  expiresAt: number;
  expiryTimer?: NodeJS.Timeout;
}

type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/**
 * Every payload the sandbox emits is built to parse with the SDK's event schemas (the same tables
 * the client validates with). With `checkEvents` on (tests), a payload that does not parse throws
 * instead of being sent, so a drift fails the test that caused it.
 */
function checked(enabled: boolean, table: EventSchemas, event: string, payload: unknown): unknown {
  if (!enabled) return payload;
  const schema = table[event];
  if (!schema) throw new Error(`sandbox realtime: no SDK schema for event '${event}'`);
  const result = schema.safeParse(payload);
  if (!result.success)
    throw new Error(`sandbox realtime: '${event}' payload breaks the SDK schema: ${result.error.message}`);
  return payload;
}

const userRoom = (userId: string): string => `user:${userId}`;

/** Node timers overflow above about 24.8 days; longer waits are re-armed. */
const MAX_TIMER_MS = 2_147_000_000;

/** The world's realtime port, served by socket.io on the API's own HTTP server. */
export class Realtime implements RealtimePort {
  readonly io: Server;
  private readonly chat: Namespace;
  private readonly notifications: Namespace;
  /** Open chat and notification sockets per user: online means at least one. */
  private readonly connections = new Map<string, number>();

  constructor(
    httpServer: HttpServer,
    private readonly deps: {
      store: Store;
      auth: Auth;
      now: () => number;
      path?: string;
      checkEvents?: boolean;
      /** Origins whose pages may use the polling transport with credentials (all when absent). */
      allowOrigin?: (origin: string) => boolean;
      /** How long a socket stays open after `token_expired` (10 s by default). */
      expiredGraceMs?: number;
      /** `Host` headers the server answers (all when absent): the DNS rebinding guard. */
      allowHost?: (host: string | undefined) => boolean;
      /** Holds handshakes until the app is ready (its state loaded). */
      whenReady?: (work: () => void) => void;
    },
  ) {
    const allowOrigin = deps.allowOrigin;
    this.io = new Server(httpServer, {
      path: deps.path ?? SOCKET_PATH,
      serveClient: false,
      transports: ['websocket', 'polling'],
      allowRequest: (request, callback) => {
        const decide = () => callback(null, deps.allowHost?.(request.headers.host) ?? true);
        if (deps.whenReady) deps.whenReady(decide);
        else decide();
      },
      cors: {
        origin: allowOrigin
          ? (origin, callback) => callback(null, origin !== undefined && allowOrigin(origin))
          : true,
        credentials: true,
      },
    });
    this.notifications = this.io.of(NOTIFICATIONS_NAMESPACE);
    this.chat = this.io.of(CHAT_NAMESPACE);
    for (const namespace of [this.notifications, this.chat])
      namespace.use((socket, next) => this.authenticate(socket, next));
    this.notifications.on('connection', (socket: AppSocket) => this.onConnection(socket, false));
    this.chat.on('connection', (socket: AppSocket) => this.onConnection(socket, true));
  }

  private authenticate(socket: AppSocket, next: (error?: Error) => void): void {
    const raw = socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown }).token;
    const token = Array.isArray(raw) ? raw[0] : typeof raw === 'string' ? raw : undefined;
    const check = this.deps.auth.checkAccess(token);
    const refusal = !check.ok
      ? 'TOKEN_INVALID'
      : check.user.status === 'suspended'
        ? 'SUSPENDED'
        : check.user.is_deleted
          ? 'ACCOUNT_DELETED'
          : undefined;
    if (!check.ok || refusal) {
      const error = new Error('unauthorized') as Error & { data?: unknown };
      error.data = { code: refusal };
      next(error);
      return;
    }
    socket.data.userId = check.user.keycloakId;
    socket.data.token = check.token;
    socket.data.expiresAt = check.expiresAt;
    next();
  }

  private onConnection(socket: AppSocket, isChat: boolean): void {
    const userId = socket.data.userId;
    void socket.join(userRoom(userId));
    const wasOnline = this.isOnline(userId);
    this.connections.set(userId, (this.connections.get(userId) ?? 0) + 1);
    if (isChat) {
      this.armExpiry(socket);
      (socket as unknown as Socket).on('typing', (payload: unknown) => this.onTyping(userId, payload));
      // The newcomer learns who is online right away.
      this.emitToSocket(socket, 'online_chats', this.onlineContacts(userId));
    }
    if (!wasOnline) this.broadcastPresence(userId);
    socket.on('disconnect', () => {
      if (socket.data.expiryTimer) clearTimeout(socket.data.expiryTimer);
      const left = (this.connections.get(userId) ?? 1) - 1;
      if (left <= 0) this.connections.delete(userId);
      else this.connections.set(userId, left);
      if (!this.isOnline(userId)) this.broadcastPresence(userId);
    });
  }

  /**
   * `token_expired` when the socket's token expires, so the client refreshes and reconnects; the
   * expired socket gets nothing more and is closed after the grace period.
   */
  private armExpiry(socket: AppSocket): void {
    const wait = socket.data.expiresAt - this.deps.now();
    const fire = () => {
      const left = socket.data.expiresAt - this.deps.now();
      if (left > 0) {
        socket.data.expiryTimer = setTimeout(fire, Math.min(left, MAX_TIMER_MS));
        return;
      }
      this.emitToSocket(socket, 'token_expired', tokenExpiredPayload(socket.data.expiresAt));
      // The session behind the socket has ended: nothing more reaches it, and unless the client
      // refreshes (and reconnects with the new token) within the grace period, it is closed.
      void socket.leave(userRoom(socket.data.userId));
      socket.data.expiryTimer = setTimeout(() => socket.disconnect(true), this.deps.expiredGraceMs ?? 10_000);
    };
    socket.data.expiryTimer = setTimeout(fire, Math.max(0, Math.min(wait, MAX_TIMER_MS)));
  }

  /** A client's `typing` ({ room or recipient_id, isTyping }) becomes `active` for the other member. */
  private onTyping(userId: string, payload: unknown): void {
    if (typeof payload !== 'object' || payload === null) return;
    const input = payload as {
      room?: unknown;
      recipient_id?: unknown;
      recipient?: unknown;
      isTyping?: unknown;
    };
    const store = this.deps.store;
    let room = input.room !== undefined && input.room !== null ? store.room(String(input.room)) : undefined;
    const recipient = input.recipient_id ?? input.recipient;
    if (!room && recipient !== undefined && recipient !== null)
      room = store.roomBetween(userId, String(recipient));
    if (!room?.members.includes(userId)) return;
    const other = room.members[0] === userId ? room.members[1] : room.members[0];
    if (store.isBlocked(other, userId)) return;
    this.emitChat(other, 'active', activePayload(room.id, userId, input.isTyping !== false));
  }

  /** Each online contact of the user gets its refreshed list of online contacts. */
  private broadcastPresence(userId: string): void {
    for (const room of this.deps.store.roomsOf(userId)) {
      const other = room.members[0] === userId ? room.members[1] : room.members[0];
      if (this.isOnline(other)) this.emitChat(other, 'online_chats', this.onlineContacts(other));
    }
  }

  onlineContacts(userId: string): OnlineEntry[] {
    const out: OnlineEntry[] = [];
    for (const room of this.deps.store.roomsOf(userId)) {
      const other = room.members[0] === userId ? room.members[1] : room.members[0];
      if (this.isOnline(other)) out.push(onlineEntry(other, room.id));
    }
    return out;
  }

  /** Recorded when a write asks (a message's status depends on it), so a replay decides the same. */
  isOnline(userId: string): boolean {
    return recordedFlag(() => (this.connections.get(userId) ?? 0) > 0);
  }

  private get checkEvents(): boolean {
    return this.deps.checkEvents === true;
  }

  private emitToSocket(socket: AppSocket, event: 'online_chats' | 'token_expired', payload: unknown): void {
    (socket as unknown as Socket).emit(event, checked(this.checkEvents, chatEventSchemas, event, payload));
  }

  emitNotification(userId: string, payload: unknown): void {
    this.notifications
      .to(userRoom(userId))
      .emit(
        'new_notification',
        checked(this.checkEvents, notificationEventSchemas, 'new_notification', payload),
      );
  }

  emitChat(userId: string, event: 'new_message' | 'active' | 'online_chats', payload: unknown): void {
    this.chat.to(userRoom(userId)).emit(event, checked(this.checkEvents, chatEventSchemas, event, payload));
  }

  /**
   * Ends the user's sockets whose access token was revoked (logout, password change, reset), so
   * nothing more reaches a session that ended. Sockets whose token merely expired stay: they got
   * `token_expired` and reconnect after a refresh.
   */
  disconnectRevoked(userId: string): void {
    for (const namespace of [this.notifications, this.chat]) {
      for (const socket of namespace.sockets.values()) {
        const data = socket.data as SocketData;
        if (data.userId !== userId) continue;
        const check = this.deps.auth.checkAccess(data.token);
        if (!check.ok && check.reason !== 'expired') socket.disconnect(true);
      }
    }
  }

  /** Ends one user's sockets (suspension, deletion). */
  disconnectUser(userId: string): void {
    this.notifications.in(userRoom(userId)).disconnectSockets(true);
    this.chat.in(userRoom(userId)).disconnectSockets(true);
  }

  async close(): Promise<void> {
    for (const namespace of [this.notifications, this.chat]) {
      for (const socket of namespace.sockets.values()) {
        const data = socket.data as SocketData;
        if (data.expiryTimer) clearTimeout(data.expiryTimer);
      }
      namespace.disconnectSockets(true);
    }
    // io.close() would also close the HTTP server, which the caller closes itself.
    this.io.engine.close();
  }
}
