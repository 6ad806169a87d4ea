/**
 * Tokens. Tokens are opaque random strings kept in the state (so a `--data` demo keeps its
 * sessions across restarts); access tokens expire after the configured TTL, refresh tokens rotate
 * and each may be used once, but for a short reuse window (see `refresh`). Each login starts a session that the pairs its refreshes make belong
 * to, so logging out ends all of them, as an identity provider's logout ends the session.
 */
import { own } from '../state/dict';
import { recordedRandom } from '../state/recording';
import type { Store } from '../state/store';
import type { RefreshTokenRecord, UserRecord } from '../state/types';

/** A random token; recorded with the request that made it, so a replay makes the same one. */
export function randomToken(bytes = 24): string {
  return recordedRandom(bytes);
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  /** Seconds, as OAuth answers count them. */
  expires_in: number;
  refresh_expires_in: number;
}

export interface TokenPolicy {
  accessTtlMs: number;
  refreshTtlMs: number;
  /** How long a spent refresh token may be used once more while its replacement is unused; 0: never. */
  refreshReuseMs: number;
  now(): number;
}

/** Pruning scans every token, so it runs at most this often rather than on every login. */
const PRUNE_EVERY_MS = 60_000;
/** Spent or expired refresh tokens are kept this long: a replay answers "used", not "unknown". */
const SPENT_GRACE_MS = 24 * 3_600_000;

/**
 * Sessions (token pairs) a member keeps at once; a login beyond it ends the oldest session, as an
 * identity provider's session limit does. Without it a load test of 30,000 logins keeps 30,000
 * live refresh tokens for a month.
 */
export const SESSIONS_PER_USER = 50;

/** A member's tokens, oldest first: what the session limit drops. */
interface UserTokens {
  access: string[];
  refresh: string[];
}

export type AccessCheck =
  | { ok: true; user: UserRecord; token: string; expiresAt: number }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

export class Auth {
  private prunedAt = Number.NEGATIVE_INFINITY;
  /** Tokens per member, built from the data on first use and again after the data is replaced. */
  private byUser = new Map<string, UserTokens>();
  private indexed: object | undefined;

  constructor(
    private readonly store: Store,
    readonly policy: TokenPolicy,
  ) {}

