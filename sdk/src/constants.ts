/**
 * Business constants of SPEC.md section 9 that belong to lists, pages, rules and the web UI,
 * published with the rules (`@matchmaker/sdk/rules`). The others live with their owner and are
 * published at the root: retry policies and time limits in `transport/constants.ts`, cookies,
 * the token refresh and notices in `session/constants.ts`, the sockets in
 * `realtime/constants.ts`. Nothing restates a number elsewhere.
 */
// Lists and pages.
export const ADMIN_USERS_PAGE_SIZE = 15;
export const KYC_PAGE_SIZE = 15;
export const RECOMMENDATIONS_PAGE_SIZE = 50;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
export const FLAGGED_IMAGES_PAGE_SIZE = 100;

// Location flow.
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_HIGH_ACCURACY = true;

// Rules.
export const PROFILE_COMPLETION_FIELD_COUNT = 24;
export const RELIGIONS_WITH_PAGES = ['muslim', 'hindu', 'christian', 'mormon', 'jew'] as const;
export type ReligionWithPage = (typeof RELIGIONS_WITH_PAGES)[number];
export const UNKNOWN_COUNTRY = 'Unknown Country';

// The web UI (SPEC.md section 9): formatting, messages and transient notices.
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
export const KYC_REQUEST_FETCH_ERROR =
  'An error occured while fetching the request data. Please refresh the page';
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
