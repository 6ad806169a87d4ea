/**
 * State of the messages area: the rooms, the open room's history, and the outbox of messages not
 * sent yet. Written only by the actions of this folder; logout clears it (SPEC.md section 4).
 *
 * The open room's history is a `ref()` array of plain lines replaced whole on every change: the
 * 5,000-message room would otherwise become 5,000 valtio proxies.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { userIdOf } from '@matchmaker/sdk/rules';
import type { ChatRoom } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { prefetchSlot } from '../../state/prefetched';
import { type Stored, sessionGuard } from '../../state/remote';
import { type ChatLine, lineFromMessage, roomName } from './chat-lines';

export type Load = 'idle' | 'loading' | 'ready' | 'error';

export interface RoomSummary {
  id: string;
  memberId: string;
  name: string;
  photo: string | null;
  last: ChatLine | null;
  unread: number;
  /** The member blocked the other one. */
  blocked: boolean;
  /** What the rooms answer said; presence events newer than it take over (see `usePresence`). */
  online: boolean;
  /**
   * When the rooms request that gave `online` was sent, on the `freshness()` clock: the server
   * computed it then or later, so a presence list that reaches the member after that moment may
   * be newer than the answer (it came before the answer did, or while the answer was on its way).
   */
  onlineAt: number;
  at: number;
}

let clock = 0;
/**
 * A counter shared by rooms requests and presence events, to tell which of the two is newer: a
 * presence list sent before a room existed (a match accepted since) cannot name its member, and a
 * rooms answer computed before the member came online cannot say so.
 */
export function freshness(): number {
  clock += 1;
  return clock;
}

export interface OpenRoom {
  /** As in the address: a room id, or the other member's id (the API accepts both). */
  key: string;
  id: string | null;
  memberId: string | null;
  load: Load;
  error: string | null;
  /** Oldest first. */
  lines: Stored<ChatLine[]>;
  nextPage: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
}

export interface OutboxEntry {
  key: string;
  room: string;
  recipientId: string;
  text: string;
  file: string | null;
  /** queued: waits for the connection; failed: the server refused it (never resent by itself). */
  state: 'queued' | 'sending' | 'failed';
  /** A send that may have reached the server (network error, timeout): check before resending. */
  uncertain: boolean;
  attemptedAt: number;
  error: string | null;
  createdAt: number;
}

export interface ChatState {
  rooms: { load: Load; error: string | null; items: RoomSummary[] };
  open: OpenRoom | null;
  outbox: OutboxEntry[];
  /**
   * The chat's line: `connecting` until its first connection (nothing is said: a room opened on
   * a page load is not "lost"), `lost` once a connection dropped or an attempt failed.
   */
  connection: 'connecting' | 'connected' | 'lost';
  /** The latest text for the polite live region (new messages). */
  announcement: { id: number; text: string };
}

function initial(): ChatState {
  return {
    rooms: { load: 'idle', error: null, items: [] },
    open: null,
    outbox: [],
    connection: 'connecting',
    announcement: { id: 0, text: '' },
  };
}

export const chatState = proxy<ChatState>(initial());

export type MessagesPage = Awaited<ReturnType<MatchmakerClient['chats']['listMessages']>>;

/** A room's newest page asked for at start-up (rooms-startup.ts), until the room opens. */
const newestPage = prefetchSlot<MessagesPage>();

/** Back to nothing (logout); answers of the ended session are dropped by its sessionGuard(). */
export function resetChatState(): void {
  Object.assign(chatState, initial());
  newestPage.clear();
}

/**
 * Asks for a room's newest page (page 1) beside user info, for a session that starts in that
 * room: `openRoom` picks the answer up instead of asking once the area has loaded and rendered.
 */
export function prefetchNewestPage(key: string): void {
  newestPage.put(key, () => getClient().chats.listMessages(key, { page: 1 }));
}

/** The newest page `prefetchNewestPage` asked for, if it is this room's, fresh and of this session; once. */
export function takeNewestPage(key: string): Promise<MessagesPage> | null {
  return newestPage.take(key);
}

