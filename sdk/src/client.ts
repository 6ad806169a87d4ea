import type { CallOptions } from './endpoints/define';
import { endpoints } from './endpoints/index';
import { createRealtime, type Realtime, type RealtimeOptions } from './realtime/realtime';
import { toTokens } from './schemas/auth';
import { createServices, type Services } from './services/index';
import { type LockManagerLike, Session } from './session/session';
import { MemoryTokenStore, type TokenStore } from './session/token-store';
import { HttpTransport } from './transport/http';
import type { RetryInfo } from './transport/retry';

export interface ClientOptions {
  /** The API base, such as `https://api.example.com` or `http://127.0.0.1:8080`. */
  baseURL: string;
  /** Where tokens live; defaults to memory. Browsers use CookieTokenStore, Node FileTokenStore. */
  tokenStore?: TokenStore;
  /** Replaces globalThis.fetch (for instance an undici-backed fetch with a connection pool). */
  fetch?: typeof fetch;
  /** Time limit of one HTTP attempt in ms (default 30 s; 0 turns it off). */
  timeoutMs?: number;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Cross-tab refresh lock; defaults to navigator.locks where it exists, `null` turns it off. */
  locks?: LockManagerLike | null;
  /** Where errors thrown by event handlers go (default console.error). */
  onError?: (error: unknown) => void;
  /** Called before each retry wait, for every retry policy and the token refresh. */
  onRetry?: (info: RetryInfo) => void;
  /**
   * The socket.io channels: origin (default: the origin of `baseURL`), path (`/socket.io`),
   * namespaces (`/notifications`, `/chat`) and the connection timeout (20 s).
   */
  realtime?: RealtimeOptions;
}

export type MatchmakerClient = Services & {
  readonly session: Session;
  /** The endpoint catalogue this client speaks. */
  readonly endpoints: typeof endpoints;
  /** The notifications and chat channels; they follow the session's refreshes and logout. */
  readonly realtime: Realtime;
};

/** Creates one client: `client.session`, one property per backend service, and the catalogue. */
export function createClient(options: ClientOptions): MatchmakerClient {
  const transport = new HttpTransport({
    baseURL: options.baseURL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });
  const session = new Session({
    store: options.tokenStore ?? new MemoryTokenStore(),
    ...(options.locks !== undefined ? { locks: options.locks } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    requestRefresh: async (refreshToken) =>
      toTokens(
        await transport.callDirect(
          endpoints['accounts.refreshToken'],
          { body: { refresh_token: refreshToken } },
          null,
        ),
      ),
    requestLogout: async (accessToken) => {
      const options: CallOptions = { timeoutMs: 5_000 };
      await transport.callDirect(endpoints['accounts.logout'], {}, accessToken, options);
    },
  });
  transport.attach(session);
  const services = createServices({ transport, session });
  const realtime = createRealtime(
    { session, baseURL: options.baseURL, ...(options.onError ? { onError: options.onError } : {}) },
    options.realtime,
  );
  return { ...services, session, endpoints, realtime };
}
