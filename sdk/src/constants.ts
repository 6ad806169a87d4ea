/**
 * Business constants of SPEC.md section 9, as named exports. Everything that paces, pages or
 * times the client reads them from here; nothing restates a number elsewhere.
 */

/** A fixed-delay retry policy: how many retries after the first attempt, and the wait between them. */
export interface RetryPolicy {
  readonly retries: number;
  readonly delayMs: number;
}

export const ADMIN_USERS_PAGE_SIZE = 15;
export const KYC_PAGE_SIZE = 15;
export const RECOMMENDATIONS_PAGE_SIZE = 50;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
export const FLAGGED_IMAGES_PAGE_SIZE = 100;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_HIGH_ACCURACY = true;

export const COOKIE_MAX_AGE_DAYS = 365;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
export const COOKIE_PATH = '/';
export const COOKIE_SECURE = true;

/** The 403 refresh flow: the refresh call is retried on network failures and 5xx. */
export const TOKEN_REFRESH_RETRY: RetryPolicy = { retries: 3, delayMs: 1_000 };
/** PUT /accounts/location, on 5xx and network failures. */
export const LOCATION_UPDATE_RETRY: RetryPolicy = { retries: 3, delayMs: 3_000 };
/** POST /devices, on 5xx and network failures. */
export const DEVICE_INFO_RETRY: RetryPolicy = { retries: 5, delayMs: 5_000 };
/** POST /analytics/v2/dau/, on 5xx and network failures. */
export const ANALYTICS_RETRY: RetryPolicy = { retries: 3, delayMs: 10_000 };

export const REALTIME_CONNECTION_TIMEOUT_MS = 20_000;
export const REALTIME_RECONNECT_DELAY_MIN_MS = 1_000;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 5_000;

export const PROFILE_COMPLETION_FIELD_COUNT = 24;

export const RELIGIONS_WITH_PAGES = ['muslim', 'hindu', 'christian', 'mormon', 'jew'] as const;
export type ReligionWithPage = (typeof RELIGIONS_WITH_PAGES)[number];

export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';

export const TOAST_TYPES = ['blank', 'error', 'success', 'loading', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** Auto-close of transient messages, per type. */
export const TOAST_DURATIONS_MS: Readonly<Record<ToastType, number>> = {
  blank: 4_000,
  error: 4_000,
  success: 4_000,
  warning: 4_000,
  info: 4_000,
  loading: 30_000,
};
export const TOAST_POSITION = 'top-center';
export const TOAST_GAP_PX = 8;

/** Default time limit of one HTTP attempt; callers may pass their own. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export const UNKNOWN_COUNTRY = 'Unknown Country';
export const NOT_LOGGED_IN_MESSAGE = 'Not logged in';
export const SESSION_EXPIRED_NOTICE = 'Session expired. Please log in';
/** Cookies written by earlier clients; their presence means the session is stale. */
export const STALE_COOKIE_NAMES = ['images', 'preferences', 'user'] as const;
export const KYC_REQUEST_FETCH_ERROR =
  'An error occured while fetching the request data. Please refresh the page';
