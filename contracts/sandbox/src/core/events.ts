/**
 * Payloads of the realtime events that need the world (views, profile photos), and one sample of
 * each event, built in one place so the HTTP handlers that trigger events and the samples given to
 * Pact message verification are the same shapes. The payloads built from plain values are in
 * event-payloads.ts, which the socket layer uses too.
 */
import type { MessageRecord, NotificationRecord, UserRecord } from '../state/types';
import { activePayload, type OnlineEntry, onlineEntry, tokenExpiredPayload } from './event-payloads';
import { messageView, notificationView, profilePhotoUrl } from './views';
import type { World } from './world';

export function newMessagePayload(
  world: World,
  baseUrl: string,
  message: MessageRecord,
  sender: UserRecord | undefined,
) {
  return {
    ...messageView(message),
    username: sender?.username ?? null,
    first_name: sender?.first_name ?? null,
    profilePhoto: profilePhotoUrl(world, baseUrl, message.user_id),
  };
}

export function newNotificationPayload(world: World, baseUrl: string, notification: NotificationRecord) {
  return notificationView(world, baseUrl, notification);
}

export interface EventSamples {
  new_message: ReturnType<typeof newMessagePayload>;
  active: ReturnType<typeof activePayload>;
  online_chats: OnlineEntry[];
  token_expired: ReturnType<typeof tokenExpiredPayload>;
  new_notification: ReturnType<typeof newNotificationPayload>;
}

/**
 * One real payload per event, from the seeded data (member1 and member2's room), for Pact
 * message verification: the provider side answers each message description with these.
 */
export function eventSamples(world: World, baseUrl = world.publicUrl): EventSamples {
  const member1 = world.store.userByEmail('member1@sandbox.test');
  const member2 = world.store.userByEmail('member2@sandbox.test');
  if (!member1 || !member2) throw new Error('event samples need the demo accounts; reset the sandbox');
  const room = world.store.roomBetween(member1.keycloakId, member2.keycloakId);
  if (!room) throw new Error('event samples need the room of member1 and member2');
  const messages = world.store.messages(room.id);
  const last =
    messages.findLast((message) => message.user_id === member2.keycloakId) ?? messages[messages.length - 1];
  const notification = world.store.data.notifications.find(
    (entry) => entry.user_id === member1.keycloakId && entry.actor_id,
  );
  if (!last || !notification) throw new Error('event samples need seeded messages and notifications');
  return {
    new_message: newMessagePayload(world, baseUrl, last, world.store.user(last.user_id)),
    active: activePayload(room.id, member2.keycloakId, true),
    online_chats: [onlineEntry(member2.keycloakId, room.id)],
    token_expired: tokenExpiredPayload(world.now()),
    new_notification: newNotificationPayload(world, baseUrl, notification),
  };
}
