/** In-app notifications: stored for the alerts calls and pushed as `new_notification` at once. */

import { newNotificationPayload } from '../core/events';
import type { World } from '../core/world';
import type { NotificationRecord } from '../state/types';

export function notify(
  world: World,
  baseUrl: string,
  input: Pick<NotificationRecord, 'user_id' | 'actor_id' | 'type' | 'body' | 'related_id'>,
): NotificationRecord {
  const record: NotificationRecord = {
    id: world.store.nextId('ntf'),
    ...input,
    read: false,
    created_at: world.nowIso(),
  };
  world.store.data.notifications.push(record);
  world.realtime.emitNotification(input.user_id, newNotificationPayload(world, baseUrl, record));
  return record;
}
