/**
 * Notifications: the list, the header badge (badgeState) and the live `new_notification` events.
 * The live part starts with the member's session (not only on /notifications) so the badge and the
 * toasts work on every screen; logout stops it and clears the state (SPEC.md section 4).
 */
import type { Notification } from '@matchmaker/sdk/schemas';
import { proxy } from 'valtio';
import { loadedClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { badgeState, setUnreadNotifications } from '../../state/badges';
import { idle, load, type Remote, resetRemote, sessionGuard, stored } from '../../state/remote';
import { onSessionEnd } from '../../state/session-end';

export interface NotificationsState {
  list: Remote<Notification[]>;
  /** Mark all read is on its way. */
  busy: boolean;
}

export const notificationsState = proxy<NotificationsState>({ list: idle(), busy: false });

/** The notifications shown (none before the first answer). */
function shown(): readonly Notification[] {
  return notificationsState.list.data ?? [];
}

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
  const still = sessionGuard();
  const channel = client().realtime.notifications;
  const stop = channel.on('new_notification', (event) => {
    if (!still()) return;
    setUnreadNotifications(badgeState.unreadNotifications + 1);
    // react-hot-toast's toasts are polite live regions: screen readers hear each one.
    notify.info(event.body ?? 'You have a new notification');
    if (notificationsState.list.status === 'ready') void loadNotifications(true);
  });
  unwire = stop;
  void refreshBadge();
}

export async function refreshBadge(): Promise<void> {
  const still = sessionGuard();
  try {
    const answer = await client().alerts.count();
    if (still()) setUnreadNotifications(answer.count);
  } catch (error) {
    reportError(error);
  }
}

/** `quiet`: a refresh of the list shown (a live notification): its failure keeps the list. */
export async function loadNotifications(quiet = false): Promise<void> {
  let unread: number | null = null;
  const list = await load(
    notificationsState.list,
    async () => {
      const answer = await client().alerts.listNotifications();
      unread = answer.unread ?? null;
      return answer.notifications;
    },
    { quiet, fresh: quiet, report: false, failure: 'We could not load your notifications.' },
  );
  if (list) setUnreadNotifications(unread ?? countUnread(list));
}

function show(items: readonly Notification[]): void {
  notificationsState.list.data = stored([...items]);
  setUnreadNotifications(countUnread(items));
}

function markLocally(ids: ReadonlySet<string> | null): void {
  show(shown().map((item) => (ids === null || ids.has(String(item.id)) ? { ...item, read: true } : item)));
}

export async function markAllRead(): Promise<void> {
  const still = sessionGuard();
  const before = shown();
  notificationsState.busy = true;
  markLocally(null);
  try {
    await client().alerts.markAllRead();
    if (still()) notify.success('All notifications marked read');
  } catch (error) {
    if (!still()) return;
    show(before);
    reportError(error);
    notify.error(describeError(error, 'We could not mark your notifications read.'));
  } finally {
    if (still()) notificationsState.busy = false;
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
  const still = sessionGuard();
  const before = shown();
  show(before.filter((entry) => entry.id !== item.id));
  try {
    await client().alerts.deleteNotification(item.id);
    if (still()) notify.success('Notification deleted');
  } catch (error) {
    if (!still()) return;
    show(before);
    reportError(error);
    notify.error(describeError(error, 'We could not delete this notification.'));
  }
}

onSessionEnd(() => {
  unwire?.();
  unwire = null;
  resetRemote(notificationsState.list);
  notificationsState.busy = false;
});
