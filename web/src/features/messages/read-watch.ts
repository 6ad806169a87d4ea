/**
 * Read status of the member's own messages. The contract has no socket event for it (the chat
 * channel has new_message, active and online_chats; status changes only through
 * PUT /chats/messages/bulk/status), so the open room's newest page is read again, but only while
 * it matters: a room is open and ready, the page is visible, and the member's latest message is
 * not read yet. Checks start soon after the send and back off (2 s, 3.2 s, ... up to 15 s, the
 * old fixed interval), stop once it is read, pause while the tab is hidden, and start over when
 * the other member shows activity. One timer at most; at most one check in flight.
 */
import { subscribe } from 'valtio';
import { announce, chatState, findRoom, myId } from './chat-state';

const FIRST_CHECK_MS = 2_000;
const MAX_CHECK_MS = 15_000;
const BACKOFF = 1.6;

export interface ReadWatch {
  /** Activity of the other member, the tab shown again, a reconnect: check soon. */
  hurry(): void;
  stop(): void;
}

/** The member's latest message in the open room, if the room is ready. */
function latestOwn(): { key: string; read: boolean; room: string } | null {
  const open = chatState.open;
  if (open?.load !== 'ready' || !open.id) return null;
  const me = myId();
  for (let index = open.lines.length - 1; index >= 0; index--) {
    const line = open.lines[index];
    if (line?.senderId === me) return { key: line.key, read: line.status === 'READ', room: open.id };
  }
  return null;
}

export function watchReadStatus(check: () => Promise<void>): ReadWatch {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = FIRST_CHECK_MS;
  let checking = false;
  let stopped = false;
  /** The message being watched, and whether it was read when last seen. */
  let watched: { key: string; read: boolean } | null = null;

  const visible = () => document.visibilityState === 'visible';

  function cancel() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    if (stopped || timer !== null || checking || !visible()) return;
    const latest = latestOwn();
    if (!latest || latest.read) return;
    timer = setTimeout(async () => {
      timer = null;
      if (!visible() || stopped) return;
      checking = true;
      try {
        await check();
      } finally {
        checking = false;
      }
      delay = Math.min(delay * BACKOFF, MAX_CHECK_MS);
      schedule();
    }, delay);
  }

  function onChange() {
    const latest = latestOwn();
    if (!latest) {
      watched = null;
      cancel();
      return;
    }
    if (latest.key !== watched?.key) {
      // A new message of the member's (or another room): watch it from the first, short wait.
      watched = { key: latest.key, read: latest.read };
      delay = FIRST_CHECK_MS;
      cancel();
    } else if (latest.read && !watched.read) {
      watched.read = true;
      cancel();
      announce(`${findRoom(latest.room)?.name ?? 'Your match'} read your message`);
      return;
    }
    schedule();
  }

  const unsubscribe = subscribe(chatState, onChange);
  onChange();

  return {
    hurry() {
      delay = FIRST_CHECK_MS;
      cancel();
      schedule();
    },
    stop() {
      stopped = true;
      cancel();
      unsubscribe();
    },
  };
}