export function myId(): string {
  // The SDK's session knows the user; reading it there keeps this chunk off the app's session module.
  const user = getClient().session.user;
  return userIdOf(user) ?? '';
}

/** A room of a rooms answer; `askedAt` is when its request was sent (`freshness()`). */
export function summarise(room: ChatRoom, askedAt: number): RoomSummary {
  const recent = room.recent_messages;
  const latest = recent[recent.length - 1];
  const last = latest ? lineFromMessage(latest) : null;
  return {
    id: String(room.id),
    memberId: String(room.user_id),
    name: roomName(room),
    photo: room.profilePhoto ?? null,
    last,
    unread: room.unread_count ?? 0,
    blocked: room.blocked ?? false,
    online: room.online,
    onlineAt: askedAt,
    at: last?.at ?? Date.parse(room.updated_at ?? room.created_at),
  };
}

/**
 * How long a rooms answer counts as just loaded: the list shown on opening Messages does not ask
 * again for one this fresh (start-up's, when the session started there: issue 24, /messages asked
 * three times in its first second). Live events keep it current from then on.
 */
const ROOMS_FRESH_MS = 5_000;
let roomsLoadedAt = Number.NEGATIVE_INFINITY;

/** Whether the rooms are loaded and their answer is a moment old at most. */
export function roomsJustLoaded(): boolean {
  return chatState.rooms.load === 'ready' && performance.now() - roomsLoadedAt < ROOMS_FRESH_MS;
}

let roomsLoad = 0;
export async function loadRooms(quiet = false): Promise<void> {
  const state = chatState.rooms;
  const still = sessionGuard();
  const load = ++roomsLoad;
  if (!quiet || state.load !== 'ready') state.load = 'loading';
  state.error = null;
  const askedAt = freshness();
  try {
    const answer = await getClient().chats.listRooms();
    if (!still() || load !== roomsLoad) return;
    state.items = answer.rooms.map((room) => summarise(room, askedAt));
    state.load = 'ready';
    roomsLoadedAt = performance.now();
  } catch (error) {
    if (!still() || load !== roomsLoad) return;
    if (quiet && state.load === 'ready') return;
    state.error = describeError(error, 'We could not load your conversations.');
    state.load = 'error';
  }
}

export function findRoom(key: string | null | undefined): RoomSummary | undefined {
  if (!key) return undefined;
  return chatState.rooms.items.find((room) => room.id === key || room.memberId === key);
}

/** Adds lines to the open room (by id, so an echo or a refetch never shows a message twice). */
export function mergeLines(lines: readonly ChatLine[]): void {
  const open = chatState.open;
  if (!open || lines.length === 0) return;
  const byId = new Map(open.lines.map((line) => [line.key, line]));
  let changed = false;
  for (const line of lines) {
    const known = byId.get(line.key);
    if (known && known.status === line.status) continue;
    byId.set(line.key, line);
    changed = true;
  }
  if (!changed) return;
  open.lines = ref([...byId.values()].sort((a, b) => a.at - b.at || compareIds(a.key, b.key)));
}

/** Server ids of one room sort by their number when they have one ('msg-12' < 'msg-100'). */
function compareIds(a: string, b: string): number {
  const na = Number(a.replace(/\D+/g, ''));
  const nb = Number(b.replace(/\D+/g, ''));
  return Number.isFinite(na) && Number.isFinite(nb) && na !== nb ? na - nb : a.localeCompare(b);
}

/** Moves the room to the top with its latest line; counts it unread unless it is open. */
export function touchRoom(line: ChatLine, countUnread: boolean): boolean {
  const rooms = chatState.rooms.items;
  const index = rooms.findIndex((room) => room.id === line.room);
  const room = rooms[index];
  if (!room) return false;
  rooms.splice(index, 1);
  room.last = line;
  room.at = line.at;
  if (countUnread) room.unread += 1;
  rooms.unshift(room);
  return true;
}

export function announce(text: string): void {
  chatState.announcement = { id: chatState.announcement.id + 1, text };
}
