/**
 * Messages on their way. A message shows at once as pending; it is sent only while the chat
 * channel is connected, one at a time in the order written. While the connection is down it waits
 * and goes out on reconnect. Never lost: an entry leaves the outbox only when the server answered
 * with the message, or when the member discards a refused one. Never twice: a send that may have
 * reached the server (network error, timeout) is marked uncertain, and before it is sent again the
 * room's newest page is searched for it.
 *
 * The outbox is kept in local storage per user (`outbox-store.ts`) and restored when the chat
 * starts, so a reload loses nothing; a send in flight at the reload counts as uncertain. Tabs of
 * one member share it: the storage event keeps each tab's copy current, and a Web Lock lets one
 * tab at a time send, re-reading each entry from storage first, so two tabs never send one twice.
 * A tab that sees entries another tab holds queues for the lock too: if that tab closes mid-send,
 * this one takes over (looking the entry up first). A message another tab sent is read back from
 * the room, since no socket event brings it; another tab's logout empties every tab's copy.
 */
import { isNetworkError, isTimeoutError } from '@matchmaker/sdk';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { sessionGuard } from '../../state/remote';
import { type ChatLine, lineFromMessage } from './chat-lines';
import { chatState, mergeLines, myId, type OutboxEntry, touchRoom } from './chat-state';
import { outboxStorageKey } from './outbox-key';
import {
  parseStoredOutbox,
  readStoredOutbox,
  type StoredEntry,
  storageAvailable,
  writeStoredOutbox,
} from './outbox-store';

/** How far a server clock may lag ours when matching an uncertain send to the server's copy. */
const CLOCK_SLACK_MS = 60_000;
const RETRY_MS = 5_000;

/**
 * For each attempt whose outcome is unknown: the ids the room showed when it was sent. The server's
 * copy of that send is a line of the member's, same text and file, that is not among them. Kept
 * outside valtio: a long room would make thousands of proxied entries.
 */
const seenAtAttempt = new Map<string, ReadonlySet<string>>();
/** Server ids already matched to a send, so two equal messages never claim the same copy. */
const claimedIds: string[] = [];

/**
 * Entries this tab removed (sent or discarded) since its last write: in the merge with the stored
 * copy they stay removed, while entries the tab has not heard of yet (another tab just added them)
 * are kept.
 */
const removedHere = new Set<string>();

let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

export function queueMessage(input: {
  room: string;
  recipientId: string;
  text: string;
  file?: string | null;
}): void {
  const now = Date.now();
  chatState.outbox.push({
    key: newKey(),
    room: input.room,
    recipientId: input.recipientId,
    text: input.text,
    file: input.file ?? null,
    state: 'queued',
    uncertain: false,
    attemptedAt: 0,
    error: null,
    createdAt: now,
  });
  persist();
  void flushOutbox();
}

/** Unique across tabs and reloads: it names the entry in every tab's copy of the stored outbox. */
function newKey(): string {
  const random =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `local-${random}`;
}

/**
 * Writes the outbox to local storage, merged with what is stored now: another tab may have added
 * a message a moment ago, before its storage event reached this tab, and writing this tab's copy
 * whole would erase it. Such entries are kept (and taken into this tab's copy); entries this tab
 * sent or discarded stay removed; for the rest this tab's state wins. A refusal (quota) leaves the
 * outbox in memory, still sent.
 */
function persist(): void {
  const me = myId();
  try {
    const ours = new Set(chatState.outbox.map((entry) => entry.key));
    const added = storageAvailable()
      ? readStoredOutbox(me).filter((entry) => !ours.has(entry.key) && !removedHere.has(entry.key))
      : [];
    if (added.length > 0) {
      for (const { seen, ...entry } of added) {
        if (entry.uncertain && seen.length > 0) seenAtAttempt.set(entry.key, new Set(seen));
        chatState.outbox.push(entry);
      }
      // Sent in the order written, whichever tab wrote them.
      chatState.outbox.sort((a, b) => a.createdAt - b.createdAt);
    }
    writeStoredOutbox(
      me,
      chatState.outbox.map((entry) => ({ ...entry, seen: [...(seenAtAttempt.get(entry.key) ?? [])] })),
    );
    removedHere.clear();
  } catch (error) {
    reportError(error);
  }
}

