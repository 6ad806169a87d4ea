/**
 * The chat's start-up. Messages written offline before a reload are sent on reconnect wherever the
 * member is, not only once Messages is opened again: the chat's code loads for them. So it does
 * when another tab of the member keeps messages: that tab may close before they are sent. This
 * module carries only the outbox's storage key; the chat itself loads when it is needed.
 */
import { isDeleted, userIdOf } from '@matchmaker/sdk/rules';
import { reportError } from '../../lib/report';
import { onMemberStart, onSessionStart } from '../../state/session-start';
import { hasStoredOutbox, whenOutboxStored } from './outbox-key';

onMemberStart(({ user, signal }) => {
  const startChat = () => {
    import('./live')
      .then((module) => {
        if (!signal.aborted) module.startChat();
      })
      .catch((error: unknown) => {
        // Offline, the chat's code cannot load: it loads when the line is back, to send them.
        if (navigator.onLine) reportError(error);
        else window.addEventListener('online', startChat, { once: true, signal });
      });
  };
  const userId = userIdOf(user) ?? '';
  if (hasStoredOutbox(userId)) startChat();
  else whenOutboxStored(userId, signal, startChat);
});

/**
 * A session that starts on Messages asks for the conversations beside user info, not after
 * start-up and the area's chunk; the list finds the load in flight and does not ask again. One
 * that starts in a room (`/messages/<room>`) asks for that room's newest page too, which the room
 * picks up when it opens.
 */
onSessionStart(async ({ path, signal, user }) => {
  const pathname = (path.split(/[?#]/)[0] ?? '').toLowerCase();
  const area = /^\/(messages|match-requests)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!area) return;
  const { chatState, loadRooms, prefetchNewestPage, resetChatState } = await import('./chat-state');
  if (signal.aborted) return;
  // The room's key as the address has it (ids keep their letter case; only the area is matched
  // without it).
  const roomKey = area[2] ? (/^\/[^/]+\/([^/?#]+)/.exec(path)?.[1] ?? null) : null;
  const room = roomKey ? decoded(roomKey) : null;
  if (room) prefetchNewestPage(room);
  if (chatState.rooms.load !== 'idle') return;
  const [who] = await Promise.all([user.catch(() => null), loadRooms()]);
  // A deleted account was refused the list and goes to reactivate; the screen loads it afresh.
  if (!signal.aborted && who && isDeleted(who)) resetChatState();
});

/** A malformed escape names no room: the screen shows that, start-up asks for nothing. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
