/**
 * The notifications' start-up: the header badge and the notification toasts follow the whole
 * member session, not only the notifications screen. Their code is a small chunk of this feature,
 * loaded when a member's session starts.
 */
import { onMemberStart } from '../../state/session-start';

onMemberStart(async ({ signal }) => {
  const module = await import('./notifications-state');
  // A logout while the chunk loads ends this start-up: nothing is wired for a gone session.
  if (!signal.aborted) module.startNotifications();
});
