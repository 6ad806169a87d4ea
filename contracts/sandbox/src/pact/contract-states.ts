/**
 * The provider states the Pact consumer tests use (contracts/src/states.ts), by their exact
 * names. Each sets up records with exactly the ids, tokens and values the consumer passes as
 * parameters, so the pacts' example values work as they are; each also answers them, for the
 * `fromProviderState` expressions.
 */
import { simplePdf } from '../media/pdf';
import { DAY_MS } from '../seed/clock';
import type { UserRecord } from '../state/types';
import type { World } from '../world';
import {
  ensureMember,
  ensureMutual,
  ensurePlan,
  ensureProfilePhoto,
  freeEmail,
  freeUsername,
  login,
  putAccessToken,
  putOneTimeToken,
  putRequest,
  setPassword,
} from './fixtures';
import { defineState, type StateParams } from './registry';

const str = (params: StateParams, key: string): string => {
  const value = params[key];
  if (value === undefined || value === null || value === '')
    throw new Error(`provider state needs the parameter '${key}'`);
  return String(value);
};
const opt = (params: StateParams, key: string): string | undefined =>
  params[key] === undefined || params[key] === null ? undefined : String(params[key]);

const member = (world: World, params: StateParams, key: string): UserRecord =>
  ensureMember(world, str(params, key));

defineState({
  name: 'a member {userId} is logged in',
  description:
    'An active, confirmed member with the id userId holding a valid session; answers accessToken and refreshToken.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    const session = login(world, user);
    // The pacts' own example token works too, so a verifier without fromProviderState passes.
    if (params.accessToken)
      putAccessToken(world, String(params.accessToken), user, world.now() + world.options.accessTtlMs);
    return session;
  },
});

defineState({
  name: 'an admin {adminId} is logged in',
  description: 'An active admin with the id adminId holding a valid session; answers accessToken.',
  setup(world, params) {
    const admin = ensureMember(world, str(params, 'adminId'), { admin: true });
    const session = login(world, admin);
    if (params.accessToken)
      putAccessToken(world, String(params.accessToken), admin, world.now() + world.options.accessTtlMs);
    return session;
  },
});

defineState({
  name: 'the access token {expiredToken} of member {userId} has expired',
  description: 'Calls carrying `Bearer expiredToken` answer 403.',
  setup(world, params) {
    putAccessToken(world, str(params, 'expiredToken'), member(world, params, 'userId'), world.now() - 60_000);
    return {};
  },
});

defineState({
  name: 'the account of member {id} is suspended',
  description: 'The member is suspended; calls with their token answer 406.',
  setup(world, params) {
    member(world, params, 'id').status = 'suspended';
    return {};
  },
});

defineState({
  name: 'the account of member {id} is deactivated',
  description: 'The member exists and is deactivated.',
  setup(world, params) {
    member(world, params, 'id').status = 'deactivated';
    return {};
  },
});

defineState({
  name: 'the password of member {userId} is {password}',
  description: "Sets the member's password.",
  setup(world, params) {
    setPassword(member(world, params, 'userId'), str(params, 'password'));
    return {};
  },
});

defineState({
  name: 'a member {id} has the email {email} and the password {password}',
  description: 'An active, confirmed member with this id, email and password.',
  setup(world, params) {
    ensureMember(world, str(params, 'id'), {
      email: str(params, 'email'),
      password: str(params, 'password'),
    });
    return {};
  },
});

defineState({
  name: 'no account uses the email {email} or the username {username}',
  description: 'Moves any account off the email and the username.',
  setup(world, params) {
    freeEmail(world, str(params, 'email'));
    freeUsername(world, str(params, 'username'));
    return {};
  },
});

defineState({
  name: 'no account uses the username {username}',
  description: 'Moves any account off the username.',
  setup(world, params) {
    freeUsername(world, str(params, 'username'));
    return {};
  },
});

defineState({
  name: 'member {id} with the email {email} has not confirmed the account; the confirmation token is {token}',
  description: 'An unconfirmed member; token confirms it.',
  setup(world, params) {
    const user = ensureMember(world, str(params, 'id'), { email: str(params, 'email') });
    user.confirmed = false;
    putOneTimeToken(world, str(params, 'token'), 'confirm', user);
    return { token: str(params, 'token') };
  },
});

defineState({
  name: 'member {id} with the email {email} asked for a password reset; the reset token is {token}',
  description: 'A pending password reset; token resets the password.',
  setup(world, params) {
    const user = ensureMember(world, str(params, 'id'), { email: str(params, 'email') });
    putOneTimeToken(world, str(params, 'token'), 'reset', user);
    return { token: str(params, 'token') };
  },
});

