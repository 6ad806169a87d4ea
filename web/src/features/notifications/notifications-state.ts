/**
 * Notifications: the list, the header badge (badgeState) and the live `new_notification` events.
 * The live part starts with the member's session (not only on /notifications) so the badge and the
 * toasts work on every screen; logout stops it and clears the state (SPEC.md section 4).
 */
import type { Notification } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { loadedClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { badgeState, setUnreadNotifications } from '../../state/badges';
import { onSessionEnd } from '../../state/session-end';

type Stored<T extends object> = T & { $$valtioSnapshot: T };
export type Load = 'idle' | 'loading' | 'ready' | 'error';

export interface NotificationsState {
  load: Load;
  error: string | null;
  items: Stored<Notification[]>;
  busy: boolean;
}

function initial(): NotificationsState {
  return { load: 'idle', error: null, items: ref([]), busy: false };
}

export const notificationsState = proxy<NotificationsState>(initial());

let generation = 0;
let unwire: (() => void) | null = null;

function client() {
  const current = loadedClient();
  if (!current) throw new Error('Notifications before the client was loaded');
  return current;
}

function countUnread(items: readonly Notification[]): number {
  return items.filter((item) => !item.read).length;
}

/** Starts the badge and the live toasts for a member's session; safe to call more than once. */
export function startNotifications(): void {
  if (unwire) return;
  const mine = generation;
  const channel = client().realtime.notifications;
  const stop = channel.on('new_notification', (event) => {
    if (mine !== generation) return;
    setUnreadNotifications(badgeState.unreadNotifications + 1);
    // react-hot-toast's toasts are polite live regions: screen readers hear each one.
    notify.info(event.body ?? 'You have a new notification');
    if (notificationsState.load === 'ready') void loadNotifications(true);
  });
  unwire = stop;
  void refreshBadge();
}

export async function refreshBadge(): Promise<void> {
  const mine = generation;
  try {
    const answer = await client().alerts.count();
    if (mine === generation) setUnreadNotifications(answer.count);
  } catch (error) {
    reportError(error);
  }
}

export async function loadNotifications(quiet = false): Promise<void> {
  const mine = generation;
  if (!quiet || notificationsState.load !== 'ready') notificationsState.load = 'loading';
  notificationsState.error = null;
  try {
    const answer = await client().alerts.listNotifications();
    if (mine !== generation) return;
    notificationsState.items = ref(answer.notifications);
    notificationsState.load = 'ready';
    setUnreadNotifications(answer.unread ?? countUnread(answer.notifications));
  } catch (error) {
    if (mine !== generation) return;
    if (quiet && notificationsState.load === 'ready') return;
    notificationsState.error = describeError(error, 'We could not load your notifications.');
    notificationsState.load = 'error';
  }
}

function markLocally(ids: ReadonlySet<string> | null): void {
  notificationsState.items = ref(
    notificationsState.items.map((item) =>
      ids === null || ids.has(String(item.id)) ? { ...item, read: true } : item,
    ),
  );
  setUnreadNotifications(countUnread(notificationsState.items));
}

export async function markAllRead(): Promise<void> {
  const mine = generation;
  const before = [...notificationsState.items];
  notificationsState.busy = true;
  markLocally(null);
  try {
    await client().alerts.markAllRead();
    if (mine === generation) notify.success('All notifications marked read');
  } catch (error) {
    if (mine !== generation) return;
    notificationsState.items = ref(before);
    setUnreadNotifications(countUnread(before));
    reportError(error);
    notify.error(describeError(error, 'We could not mark your notifications read.'));
  } finally {
    if (mine === generation) notificationsState.busy = false;
  }
}

/** Marks one notification read as it is opened; a failure only leaves it unread. */
export async function markRead(item: Notification): Promise<void> {
  if (item.read) return;
  markLocally(new Set([String(item.id)]));
  try {
    await client().alerts.markAllRead({ ids: [item.id] });
  } catch (error) {
    reportError(error);
  }
}

export async function deleteNotification(item: Notification): Promise<void> {
  const mine = generation;
  const before = [...notificationsState.items];
  notificationsState.items = ref(before.filter((entry) => entry.id !== item.id));
  setUnreadNotifications(countUnread(notificationsState.items));
  try {
    await client().alerts.deleteNotification(item.id);
    if (mine === generation) notify.success('Notification deleted');
  } catch (error) {
    if (mine !== generation) return;
    notificationsState.items = ref(before);
    setUnreadNotifications(countUnread(before));
    reportError(error);
    notify.error(describeError(error, 'We could not delete this notification.'));
  }
}

onSessionEnd(() => {
  generation++;
  unwire?.();
  unwire = null;
  Object.assign(notificationsState, initial());
});
