import * as z from 'zod/mini';
import { count, id, messageAnswerSchema, timestamp } from './common';
import { boundedBody, boundedList } from './limits';

/**
 * Notifications (SPEC.md sections 3, 4 and 7). SPEC.md names `body`, `related_id` and
 * `profilePhoto`; the type, read flag and date are the reference provider's, proposed as the
 * contract (a client routes on the type and counts on the read flag).
 */
export const notificationTypeSchema = z.enum([
  'MATCH_REQUEST',
  'MATCH_ACCEPTED',
  'NEW_MESSAGE',
  'SYSTEM',
  'KYC',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.looseObject({
  id,
  user_id: z.optional(id),
  body: z.string(),
  /** The record the notification is about: a match request, a message, a KYC request. */
  related_id: z.nullable(id),
  /** The photo of who caused it, when someone did. */
  profilePhoto: z.nullable(z.string()),
  actor_id: z.optional(z.nullable(id)),
  type: notificationTypeSchema,
  read: z.boolean(),
  created_at: timestamp,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Answer of `GET /notifications`: SPEC.md shows `{notifications}` (newest first), with counts beside. */
export const notificationListSchema = z.looseObject({
  notifications: z.array(notificationSchema),
  total: z.optional(count),
  unread: z.optional(count),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * Body of `PUT /bulk/read`. SPEC.md does not show it; the SDK sends `{ids}` to mark some
 * notifications read and `{}` to mark all of them read.
 */
export const markReadSchema = boundedBody(
  z.object({
    ids: z.optional(boundedList(id)),
  }),
);
export type MarkReadInput = z.input<typeof markReadSchema>;

/**
 * Payload of the realtime `new_notification` event. SPEC.md does not show it; the SDK assumes it is
 * one notification, as in the list answer, but reads it leniently (every field optional) so that
 * a harmless variation never drops a live notification.
 */
export const newNotificationEventSchema = z.looseObject({
  id: z.optional(id),
  body: z.optional(z.nullable(z.string())),
  related_id: z.optional(z.nullable(id)),
  profilePhoto: z.optional(z.nullable(z.string())),
});
export type NewNotificationEvent = z.infer<typeof newNotificationEventSchema>;

export const notificationDeletedSchema = z.extend(messageAnswerSchema, { id });
export type NotificationDeleted = z.infer<typeof notificationDeletedSchema>;

/** `PUT /bulk/read`: how many notifications turned read. */
export const notificationsReadSchema = z.extend(messageAnswerSchema, { updated: count });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/** `GET /count/`: `count` is the number of unread notifications (the badge). */
export const notificationCountSchema = z.looseObject({
  count,
  unread: z.optional(count),
  total: z.optional(count),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;
