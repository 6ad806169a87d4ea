/**
 * The open room: its history (page 1 is the newest 20; older pages load as the member scrolls up),
 * read status, blocking and reporting.
 */
import { ref } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { sessionGuard } from '../../state/remote';
import { afterScreenShown } from '../../state/session';
import { type ChatLine, lineFromMessage } from './chat-lines';
import { chatState, findRoom, loadRooms, mergeLines, myId, takeNewestPage } from './chat-state';
import { claimSent } from './outbox';

let openSeq = 0;

function stillOpen(seq: number, still: () => boolean): boolean {
  return seq === openSeq && still();
}

export async function openRoom(key: string): Promise<void> {
  const seq = ++openSeq;
  const still = sessionGuard();
  const known = findRoom(key);
  chatState.open = {
    key,
    id: known?.id ?? null,
    memberId: known?.memberId ?? null,
    load: 'loading',
    error: null,
    lines: ref([]),
    nextPage: 2,
    hasOlder: false,
    loadingOlder: false,
    olderError: null,
  };
  if (chatState.rooms.load === 'idle') void loadRooms();
  try {
    // A session that started in this room asked for its newest page beside user info.
    const page = await (takeNewestPage(key) ?? getClient().chats.listMessages(key, { page: 1 }));
    if (!stillOpen(seq, still) || !chatState.open) return;
    const open = chatState.open;
    const lines = page.messages.map(lineFromMessage);
    const me = myId();
    open.id = String(page.room);
    open.memberId ??=
      findRoom(open.id)?.memberId ??
      lines.map((line) => (line.senderId === me ? line.recipientId : line.senderId)).find(Boolean) ??
      key;
    open.lines = ref(lines);
    open.hasOlder = page.page < page.total_pages;
    open.nextPage = page.page + 1;
    open.load = 'ready';
    // Once the room is shown (rendered, its chunks settled, the browser with a moment), not as
    // part of its first screen: on a phone the update was one more request before the room's
    // largest paint. Only if the member is still in the room by then.
    void afterScreenShown().then(() => {
      if (stillOpen(seq, still)) void markRead(lines);
    });
  } catch (error) {
    if (!stillOpen(seq, still) || !chatState.open) return;
    chatState.open.error = describeError(error, 'We could not load this conversation.');
    chatState.open.load = 'error';
  }
}

export function closeRoom(): void {
  openSeq++;
  chatState.open = null;
}

/** Loads the next older page and puts it above what is shown. */
export async function loadOlder(): Promise<void> {
  const open = chatState.open;
  if (open?.load !== 'ready' || open.loadingOlder || !open.hasOlder) return;
  const seq = openSeq;
  const still = sessionGuard();
  open.loadingOlder = true;
  open.olderError = null;
  try {
    const page = await getClient().chats.listMessages(open.id ?? open.key, { page: open.nextPage });
    if (!stillOpen(seq, still) || !chatState.open) return;
    const current = chatState.open;
    const known = new Set(current.lines.map((line) => line.key));
    // New messages since page 1 shift the pages: an older page may repeat a few lines we have.
    const older = page.messages.map(lineFromMessage).filter((line) => !known.has(line.key));
    current.lines = ref([...older, ...current.lines]);
    current.hasOlder = page.page < page.total_pages;
    current.nextPage = page.page + 1;
  } catch (error) {
    if (!stillOpen(seq, still) || !chatState.open) return;
    chatState.open.olderError = describeError(error, 'We could not load older messages.');
  } finally {
    if (stillOpen(seq, still) && chatState.open) chatState.open.loadingOlder = false;
  }
}

/**
 * Page 1 again: messages missed while the connection was down, and the read status of the
 * member's own messages (the API has no event for it).
 */
export async function refreshRecent(): Promise<void> {
  const open = chatState.open;
  if (open?.load !== 'ready') return;
  const seq = openSeq;
  const still = sessionGuard();
  try {
    const page = await getClient().chats.listMessages(open.id ?? open.key, { page: 1 });
    if (!stillOpen(seq, still)) return;
    const lines = page.messages.map(lineFromMessage);
    claimSent(lines);
    mergeLines(lines);
    void markRead(lines);
  } catch (error) {
    // A background refresh: the next one (reconnect, activity, timer) tries again.
    if (stillOpen(seq, still)) reportError(error);
  }
}

/** Marks the other member's unread lines READ in one bulk update, when the page is visible. */
export async function markRead(lines: readonly ChatLine[]): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  const me = myId();
  const ids = lines.flatMap((line) =>
    line.id !== null && line.recipientId === me && line.status !== 'READ' ? [line.id] : [],
  );
  const room = findRoom(chatState.open?.id);
  if (room) room.unread = 0;
  if (ids.length === 0) return;
  const still = sessionGuard();
  try {
    await getClient().chats.updateMessageStatus({ ids, status: 'READ' });
    if (!still()) return;
    mergeLines(
      lines.filter((line) => ids.includes(line.id ?? '')).map((line) => ({ ...line, status: 'READ' })),
    );
  } catch (error) {
    reportError(error);
  }
}

export async function setBlocked(memberId: string, name: string, blocked: boolean): Promise<void> {
  const still = sessionGuard();
  try {
    await getClient().chats.updateBlocks({ user_id: memberId, blocked });
    if (!still()) return;
    for (const room of chatState.rooms.items) if (room.memberId === memberId) room.blocked = blocked;
    notify.success(blocked ? `${name} is blocked` : `${name} is unblocked`);
  } catch (error) {
    reportError(error);
    notify.error(
      describeError(error, blocked ? 'We could not block this member.' : 'We could not unblock this member.'),
    );
  }
}

/** Files a report; a failure is thrown for the report form to place (a refused field under it). */
export async function reportMember(memberId: string, reason: string): Promise<void> {
  await getClient().chats.report({ reported_user_id: memberId, reason });
}
