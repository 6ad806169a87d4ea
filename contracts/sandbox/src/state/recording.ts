/**
 * What a state-changing request took from outside the state: the clock, random bytes, and whether
 * a member was online. The journal (journal.ts) writes these down with the request, and replaying
 * the request after a crash feeds the same values back, so the replay changes the state exactly as
 * the original did (same ids, same tokens, same timestamps).
 *
 * A recording is current only while a handler runs synchronously (`withRecording`), which is
 * where every change to the state happens; several sandboxes in one process never overlap there.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export interface Recording {
  mode: 'live' | 'replay';
  clock: number[];
  /** Random values, base64url. */
  random: string[];
  flags: boolean[];
}

export const newRecording = (mode: Recording['mode'] = 'live'): Recording => ({
  mode,
  clock: [],
  random: [],
  flags: [],
});

let current: Recording | undefined;

/** Runs `work` with `recording` current; what it reads from the clock and chance is recorded (or replayed). */
export function withRecording<T>(recording: Recording | undefined, work: () => T): T {
  const previous = current;
  current = recording;
  try {
    return work();
  } finally {
    current = previous;
  }
}

/**
 * Header the journal puts on the requests it replays, with a value only this process knows.
 * Hooks that guard live traffic (host names, origins, injected faults, rate limits) let such a
 * request through: it was accepted when it first arrived, and must change the state again.
 */
export const REPLAY_HEADER = 'x-sandbox-replay';
export const REPLAY_SECRET = randomBytes(18).toString('base64url');

export const isReplayRequest = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers[REPLAY_HEADER] === REPLAY_SECRET;

/**
 * Takes the next recorded value in replay, or the live one (recorded when a recording is
 * current). A replay that runs out of values (code that changed since) goes on with live values.
 */
function take<T>(list: T[] | undefined, live: () => T): T {
  if (current?.mode === 'replay') {
    const value = list?.shift();
    if (value !== undefined) return value;
    return live();
  }
  const value = live();
  list?.push(value);
  return value;
}

export const recordedNow = (): number => take(current?.clock, Date.now);

/** `bytes` random bytes as base64url. */
export const recordedRandom = (bytes: number): string =>
  take(current?.random, () => randomBytes(bytes).toString('base64url'));

export const recordedUuid = (): string => take(current?.random, randomUUID);

/** A fact about the live process (a member online) that the state records, such as a message's status. */
export const recordedFlag = (live: () => boolean): boolean => take(current?.flags, live);