  /** A new pair: of a new session (a login), or of the session a refresh token belonged to. */
  issue(user: UserRecord, session: string = randomToken(12)): IssuedTokens {
    const now = this.policy.now();
    const access = randomToken();
    const refresh = randomToken(32);
    this.store.data.accessTokens[access] = {
      user_id: user.keycloakId,
      expires_at: now + this.policy.accessTtlMs,
      session,
    };
    this.store.data.refreshTokens[refresh] = {
      user_id: user.keycloakId,
      expires_at: now + this.policy.refreshTtlMs,
      used: false,
      session,
    };
    this.limitSessions(user.keycloakId, access, refresh);
    if (now - this.prunedAt >= PRUNE_EVERY_MS) this.prune(now);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: Math.round(this.policy.accessTtlMs / 1000),
      refresh_expires_in: Math.round(this.policy.refreshTtlMs / 1000),
    };
  }

  /** Reads `Authorization: Bearer <token>`. */
  static bearer(header: string | undefined): string | undefined {
    if (!header) return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1];
  }

  checkAccess(token: string | undefined): AccessCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const record = own(this.store.data.accessTokens, token);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.expires_at <= this.policy.now()) return { ok: false, reason: 'expired' };
    const user = this.store.user(record.user_id);
    if (!user) return { ok: false, reason: 'unknown' };
    return { ok: true, user, token, expiresAt: record.expires_at };
  }

  /**
   * Rotates a refresh token: the old one is spent whatever happens next. A client can lose the
   * answer after the rotation (the member reloads the page, the connection drops): for
   * `refreshReuseMs` after it was spent, the old token is honoured again as long as the pair it was
   * exchanged for is unused, which proves nobody has gone on with the session since. That pair's
   * refresh token is spent in turn, so a session still has one live refresh token; once it has been
   * used, or after the window, or after a logout, the old one is refused.
   */
  refresh(token: string): IssuedTokens | undefined {
    const record = own(this.store.data.refreshTokens, token);
    const now = this.policy.now();
    if (!record || record.expires_at <= now) return undefined;
    if (record.used && !this.reusable(record, now)) return undefined;
    const user = this.store.user(record.user_id);
    if (!user) {
      this.spend(record);
      return undefined;
    }
    if (record.used) {
      const replacement = own(this.store.data.refreshTokens, record.replaced_by ?? '');
      if (replacement) this.spend(replacement);
    } else {
      record.used = true;
      record.used_at = now;
    }
    // A token from a file written before sessions existed starts one now.
    const issued = record.session === undefined ? this.issue(user) : this.issue(user, record.session);
    record.replaced_by = issued.refresh_token;
    return issued;
  }

  /** A spent token within its reuse window whose replacement nobody has used. */
  private reusable(record: RefreshTokenRecord, now: number): boolean {
    if (record.used_at === undefined || now - record.used_at >= this.policy.refreshReuseMs) return false;
    const replacement = own(this.store.data.refreshTokens, record.replaced_by ?? '');
    return replacement !== undefined && !replacement.used && replacement.expires_at > now;
  }

  /**
   * Logout: the session of the access token ends. Its access tokens (every pair its refreshes
   * made) stop working at once and its refresh token is spent, so another copy of the same
   * credentials fails at its next refresh. A token without a session (an older file) ends alone.
   */
  endSession(accessToken: string): void {
    const data = this.store.data;
    const record = own(data.accessTokens, accessToken);
    if (!record) return;
    delete data.accessTokens[accessToken];
    const session = record.session;
    if (session === undefined) return;
    // Every token of a session was issued here, so the member's own lists hold them all.
    const tokens = this.tokensOf(record.user_id);
    for (const token of tokens.access) {
      if (own(data.accessTokens, token)?.session === session) delete data.accessTokens[token];
    }
    for (const token of tokens.refresh) {
      const refresh = own(data.refreshTokens, token);
      if (refresh?.session === session) this.spend(refresh);
    }
  }

  /**
   * Ends every session of a user (password change or reset, admin delete), but the one of
   * `keepToken` when given: the member who changed the password stays signed in there.
   */
  revokeUser(userId: string, keepToken?: string): void {
    const data = this.store.data;
    const keep = keepToken === undefined ? undefined : own(data.accessTokens, keepToken)?.session;
    const kept = (token: string, session: string | undefined) =>
      token === keepToken || (keep !== undefined && session === keep);
    for (const [token, record] of Object.entries(data.accessTokens)) {
      if (record.user_id === userId && !kept(token, record.session)) delete data.accessTokens[token];
    }
    for (const [token, record] of Object.entries(data.refreshTokens)) {
      if (record.user_id === userId && !kept(token, record.session)) this.spend(record);
    }
  }

  /** A spent refresh token answers "used" for a day (see prune) rather than "unknown". */
  private spend(record: RefreshTokenRecord): void {
    if (record.used) return;
    record.used = true;
    record.used_at = this.policy.now();
  }

  private tokensOf(userId: string): UserTokens {
    const data = this.store.data;
    if (this.indexed !== data) {
      this.indexed = data;
      this.byUser.clear();
      const byExpiry = <T extends { user_id: string; expires_at: number }>(records: Record<string, T>) =>
        Object.entries(records).sort((a, b) => a[1].expires_at - b[1].expires_at);
      for (const [token, record] of byExpiry(data.accessTokens))
        this.listOf(record.user_id).access.push(token);
      for (const [token, record] of byExpiry(data.refreshTokens))
        this.listOf(record.user_id).refresh.push(token);
    }
    return this.listOf(userId);
  }

  private listOf(userId: string): UserTokens {
    let tokens = this.byUser.get(userId);
    if (!tokens) {
      tokens = { access: [], refresh: [] };
      this.byUser.set(userId, tokens);
    }
    return tokens;
  }

  /** Records a new pair and ends the member's oldest session beyond SESSIONS_PER_USER. */
  private limitSessions(userId: string, access: string, refresh: string): void {
    const tokens = this.tokensOf(userId);
    tokens.access.push(access);
    tokens.refresh.push(refresh);
    const data = this.store.data;
    // Lists may name tokens already revoked or pruned; dropping those again is harmless.
    while (tokens.access.length > SESSIONS_PER_USER) delete data.accessTokens[tokens.access.shift() ?? ''];
    while (tokens.refresh.length > SESSIONS_PER_USER) delete data.refreshTokens[tokens.refresh.shift() ?? ''];
  }

  /**
   * Drops access tokens once expired (an expired and an unknown token get the same 403), and
   * refresh tokens a day after they expired or were spent, so a long demo does not grow the state
   * without bound (each login adds two tokens, each refresh spends one and adds two).
   */
  private prune(now: number): void {
    this.prunedAt = now;
    const access = this.store.data.accessTokens;
    for (const token of Object.keys(access)) {
      const record = access[token];
      if (record && record.expires_at <= now) delete access[token];
    }
    const refresh = this.store.data.refreshTokens;
    for (const token of Object.keys(refresh)) {
      const record = refresh[token];
      if (!record) continue;
      // Spent before used_at existed (an older --data file): the day starts now.
      if (record.used && record.used_at === undefined) record.used_at = now;
      const over = record.used ? Math.min(record.expires_at, record.used_at ?? now) : record.expires_at;
      if (over + SPENT_GRACE_MS < now) delete refresh[token];
    }
  }
}