/** Takes the stored copy as this tab's outbox (another tab sent, discarded or added entries). */
function adopt(stored: readonly StoredEntry[]): void {
  const keys = new Set(stored.map((entry) => entry.key));
  for (const key of seenAtAttempt.keys()) if (!keys.has(key)) seenAtAttempt.delete(key);
  for (const { seen, ...entry } of stored) {
    if (entry.uncertain && seen.length > 0) seenAtAttempt.set(entry.key, new Set(seen));
  }
  chatState.outbox = stored.map(({ seen: _seen, ...entry }) => entry);
}

/**
 * After a reload: the stored entries come back. One that was being sent may have reached the
 * server, so it is looked up before it is sent again.
 */
export function restoreOutbox(): void {
  const stored = readBack();
  if (!stored || stored.length === 0) return;
  // Not written back: another tab may be sending one of them right now. Whichever tab takes the
  // send lock next reads them again before it sends.
  adopt(stored);
  void flushOutbox();
}

/**
 * The stored outbox, or null without storage. Read under the send lock or at start-up, an entry
 * still marked as sending belongs to a tab that closed mid-send: whether it arrived is unknown.
 */
function readBack(): StoredEntry[] | null {
  if (!storageAvailable()) return null;
  return readStoredOutbox(myId()).map((entry) =>
    entry.state === 'sending' ? { ...entry, state: 'queued' as const, uncertain: true } : entry,
  );
}

/**
 * Keeps this tab's outbox in step with the member's other tabs. `onSentElsewhere` hears of the
 * rooms whose entries another tab sent (or discarded): no socket event brings a member's own
 * message to their other tabs, so those rooms are read again there.
 */
export function watchOtherTabs(onSentElsewhere: (rooms: ReadonlySet<string>) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    const me = myId();
    // No key: another tab cleared storage, which only its logout does (SPEC.md section 4). This
    // tab's copy goes too, so nothing of the ended session is shown, written back or sent.
    if (event.key === null) {
      adopt(readStoredOutbox(me));
      return;
    }
    if (event.key !== outboxStorageKey(me)) return;
    const stored = event.newValue ? parseStoredOutbox(event.newValue) : [];
    const kept = new Set(stored.map((entry) => entry.key));
    const gone = new Set(chatState.outbox.filter((entry) => !kept.has(entry.key)).map((entry) => entry.room));
    adopt(stored);
    if (gone.size > 0) onSentElsewhere(gone);
    // Queued behind the tab that sends: should that tab close mid-send, the lock comes here and the
    // entry it left as sending is looked up, then sent only if it never arrived.
    if (stored.some((entry) => entry.state !== 'failed')) void flushOutbox();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function retryEntry(key: string): void {
  const entry = chatState.outbox.find((item) => item.key === key);
  if (entry?.state !== 'failed') return;
  entry.state = 'queued';
  entry.error = null;
  persist();
  void flushOutbox();
}

export function discardEntry(key: string): void {
  const index = chatState.outbox.findIndex((item) => item.key === key);
  if (index >= 0 && chatState.outbox[index]?.state === 'failed') {
    chatState.outbox.splice(index, 1);
    removedHere.add(key);
    persist();
  }
}

/**
 * Lines that came from the server (a refetch after reconnect, or when the other member read) may be
 * the copy of a send whose answer has not come: one on its way (the server has stored it, the
 * answer is still travelling), or an uncertain one (its answer was lost), waiting for its retry or
 * being looked up. Settle those entries now, so the message neither shows twice (the history's copy
 * beside the pending row) nor goes out again. The answer or lookup that comes later finds the entry
 * gone (`deliver`); a first attempt's copy is told from an earlier message of the same text by
 * the lines seen when it went out (`matchSent`).
 */
export function claimSent(lines: readonly ChatLine[]): void {
  for (const entry of [...chatState.outbox]) {
    const awaiting = entry.state === 'sending' || (entry.uncertain && entry.state === 'queued');
    if (!awaiting) continue;
    const found = matchSent(entry, lines);
    if (found) settle(entry.key, found);
  }
}

export function cancelOutboxTimers(): void {
  seenAtAttempt.clear();
  removedHere.clear();
  claimedIds.length = 0;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  flushing = false;
}

/** Sends queued entries in order while connected; stops at the first that could not go. */
export async function flushOutbox(): Promise<void> {
  if (flushing) return;
  flushing = true;
  const still = sessionGuard();
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // One tab of the member sends at a time; the others wait their turn (then find little to do).
    if (locks) await locks.request(`${outboxStorageKey(myId())}.send`, () => sendQueued(still));
    else await sendQueued(still);
  } finally {
    if (still()) flushing = false;
  }
}

