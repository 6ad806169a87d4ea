/**
 * The outbox kept in local storage, one key per user, so a message written while the connection is
 * down survives a reload (SPEC.md section 4: logout clears it, with the rest of local storage).
 *
 * Each entry keeps its client-generated key and, for a send whose outcome is unknown, the ids the
 * room showed when it was sent: after a reload that is what tells the server's copy of the send
 * apart from an older message with the same text, so an uncertain send is looked up, not repeated.
 * What is read back is checked field by field; a damaged or foreign value is dropped, never sent.
 */
import * as z from 'zod/mini';
import type { OutboxEntry } from './chat-state';
import { outboxStorageKey } from './outbox-key';

export interface StoredEntry extends OutboxEntry {
  /** Ids the room showed when the entry was last sent (only for uncertain sends). */
  seen: string[];
}

const storedEntrySchema = z.object({
  key: z.string(),
  room: z.string(),
  recipientId: z.string(),
  text: z.string(),
  file: z.nullable(z.string()),
  state: z.enum(['queued', 'sending', 'failed']),
  uncertain: z.boolean(),
  attemptedAt: z.number(),
  error: z.nullable(z.string()),
  createdAt: z.number(),
  seen: z.array(z.string()),
});
const storedOutboxSchema = z.array(storedEntrySchema);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the outbox then lives in memory.
    return null;
  }
}

export function storageAvailable(): boolean {
  return storage() !== null;
}

/** The user's stored outbox; empty when there is none or it cannot be read. */
export function readStoredOutbox(userId: string): StoredEntry[] {
  if (!userId) return [];
  const raw = storage()?.getItem(outboxStorageKey(userId));
  return raw ? parseStoredOutbox(raw) : [];
}

export function parseStoredOutbox(raw: string): StoredEntry[] {
  try {
    const parsed = storedOutboxSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Writes the outbox (removes the key when it is empty); throws when storage refuses (quota). */
export function writeStoredOutbox(userId: string, entries: readonly StoredEntry[]): void {
  const store = storage();
  if (!store || !userId) return;
  if (entries.length === 0) store.removeItem(outboxStorageKey(userId));
  else store.setItem(outboxStorageKey(userId), JSON.stringify(entries));
}
