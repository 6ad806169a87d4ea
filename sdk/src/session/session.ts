import type { RetryInfo } from '../endpoints/define';
import { isHttpError, NotLoggedInError, SuspendedError } from '../errors';
import { isDeleted } from '../rules/roles';
import type { Tokens } from '../schemas/auth';
import type { User } from '../schemas/user';
import { retryDelay } from '../transport/retry';
import { type Stoppers, throwIfStopped, wait } from '../transport/signals';
import { SESSION_EXPIRED_NOTICE, TOKEN_REFRESH_RETRY } from './constants';
import { Emitter } from './emitter';
import { type SessionScope, SessionScopeController } from './scope';
import { Mutex, type TokenStore } from './token-store';

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

/**
 * What to do when the refresh call gets no answer after its retries (network down, 5xx):
 * `logout` (SPEC.md: a failed refresh logs out) or `keep-session` (the stored tokens stay, the
 * call fails with the network error; the CLI keeps its credentials across a network outage).
 */
export type RefreshNetworkFailure = 'logout' | 'keep-session';

export interface SessionOptions {
  store: TokenStore;
  /** Calls the refresh endpoint; resolves fresh tokens or rejects (HttpError when refused). */
  requestRefresh: (refreshToken: string, scope: SessionScope) => Promise<Tokens>;
  /** Calls the logout endpoint with the given access token; failures are ignored. */
  requestLogout: (accessToken: string) => Promise<void>;
  /**
   * Serialises refreshes and logouts across tabs. Defaults to `navigator.locks` where it exists;
   * `null` turns cross-tab locking off. The store's own lock (if any) is used beneath it.
   */
  locks?: LockManagerLike | null | undefined;
  /** Default `logout`. */
  refreshNetworkFailure?: RefreshNetworkFailure | undefined;
  onError?: ((error: unknown) => void) | undefined;
  /** Called before each wait between refresh attempts. */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

const SESSION_LOCK = 'matchmaker:token-refresh';
const REFRESH_ID = 'accounts.refreshToken';

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

/**
 * The client's session: tokens (through the store), the logged-in user, the single-flight token
 * refresh and logout. Each session has a scope (see SessionScope) that logout and login end at
 * once, synchronously: every wait, attempt and refresh of the old session stops there, and its
 * late answers find the scope ended and act on nothing. Refresh and logout run under one lock (Web
 * Locks across tabs, then the store's lock across clients and processes), and a refresh re-reads
 * the store under it, so a logout elsewhere is never undone by a refresh landing afterwards.
 */
export class Session {
  readonly #store: TokenStore;
  readonly #options: SessionOptions;
  readonly #locks: LockManagerLike | null;
  readonly #events: Emitter<SessionEvents>;
  /** Serialises this client's locked work when the store has no lock of its own. */
  readonly #mutex = new Mutex();
  #user: User | null = null;
  #scope = new SessionScopeController();
  #refreshing: Promise<Tokens> | null = null;
  /** The end in progress and the refresh that found it (until it has released the lock). */
  #ending: Promise<void> | null = null;
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

  /** The scope of the current session; it ends at the next logout or login. */
  get scope(): SessionScope {
    return this.#scope;
  }

  on<K extends keyof SessionEvents>(event: K, handler: SessionEvents[K]): () => void {
    return this.#events.on(event, handler);
  }

  /** The stored tokens; null when there are none or a logout is under way (it has begun). */
  async getTokens(): Promise<Tokens | null> {
    return this.tokensNow();
  }

