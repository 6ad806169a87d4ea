/**
 * Messages on their way. A message shows at once as pending; it is sent only while the chat
 * channel is connected, one at a time in the order written. While the connection is down it waits
 * and goes out on reconnect. Never lost: an entry leaves the outbox only when the server answered
 * with the message, or when the member discards a refused one. Never twice: a send that may have
 * reached the server (network error, timeout) is marked uncertain, and before it is sent again the
 * room's newest page is searched for it.
 */
import { isNetworkError, isTimeoutError } from '@matchmaker/sdk';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { type ChatLine, lineFromMessage } from './chat-lines';
import { chatState, currentGeneration, mergeLines, myId, type OutboxEntry, touchRoom } from './chat-state';

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

let counter = 0;
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
    key: `local-${now}-${++counter}`,
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
  void flushOutbox();
}

export function retryEntry(key: string): void {
  const entry = chatState.outbox.find((item) => item.key === key);
  if (entry?.state !== 'failed') return;
  entry.state = 'queued';
  entry.error = null;
  void flushOutbox();
}

export function discardEntry(key: string): void {
  const index = chatState.outbox.findIndex((item) => item.key === key);
  if (index >= 0 && chatState.outbox[index]?.state === 'failed') chatState.outbox.splice(index, 1);
}

/**
 * Lines that came from the server (a refetch after reconnect, say) may be the copy of an uncertain
 * send: settle those entries now, so the message neither shows twice nor goes out again.
 */
export function claimSent(lines: readonly ChatLine[]): void {
  for (const entry of [...chatState.outbox]) {
    if (!entry.uncertain || entry.state !== 'queued') continue;
    const found = matchSent(entry, lines);
    if (found) settle(entry.key, found);
  }
}

export function cancelOutboxTimers(): void {
  seenAtAttempt.clear();
  claimedIds.length = 0;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  flushing = false;
}

/** Sends queued entries in order while connected; stops at the first that could not go. */
export async function flushOutbox(): Promise<void> {
  if (flushing) return;
  flushing = true;
  const generation = currentGeneration();
  try {
    for (;;) {
      if (generation !== currentGeneration()) return;
      if (!getClient().realtime.chat.connected) return;
      const entry = chatState.outbox.find((item) => item.state === 'queued');
      if (!entry) return;
      const sent = await deliver(entry, generation);
      if (!sent) return;
    }
  } finally {
    if (generation === currentGeneration()) flushing = false;
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
async function deliver(entry: OutboxEntry, generation: number): Promise<boolean> {
  const key = entry.key;
  const live = () => chatState.outbox.find((item) => item.key === key);
  entry.state = 'sending';
  try {
    if (entry.uncertain) {
      const found = await findSent(entry);
      if (generation !== currentGeneration()) return false;
      if (found) {
        settle(key, found);
        return true;
      }
    }
    const current = live();
    if (!current) return true;
    current.attemptedAt = Date.now();
    seenAtAttempt.set(
      key,
      new Set(chatState.open?.id === current.room ? chatState.open.lines.map((line) => line.key) : []),
    );
    const message = await getClient().chats.sendMessage({
      recipient_id: current.recipientId,
      message: current.text,
      ...(current.file ? { file: current.file } : {}),
    });
    if (generation !== currentGeneration()) return false;
    settle(key, lineFromMessage(message));
    return true;
  } catch (error) {
    if (generation !== currentGeneration()) return false;
    const current = live();
    if (!current) return true;
    if (isNetworkError(error) || isTimeoutError(error)) {
      current.state = 'queued';
      current.uncertain = true;
      scheduleRetry();
      return false;
    }
    reportError(error);
    current.state = 'failed';
    current.error = describeError(error, 'The message could not be sent.');
    notify.error(current.error);
    return true;
  }
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
  if (chatState.open?.id === line.room) mergeLines([line]);
  touchRoom(line, false);
}
