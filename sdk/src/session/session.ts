import { SESSION_EXPIRED_NOTICE, TOKEN_REFRESH_RETRY } from '../constants';
import { isHttpError, NotLoggedInError } from '../errors';
import { isDeleted } from '../rules/roles';
import type { Tokens } from '../schemas/auth';
import type { User } from '../schemas/user';
import { type RetryInfo, withRetry } from '../transport/retry';
import { Emitter } from './emitter';
import type { TokenStore } from './token-store';

export type LogoutReason = 'user' | 'suspended' | 'session-expired' | 'refresh-failed';

export interface LogoutInfo {
  reason: LogoutReason;
  /** Text to show the user, when the reason has one ('Session expired. Please log in'). */
  notice?: string;
}

export const LOGOUT_NOTICES: Readonly<Partial<Record<LogoutReason, string>>> = {
  'session-expired': SESSION_EXPIRED_NOTICE,
};

export type SessionEvents = {
  /** Emitted once per ended session, after the store and caches are cleared. */
  logout: (reason: LogoutReason, info: LogoutInfo) => void;
  /** New tokens after a refresh (realtime channels reconnect with them). */
  refresh: (tokens: Tokens) => void;
  /** New tokens after a login. */
  login: (tokens: Tokens) => void;
  /** The user was loaded or cleared. */
  user: (user: User | null) => void;
};

/** The subset of the Web Locks API the session uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionOptions {
  store: TokenStore;
  /** Calls the refresh endpoint; resolves fresh tokens or rejects (HttpError when refused). */
  requestRefresh: (refreshToken: string) => Promise<Tokens>;
  /** Calls the logout endpoint with the given access token; failures are ignored. */
  requestLogout: (accessToken: string) => Promise<void>;
  /**
   * Serialises refreshes across tabs. Defaults to `navigator.locks` where it exists; `null`
   * turns cross-tab locking off. The store's own lock (if any) is used beneath it.
   */
  locks?: LockManagerLike | null;
  onError?: (error: unknown) => void;
  /** Called before each wait between refresh attempts. */
  onRetry?: (info: RetryInfo) => void;
}

const REFRESH_LOCK = 'matchmaker:token-refresh';

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

/**
 * The client's session: tokens (through the store), the logged-in user, the single-flight
 * token refresh and logout. A generation counter, bumped by every login and logout, makes a
 * refresh that finishes after the session it belonged to has ended drop its tokens.
 */
