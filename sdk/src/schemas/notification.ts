import { z } from 'zod';
import { id } from './common';
import { boundedBody, boundedList } from './limits';

/**
 * Notifications (SPEC.md sections 3, 4 and 7). SPEC.md names `body`, `related_id` and
 * `profilePhoto` without types, so every field is optional; read flags, dates and anything else
 * are kept as sent.
 */
export const notificationSchema = z.looseObject({
  id: id.optional(),
  body: z.string().nullable().optional(),
  /** The record the notification is about (a match request, a message); its kind is not shown. */
  related_id: id.nullable().optional(),
  profilePhoto: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Answer of `GET /notifications`: SPEC.md shows `{notifications}`. */
export const notificationListSchema = z.looseObject({
  notifications: z.array(notificationSchema),
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
 * one notification, as in the list answer. All fields are optional, so any object is accepted.
 */
export const newNotificationEventSchema = notificationSchema;
export type NewNotificationEvent = z.infer<typeof newNotificationEventSchema>;
