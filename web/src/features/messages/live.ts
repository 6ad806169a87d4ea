/**
 * The chat channel, for members only (the area is member-only and start-up opens the channel for
 * members): live messages both ways, presence and typing, and the outbox's reconnect trigger.
 * Wired once when the area first renders; logout unwires it and clears the state.
 */
import { type ChatPresence, type ChatPresenceSnapshot, createChatPresence } from '@matchmaker/sdk';
import type { NewMessageEvent } from '@matchmaker/sdk/schemas';
import { useSyncExternalStore } from 'react';
import { getClient } from '../../lib/client';
import { reportError } from '../../lib/report';
import { onSessionEnd } from '../../state/session-end';
import { lineFromEvent } from './chat-lines';
import {
  announce,
  chatState,
  findRoom,
  freshness,
  loadRooms,
  mergeLines,
  myId,
  resetChatState,
  touchRoom,
} from './chat-state';
import { cancelOutboxTimers, flushOutbox, restoreOutbox, watchOtherTabs } from './outbox';
import { watchReadStatus } from './read-watch';
import { markRead, refreshRecent } from './room-actions';

let presence: ChatPresence | null = null;
let unwire: (() => void) | null = null;
/**
 * When the presence list of who is online last changed (`freshness()` clock; 0 before any since
 * wiring). A room's `online` from a rooms request sent after that stands over the list; a list that
 * arrives after the request was sent stands over its answer, whenever the answer arrives.
 */
let presenceAt = 0;
let lastOnline: ReadonlySet<string> | null = null;

export function startChat(): void {
  if (unwire) return;
  const chat = getClient().realtime.chat;
  const current = createChatPresence(chat, { onError: reportError });
  presence = current;
  presenceAt = 0;
  lastOnline = current.getSnapshot().online;
  chatState.connection = chat.connected ? 'connected' : chat.state === 'waiting' ? 'lost' : 'connecting';

  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshSoon = (delay = 300) => {
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void refreshRecent();
    }, delay);
  };
  const readWatch = watchReadStatus(refreshRecent);
  const onOnline = () => void flushOutbox();
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    refreshSoon(0);
    readWatch.hurry();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);

  const stops = [
    readWatch.stop,
    watchOtherTabs((rooms) => {
      if (chatState.open?.id && rooms.has(chatState.open.id)) refreshSoon(0);
      if (chatState.rooms.load === 'ready') void loadRooms(true);
    }),
    // A match accepted by the other member opens a room: the list shows it without a reload.
    getClient().realtime.notifications.on('new_notification', (event) => {
      if (event.type === 'MATCH_ACCEPTED' && chatState.rooms.load === 'ready') void loadRooms(true);
    }),
    current.subscribe(() => {
      // Typing changes keep the same online set; only a new list (or a disconnect) is news.
      const online = current.getSnapshot().online;
      if (online === lastOnline) return;
      lastOnline = online;
      presenceAt = freshness();
    }),
    chat.on('new_message', (event) => receive(event, refreshSoon)),
    chat.on('active', (event) => {
      // The other member is in the room: they may have read the member's messages just now.
      const open = chatState.open;
      if (open && (String(event.room) === open.id || String(event.user_id) === open.memberId)) {
        refreshSoon();
        readWatch.hurry();
      }
    }),
    chat.on('connect', () => {
      chatState.connection = 'connected';
      void flushOutbox();
      if (chatState.rooms.load === 'ready') void loadRooms(true);
      refreshSoon(0);
      readWatch.hurry();
    }),
    chat.on('disconnect', () => {
      chatState.connection = 'lost';
    }),
    // An attempt that failed (the first one included): the member is told, and that what they
    // write waits.
    chat.on('reconnecting', () => {
      chatState.connection = 'lost';
    }),
  ];

  unwire = () => {
    for (const stop of stops) stop();
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    current.destroy();
  };
  restoreOutbox();
}

function receive(event: NewMessageEvent, refreshSoon: () => void): void {
  const line = lineFromEvent(event);
  if (!line) {
    void loadRooms(true);
    return;
  }
  const mine = line.senderId === myId();
  const open = chatState.open;
  const isOpen = open !== null && open.id === line.room;
  if (isOpen) {
    mergeLines([line]);
    if (!mine) {
      void markRead([line]);
      refreshSoon();
    }
  }
  if (!touchRoom(line, !mine && !isOpen)) void loadRooms(true);
  if (!mine) {
    const name = findRoom(line.room)?.name ?? 'your match';
    announce(`New message from ${name}: ${line.file && !line.text ? 'an attachment' : line.text}`);
  }
}

onSessionEnd(() => {
  unwire?.();
  unwire = null;
  presence = null;
  presenceAt = 0;
  lastOnline = null;
  cancelOutboxTimers();
  resetChatState();
});

const EMPTY: ChatPresenceSnapshot = { online: new Set(), typing: new Set() };
const noop = () => () => {};

/** Online and typing of a room (events name the room, the member or both). */
export function usePresence(
  room: { id: string; memberId: string; online: boolean; onlineAt: number } | null | undefined,
): {
  online: boolean;
  isTyping: boolean;
} {
  const current = presence;
  const snapshot = useSyncExternalStore(
    current ? current.subscribe : noop,
    current ? current.getSnapshot : () => EMPTY,
  );
  if (!room) return { online: false, isTyping: false };
  const keys = [room.id, room.memberId];
  const online = presenceAt > room.onlineAt ? keys.some((key) => snapshot.online.has(key)) : room.online;
  return { online, isTyping: keys.some((key) => snapshot.typing.has(key)) };
}

/** Tells the other member the user is (or stopped) typing; a dropped signal only costs the indicator. */
export function sendTyping(room: string, isTyping: boolean): void {
  try {
    getClient().realtime.chat.sendTyping({ room, isTyping });
  } catch (error) {
    reportError(error);
  }
}