defineState({
  name: 'member {id} started an email change to {newEmail}; the token is {token}',
  description: 'A pending email change to newEmail; token completes it.',
  setup(world, params) {
    const user = member(world, params, 'id');
    freeEmail(world, str(params, 'newEmail'), user);
    putOneTimeToken(world, str(params, 'token'), 'email-change', user, str(params, 'newEmail'));
    return { token: str(params, 'token') };
  },
});

defineState({
  name: 'member {userId} started a username change to {username}; the token is {token}',
  description: 'A pending username change; token completes it.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    freeUsername(world, str(params, 'username'), user);
    putOneTimeToken(world, str(params, 'token'), 'username-change', user, str(params, 'username'));
    return { token: str(params, 'token') };
  },
});

defineState({
  name: 'member {userId} has no settings yet',
  description: 'The member never saved settings; reading them answers the defaults.',
  setup(world, params) {
    delete world.store.data.settings[member(world, params, 'userId').keycloakId];
    return {};
  },
});

defineState({
  name: 'members {userId} and {matchId} are mutual matches with the chat room {room}',
  description: 'Both members accepted a match and share the chat room room.',
  setup(world, params) {
    const room = ensureMutual(
      world,
      member(world, params, 'userId'),
      member(world, params, 'matchId'),
      str(params, 'room'),
    );
    return { matchId: str(params, 'matchId'), room: room.id };
  },
});

defineState({
  name: 'member {id} with the username {username} referred another member',
  description: 'The member referred at least one registered member.',
  setup(world, params) {
    const referrer = ensureMember(world, str(params, 'id'), { username: str(params, 'username') });
    if (!world.store.data.referrals.some((referral) => referral.referrer_id === referrer.keycloakId)) {
      const referred = ensureMember(world, `${referrer.keycloakId}-referred`);
      referred.referrer = referrer.username;
      world.store.data.referrals.push({
        id: world.store.nextId('ref'),
        referrer_id: referrer.keycloakId,
        referred_id: referred.keycloakId,
        code: referrer.username
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 8),
        status: 'CONFIRMED',
        created_at: world.nowIso(),
      });
    }
    return {};
  },
});

defineState({
  name: 'member {id} has activity logs and page visits',
  description: 'At least one activity log entry and one page visit of the member.',
  setup(world, params) {
    const user = member(world, params, 'id');
    const at = world.nowIso();
    if (!world.store.data.activityLogs.some((log) => log.user_id === user.keycloakId)) {
      world.store.data.activityLogs.push({
        id: world.store.nextId('log'),
        user_id: user.keycloakId,
        action: 'LOGIN',
        detail: 'Logged in',
        ip: '127.0.0.1',
        created_at: at,
      });
    }
    if (!world.store.data.visits.some((visit) => visit.user_id === user.keycloakId)) {
      world.store.data.visits.push({
        id: world.store.nextId('visit'),
        user_id: user.keycloakId,
        path: '/matches',
        ip: '127.0.0.1',
        country: 'United Kingdom',
        country_code: 'GB',
        city: 'London',
        device: 'desktop',
        browser: 'Firefox',
        created_at: at,
      });
    }
    return {};
  },
});

defineState({
  name: 'member {id} has a pending KYC request {requestId} with the document {documentId}',
  description: 'A pending KYC request of the member with one PDF document.',
  setup(world, params) {
    const user = member(world, params, 'id');
    const requestId = str(params, 'requestId');
    const documentId = str(params, 'documentId');
    const now = world.nowIso();
    world.store.data.kycRequests = world.store.data.kycRequests.filter((request) => request.id !== requestId);
    world.store.data.kycRequests.push({
      id: requestId,
      user_id: user.keycloakId,
      status: 'PENDING',
      document_type: 'PASSPORT',
      documents: [documentId],
      comment: null,
      reviewer_id: null,
      created_at: now,
      updated_at: now,
      reviewed_at: null,
    });
    world.store.data.kycDocuments[documentId] = {
      id: documentId,
      request_id: requestId,
      user_id: user.keycloakId,
      filename: `${documentId}.pdf`,
      content_type: 'application/pdf',
      data: simplePdf(['Matchmaker sandbox - contract document', `Request ${requestId}`]).toString('base64'),
    };
    return { requestId, documentId };
  },
});

defineState({
  name: 'no KYC request is waiting for review',
  description: 'There are no KYC requests at all.',
  setup(world) {
    world.store.data.kycRequests = [];
    return {};
  },
});

defineState({
  name: 'member {id} has the profile photo {filename}',
  description: 'A public, unflagged image of type "Profile Photo" of the member.',
  setup(world, params) {
    const photo = ensureProfilePhoto(world, member(world, params, 'id'), str(params, 'filename'));
    return { filename: photo.filename };
  },
});

