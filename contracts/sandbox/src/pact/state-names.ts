/**
 * The names of the provider states the Matchmaker pacts use, one list shared by the sandbox (its
 * handler map must implement every one, checked by the compiler) and contracts/src/states.ts
 * (which documents them for backend teams and names them in the consumer tests).
 */
export const CONTRACT_STATE_NAMES = [
  'a member {userId} is logged in',
  'an admin {adminId} is logged in',
  'the access token {expiredToken} of member {userId} has expired',
  'the account of member {id} is suspended',
  'the account of member {id} is deactivated',
  'the password of member {userId} is {password}',
  'a member {id} has the email {email} and the password {password}',
  'no account uses the email {email} or the username {username}',
  'no account uses the username {username}',
  'member {id} with the email {email} has not confirmed the account; the confirmation token is {token}',
  'member {id} with the email {email} asked for a password reset; the reset token is {token}',
  'member {id} started an email change to {newEmail}; the token is {token}',
  'member {userId} started a username change to {username}; the token is {token}',
  'a member {id} exists',
  'the members {idPrefix}1 to {idPrefix}{count} exist',
  'member {userId} has no settings yet',
  'members {userId} and {matchId} are mutual matches with the chat room {room}',
  'member {id} with the username {username} referred another member',
  'member {id} has activity logs and page visits',
  'member {id} has a pending KYC request {requestId} with the document {documentId}',
  'no KYC request is waiting for review',
  '{count} KYC requests of different members wait for review',
  'member {id} has the profile photo {filename}',
  'the image {filename} of member {id} is flagged',
  '{count} images of member {id} are flagged',
  'a feature {code} with the subfeature {subfeature} exists',
  'member {userId} has the notification {notificationId}',
  'member {userId} has no notifications',
  'member {userId} has the recommendation {recommendationId} of member {id}',
  'member {userId} has no recommendations',
  'member {userId} has {count} pending recommendations',
  'member {id} sent member {userId} the match request {requestId}',
  'members used search filters and exchanged match requests between {start} and {end}',
  'member {matchId} sent member {userId} the message {messageId} in the chat room {room}',
  'the chat room {room} has no messages',
  'the chat room {room} holds {count} messages from member {matchId} to member {userId}, numbered in the order they were sent',
  'member {matchId} shared the file {filename} in the chat room {room}',
  'member {userId} blocked member {id}',
  'a plan {planId} with a live offer {offerId} exists',
  'member {userId} subscribes to the plan {planId}',
  'member {matchId} is typing in the chat room {room}',
  'member {matchId} is online',
  'the access token of member {userId} expires while the chat channel is connected',
] as const;

export type ContractStateName = (typeof CONTRACT_STATE_NAMES)[number];

export const isContractStateName = (name: string): name is ContractStateName =>
  (CONTRACT_STATE_NAMES as readonly string[]).includes(name);
