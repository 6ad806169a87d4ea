import * as z from 'zod/mini';
import { pathId } from '../schemas/limits';
import {
  markReadSchema,
  notificationCountSchema,
  notificationDeletedSchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadSchema,
} from '../schemas/notification';
import { defineEndpoint } from './define';

const BASE = '/api/alerts/v2';
const idParams = z.object({ id: pathId });

/** Notifications (SPEC.md section 7, alerts). Answers SPEC.md does not show are the provider's. */
export const alertsEndpoints = {
  listNotifications: defineEndpoint({
    id: 'alerts.listNotifications',
    method: 'GET',
    path: `${BASE}/notifications`,
    provider: 'alerts',
    access: 'session',
    effect: 'read',
    response: notificationListSchema,
    summary: "The member's notifications.",
  }),
  getNotification: defineEndpoint({
    id: 'alerts.getNotification',
    method: 'GET',
    path: `${BASE}/{id}`,
    provider: 'alerts',
    access: 'session',
    effect: 'read',
    params: idParams,
    response: notificationSchema,
    summary: 'One notification.',
  }),
  deleteNotification: defineEndpoint({
    id: 'alerts.deleteNotification',
    method: 'DELETE',
    // SPEC.md lists a bare DELETE; the natural reading is the same `/{id}` as the single GET.
    path: `${BASE}/{id}`,
    provider: 'alerts',
    access: 'session',
    effect: 'idempotent',
    params: idParams,
    response: notificationDeletedSchema,
    summary: 'Deletes one notification.',
  }),
  markAllRead: defineEndpoint({
    id: 'alerts.markAllRead',
    method: 'PUT',
    path: `${BASE}/bulk/read`,
    provider: 'alerts',
    access: 'session',
    effect: 'idempotent',
    body: markReadSchema,
    response: notificationsReadSchema,
    summary: 'Marks notifications read: the given ids, or all of them.',
  }),
  count: defineEndpoint({
    id: 'alerts.count',
    method: 'GET',
    path: `${BASE}/count/`,
    provider: 'alerts',
    access: 'session',
    effect: 'read',
    response: notificationCountSchema,
    summary: 'How many notifications there are (the count shown on the bell).',
  }),
} as const;
