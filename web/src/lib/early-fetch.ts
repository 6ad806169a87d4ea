/**
 * The client's fetch: the first attempt of a call the signed-in preload script has already sent
 * (config/early-requests.ts) takes that answer instead of asking again; every other request goes
 * to the network as it is.
 *
 * An early answer is taken once, by a request that is the same call: the same method, address and
 * body, and the same Authorization header, so a session other than the one whose token the script sent
 * (a logout and another login, a refreshed token) never sees it. It is taken only within
 * EARLY_MAX_AGE_MS of being sent, and an early call that failed by itself is made again. What the
 * SDK does with an answer is what it does with any: its checks, its refresh on a refused token,
 * its time limit and the caller's signal, which abort the early request as they would its own.
 */
import { EARLY_GLOBAL, EARLY_MAX_AGE_MS } from '../config/early-requests';

/** One call the preload script sent, as it leaves it in the global. */
export interface SentEarly {
  readonly method: string;
  readonly url: string;
  readonly authorization: string;
  /** The body it sent ('' for none). */
  readonly body: string;
  /** performance.now() when it was sent. */
  readonly sentAt: number;
  readonly response: Promise<Response>;
  readonly abort: (reason?: unknown) => void;
}

function isSentEarly(value: unknown): value is SentEarly {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.method === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.authorization === 'string' &&
    typeof entry.body === 'string' &&
    typeof entry.sentAt === 'number' &&
    entry.response instanceof Promise &&
    typeof entry.abort === 'function'
  );
}

/** Takes what the preload script sent from the page (once: the global is removed). */
export function takeSentEarly(
  scope: Record<string, unknown> = globalThis as Record<string, unknown>,
): SentEarly[] {
  const sent = scope[EARLY_GLOBAL];
  delete scope[EARLY_GLOBAL];
  return Array.isArray(sent) ? sent.filter(isSentEarly) : [];
}

/** A request's body as the script would have sent it: '' for none, null for one that is not text. */
function bodyOf(init: RequestInit | undefined): string | null {
  const body = init?.body;
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : null;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch that answers the first matching request with an early answer from `sent`, and sends
 * everything else with `network`.
 */
export function earlyFetch(
  sent: readonly SentEarly[],
  network: typeof fetch = (...args) => globalThis.fetch(...args),
  now: () => number = () => performance.now(),
): typeof fetch {
  const waiting = [...sent];
  return (input, init) => {
    if (waiting.length === 0) return network(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = urlOf(input);
    const authorization = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    ).get('authorization');
    // A Request's own body is a stream, never taken for a text one.
    const body =
      input instanceof Request && init?.body === undefined ? (input.body === null ? '' : null) : bodyOf(init);
    const at = waiting.findIndex(
      (entry) =>
        entry.method === method &&
        entry.url === url &&
        entry.authorization === authorization &&
        entry.body === body,
    );
    const entry = at < 0 ? undefined : waiting.splice(at, 1)[0];
    // Stale answers are let go (their requests aborted) with the first request after they expire.
    for (let index = waiting.length - 1; index >= 0; index--) {
      const stale = waiting[index];
      if (stale && now() - stale.sentAt > EARLY_MAX_AGE_MS) {
        waiting.splice(index, 1);
        stale.abort();
      }
    }
    if (!entry || now() - entry.sentAt > EARLY_MAX_AGE_MS) {
      entry?.abort();
      return network(input, init);
    }
    const signal = init?.signal;
    if (signal) {
      if (signal.aborted) entry.abort(signal.reason);
      else signal.addEventListener('abort', () => entry.abort(signal.reason), { once: true });
    }
    // An early call that failed by itself (a dropped line, before the app even ran) costs the call
    // nothing: it goes to the network as it would have. Stopped by the caller, it stays stopped.
    return entry.response.catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return network(input, init);
    });
  };
}
