/**
 * Building blocks of provider states. Every one is idempotent and repairs what earlier states of
 * the same verification run may have changed (a member suspended by one interaction is active
 * again when the next one asks for a logged-in member), because states pile up between
 * interactions.
 */
import { randomToken } from '../core/auth';
import type { World } from '../core/world';
import { photoPng } from '../media/png';
import { PROFILE_PHOTO } from '../seed/back-office';
import { DAY_MS } from '../seed/clock';
import { ADMIN_ROLES, MEMBER_ROLES } from '../seed/demo-accounts';
import { DEFAULT_SETTINGS } from '../state/defaults';
import { hashPassword } from '../state/passwords';
import type { ImageRecord, MatchRequestRecord, PlanRecord, RoomRecord, UserRecord } from '../state/types';

export const demo = (world: World, email: string): UserRecord => {
  const user = world.store.userByEmail(email);
  if (!user) throw new Error(`demo account ${email} is missing; reset the sandbox`);
  return user;
};

/** Moves any other account off an email address, so a state can give it to someone. */
export function freeEmail(world: World, email: string, keep?: UserRecord): void {
  const owner = world.store.userByEmail(email);
  if (owner && owner !== keep)
    world.store.renameUser(owner, { email: `moved.${randomToken(4)}.${owner.email}` });
}

export function freeUsername(world: World, username: string, keep?: UserRecord): void {
  const owner = world.store.userByUsername(username);
  if (owner && owner !== keep)
    world.store.renameUser(owner, { username: `moved.${randomToken(4)}.${owner.username}` });
}

export interface MemberShape {
  email?: string;
  username?: string;
  password?: string;
  admin?: boolean;
}

/**
 * The account with exactly this keycloakId (member2 when none is named), created as a copy of
 * member2's complete profile when unknown, and made active, confirmed and undeleted.
 */
export function ensureMember(world: World, id: string | undefined, shape: MemberShape = {}): UserRecord {
  const template = demo(world, 'member2@sandbox.test');
  let user = id === undefined ? template : world.store.user(id);
  if (!user) {
    const stem = `pact.${
      String(id)
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 20) || 'member'
    }`;
    let username = stem;
    for (let n = 2; world.store.userByUsername(username); n++) username = `${stem}${n}`;
    const now = world.nowIso();
    user = {
      ...structuredClone(template),
      keycloakId: String(id),
      username,
      email: `${username}@pact.sandbox.test`,
      referrer: null,
      created_at: now,
      updated_at: now,
    };
    world.store.addUser(user);
    world.store.data.settings[user.keycloakId] = { ...DEFAULT_SETTINGS };
  }
  user.status = 'active';
  user.is_deleted = false;
  user.confirmed = true;
  user.roles = shape.admin ? [...ADMIN_ROLES] : [...MEMBER_ROLES];
  if (shape.email && user.email !== shape.email) {
    freeEmail(world, shape.email, user);
    world.store.renameUser(user, { email: shape.email });
  }
  if (shape.username && user.username !== shape.username) {
    freeUsername(world, shape.username, user);
    world.store.renameUser(user, { username: shape.username });
  }
  if (shape.password) setPassword(user, shape.password);
  return user;
}

export function setPassword(user: UserRecord, password: string): void {
  user.password_salt = randomToken(8);
  user.password_hash = hashPassword(password, user.password_salt);
}

export function login(world: World, user: UserRecord) {
  const tokens = world.auth.issue(user);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    authorization: `Bearer ${tokens.access_token}`,
    userId: user.keycloakId,
  };
}

/** Makes a given token string a valid (or already expired) access token of the user. */
export function putAccessToken(world: World, token: string, user: UserRecord, expiresAt: number): void {
  world.store.data.accessTokens[token] = { user_id: user.keycloakId, expires_at: expiresAt };
}

export function putOneTimeToken(
  world: World,
  token: string,
  kind: 'confirm' | 'reset' | 'email-change' | 'username-change',
  user: UserRecord,
  value: string | null = null,
): void {
  world.store.data.oneTimeTokens[token] = {
    token,
    kind,
    user_id: user.keycloakId,
    value,
    expires_at: world.now() + DAY_MS,
    used: false,
  };
}

/** A public, unflagged profile photo of the user (with real PNG bytes when created here). */
export function ensureProfilePhoto(world: World, user: UserRecord, filename?: string): ImageRecord {
  const images = world.store.imagesOf(user.keycloakId);
  let photo = filename
    ? world.store.image(filename)
    : images.find((image) => image.image_type === PROFILE_PHOTO && !image.flagged);
  if (!photo) {
    const name = filename ?? `${user.keycloakId}-profile.png`;
    photo = {
      filename: name,
      user_id: user.keycloakId,
      image_type: PROFILE_PHOTO,
      flagged: false,
      flag_reason: null,
      is_public: true,
      kind: 'upload',
      content_type: 'image/png',
      data: photoPng(name).toString('base64'),
      hue: 200,
      caption: null,
      created_at: world.nowIso(),
    };
    world.store.addImage(photo);
  }
  photo.user_id = user.keycloakId;
  photo.flagged = false;
  photo.flag_reason = null;
  photo.is_public = true;
  for (const other of world.store.imagesOf(user.keycloakId)) {
    if (other !== photo && other.image_type === PROFILE_PHOTO) other.image_type = 'Gallery Photo';
  }
  photo.image_type = PROFILE_PHOTO;
  world.store.addImage(photo);
  return photo;
}