  /**
   * getTokens, synchronous when the store is (memory, cookies): a call then waits for nothing
   * before it is sent. The transport reads tokens this way on every call.
   */
  tokensNow(): Tokens | null | Promise<Tokens | null> {
    if (this.#loggingOut) return null;
    const stored = this.#store.get();
    if (typeof (stored as { then?: unknown } | null)?.then === 'function') {
      return (stored as Promise<Tokens | null>).then((tokens) => (this.#loggingOut ? null : usable(tokens)));
    }
    return usable(stored as Tokens | null);
  }

  async #readStore(): Promise<Tokens | null> {
    return usable(await this.#store.get());
  }

  async getAccessToken(): Promise<string | null> {
    return (await this.getTokens())?.accessToken ?? null;
  }

  /** Logged in means an access token is stored (the access-token cookie exists in browsers). */
  async isLoggedIn(): Promise<boolean> {
    return (await this.getTokens()) !== null;
  }

  /** Starts a new session with fresh tokens (after login). Nothing of the previous one carries over. */
  async setTokens(tokens: Tokens): Promise<void> {
    this.#beginNewScope();
    if (this.#user !== null) this.setUser(null);
    const scope = this.#scope;
    await this.#locked(async () => {
      await this.#store.set(tokens);
    });
    if (scope === this.#scope) this.#events.emit('login', tokens);
  }

  /** Keeps the loaded user; ignored while a logout is under way (a late user-info answer). */
  setUser(user: User | null): void {
    if (this.#loggingOut && user !== null) return;
    this.#user = user;
    this.#events.emit('user', user);
  }

  /**
   * Gets fresh tokens after `failedAccessToken` was refused with 403. One refresh at a time:
   * concurrent callers share the one in flight. If the store already holds a different access
   * token (another client or tab refreshed first), that one is used without a call.
   */
  refresh(failedAccessToken?: string): Promise<Tokens> {
    return this.refreshIn(this.#scope, failedAccessToken);
  }

  /** The refresh of `scope`'s session; a scope that has ended never refreshes (nor borrows) tokens. */
  refreshIn(scope: SessionScope, failedAccessToken?: string): Promise<Tokens> {
    if (scope.ended || scope !== this.#scope) {
      return Promise.reject(new NotLoggedInError({ endpoint: REFRESH_ID }));
    }
    if (this.#refreshing) return this.#refreshing;
    const pending = this.#locked(() => this.#refreshNow(scope, failedAccessToken)).finally(() => {
      if (this.#refreshing === pending) this.#refreshing = null;
    });
    this.#refreshing = pending;
    return pending;
  }

  /**
   * Ends `scope`'s session when its tokens are gone from the store while it had a user: another
   * client sharing the store (a second tab's cookies, a second process's file) logged out, and
   * without this the client would go on as logged in, each call failing. Announced with reason
   * `user`, as when a refresh finds the store emptied.
   */
  async endOrphaned(scope: SessionScope): Promise<void> {
    if (this.#user === null) return;
    await this.endIn(scope, 'user');
  }

  /**
   * Resolves once the end of the session in progress, if one is, is written: the store cleared,
   * `logout` announced, and the session lock released by the refresh that found the session over
   * (at once when no end is in progress).
   */
  endWritten(): Promise<void> {
    return this.#ending ?? Promise.resolve();
  }

  /** Ends `scope`'s session, unless it has ended already. */
  async endIn(scope: SessionScope, reason: LogoutReason): Promise<void> {
    if (scope.ended || scope !== this.#scope) {
      await this.#loggingOut;
      return;
    }
    await this.logout(reason);
  }

  /**
   * Ends the session: at once, every wait, attempt and refresh of it stops and its user is
   * forgotten; then, under the session lock, the logout endpoint is called when there is a token
   * to end (the latest one, even if a refresh just wrote it), the store is cleared and `logout`
   * is emitted once. Concurrent calls share one logout.
   */
  logout(reason: LogoutReason = 'user'): Promise<void> {
    return this.#endSession(reason, false, true);
  }

  /**
   * Logs out with `session-expired` when cookies of an earlier client are present. Returns
   * whether it did. `staleCookieNames` usually comes from CookieTokenStore#staleCookies().
   */
  async expireIfStale(staleCookieNames: readonly string[]): Promise<boolean> {
    if (staleCookieNames.length === 0) return false;
    await this.#endSession('session-expired', true, true);
    return true;
  }

  #beginNewScope(reason?: LogoutReason, cause?: unknown): void {
    this.#scope.end(reason === 'suspended', cause);
    this.#scope = new SessionScopeController();
    this.#refreshing = null;
  }

  /** Runs `fn` under the cross-tab lock and the store's lock (or this client's mutex). */
  #locked<T>(fn: () => Promise<T>): Promise<T> {
    const store = this.#store;
    const inStoreLock = () => (store.withLock ? store.withLock(fn) : this.#mutex.run(fn));
    return this.#locks ? this.#locks.request(SESSION_LOCK, inStoreLock) : inStoreLock();
  }

  /** `lock`: false when the caller already holds the session lock (a refresh ending its session). */
  #endSession(
    reason: LogoutReason,
    announceWithoutSession: boolean,
    lock: boolean,
    cause?: unknown,
  ): Promise<void> {
    if (this.#loggingOut) return this.#loggingOut;
    const hadUser = this.#user !== null;
    // A refresh that found the session over ends it from inside its lock, released after this.
    const refreshing = this.#refreshing;
    this.#beginNewScope(reason, cause);
    this.#user = null;
    const finish = () => this.#finishLogout(reason, hadUser || announceWithoutSession);
    const pending = (lock ? this.#locked(finish) : finish()).finally(() => {
      this.#loggingOut = null;
    });
    this.#loggingOut = pending;
    const ending: Promise<void> = Promise.allSettled([pending, refreshing]).then(() => {
      if (this.#ending === ending) this.#ending = null;
    });
    this.#ending = ending;
    return pending;
  }

  async #finishLogout(reason: LogoutReason, announce: boolean): Promise<void> {
    const tokens = await this.#readStore();
    // The server already ended a suspended or refused session; only a live one is worth a call.
    if (tokens && (reason === 'user' || reason === 'session-expired')) {
      try {
        await this.#options.requestLogout(tokens.accessToken);
      } catch {
        // Logging out locally must never fail because the server is unreachable.
      }
    }
    await this.#store.clear();
    if (!tokens && !announce) return;
    const notice = LOGOUT_NOTICES[reason];
    this.#events.emit('logout', reason, notice === undefined ? { reason } : { reason, notice });
  }

  /** Ends `scope`'s session from inside the lock (a refresh that found it over) and throws. */
  async #endFromRefresh(scope: SessionScope, reason: LogoutReason, cause?: unknown): Promise<never> {
    // The session had tokens when this refresh began, so its end is announced even when another
    // client already emptied the store.
    if (scope === this.#scope) await this.#endSession(reason, true, false, cause);
    if (reason === 'suspended') throw new SuspendedError({ endpoint: REFRESH_ID, cause });
    throw new NotLoggedInError({ endpoint: REFRESH_ID, cause });
  }

  async #refreshNow(scope: SessionScope, failedAccessToken: string | undefined): Promise<Tokens> {
    const stoppers: Stoppers = { scope, endpoint: REFRESH_ID };
    throwIfStopped(stoppers);
    const current = await this.#readStore();
    throwIfStopped(stoppers);
    // Another client logged out while this one waited for the lock: its session is over here too.
    if (!current) return this.#endFromRefresh(scope, 'user');
    if (failedAccessToken !== undefined && current.accessToken !== failedAccessToken) return current;
    if (!current.refreshToken) return this.#endFromRefresh(scope, 'refresh-failed');
    let fresh: Tokens;
    try {
      fresh = await this.#requestWithRetries(current.refreshToken, scope, stoppers);
    } catch (error) {
      throwIfStopped(stoppers);
      if (isHttpError(error) && error.status === 406) return this.#endFromRefresh(scope, 'suspended', error);
      if (isHttpError(error) && error.status < 500) {
        // Refused. If another client rotated the tokens meanwhile, theirs are good.
        const latest = await this.#readStore();
        throwIfStopped(stoppers);
        if (latest && latest.refreshToken !== current.refreshToken) return latest;
        return this.#endFromRefresh(scope, 'refresh-failed', error);
      }
      if (this.#options.refreshNetworkFailure === 'keep-session') throw error;
      return this.#endFromRefresh(scope, 'refresh-failed', error);
    }
    throwIfStopped(stoppers);
    // Re-read under the lock before writing: never write over a logout or a newer refresh.
    const latest = await this.#readStore();
    throwIfStopped(stoppers);
    if (!latest) return this.#endFromRefresh(scope, 'user');
    if (latest.refreshToken !== current.refreshToken) return latest;
    await this.#store.set(fresh);
    // A logout that landed during the write is waiting for the lock and clears the store next.
    throwIfStopped(stoppers);
    this.#events.emit('refresh', fresh);
    return fresh;
  }

  async #requestWithRetries(refreshToken: string, scope: SessionScope, stoppers: Stoppers): Promise<Tokens> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#options.requestRefresh(refreshToken, scope);
      } catch (error) {
        const delayMs = retryDelay(TOKEN_REFRESH_RETRY, attempt, error);
        if (delayMs === undefined) throw error;
        this.#options.onRetry?.({ endpoint: REFRESH_ID, attempt, retry: attempt, delayMs, error });
        await wait(delayMs, stoppers);
      }
    }
  }
}

/** Tokens that can be sent: an empty access token is none. */
function usable(tokens: Tokens | null): Tokens | null {
  return tokens && tokens.accessToken !== '' ? tokens : null;
}
