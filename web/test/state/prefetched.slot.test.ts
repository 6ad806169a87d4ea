/**
 * The start-up prefetch slot (state/prefetched.ts) the room's newest page and the admin's first
 * search share: handed to the screen once, only for the same key, the same session and while fresh.
 */
import { describe, expect, it } from 'vitest';
import { PREFETCH_FRESH_MS, prefetchSlot } from '../../src/state/prefetched';
import { clearSessionData } from '../../src/state/session-end';

/** Logout as the app runs it, without the browser's storage (there is none in Node). */
function endSession(): void {
  clearSessionData(() => {});
}

function manualClock(start = 1_000) {
  const clock = { at: start, now: () => clock.at };
  return clock;
}

describe('prefetchSlot', () => {
  it("hands the answer to the first take of the same key, once, and none to another key's", async () => {
    const slot = prefetchSlot<string>();
    let calls = 0;
    slot.put('room-1', async () => {
      calls++;
      return 'page of room-1';
    });
    expect(calls).toBe(1);
    expect(slot.take('room-2')).toBeNull();
    // A take of another key empties the slot too: the screen asked for something else.
    expect(slot.take('room-1')).toBeNull();
    slot.put('room-1', async () => 'again');
    await expect(slot.take('room-1')).resolves.toBe('again');
    expect(slot.take('room-1')).toBeNull();
  });

  it(`is not handed over after ${PREFETCH_FRESH_MS / 1000} s`, async () => {
    const clock = manualClock();
    const slot = prefetchSlot<string>(PREFETCH_FRESH_MS, clock.now);
    slot.put('q', async () => 'answer');
    clock.at += PREFETCH_FRESH_MS;
    await expect(slot.take('q')).resolves.toBe('answer');
    slot.put('q', async () => 'answer');
    clock.at += PREFETCH_FRESH_MS + 1;
    expect(slot.take('q')).toBeNull();
  });

  it('the session ends while the answer is in flight and another opens the same key: never handed to it', async () => {
    const slot = prefetchSlot<string>();
    let answerOld: (value: string) => void = () => {};
    slot.put('room-1', () => new Promise<string>((resolve) => (answerOld = resolve)));
    endSession();
    // The next session's screen opens the same room: it must ask for its own page.
    expect(slot.take('room-1')).toBeNull();
    answerOld('the old session’s page');
    // The next session's own start-up answer is handed over as usual.
    slot.put('room-1', async () => 'new page');
    await expect(slot.take('room-1')).resolves.toBe('new page');
  });

  it('keeps a failed call from being an unhandled rejection; the taker sees the failure', async () => {
    const slot = prefetchSlot<string>();
    slot.put('q', () => Promise.reject(new Error('refused')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(slot.take('q')).rejects.toThrow('refused');
  });

  it('clear drops the held answer', () => {
    const slot = prefetchSlot<string>();
    slot.put('q', async () => 'answer');
    slot.clear();
    expect(slot.take('q')).toBeNull();
  });
});
