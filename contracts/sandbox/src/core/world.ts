/**
 * Everything a handler, a socket or a simulated page may reach: the store, tokens, realtime (through
 * the port below) and the resolved options. One World per sandbox instance, so tests can run many side by side.
 */
import { MediaSigner } from '../media/signed-urls';
import type { ResolvedOptions } from '../options';
import type { Store } from '../state/store';
import type { Auth } from './auth';
import type { OnlineEntry } from './event-payloads';

/**
 * What the world asks of the realtime layer, which sits above it: the socket server implements
 * this and is handed in at construction, so nothing below the sockets imports them.
 */
export interface RealtimePort {
  /** Whether the member has an open socket (recorded for the --data journal when a write asks). */
  isOnline(userId: string): boolean;
  /** The member's contacts that are online, as `online_chats` lists them. */
  onlineContacts(userId: string): OnlineEntry[];
  emitNotification(userId: string, payload: unknown): void;
  emitChat(userId: string, event: 'new_message' | 'active' | 'online_chats', payload: unknown): void;
  /** Ends the member's sockets whose access token was revoked (logout, password change). */
  disconnectRevoked(userId: string): void;
  /** Ends every socket of the member (suspension, deletion). */
  disconnectUser(userId: string): void;
}

export class World {
  /** The sockets, on the same HTTP server as the API. */
  readonly realtime: RealtimePort;
  /** `http://host:port`, where no request gives a base URL (the server listens before a World exists). */
  readonly publicUrl: string;
  /** Signs links to private image bytes. */
  readonly media: MediaSigner;

  constructor(
    readonly store: Store,
    readonly auth: Auth,
    readonly options: ResolvedOptions,
    readonly now: () => number,
    parts: { realtime: RealtimePort; publicUrl: string },
  ) {
    this.realtime = parts.realtime;
    this.publicUrl = parts.publicUrl;
    this.media = new MediaSigner(now);
  }

  /** Where email links point: the web app, which is served from the sandbox's own origin by default. */
  webAppUrl(requestBase: string): string {
    return (this.options.webAppUrl ?? (requestBase || this.publicUrl)).replace(/\/+$/, '');
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }
}
