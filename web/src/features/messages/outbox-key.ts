/**
 * Where a member's chat outbox is kept in local storage. A module of its own, without the outbox's
 * code, so start-up can see that messages wait to be sent and load the chat for them.
 */
const PREFIX = 'matchmaker.chat-outbox.';

export function outboxStorageKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

/** Whether the member has messages written while offline that were never sent. */
export function hasStoredOutbox(userId: string): boolean {
  try {
    return window.localStorage.getItem(outboxStorageKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * Calls `onStored` once another tab stores an outbox for the member (it may close before sending
 * it, and this tab is to send it then). Stops listening at the first call or when `signal` aborts.
 */
export function whenOutboxStored(userId: string, signal: AbortSignal, onStored: () => void): void {
  const key = outboxStorageKey(userId);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue === null) return;
    window.removeEventListener('storage', onStorage);
    onStored();
  };
  window.addEventListener('storage', onStorage, { signal });
}
