import type { Tokens } from '../schemas/auth';
import {
  ACCESS_COOKIE_NAME,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_PATH,
  COOKIE_SECURE,
  REFRESH_COOKIE_NAME,
  STALE_COOKIE_NAMES,
} from './constants';
import type { TokenStore } from './token-store';

/** The part of `document` the cookie store uses; injectable for tests and non-DOM hosts. */
export interface CookieJar {
  cookie: string;
}

export interface CookieTokenStoreOptions {
  /** Defaults to `document`. */
  jar?: CookieJar;
  accessCookie?: string;
  refreshCookie?: string;
  /** Defaults to true (SPEC: cookies are secure). Turn off only for plain-http local hosts. */
  secure?: boolean;
}

/** Parses a `document.cookie` string into a name -> value map (first occurrence wins). */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === '' || out.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

/**
 * Cookies written by earlier clients (`images`, `preferences`, `user`). This SDK never writes
 * them, so finding one means the browser holds a session from an older client: it is stale.
 */
export function findStaleCookies(header: string): string[] {
  const cookies = parseCookies(header);
  return STALE_COOKIE_NAMES.filter((name) => cookies.has(name));
}

/**
 * Tokens in browser cookies, shared by every tab: valid 365 days, `secure`, path `/`. Being
 * logged in means the access-token cookie exists. Refreshes across tabs are serialised by the
 * session with the Web Locks API.
 */
export class CookieTokenStore implements TokenStore {
  readonly #jar: CookieJar;
  readonly #access: string;
  readonly #refresh: string;
  readonly #secure: boolean;

  constructor(options: CookieTokenStoreOptions = {}) {
    const jar = options.jar ?? (globalThis as { document?: CookieJar }).document;
    if (!jar) throw new Error('CookieTokenStore needs a document (or a cookie jar) to write cookies to');
    this.#jar = jar;
    this.#access = options.accessCookie ?? ACCESS_COOKIE_NAME;
    this.#refresh = options.refreshCookie ?? REFRESH_COOKIE_NAME;
    this.#secure = options.secure ?? COOKIE_SECURE;
  }

  get(): Tokens | null {
    const cookies = parseCookies(this.#jar.cookie);
    const accessToken = cookies.get(this.#access);
    if (!accessToken) return null;
    return { accessToken, refreshToken: cookies.get(this.#refresh) ?? '' };
  }

  set(tokens: Tokens): void {
    this.#write(this.#access, tokens.accessToken, COOKIE_MAX_AGE_SECONDS);
    this.#write(this.#refresh, tokens.refreshToken, COOKIE_MAX_AGE_SECONDS);
  }

  /** Removes the token cookies and the stale cookies of earlier clients. */
  clear(): void {
    for (const name of [this.#access, this.#refresh, ...STALE_COOKIE_NAMES]) this.#write(name, '', 0);
  }

  /** The cookie names that mark a stale session, if any. */
  staleCookies(): string[] {
    return findStaleCookies(this.#jar.cookie);
  }

  #write(name: string, value: string, maxAge: number): void {
    const parts = [
      `${name}=${encodeURIComponent(value)}`,
      `Max-Age=${maxAge}`,
      `Path=${COOKIE_PATH}`,
      'SameSite=Lax',
    ];
    if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    if (this.#secure) parts.push('Secure');
    this.#jar.cookie = parts.join('; ');
  }
}