defineState({
  name: 'the image {filename} of member {id} is flagged',
  description: 'A flagged image of the member, waiting for review.',
  setup(world, params) {
    const user = member(world, params, 'id');
    const filename = str(params, 'filename');
    const image = ensureProfilePhoto(world, user, filename);
    image.image_type = 'Gallery Photo';
    image.flagged = true;
    image.flag_reason = 'Reported by a member';
    // Newest first in the review list, so it is on page 1.
    image.created_at = world.nowIso();
    return { filename };
  },
});

defineState({
  name: 'a feature {code} with the subfeature {subfeature} exists',
  description: 'A feature switch with this code and a subfeature with that code.',
  setup(world, params) {
    const code = str(params, 'code');
    const subCode = str(params, 'subfeature');
    let feature = world.store.data.features.find((entry) => entry.code === code);
    if (!feature) {
      feature = {
        code,
        name: code,
        description: 'Created for a contract',
        enabled: true,
        subfeatures: [],
        updated_at: world.nowIso(),
      };
      world.store.data.features.push(feature);
    }
    if (!feature.subfeatures.some((sub) => sub.code === subCode))
      feature.subfeatures.push({ code: subCode, name: subCode, enabled: true });
    return {};
  },
});

defineState({
  name: 'member {userId} has the notification {notificationId}',
  description: 'An unread notification about a match request of another member who has a profile photo.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    const notificationId = str(params, 'notificationId');
    const actor = ensureMember(world, `${user.keycloakId}-admirer`);
    ensureProfilePhoto(world, actor);
    const request = putRequest(world, world.store.nextId('mr'), actor, user, 'PENDING');
    world.store.data.notifications = world.store.data.notifications.filter(
      (entry) => entry.id !== notificationId,
    );
    world.store.data.notifications.push({
      id: notificationId,
      user_id: user.keycloakId,
      actor_id: actor.keycloakId,
      type: 'MATCH_REQUEST',
      body: `${actor.first_name} sent you a match request`,
      related_id: request.id,
      read: false,
      created_at: world.nowIso(),
    });
    return { notificationId };
  },
});

defineState({
  name: 'member {userId} has no notifications',
  description: 'The member has no notifications at all.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    world.store.data.notifications = world.store.data.notifications.filter(
      (entry) => entry.user_id !== user.keycloakId,
    );
    return {};
  },
});

defineState({
  name: 'member {userId} has the recommendation {recommendationId} of member {id}',
  description: 'Member id, with a public profile photo, is recommended to member userId (pending).',
  setup(world, params) {
    const user = member(world, params, 'userId');
    const other = member(world, params, 'id');
    ensureProfilePhoto(world, other);
    const recommendationId = str(params, 'recommendationId');
    const now = world.nowIso();
    world.store.data.recommendations = world.store.data.recommendations.filter(
      (rec) => rec.id !== recommendationId,
    );
    // Top score, so it is on the first page.
    world.store.data.recommendations.push({
      id: recommendationId,
      user_id: user.keycloakId,
      recipient_id: other.keycloakId,
      status: 'PENDING',
      score: 1,
      created_at: now,
      updated_at: now,
    });
    return { recommendationId };
  },
});

defineState({
  name: 'member {userId} has no recommendations',
  description: 'The member has no pending recommendations.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    world.store.data.recommendations = world.store.data.recommendations.filter(
      (rec) => rec.user_id !== user.keycloakId,
    );
    return {};
  },
});

defineState({
  name: 'member {id} sent member {userId} the match request {requestId}',
  description: 'Member id, with a public profile photo, has a pending match request to member userId.',
  setup(world, params) {
    const sender = member(world, params, 'id');
    ensureProfilePhoto(world, sender);
    const request = putRequest(
      world,
      str(params, 'requestId'),
      sender,
      member(world, params, 'userId'),
      'PENDING',
    );
    return { requestId: request.id };
  },
});

defineState({
  name: 'members used search filters and exchanged match requests between {start} and {end}',
  description: 'Filter uses and match requests (created, accepted, rejected) dated within the range.',
  setup(world, params) {
    const start = Date.parse(str(params, 'start'));
    const end = Date.parse(str(params, 'end'));
    if (Number.isNaN(start) || Number.isNaN(end)) throw new Error('start and end must be dates');
    const middle = start + Math.max(0, Math.floor((end - start) / 2 / DAY_MS)) * DAY_MS + 9 * 3_600_000;
    const at = new Date(middle).toISOString();
    const a = ensureMember(world, 'pact-activity-a');
    const b = ensureMember(world, 'pact-activity-b');
    const c = ensureMember(world, 'pact-activity-c');
    const made = [
      putRequest(world, 'pact-activity-1', a, b, 'ACCEPTED'),
      putRequest(world, 'pact-activity-2', b, c, 'REJECTED'),
      putRequest(world, 'pact-activity-3', c, a, 'PENDING'),
    ];
    for (const request of made) {
      request.created_at = at;
      request.updated_at = at;
    }
    const date = at.slice(0, 10);
    if (!world.store.data.filterUses.some((use) => use.date === date)) {
      world.store.data.filterUses.push(
        { filter: 'religion', value: 'christian', date },
        { filter: 'age_range', value: '26-30', date },
      );
    }
    return {};
  },
});

