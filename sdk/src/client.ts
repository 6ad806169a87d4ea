import type { CallHooks } from './endpoints/define';
import { endpoints } from './endpoints/index';
import type { RetriedCalls, RetryPolicy } from './endpoints/retry-policy';
import type { ContractWarning } from './errors';
import { createRealtime, type Realtime, type RealtimeOptions } from './realtime/realtime';
import { toTokens } from './schemas/auth';
import { createServices, type Services } from './services/index';
import { LOGOUT_REQUEST_TIMEOUT_MS } from './session/constants';
import { type LockManagerLike, type RefreshNetworkFailure, Session } from './session/session';
import { MemoryTokenStore, type TokenStore } from './session/token-store';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './transport/constants';
import { HttpTransport } from './transport/http';
import type { ClientRetry } from './transport/retry';
import { checkRetryPolicy } from './transport/retry-check';
import { HttpSender } from './transport/sender';

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
  /**
   * When the token refresh gets no answer after its retries (network down, 5xx): `logout`
   * (default, SPEC.md: a failed refresh logs out) or `keep-session` (the stored tokens stay and
   * the call fails with the NetworkError or HttpError; the CLI uses it so that its stored
   * credentials survive a network outage).
   */
  refreshNetworkFailure?: RefreshNetworkFailure;
  /**
   * Where errors thrown by event handlers, malformed realtime events and contract warnings (an
   * answer's value the SDK accepted without knowing it, once per field and value) go (default
   * console.error).
   */
  onError?: (error: unknown) => void;
  /**
   * A retry policy for the calls that have none of their own (SPEC.md names three), applied in
   * full to the calls the catalogue marks safe to repeat (`calls: 'safe'`, the default: reads and
   * idempotent writes; `'reads'`: reads only), and to any other call only where the answer proves
   * nothing was done (a 429). Default: none, so such calls are sent once.
   */
  retry?: { policy: RetryPolicy; calls?: RetriedCalls };
  /**
   * How consumers observe calls, with the endpoint id: `beforeAttempt`, `afterResponse`,
   * `onRetry` (the token refresh's retries too) and `beforeError`. Each call may add its own.
   */
  hooks?: CallHooks;
  /**
   * The socket.io channels: origin (default: the origin of `baseURL`), path (`/socket.io`),
   * namespaces (`/notifications`, `/chat`) and the connection timeout (20 s).
   */
  realtime?: RealtimeOptions;
}

/** ClientOptions with every default applied, read once by createClient. */
export interface ResolvedClientOptions {
  baseURL: string;
  tokenStore: TokenStore;
  fetch: typeof fetch | undefined;
  timeoutMs: number;
  headers: Record<string, string> | undefined;
  /** undefined: navigator.locks where it exists. */
  locks: LockManagerLike | null | undefined;
  refreshNetworkFailure: RefreshNetworkFailure;
  onError: (error: unknown) => void;
  retry: ClientRetry | undefined;
  hooks: CallHooks | undefined;
  realtime: RealtimeOptions;
}

/** Applies the defaults and checks what cannot be typed; each part then gets only its slice. */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  if (typeof options.baseURL !== 'string') throw new TypeError('createClient: baseURL must be a string');
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  if (Number.isNaN(timeoutMs) || timeoutMs < 0) {
    throw new RangeError(`createClient: timeoutMs must be 0 or more, got ${timeoutMs}`);
  }
  const refreshNetworkFailure = options.refreshNetworkFailure ?? 'logout';
  if (refreshNetworkFailure !== 'logout' && refreshNetworkFailure !== 'keep-session') {
    throw new RangeError(
      `createClient: refreshNetworkFailure must be 'logout' or 'keep-session', got ${String(refreshNetworkFailure)}`,
    );
  }
  let retry: ClientRetry | undefined;
  if (options.retry !== undefined) {
    const calls = options.retry.calls ?? 'safe';
    if (calls !== 'safe' && calls !== 'reads') {
      throw new RangeError(`createClient: retry.calls must be 'safe' or 'reads', got ${String(calls)}`);
    }
    retry = { policy: checkRetryPolicy(options.retry.policy, 'createClient: retry.policy'), calls };
  }
  return {
    baseURL: options.baseURL,
    tokenStore: options.tokenStore ?? new MemoryTokenStore(),
    fetch: options.fetch,
    timeoutMs,
    headers: options.headers,
    locks: options.locks,
    refreshNetworkFailure,
    onError: options.onError ?? ((error: unknown) => console.error(error)),
    retry,
    hooks: options.hooks,
    realtime: options.realtime ?? {},
  };
}

export type MatchmakerClient = Services & {
  readonly session: Session;
  /** The endpoint catalogue this client speaks. */
  readonly endpoints: typeof endpoints;
  /** The notifications and chat channels; they follow the session's refreshes and logout. */
  readonly realtime: Realtime;
};

/** The most distinct warnings one client reports; a backend sending ever new values is reported this often. */
const MAX_WARNINGS = 100;

/** Reports each field and value once: a list of 50 profiles with one new value is one warning. */
function onceEach(onError: (error: unknown) => void): (warning: ContractWarning) => void {
  const seen = new Set<string>();
  return (warning) => {
    const key = `${warning.field}\u0000${JSON.stringify(warning.value)}`;
    if (seen.has(key) || seen.size >= MAX_WARNINGS) return;
    seen.add(key);
    onError(warning);
  };
}

/** Creates one client: `client.session`, one property per backend service, and the catalogue. */
export function createClient(options: ClientOptions): MatchmakerClient {
  const resolved = resolveClientOptions(options);
  const sender = new HttpSender({
    baseURL: resolved.baseURL,
    fetch: resolved.fetch,
    timeoutMs: resolved.timeoutMs,
    headers: resolved.headers,
    onContractWarning: onceEach(resolved.onError),
  });
  const session = new Session({
    store: resolved.tokenStore,
    locks: resolved.locks,
    refreshNetworkFailure: resolved.refreshNetworkFailure,
    onError: resolved.onError,
    onRetry: resolved.hooks?.onRetry,
    requestRefresh: async (refreshToken, scope) =>
      toTokens(
        await sender.send(
          endpoints['accounts.refreshToken'],
          { body: { refresh_token: refreshToken } },
          null,
          { scope, endpoint: 'accounts.refreshToken' },
        ),
      ),
    requestLogout: async (accessToken) => {
      await sender.send(endpoints['accounts.logout'], {}, accessToken, {}, LOGOUT_REQUEST_TIMEOUT_MS);
    },
  });
  const transport = new HttpTransport({
    sender,
    retry: resolved.retry,
    hooks: resolved.hooks,
    session: {
      scope: () => session.scope,
      getTokens: () => session.tokensNow(),
      refresh: (scope, failedAccessToken) => session.refreshIn(scope, failedAccessToken),
      end: (scope, reason) => session.endIn(scope, reason),
      lostTokens: (scope) => session.endOrphaned(scope),
      endWritten: () => session.endWritten(),
    },
  });
  const services = createServices({ transport, session });
  const realtime = createRealtime(
    { session, baseURL: resolved.baseURL, onError: resolved.onError },
    resolved.realtime,
  );
  return { ...services, session, endpoints, realtime };
}