async function sendQueued(still: () => boolean): Promise<void> {
  for (;;) {
    if (!still()) return;
    if (!getClient().realtime.chat.connected) return;
    // Another tab may have sent, discarded or added entries while this one waited.
    const stored = readBack();
    if (stored) adopt(stored);
    const entry = chatState.outbox.find((item) => item.state === 'queued');
    if (!entry) return;
    const sent = await deliver(entry, still);
    if (!sent) return;
  }
}

function scheduleRetry(): void {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox();
  }, RETRY_MS);
}

/** Resolves true when the entry is done with (sent or refused), false to stop and retry later. */
async function deliver(entry: OutboxEntry, still: () => boolean): Promise<boolean> {
  const key = entry.key;
  const live = () => chatState.outbox.find((item) => item.key === key);
  entry.state = 'sending';
  try {
    if (entry.uncertain) {
      const found = await findSent(entry);
      if (!still()) return false;
      if (found) {
        settle(key, found);
        return true;
      }
    }
    const current = live();
    if (!current) return true;
    current.attemptedAt = Date.now();
    seenAtAttempt.set(key, recentIds(current.room, current.attemptedAt));
    // Stored as sending before it goes: a reload now finds it uncertain and looks it up first.
    persist();
    const message = await getClient().chats.sendMessage({
      recipient_id: current.recipientId,
      message: current.text,
      ...(current.file ? { file: current.file } : {}),
    });
    if (!still()) return false;
    settle(key, lineFromMessage(message));
    return true;
  } catch (error) {
    if (!still()) return false;
    const current = live();
    if (!current) return true;
    if (isNetworkError(error) || isTimeoutError(error)) {
      current.state = 'queued';
      current.uncertain = true;
      persist();
      scheduleRetry();
      return false;
    }
    reportError(error);
    current.state = 'failed';
    current.error = describeError(error, 'The message could not be sent.');
    persist();
    notify.error(current.error);
    return true;
  }
}

/**
 * The room's lines that could be mistaken for the copy of a send made at `at` (see `matchSent`):
 * only those within the clock slack, so the set stays small even in a 5,000-message room.
 */
function recentIds(room: string, at: number): ReadonlySet<string> {
  const open = chatState.open;
  if (open?.id !== room) return new Set();
  const ids = new Set<string>();
  for (let index = open.lines.length - 1; index >= 0; index--) {
    const line = open.lines[index];
    if (!line || line.at < at - CLOCK_SLACK_MS * 2) break;
    ids.add(line.key);
  }
  return ids;
}

/** The server's copy of an uncertain send, if it got there: same sender, text and file, not shown yet. */
async function findSent(entry: OutboxEntry): Promise<ChatLine | null> {
  const page = await getClient().chats.listMessages(entry.room, { page: 1 });
  return matchSent(entry, page.messages.map(lineFromMessage));
}

function matchSent(entry: OutboxEntry, lines: readonly ChatLine[]): ChatLine | null {
  const me = myId();
  const seen = seenAtAttempt.get(entry.key) ?? new Set<string>();
  const claimed = new Set(claimedIds);
  return (
    lines.find(
      (line) =>
        line.room === entry.room &&
        line.senderId === me &&
        line.text === entry.text &&
        (line.file ?? null) === entry.file &&
        line.at >= entry.attemptedAt - CLOCK_SLACK_MS &&
        !seen.has(line.key) &&
        !claimed.has(line.key),
    ) ?? null
  );
}

function settle(key: string, line: ChatLine): void {
  seenAtAttempt.delete(key);
  claimedIds.push(line.key);
  if (claimedIds.length > 200) claimedIds.splice(0, claimedIds.length - 200);
  const index = chatState.outbox.findIndex((item) => item.key === key);
  if (index >= 0) chatState.outbox.splice(index, 1);
  removedHere.add(key);
  persist();
  if (chatState.open?.id === line.room) mergeLines([line]);
  touchRoom(line, false);
}
