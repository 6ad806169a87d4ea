import type { ChatRoom } from '../schemas/chat';
import { onlineChatIds } from '../schemas/chat';
import type { Id } from '../schemas/common';
import { Emitter } from '../session/emitter';
import type { ChatChannel } from './chat-channel';

/** How long a typing indicator lasts without news, in case the "stopped typing" event is lost. */
export const DEFAULT_TYPING_TIMEOUT_MS = 10_000;

export interface PresenceEntry {
  online: boolean;
  isTyping: boolean;
}

/** An immutable snapshot: a new object after every change (fits React's useSyncExternalStore). */
export interface ChatPresenceSnapshot {
  /** Room ids and member ids the last `online_chats` reported online. */
  readonly online: ReadonlySet<string>;
  /** Room ids and member ids with someone typing. */
  readonly typing: ReadonlySet<string>;
}

/** What presence reads and sets of a room; a full `ChatRoom` fits. */
export type PresenceRoom = Partial<Pick<ChatRoom, 'id' | 'user_id' | 'online' | 'isTyping'>>;

export interface ChatPresence {
  getSnapshot(): ChatPresenceSnapshot;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The presence of one room. Events may name the room, the other member or both, so pass the
   * other member's id too when you know it.
   */
  get(room: Id | null | undefined, memberId?: Id | null): PresenceEntry;
  /** The room with `online` and `isTyping` from the events; the same object when nothing differs. */
  apply<R extends PresenceRoom>(room: R, memberId?: Id | null): R;
  /** Unsubscribes from the channel, clears the state and cancels typing timers. */
  destroy(): void;
}

export interface ChatPresenceOptions {
  /** 0 keeps an indicator until the member stops typing or goes offline. */
  typingTimeoutMs?: number;
  onError?: (error: unknown) => void;
}

type PresenceEvents = { change: () => void };

/**
 * Keeps each chat room's `online` and `isTyping` current from the chat channel. `online_chats` is
 * taken as the whole list of who is online (the sandbox sends every online contact each time);
 * `active` sets or clears typing for the room and the member it names. While the channel is
 * disconnected nothing is known, so the state is cleared and rebuilt after the next connect.
 */
export function createChatPresence(
  chat: Pick<ChatChannel, 'on'>,
  options: ChatPresenceOptions = {},
): ChatPresence {
  const typingTimeoutMs = options.typingTimeoutMs ?? DEFAULT_TYPING_TIMEOUT_MS;
  const events = new Emitter<PresenceEvents>(options.onError);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let snapshot: ChatPresenceSnapshot = { online: new Set(), typing: new Set() };

  function commit(online: ReadonlySet<string>, typing: ReadonlySet<string>): void {
    if (sameSet(online, snapshot.online) && sameSet(typing, snapshot.typing)) return;
    snapshot = { online, typing };
    events.emit('change');
  }

  function clearTimer(key: string): void {
    const timer = timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(key);
  }

  function setTyping(keys: readonly string[], isTyping: boolean): void {
    const typing = new Set(snapshot.typing);
    for (const key of keys) {
      clearTimer(key);
      if (!isTyping) {
        typing.delete(key);
        continue;
      }
      typing.add(key);
      if (typingTimeoutMs > 0) {
        timers.set(
          key,
          setTimeout(() => {
            timers.delete(key);
            const next = new Set(snapshot.typing);
            next.delete(key);
            commit(snapshot.online, next);
          }, typingTimeoutMs),
        );
      }
    }
    commit(snapshot.online, typing);
  }

  function clear(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    commit(new Set(), new Set());
  }

  const unsubscribe = [
    chat.on('online_chats', (event) => {
      const online = new Set(onlineChatIds(event));
      // Whoever went offline cannot still be typing.
      const typing = new Set([...snapshot.typing].filter((key) => online.has(key)));
      for (const key of timers.keys()) if (!typing.has(key)) clearTimer(key);
      commit(online, typing);
    }),
    chat.on('active', (event) => {
      const keys = [event.room, event.user_id].filter((key) => key != null).map(String);
      // An `active` without isTyping still means activity; only an explicit false stops it.
      if (keys.length > 0) setTyping(keys, event.isTyping !== false);
    }),
    chat.on('disconnect', clear),
  ];

  function get(room: Id | null | undefined, memberId?: Id | null): PresenceEntry {
    const keys = [room, memberId].filter((key) => key != null).map(String);
    return {
      online: keys.some((key) => snapshot.online.has(key)),
      isTyping: keys.some((key) => snapshot.typing.has(key)),
    };
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => events.on('change', listener),
    get,
    apply(room, memberId) {
      const { online, isTyping } = get(room.id, memberId);
      if (room.online === online && room.isTyping === isTyping) return room;
      return { ...room, online, isTyping };
    },
    destroy() {
      for (const stop of unsubscribe) stop();
      unsubscribe.length = 0;
      clear();
      events.clear();
    },
  };
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}
