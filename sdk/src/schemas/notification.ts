import * as z from 'zod';
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
  user_id: id.optional(),
  body: z.string(),
  /** The record the notification is about: a match request, a message, a KYC request. */
  related_id: id.nullable(),
  /** The photo of who caused it, when someone did. */
  profilePhoto: z.string().nullable(),
  actor_id: id.nullable().optional(),
  type: notificationTypeSchema,
  read: z.boolean(),
  created_at: timestamp,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Answer of `GET /notifications`: SPEC.md shows `{notifications}` (newest first), with counts beside. */
export const notificationListSchema = z.looseObject({
  notifications: z.array(notificationSchema),
  total: count.optional(),
  unread: count.optional(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * Body of `PUT /bulk/read`. SPEC.md does not show it; the SDK sends `{ids}` to mark some
 * notifications read and `{}` to mark all of them read.
 */
export const markReadSchema = boundedBody(
  z.object({
    ids: boundedList(id).optional(),
  }),
);
export type MarkReadInput = z.input<typeof markReadSchema>;

/**
 * Payload of the realtime `new_notification` event. SPEC.md does not show it; the SDK assumes it is
 * one notification, as in the list answer, but reads it leniently (every field optional) so that
 * a harmless variation never drops a live notification.
 */
export const newNotificationEventSchema = z.looseObject({
  id: id.optional(),
  body: z.string().nullable().optional(),
  related_id: id.nullable().optional(),
  profilePhoto: z.string().nullable().optional(),
});
export type NewNotificationEvent = z.infer<typeof newNotificationEventSchema>;

export const notificationDeletedSchema = messageAnswerSchema.extend({ id });
export type NotificationDeleted = z.infer<typeof notificationDeletedSchema>;

/** `PUT /bulk/read`: how many notifications turned read. */
export const notificationsReadSchema = messageAnswerSchema.extend({ updated: count });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/** `GET /count/`: `count` is the number of unread notifications (the badge). */
export const notificationCountSchema = z.looseObject({
  count,
  unread: count.optional(),
  total: count.optional(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;
