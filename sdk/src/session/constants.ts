/** Constants of the session: token refresh, logout, cookies (SPEC.md sections 4 and 9). */
import type { RetryPolicy } from '../endpoints/retry-policy';
import { fixedRetry } from '../transport/constants';

/** The 403 refresh flow: the refresh call is retried on network failures and 5xx, 3 times 1 s apart. */
export const TOKEN_REFRESH_RETRY: RetryPolicy = fixedRetry(3, 1_000);
/** The logout call is a courtesy to the server: local logout never waits longer for it. */
export const LOGOUT_REQUEST_TIMEOUT_MS = 5_000;

const COOKIE_MAX_AGE_DAYS = 365;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
export const COOKIE_PATH = '/';
export const COOKIE_SECURE = true;
/** The cookies a browser session's tokens live in (CookieTokenStore's defaults). */
export const ACCESS_COOKIE_NAME = 'access_token';
export const REFRESH_COOKIE_NAME = 'refresh_token';
/** Cookies written by earlier clients; their presence means the session is stale. */
export const STALE_COOKIE_NAMES = ['images', 'preferences', 'user'] as const;

export const NOT_LOGGED_IN_MESSAGE = 'Not logged in';
export const SESSION_EXPIRED_NOTICE = 'Session expired. Please log in';
