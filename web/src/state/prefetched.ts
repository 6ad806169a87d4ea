/**
 * One answer a feature's start-up asks for beside user info (a room's newest page, the admin's
 * first search), held until the screen that shows it opens and takes it instead of asking again.
 *
 * The screen gets it only if it is the same request (`key`), of the same session (an answer asked
 * for by a session that has ended since is never handed to the next one, even for the same room
 * or search), and fresh (older than `freshMs`, the data has moved on: the screen asks again). It
 * is taken once: a second opening asks the server.
 */
import { sessionGuard } from './remote';

/** Older than this, an answer asked for at start-up is asked for again. */
export const PREFETCH_FRESH_MS = 30_000;

export interface PrefetchSlot<T> {
  /**
   * Starts `call` for `key` and holds its answer, in place of any held one. Its failure is the
   * screen's to show (the screen takes the promise), so it is not reported here.
   */
  put(key: string, call: () => Promise<T>): void;
  /** The held answer if it is `key`'s, of the current session and fresh; the slot is empty after. */
  take(key: string): Promise<T> | null;
  /** Drops the held answer (a reset of the feature's state). */
  clear(): void;
}

export function prefetchSlot<T>(freshMs = PREFETCH_FRESH_MS, now: () => number = Date.now): PrefetchSlot<T> {
  let held: { key: string; answer: Promise<T>; still: () => boolean; at: number } | null = null;
  return {
    put(key, call) {
      const still = sessionGuard();
      const answer = call();
      answer.catch(() => {});
      held = { key, answer, still, at: now() };
    },
    take(key) {
      const found = held;
      held = null;
      if (!found || found.key !== key || !found.still() || now() - found.at > freshMs) return null;
      return found.answer;
    },
    clear() {
      held = null;
    },
  };
}
