/**
 * The start-up of a session that starts on Messages (or match-requests): the conversations, and on
 * a room's address that room's newest page, are asked for beside user info rather than after
 * start-up, the area's chunk and the screen's render (issue 24). The list finds the load in
 * flight in the store (chat-state.ts) and does not ask again; the room picks up its newest page
 * when it opens.
 *
 * The store is imported statically, so both go out in the same task as user info: behind a
 * dynamic import they went out one task later, which on a phone was after the render that user
 * info's answer starts (one more round trip before the room's first messages). This module is
 * loaded only on those addresses (the route table's `early`), so no other page pays for the store.
 */
import { isDeleted } from '@matchmaker/sdk/rules';
import { onRoomsPage, roomOfPath } from '../../config/startup-paths';
import { onSessionStart } from '../../state/session-start';
import { chatState, loadRooms, prefetchNewestPage, resetChatState } from './chat-state';

onSessionStart(async ({ path, signal, user }) => {
  if (!onRoomsPage(path) || signal.aborted) return;
  const room = roomOfPath(path);
  if (room) prefetchNewestPage(room);
  if (chatState.rooms.load !== 'idle') return;
  const [who] = await Promise.all([user.catch(() => null), loadRooms()]);
  // A deleted account was refused the list and goes to reactivate; the screen loads it afresh.
  if (!signal.aborted && who && isDeleted(who)) resetChatState();
});
