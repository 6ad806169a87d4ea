/**
 * Counters shown in the header. The notifications feature sets the unread count (from
 * `alerts.count` and the notification channel); the header only displays it.
 */
import { proxy } from 'valtio';
import { onSessionEnd } from './session-end';

export const badgeState = proxy({ unreadNotifications: 0 });

export function setUnreadNotifications(count: number): void {
  badgeState.unreadNotifications = Math.max(0, Math.trunc(count));
}

onSessionEnd(() => {
  badgeState.unreadNotifications = 0;
});