/** Removes every match request between two members, so a state can put exactly one there. */
export function clearRequestsBetween(world: World, a: string, b: string): void {
  world.store.data.matchRequests = world.store.data.matchRequests.filter(
    (request) =>
      !(
        (request.user_id === a && request.recipient_id === b) ||
        (request.user_id === b && request.recipient_id === a)
      ),
  );
}

export function putRequest(
  world: World,
  id: string,
  from: UserRecord,
  to: UserRecord,
  status: MatchRequestRecord['status'],
): MatchRequestRecord {
  clearRequestsBetween(world, from.keycloakId, to.keycloakId);
  world.store.data.matchRequests = world.store.data.matchRequests.filter((request) => request.id !== id);
  const now = world.nowIso();
  const request: MatchRequestRecord = {
    id,
    user_id: from.keycloakId,
    recipient_id: to.keycloakId,
    status,
    message: null,
    created_at: now,
    updated_at: now,
  };
  world.store.data.matchRequests.push(request);
  return request;
}

/** Two members matched both ways, sharing the room with exactly this id. */
export function ensureMutual(world: World, a: UserRecord, b: UserRecord, roomId?: string): RoomRecord {
  const accepted = world.store.data.matchRequests.some(
    (request) =>
      request.status === 'ACCEPTED' &&
      ((request.user_id === a.keycloakId && request.recipient_id === b.keycloakId) ||
        (request.user_id === b.keycloakId && request.recipient_id === a.keycloakId)),
  );
  if (!accepted) putRequest(world, world.store.nextId('mr'), a, b, 'ACCEPTED');
  // States pile up across interactions: mutual matches that chat must not inherit an earlier block.
  for (const [by, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const list = world.store.blocksOf(by.keycloakId);
    if (list.length > 0)
      world.store.data.blocks[by.keycloakId] = list.filter((blocked) => blocked !== other.keycloakId);
  }
  const squatter = roomId ? world.store.room(roomId) : undefined;
  if (squatter && !(squatter.members.includes(a.keycloakId) && squatter.members.includes(b.keycloakId))) {
    // Another pair holds the id: that room steps aside.
    world.store.renameRoom(squatter, world.store.nextId('room'));
  }
  const room = world.store.ensureRoom(a.keycloakId, b.keycloakId, world.nowIso());
  if (roomId) world.store.renameRoom(room, roomId);
  return room;
}

/** A live plan with exactly this id and a live offer with exactly that id. */
export function ensurePlan(world: World, planId: string, offerId?: string): PlanRecord {
  const plans = world.store.data.plans;
  let plan = plans.find((entry) => entry.id === planId);
  if (!plan) {
    const template = plans.find((entry) => entry.id === 'plan-premium') ?? plans[0];
    if (!template) throw new Error('no plans to copy');
    plan = { ...structuredClone(template), id: planId, name: `${template.name} (contract)` };
    plans.push(plan);
  }
  plan.archived = false;
  if (offerId) {
    const now = world.now();
    let offer = plan.offers.find((entry) => entry.id === offerId);
    if (!offer) {
      offer = {
        id: offerId,
        offer: true,
        name: 'Contract offer',
        discount_percent: 10,
        price: Math.round(plan.price * 90) / 100,
        archived: false,
        starts_at: '',
        ends_at: '',
      };
      plan.offers.push(offer);
    }
    offer.offer = true;
    offer.archived = false;
    offer.starts_at = new Date(now - 10 * DAY_MS).toISOString();
    offer.ends_at = new Date(now + 30 * DAY_MS).toISOString();
  }
  return plan;
}

/**
 * Clears what earlier interactions may have left between this member and anyone else: blocks
 * both ways and match requests of every status. States that need a relation set it up after this.
 */
export function clearRelations(world: World, user: UserRecord): void {
  const id = user.keycloakId;
  const blocks = world.store.data.blocks;
  delete blocks[id];
  for (const [by, list] of Object.entries(blocks)) {
    if (list.includes(id)) blocks[by] = list.filter((blocked) => blocked !== id);
  }
  world.store.data.matchRequests = world.store.data.matchRequests.filter(
    (request) => request.user_id !== id && request.recipient_id !== id,
  );
}

/** The sandbox's socket.io server, which realtime states trigger their events through. */
export function realtimeOf(world: World) {
  if (!world.realtime) throw new Error('realtime states need the sandbox to be listening');
  return world.realtime;
}
