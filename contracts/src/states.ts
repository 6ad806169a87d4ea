/**
 * Every provider state the pacts use: its name (with `{param}` placeholders naming its
 * parameters), what the provider must set up, and which values it should answer from the
 * state-change call. Consumer tests take names from here, and README.md is checked against it,
 * so backend teams read the same list the pacts were written with.
 *
 * Realtime states are set up like the others; the message verifier then connects a socket with
 * the `accessToken` they answered and POSTs them again with `action: "trigger"`, which makes the
 * provider send the state's event (README.md, "Realtime pacts").
 */
import type { ContractStateName } from '@matchmaker/sandbox';

export interface StateDef {
  /** One of the names the sandbox implements (its typed handler map is checked against the same list). */
  readonly name: ContractStateName;
  /** What the provider must have in place before the request. */
  readonly setup: string;
  /**
   * Every value the pacts inject from the state-change answer (`fromProviderState`) in the
   * interactions that use this state: tokens, and ids the provider may choose itself. A provider
   * that can use the parameters as given may answer nothing: the verifier falls back to the
   * params. A check test holds this list to the generators in the pacts, both ways.
   */
  readonly returns?: readonly string[];
}

const def = <const S extends StateDef>(state: S): S => state;

export const STATES = {
  memberLoggedIn: def({
    name: 'a member {userId} is logged in',
    setup:
      'An active, confirmed member `userId` (roles ["General"]) with a complete profile and a valid session, and no blocks or match requests left by earlier interactions; its tokens and its id are answered.',
    returns: ['accessToken', 'refreshToken', 'userId'],
  }),
  adminLoggedIn: def({
    name: 'an admin {adminId} is logged in',
    setup: 'An active admin `adminId` (roles without "General") with a valid session; its token is answered.',
    returns: ['accessToken'],
  }),
  tokenExpired: def({
    name: 'the access token {expiredToken} of member {userId} has expired',
    setup: 'Calls carrying `Bearer <expiredToken>` answer 403 (any unknown token must answer 403 too).',
  }),
  accountSuspended: def({
    name: 'the account of member {id} is suspended',
    setup: 'The member is suspended; calls with their token answer 406.',
  }),
  accountDeactivated: def({
    name: 'the account of member {id} is deactivated',
    setup: 'The member exists and is deactivated (can be reactivated).',
    returns: ['id'],
  }),
  password: def({
    name: 'the password of member {userId} is {password}',
    setup: "The member's current password is `password`.",
  }),
  credentials: def({
    name: 'a member {id} has the email {email} and the password {password}',
    setup: 'An active, confirmed member with this id, email and password.',
  }),
  emailAndUsernameFree: def({
    name: 'no account uses the email {email} or the username {username}',
    setup: 'Neither the email nor the username is registered.',
  }),
  usernameFree: def({
    name: 'no account uses the username {username}',
    setup: 'The username is not registered.',
  }),
  unconfirmed: def({
    name: 'member {id} with the email {email} has not confirmed the account; the confirmation token is {token}',
    setup: 'The member has not confirmed the account; `token` confirms it.',
    returns: ['token', 'id'],
  }),
  resetPending: def({
    name: 'member {id} with the email {email} asked for a password reset; the reset token is {token}',
    setup: 'A password reset of the member is pending; `token` resets the password.',
    returns: ['token'],
  }),
  emailChangePending: def({
    name: 'member {id} started an email change to {newEmail}; the token is {token}',
    setup: 'An email change of the member to `newEmail` is pending; `token` completes it.',
    returns: ['token'],
  }),
  usernameChangePending: def({
    name: 'member {userId} started a username change to {username}; the token is {token}',
    setup: 'A username change of the member to `username` is pending; `token` completes it.',
    returns: ['token'],
  }),
  numberedMembers: def({
    name: 'the members {idPrefix}1 to {idPrefix}{count} exist',
    setup: 'Active, confirmed members with the ids `idPrefix1` to `idPrefix<count>`.',
  }),
  memberExists: def({
    name: 'a member {id} exists',
    setup:
      'An active, confirmed member `id` with a complete profile (every choice field one of its known values), visible to other members: no blocks either way and no match requests left by earlier interactions.',
    returns: ['id'],
  }),
  noSettings: def({
    name: 'member {userId} has no settings yet',
    setup: 'The member never saved settings (reading them answers the defaults).',
  }),
  mutualMatches: def({
    name: 'members {userId} and {matchId} are mutual matches with the chat room {room}',
    setup:
      'Member `matchId` exists; both members accepted a match and share the chat room `room` (not blocked).',
    returns: ['matchId', 'room'],
  }),
  referral: def({
    name: 'member {id} with the username {username} referred another member',
    setup: 'Member `id` (username `username`) referred at least one registered member.',
  }),
  activity: def({
    name: 'member {id} has activity logs and page visits',
    setup: 'At least one activity log entry and one page visit of the member.',
    returns: ['id'],
  }),
  kycPending: def({
    name: 'member {id} has a pending KYC request {requestId} with the document {documentId}',
    setup: 'A pending KYC request of the member with one PDF document.',
    returns: ['requestId', 'documentId'],
  }),
  kycQueue: def({
    name: '{count} KYC requests of different members wait for review',
    setup: 'Exactly `count` KYC requests, all pending (no others), each of another member.',
  }),
  noKycPending: def({
    name: 'no KYC request is waiting for review',
    setup: 'There are no KYC requests at all, so every page of the review list is empty.',
  }),
  image: def({
    name: 'member {id} has the profile photo {filename}',
    setup: 'A public, unflagged image of type "Profile Photo" of the member.',
    returns: ['filename', 'id'],
  }),
  flaggedImage: def({
    name: 'the image {filename} of member {id} is flagged',
    setup: 'A flagged image of the member, waiting for review.',
    returns: ['filename'],
  }),
  manyFlaggedImages: def({
    name: '{count} images of member {id} are flagged',
    setup: 'Exactly `count` flagged images waiting for review (no others), all of member `id`.',
  }),
  feature: def({
    name: 'a feature {code} with the subfeature {subfeature} exists',
    setup: 'A feature switch `code` with a subfeature `subfeature`.',
    returns: ['code'],
  }),
  notification: def({
    name: 'member {userId} has the notification {notificationId}',
    setup:
      "The member's only notification (earlier ones removed): unread, about a match request of another member who has a profile photo.",
    returns: ['notificationId'],
  }),
  noNotifications: def({
    name: 'member {userId} has no notifications',
    setup: 'The member has no notifications at all.',
  }),
  recommendation: def({
    name: 'member {userId} has the recommendation {recommendationId} of member {id}',
    setup: 'Member `id` exists, has a public profile photo, and is recommended to member `userId` (pending).',
    returns: ['recommendationId'],
  }),
  manyRecommendations: def({
    name: 'member {userId} has {count} pending recommendations',
    setup:
      'Exactly `count` pending recommendations of the member (no others), each of another active member.',
  }),
  noRecommendations: def({
    name: 'member {userId} has no recommendations',
    setup: 'The member has no pending recommendations, so every page is empty.',
  }),
  incomingRequest: def({
    name: 'member {id} sent member {userId} the match request {requestId}',
    setup:
      'Member `id` exists, has a public profile photo, and has a pending match request to member `userId`. Trigger: notifies `userId` of it (`new_notification`).',
    returns: ['requestId'],
  }),
  matchActivity: def({
    name: 'members used search filters and exchanged match requests between {start} and {end}',
    setup: 'Filter uses and match requests (created, accepted, rejected) dated within the range.',
  }),
  message: def({
    name: 'member {matchId} sent member {userId} the message {messageId} in the chat room {room}',
    setup:
      'An unread message from `matchId` to `userId` in the room. Trigger: sends it to `userId` as `new_message`.',
    returns: ['messageId'],
  }),
  chatHistory: def({
    name: 'the chat room {room} holds {count} messages from member {matchId} to member {userId}, numbered in the order they were sent',
    setup:
      'Exactly `count` messages in the room (only those), from `matchId` to `userId`, the n-th sent reading `Message n`.',
  }),
  emptyRoom: def({
    name: 'the chat room {room} has no messages',
    setup: 'The room exists and holds no messages.',
  }),
  chatFile: def({
    name: 'member {matchId} shared the file {filename} in the chat room {room}',
    setup: 'A PNG file sent in the room by `matchId`.',
    returns: ['filename'],
  }),
  blocked: def({
    name: 'member {userId} blocked member {id}',
    setup: 'Member `id` exists and is on the block list of member `userId`.',
  }),
  plan: def({
    name: 'a plan {planId} with a live offer {offerId} exists',
    setup: 'A plan that is not archived, with an offer (offer: true) that is not archived and live now.',
    returns: ['planId'],
  }),
  subscription: def({
    name: 'member {userId} subscribes to the plan {planId}',
    setup: 'An active subscription of the member to the plan.',
  }),
  typing: def({
    name: 'member {matchId} is typing in the chat room {room}',
    setup:
      'Member `matchId` exists. Trigger: `matchId` types in the room, so the other member receives `active`.',
  }),
  online: def({
    name: 'member {matchId} is online',
    setup:
      'Member `matchId` exists. Trigger: its connected mutual matches receive `online_chats` listing it online.',
  }),
  tokenExpiresWhileConnected: def({
    name: 'the access token of member {userId} expires while the chat channel is connected',
    setup:
      'Answers an `accessToken` of the member that expires within a few seconds; a chat socket connected with it receives `token_expired` then.',
    returns: ['accessToken'],
  }),
} as const;

export type StateKey = keyof typeof STATES;

/** The parameter names of a state name: `a member {id} exists` has `id`. */
export function stateParams(name: string): string[] {
  return [...name.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** Every state, typed as plain definitions (for tables and checks). */
export const ALL_STATES: readonly StateDef[] = Object.values(STATES);