export class Session {
  readonly #store: TokenStore;
  readonly #options: SessionOptions;
  readonly #locks: LockManagerLike | null;
  readonly #events: Emitter<SessionEvents>;
  #user: User | null = null;
  #generation = 0;
  #refreshing: Promise<Tokens> | null = null;
  #loggingOut: Promise<void> | null = null;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.#events = new Emitter(options.onError);
  }

  /** The logged-in user once user info has loaded; null otherwise. */
  get user(): User | null {
    return this.#user;
  }

  get roles(): readonly string[] {
    return this.#user?.roles ?? [];
  }

  get isDeleted(): boolean {
    return isDeleted(this.#user);
  }

  /** Bumped by every login and logout. */
  get generation(): number {
    return this.#generation;
  }

  get store(): TokenStore {
    return this.#store;
  }

  on<K extends keyof SessionEvents>(event: K, handler: SessionEvents[K]): () => void {
    return this.#events.on(event, handler);
  }

  async getTokens(): Promise<Tokens | null> {
    const tokens = await this.#store.get();
    return tokens && tokens.accessToken !== '' ? tokens : null;
  }

  async getAccessToken(): Promise<string | null> {
    return (await this.getTokens())?.accessToken ?? null;
  }

  /** Logged in means an access token is stored (the access-token cookie exists in browsers). */
  async isLoggedIn(): Promise<boolean> {
    return (await this.getTokens()) !== null;
  }

  /** Starts a new session with fresh tokens (after login). */
  async setTokens(tokens: Tokens): Promise<void> {
    this.#generation++;
    // Nothing of the previous session carries over: its refresh in flight and its user.
    this.#refreshing = null;
    if (this.#user !== null) this.setUser(null);
    await this.#store.set(tokens);
    this.#events.emit('login', tokens);
  }

  setUser(user: User | null): void {
    this.#user = user;
    this.#events.emit('user', user);
  }

  /**
   * Gets fresh tokens after `failedAccessToken` was refused with 403, for the session of
   * `generation` (the current one by default). One refresh at a time:
   * concurrent callers share the one in flight. If the store already holds a different access
   * token (another client or tab refreshed first), that one is used without a call.
   */
  refresh(failedAccessToken?: string, generation = this.#generation): Promise<Tokens> {
    // A call of an ended session never refreshes (nor borrows) the tokens of the next one.
    if (generation !== this.#generation) {
      return Promise.reject(new NotLoggedInError({ endpoint: 'accounts.refreshToken' }));
    }
    if (this.#refreshing) return this.#refreshing;
    const run = () => this.#lockedRefresh(failedAccessToken, generation);
    const pending = (this.#locks ? this.#locks.request(REFRESH_LOCK, run) : run()).finally(() => {
      if (this.#refreshing === pending) this.#refreshing = null;
    });
    this.#refreshing = pending;
    return pending;
  }

  #lockedRefresh(failedAccessToken: string | undefined, generation: number): Promise<Tokens> {
    const work = () => this.#refreshNow(failedAccessToken, generation);
    return this.#store.withLock ? this.#store.withLock(work) : work();
  }

  async #refreshNow(failedAccessToken: string | undefined, generation: number): Promise<Tokens> {
    const current = await this.getTokens();
    if (!current) throw new NotLoggedInError({ endpoint: 'accounts.refreshToken' });
    if (failedAccessToken !== undefined && current.accessToken !== failedAccessToken) return current;
    if (!current.refreshToken) {
      await this.logout('refresh-failed');
      throw new NotLoggedInError({ endpoint: 'accounts.refreshToken' });
    }
    let fresh: Tokens;
    try {
      const { onRetry } = this.#options;
      fresh = await withRetry(
        TOKEN_REFRESH_RETRY,
        () => this.#options.requestRefresh(current.refreshToken),
        undefined,
        onRetry
          ? (retry, error) =>
              onRetry({
                endpoint: 'accounts.refreshToken',
                retry,
                delayMs: TOKEN_REFRESH_RETRY.delayMs,
                error,
              })
          : undefined,
      );
    } catch (error) {
      if (generation !== this.#generation) throw new NotLoggedInError({ cause: error });
      if (isHttpError(error) && error.status < 500) {
        // Refused. If another client rotated the tokens meanwhile, theirs are good.
        const latest = await this.getTokens();
        if (latest && latest.refreshToken !== current.refreshToken) return latest;
        await this.logout('refresh-failed');
        throw new NotLoggedInError({ endpoint: 'accounts.refreshToken', cause: error });
      }
      // A network failure or 5xx leaves the session as it is; the caller sees the error.
      throw error;
    }
    if (generation !== this.#generation) throw new NotLoggedInError({ endpoint: 'accounts.refreshToken' });
    await this.#store.set(fresh);
    this.#events.emit('refresh', fresh);
    return fresh;
  }

  /**
   * Ends the session: calls the logout endpoint when there is a token to end, clears the store
   * and the SDK's caches, then emits `logout` once. Concurrent calls share one logout.
   */
  logout(reason: LogoutReason = 'user'): Promise<void> {
    return this.#endSession(reason, false);
  }

  #endSession(reason: LogoutReason, announceWithoutSession: boolean): Promise<void> {
    if (this.#loggingOut) return this.#loggingOut;
    this.#generation++;
    const pending = this.#logoutNow(reason, announceWithoutSession).finally(() => {
      this.#loggingOut = null;
    });
    this.#loggingOut = pending;
    return pending;
  }

  async #logoutNow(reason: LogoutReason, announceWithoutSession: boolean): Promise<void> {
    const tokens = await this.getTokens();
    const hadSession = tokens !== null || this.#user !== null;
    // The server already ended a suspended or refused session; only a live one is worth a call.
    if (tokens && (reason === 'user' || reason === 'session-expired')) {
      try {
        await this.#options.requestLogout(tokens.accessToken);
      } catch {
        // Logging out locally must never fail because the server is unreachable.
      }
    }
    await this.#store.clear();
    this.#refreshing = null;
    this.#user = null;
    if (!hadSession && !announceWithoutSession) return;
    const notice = LOGOUT_NOTICES[reason];
    this.#events.emit('logout', reason, notice === undefined ? { reason } : { reason, notice });
  }

  /**
   * Logs out with `session-expired` when cookies of an earlier client are present. Returns
   * whether it did. `staleCookieNames` usually comes from CookieTokenStore#staleCookies().
   */
  async expireIfStale(staleCookieNames: readonly string[]): Promise<boolean> {
    if (staleCookieNames.length === 0) return false;
    await this.#endSession('session-expired', true);
    return true;
  }
}
