/** /api/alerts/v2: the member's notifications. */

import { notificationView } from '../core/views';
import type { World } from '../core/world';
import { notFound } from '../http/api-error';
import type { NotificationRecord, UserRecord } from '../state/types';
import type { HandlerMap } from './types';

function mine(world: World, user: UserRecord): NotificationRecord[] {
  return world.store.data.notifications.filter((entry) => entry.user_id === user.keycloakId);
}

function one(world: World, user: UserRecord, id: string | number): NotificationRecord {
  const found = world.store.data.notifications.find(
    (entry) => entry.id === String(id) && entry.user_id === user.keycloakId,
  );
  if (!found) throw notFound('Notification');
  return found;
}

export const alertsHandlers: HandlerMap<'alerts'> = {
  'alerts.listNotifications': ({ world, user, baseUrl }) => {
    const list = mine(world, user).sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    return {
      notifications: list.map((entry) => notificationView(world, baseUrl, entry)),
      total: list.length,
      unread: list.filter((entry) => !entry.read).length,
    };
  },

  'alerts.getNotification': ({ world, user, params, baseUrl }) =>
    notificationView(world, baseUrl, one(world, user, params.id)),

  'alerts.deleteNotification': ({ world, user, params }) => {
    const found = one(world, user, params.id);
    world.store.data.notifications = world.store.data.notifications.filter((entry) => entry !== found);
    return { message: 'Notification deleted', id: found.id };
  },

  'alerts.markAllRead': ({ world, user, body }) => {
    const ids = body.ids ? new Set(body.ids.map(String)) : undefined;
    let updated = 0;
    for (const entry of mine(world, user)) {
      if (entry.read || (ids && !ids.has(entry.id))) continue;
      entry.read = true;
      updated += 1;
    }
    return { message: 'Notifications marked read', updated };
  },

  'alerts.count': ({ world, user }) => {
    const list = mine(world, user);
    const unread = list.filter((entry) => !entry.read).length;
    return { count: unread, unread, total: list.length };
  },
};
