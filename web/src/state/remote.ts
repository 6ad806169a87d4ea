/**
 * The one shape of remote state under every store: `status`, `data`, `error`, and the session
 * generation. Every load and every optimistic action asks `sessionGuard()` before it writes, so an
 * answer that arrives after its session ended (a logout, another tab's logout) is dropped
 * everywhere, by this one counter that logout moves.
 *
 * A store keeps a `Remote<T>` per list or record in its valtio proxy and loads it with `load`:
 * a second load of the same key while one is in flight gets the same promise (a screen picks up
 * what start-up started, nothing is asked twice); a load of another key wins over an older one,
 * whose answer is dropped.
 */
import { isAbortedError } from '@matchmaker/sdk';
import { ref } from 'valtio';
import { describeError } from '../lib/error-message';
import { reportError } from '../lib/report';
import { onSessionEnd } from './session-end';

/**
 * An API record kept with valtio's `ref`: replaced whole, never edited in place, so snapshots hand
 * out the SDK's own types (not deep-readonly copies).
 */
export type Stored<T extends object> = T & { $$valtioSnapshot: T };

/** Stores an API record (see Stored). */
export function stored<T extends object>(value: T): Stored<T> {
  return ref(value) as Stored<T>;
}

export type RemoteStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface Remote<T extends object> {
  status: RemoteStatus;
  /** The last answer; kept while a reload runs and after a failed one. */
  data: Stored<T> | null;
  /** Words for the member when the last load failed. */
  error: string | null;
}

export function idle<T extends object>(): Remote<T> {
  return { status: 'idle', data: null, error: null };
}

let generation = 0;
onSessionEnd(() => {
  generation++;
});

/**
 * Call before an await; the answer tells after it whether the session that started the work is
 * still the current one (false once it ended, even if a new one began since).
 */
export function sessionGuard(): () => boolean {
  const mine = generation;
  return () => mine === generation;
}

export interface LoadOptions {
  /** What is loaded (a page, a filter); another key's newer load drops this one's answer. */
  key?: string;
  /** The member's words when the call fails and the error has none of its own (describeError's by default). */
  failure?: string;
  /** A reload of shown data: `status` stays ready while it runs (no spinner replaces the list). */
  refresh?: boolean;
  /** A refresh in the background: as `refresh`, and a failure keeps the data shown (only reported). */
  quiet?: boolean;
  /** Failures are reported unless false (a refresh that is retried soon). */
  report?: boolean;
  /** Asks again even when a load of the same key is in flight (it began before a change). */
  fresh?: boolean;
}

interface Flight {
  key: string;
  promise: Promise<unknown>;
}
const flights = new WeakMap<object, Flight>();

/**
 * Loads `call`'s answer into `target`. Resolves the answer, or null when it failed or was dropped
 * (its session ended, or a newer load of another key started); never rejects.
 */
export function load<T extends object>(
  target: Remote<T>,
  call: () => Promise<T>,
  options: LoadOptions = {},
): Promise<T | null> {
  const key = options.key ?? '';
  const flight = flights.get(target);
  if (flight && flight.key === key && !options.fresh) return flight.promise as Promise<T | null>;
  const current = sessionGuard();
  if (!(options.refresh || options.quiet) || target.status !== 'ready') target.status = 'loading';
  target.error = null;
  const promise = call().then(
    (answer) => {
      if (!current() || flights.get(target)?.promise !== promise) return null;
      flights.delete(target);
      target.data = stored(answer);
      target.status = 'ready';
      return answer;
    },
    (error: unknown) => {
      if (!current() || flights.get(target)?.promise !== promise) return null;
      flights.delete(target);
      // Aborted by whoever asked (the screen left): nobody waits for an answer any more.
      if (isAbortedError(error)) return null;
      if (options.report !== false) reportError(error);
      if (options.quiet && target.status === 'ready') return null;
      target.error = describeError(error, options.failure);
      target.status = 'error';
      return null;
    },
  );
  flights.set(target, { key, promise });
  return promise;
}

/** Back to idle (a logout's reset); an answer still in flight for it is dropped. */
export function resetRemote<T extends object>(target: Remote<T>): void {
  flights.delete(target);
  Object.assign(target, idle<T>());
}