defineState({
  name: 'member {matchId} sent member {userId} the message {messageId} in the chat room {room}',
  description: 'An unread message from matchId to userId in the room.',
  setup(world, params) {
    const sender = member(world, params, 'matchId');
    const recipient = member(world, params, 'userId');
    const room = ensureMutual(world, recipient, sender, str(params, 'room'));
    const messageId = str(params, 'messageId');
    const list = world.store.messages(room.id);
    const kept = list.filter((message) => message.id !== messageId);
    list.length = 0;
    list.push(...kept);
    const now = world.now();
    list.push({
      id: messageId,
      room: room.id,
      user_id: sender.keycloakId,
      recipient_id: recipient.keycloakId,
      message: 'Salam! Are you free to talk this evening?',
      file: null,
      status: 'DELIVERED',
      unix_timestamp: Math.floor(now / 1000),
      created_at: new Date(now).toISOString(),
    });
    return { messageId };
  },
});

defineState({
  name: 'the chat room {room} has no messages',
  description: 'The room exists and holds no messages.',
  setup(world, params) {
    const roomId = str(params, 'room');
    let room = world.store.room(roomId);
    if (!room) {
      // Without a matches state before it, the room joins the two first demo members.
      const a = ensureMember(
        world,
        opt(params, 'userId') ?? world.store.userByEmail('member1@sandbox.test')?.keycloakId,
      );
      const b = ensureMember(world, opt(params, 'matchId'));
      room = ensureMutual(world, a, b, roomId);
    }
    world.store.messages(room.id).length = 0;
    return {};
  },
});

defineState({
  name: 'member {matchId} shared the file {filename} in the chat room {room}',
  description: 'A PNG file sent in the room by matchId.',
  setup(world, params) {
    const sender = member(world, params, 'matchId');
    const roomId = str(params, 'room');
    const filename = str(params, 'filename');
    if (!world.store.room(roomId))
      throw new Error(`chat room ${roomId} does not exist; set up the mutual match first`);
    world.store.data.chatFiles[filename] = {
      filename,
      room: roomId,
      user_id: sender.keycloakId,
      content_type: 'image/png',
      data: null,
    };
    return { filename };
  },
});

defineState({
  name: 'member {userId} blocked member {id}',
  description: 'Member id is on the block list of member userId.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    const other = member(world, params, 'id');
    const list = new Set(world.store.data.blocks[user.keycloakId] ?? []);
    list.add(other.keycloakId);
    world.store.data.blocks[user.keycloakId] = [...list];
    return {};
  },
});

defineState({
  name: 'a plan {planId} with a live offer {offerId} exists',
  description: 'A plan that is not archived, with a live offer (offer: true, not archived).',
  setup(world, params) {
    const plan = ensurePlan(world, str(params, 'planId'), str(params, 'offerId'));
    return { planId: plan.id, offerId: str(params, 'offerId') };
  },
});

defineState({
  name: 'member {userId} subscribes to the plan {planId}',
  description: 'An active subscription of the member to the plan.',
  setup(world, params) {
    const user = member(world, params, 'userId');
    const plan = ensurePlan(world, str(params, 'planId'));
    const now = world.now();
    for (const sub of world.store.data.subscriptions) {
      if (sub.user_id === user.keycloakId && sub.status === 'ACTIVE') sub.status = 'CANCELLED';
    }
    world.store.data.subscriptions.push({
      id: world.store.nextId('sub'),
      user_id: user.keycloakId,
      plan_id: plan.id,
      offer_id: null,
      status: 'ACTIVE',
      amount: plan.price,
      currency: plan.currency,
      started_at: new Date(now - DAY_MS).toISOString(),
      expires_at: new Date(now + plan.duration_days * DAY_MS).toISOString(),
      created_at: new Date(now - DAY_MS).toISOString(),
    });
    return {};
  },
});

// States of the realtime (message) pacts. Message verification produces the payloads in process
// (see eventSamples); over HTTP these only make sure the members exist.
for (const name of [
  'member {matchId} is typing in the chat room {room}',
  'member {matchId} is online',
  'the access token of member {userId} expires while the chat channel is connected',
]) {
  defineState({
    name,
    description: 'Realtime state: the members exist (the event itself comes from the message producer).',
    setup(world, params) {
      for (const key of ['matchId', 'userId']) if (params[key] !== undefined) member(world, params, key);
      return {};
    },
  });
}
