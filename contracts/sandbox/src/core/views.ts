/**
 * How records become API answers. One place, so the same user or image looks the same in every
 * answer and event. Field names follow SPEC.md section 3 and the SDK's schemas; everything else a
 * view adds (status, dates, counts) is extra information the lenient schemas keep.
 */
import { endpoints } from '@matchmaker/sdk/schemas';
import { isPublicMedia } from '../media/signed-urls';
import { PROFILE_PHOTO } from '../seed/back-office';
import type {
  ImageRecord,
  KycRequestRecord,
  MatchRequestRecord,
  MessageRecord,
  NotificationRecord,
  PlanRecord,
  RecommendationRecord,
  RoomRecord,
  SubscriptionRecord,
  UserRecord,
} from '../state/types';
import type { World } from './world';

export const MEDIA_PREFIX = '/sandbox/media';

/** Where a KYC document downloads from, read from the catalogue rather than restated. */
const DOCUMENT_PATH = endpoints['kyc.getDocument'].path;

/** The image's bytes: a plain link for public photos, a signed one for the rest (signed-urls.ts). */
export function imageUrl(world: World, baseUrl: string, image: ImageRecord, thumb = false): string {
  const query = [thumb ? 'size=thumb' : '', isPublicMedia(image) ? '' : world.media.query(image.filename)]
    .filter(Boolean)
    .join('&');
  return `${baseUrl}${MEDIA_PREFIX}/images/${encodeURIComponent(image.filename)}${query ? `?${query}` : ''}`;
}

export function imageView(world: World, baseUrl: string, image: ImageRecord) {
  const thumbnailUrl = imageUrl(world, baseUrl, image, true);
  return {
    id: image.filename,
    user_id: image.user_id,
    filename: image.filename,
    flagged: image.flagged,
    flag_reason: image.flag_reason,
    imageUrl: imageUrl(world, baseUrl, image),
    thumbnailUrl,
    thumbnail: thumbnailUrl,
    image_type: image.image_type,
    is_public: image.is_public,
    caption: image.caption,
    content_type: image.content_type,
    created_at: image.created_at,
  };
}
export type ImageView = ReturnType<typeof imageView>;

export function profilePhotoOf(world: World, userId: string): ImageRecord | undefined {
  const images = world.store.imagesOf(userId);
  return images.find((image) => image.image_type === PROFILE_PHOTO && !image.flagged) ?? undefined;
}

export function profilePhotoUrl(world: World, baseUrl: string, userId: string): string | null {
  const photo = profilePhotoOf(world, userId);
  return photo ? imageUrl(world, baseUrl, photo) : null;
}

function profileFields(user: UserRecord) {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    ...user.profile,
  };
}

/** The logged-in user (user info) and the admin's user detail. */
export function userView(world: World, baseUrl: string, user: UserRecord) {
  return {
    id: user.keycloakId,
    keycloakId: user.keycloakId,
    ...profileFields(user),
    email: user.email,
    roles: [...user.roles],
    is_deleted: user.is_deleted,
    status: user.status,
    confirmed: user.confirmed,
    country_code: user.country_code,
    latitude: user.latitude,
    longitude: user.longitude,
    referrer: user.referrer,
    provider: user.provider,
    profilePhoto: profilePhotoUrl(world, baseUrl, user.keycloakId),
    online: world.realtime.isOnline(user.keycloakId),
    created_at: user.created_at,
    updated_at: user.updated_at,
    last_login_at: user.last_login_at,
  };
}
export type UserView = ReturnType<typeof userView>;

/** What other members may see: no email, no roles, no exact coordinates. */
export function publicProfileView(world: World, baseUrl: string, user: UserRecord) {
  return {
    id: user.keycloakId,
    keycloakId: user.keycloakId,
    ...profileFields(user),
    email: null,
    country_code: user.country_code,
    profilePhoto: profilePhotoUrl(world, baseUrl, user.keycloakId),
    online: world.realtime.isOnline(user.keycloakId),
    is_deleted: user.is_deleted,
    created_at: user.created_at,
  };
}
export type PublicProfileView = ReturnType<typeof publicProfileView>;

export function publicImages(world: World, baseUrl: string, userId: string): ImageView[] {
  return world.store
    .imagesOf(userId)
    .filter((image) => image.is_public && !image.flagged)
    .map((image) => imageView(world, baseUrl, image));
}

export function notificationView(world: World, baseUrl: string, notification: NotificationRecord) {
  return {
    id: notification.id,
    user_id: notification.user_id,
    body: notification.body,
    related_id: notification.related_id,
    profilePhoto: notification.actor_id ? profilePhotoUrl(world, baseUrl, notification.actor_id) : null,
    actor_id: notification.actor_id,
    type: notification.type,
    read: notification.read,
    created_at: notification.created_at,
  };
}

export function recommendationView(world: World, baseUrl: string, rec: RecommendationRecord) {
  const other = world.store.user(rec.recipient_id);
  return {
    id: rec.id,
    user_id: rec.user_id,
    recipient_id: rec.recipient_id,
    status: rec.status,
    score: rec.score,
    created_at: rec.created_at,
    updated_at: rec.updated_at,
    metaData: {
      profile: other ? publicProfileView(world, baseUrl, other) : null,
      images: other ? publicImages(world, baseUrl, other.keycloakId) : [],
    },
  };
}

