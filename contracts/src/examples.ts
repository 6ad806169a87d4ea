/**
 * The example values written into the pacts. They are fixed strings, never generated, so two runs
 * write byte-equal files. Ids and tokens reach the provider as provider-state parameters; a
 * provider that cannot use them returns its own values from the state-change call and the
 * verifier injects those instead (`fromProviderState`).
 */

/** The logged-in member of most interactions. */
export const MEMBER = {
  userId: 'pact-member-1',
  email: 'amara.okafor@example.com',
  password: 'Amara#Contract1',
  username: 'amara_okafor',
  accessToken: 'member-access-token',
  refreshToken: 'member-refresh-token',
} as const;

/** The logged-in admin of back-office interactions. */
export const ADMIN = {
  adminId: 'pact-admin-1',
  accessToken: 'admin-access-token',
} as const;

/** Another member: the subject of admin operations, profile look-ups and match requests. */
export const OTHER = {
  id: 'pact-member-2',
  email: 'chidi.nwosu@example.com',
  password: 'Chidi#Contract1',
  username: 'chidi_nwosu',
} as const;

/** A mutual match of MEMBER, and what they share. */
export const MATCH = {
  matchId: 'pact-member-3',
  room: 'pact-room-1',
  messageId: 'pact-message-1',
  filename: 'pact-chat-file-1.png',
} as const;

/** Another mutual match, the one the member blocks (blocking ends a conversation, so it has its own). */
export const BLOCKED_MATCH = { matchId: 'pact-member-4', room: 'pact-room-2' } as const;

/** Tokens of the refresh flow: the expired one sent first, and those the refresh answers. */
export const REFRESH_FLOW = {
  expiredToken: 'expired-access-token',
  freshAccessToken: 'fresh-access-token',
  freshRefreshToken: 'fresh-refresh-token',
} as const;

/** One-time tokens of the account flows. */
export const ONE_TIME = {
  confirmToken: 'confirm-token-1',
  resetToken: 'reset-token-1',
  emailChangeToken: 'email-change-token-1',
  usernameChangeToken: 'username-change-token-1',
  newEmail: 'chidi.new@example.com',
  /** A separate address for the member's own email change, so the two flows never collide. */
  memberNewEmail: 'amara.new@example.com',
  newUsername: 'amara_new',
} as const;

/** A member registering for the first time. */
export const NEWCOMER = {
  email: 'ngozi.eze@example.com',
  username: 'ngozi_eze',
} as const;

export const IMAGE = { filename: 'pact-image-1.png', flagged: 'pact-flagged-1.png' } as const;
export const KYC = { requestId: 'pact-kyc-1', documentId: 'pact-doc-1' } as const;
export const FEATURE = { code: 'CHAT', subfeature: 'CHAT_FILES' } as const;
export const NOTIFICATION = { notificationId: 'pact-notification-1' } as const;
export const RECOMMENDATION = {
  recommendationId: 'pact-recommendation-1',
  requestId: 'pact-match-request-1',
} as const;
export const PLAN = { planId: 'pact-plan-1', offerId: 'pact-offer-1' } as const;

/** The date range of the analytics calls. */
export const RANGE = { start: '2026-01-01', end: '2026-01-31' } as const;

/** The example instant of every date-time in the pacts. */
export const EXAMPLE_INSTANT = '2026-01-15T09:30:00.000Z';