/** A match request as `viewer` sees it: metaData describes the other member. */
export function matchRequestView(
  world: World,
  baseUrl: string,
  request: MatchRequestRecord,
  viewerId: string,
) {
  const incoming = request.recipient_id === viewerId;
  const otherId = incoming ? request.user_id : request.recipient_id;
  const other = world.store.user(otherId);
  const room = world.store.roomBetween(request.user_id, request.recipient_id);
  return {
    id: request.id,
    user_id: request.user_id,
    recipient_id: request.recipient_id,
    status: request.status,
    message: request.message,
    direction: incoming ? ('incoming' as const) : ('outgoing' as const),
    created_at: request.created_at,
    updated_at: request.updated_at,
    metaData: {
      profile: other ? publicProfileView(world, baseUrl, other) : null,
      images: other ? publicImages(world, baseUrl, otherId) : [],
      room: room?.id ?? null,
    },
  };
}

export function messageView(message: MessageRecord) {
  return {
    id: message.id,
    room: message.room,
    user_id: message.user_id,
    recipient_id: message.recipient_id,
    message: message.message,
    file: message.file,
    status: message.status,
    unix_timestamp: message.unix_timestamp,
    created_at: message.created_at,
  };
}

export const RECENT_MESSAGES = 20;

export function roomView(world: World, baseUrl: string, room: RoomRecord, viewerId: string) {
  const otherId = room.members[0] === viewerId ? room.members[1] : room.members[0];
  const other = world.store.user(otherId);
  const messages = world.store.messages(room.id);
  let unread = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as MessageRecord;
    if (message.recipient_id === viewerId && message.status !== 'READ') unread += 1;
    else if (message.status === 'READ') break;
  }
  const last = messages[messages.length - 1];
  return {
    id: room.id,
    room: room.id,
    user_id: otherId,
    recipient_id: otherId,
    username: other?.username ?? null,
    first_name: other?.first_name ?? null,
    last_name: other?.last_name ?? null,
    profilePhoto: profilePhotoUrl(world, baseUrl, otherId),
    online: world.realtime.isOnline(otherId),
    isTyping: false,
    blocked: world.store.isBlocked(viewerId, otherId),
    unread_count: unread,
    message_count: messages.length,
    recent_messages: messages.slice(-RECENT_MESSAGES).map(messageView),
    created_at: room.created_at,
    updated_at: last?.created_at ?? room.created_at,
  };
}

export function planView(plan: PlanRecord) {
  return { ...plan, offers: plan.offers.map((offer) => ({ ...offer, plan_id: plan.id })) };
}

export function subscriptionView(world: World, userId: string, sub: SubscriptionRecord | undefined) {
  const plan = sub ? world.store.data.plans.find((entry) => entry.id === sub.plan_id) : undefined;
  return {
    id: sub?.id ?? null,
    user_id: userId,
    status: sub?.status ?? ('NONE' as const),
    active: sub?.status === 'ACTIVE',
    plan_id: sub?.plan_id ?? null,
    offer_id: sub?.offer_id ?? null,
    amount: sub?.amount ?? null,
    currency: sub?.currency ?? null,
    started_at: sub?.started_at ?? null,
    expires_at: sub?.expires_at ?? null,
    plan: plan ? planView(plan) : null,
  };
}

/** The subscription that counts for a user: the active one, else the latest. */
export function currentSubscription(world: World, userId: string): SubscriptionRecord | undefined {
  let latest: SubscriptionRecord | undefined;
  for (const sub of world.store.data.subscriptions) {
    if (sub.user_id !== userId) continue;
    if (sub.status === 'ACTIVE' && Date.parse(sub.expires_at) > world.now()) return sub;
    if (!latest || sub.started_at > latest.started_at) latest = sub;
  }
  return latest;
}

export function kycRequestView(world: World, baseUrl: string, request: KycRequestRecord) {
  const user = world.store.user(request.user_id);
  return {
    id: request.id,
    user_id: request.user_id,
    status: request.status,
    document_type: request.document_type,
    comment: request.comment,
    reviewer_id: request.reviewer_id,
    created_at: request.created_at,
    updated_at: request.updated_at,
    reviewed_at: request.reviewed_at,
    documents: request.documents.map((docId) => {
      const doc = world.store.kycDocument(docId);
      return {
        id: docId,
        filename: doc?.filename ?? null,
        content_type: doc?.content_type ?? null,
        url: `${baseUrl}${DOCUMENT_PATH.replace('{id}', encodeURIComponent(docId))}`,
      };
    }),
    user_info: user
      ? {
          id: user.keycloakId,
          keycloakId: user.keycloakId,
          username: user.username,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          date_of_birth: user.profile.date_of_birth,
          sex: user.profile.sex,
          country: user.profile.country,
          city: user.profile.city,
          profilePhoto: profilePhotoUrl(world, baseUrl, user.keycloakId),
        }
      : null,
  };
}

/** Standard page envelope: the items under their own name plus the paging numbers. */
export function paginate<T>(items: readonly T[], page: number, perPage: number) {
  // Pages are 1-based; page 0 is read as the first page too, since SPEC.md does not say.
  const index = Math.max(page, 1) - 1;
  const slice = items.slice(index * perPage, index * perPage + perPage);
  return {
    items: slice,
    meta: {
      page: Math.max(page, 1),
      per_page: perPage,
      total: items.length,
      total_pages: Math.max(1, Math.ceil(items.length / perPage)),
    },
  };
}
