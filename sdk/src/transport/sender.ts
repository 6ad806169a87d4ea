import type { CallInput, EndpointDef, ResultOf } from '../endpoints/define';
import { HttpError, isMatchmakerError, NetworkError, TimeoutError } from '../errors';
import { parseJsonBody } from './body';
import { onStop, type Stoppers, stoppedError } from './signals';
import { buildPath, joinURL, toQuery } from './url';
import { parseOrThrow } from './validate';

export interface SenderOptions {
  baseURL: string;
  /** Defaults to globalThis.fetch (undici in Node). */
  fetch?: typeof fetch | undefined;
  /** Time limit of one attempt in ms; 0 (or Infinity) turns it off. */
  timeoutMs: number;
  /** Extra headers on every request (e.g. a client version). */
  headers?: Record<string, string> | undefined;
}

/** A request whose path, query and body have been validated and filled once, for every attempt. */
export interface PreparedRequest {
  path: string;
  query: Record<string, string> | undefined;
  body: unknown;
}

export interface RawResponse {
  status: number;
  data: unknown;
}

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;
const JSON_BODY = { 'Content-Type': 'application/json', Accept: 'application/json' } as const;
/** Answers that never have a body, whatever the server sends. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Sends one attempt of a catalogue call: validation of what goes out and comes back, the bearer
 * token, the time limit, and the caller's and the session's stop. It knows no session rules
 * (those are HttpTransport's), so the session uses it for the refresh and logout calls themselves.
 *
 * It calls `fetch` directly: every body is a zod-checked plain object or a FormData, every query a
 * string map, and every answer is read as text (or a Blob), so a wrapper such as ofetch had nothing
 * left to do but cost about a tenth of a loopback call (see the bench).
 */
export class HttpSender {
  readonly #fetch: typeof fetch;
  readonly #baseURL: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;

  constructor(options: SenderOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#baseURL = options.baseURL;
    this.#headers = { ...options.headers, ...NO_CACHE };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  prepare(endpoint: EndpointDef, input: CallInput<EndpointDef>): PreparedRequest {
    const params = endpoint.params
      ? parseOrThrow(endpoint.params, input.params ?? {}, endpoint.id, 'request', 'params')
      : input.params;
    const query = endpoint.query
      ? parseOrThrow(endpoint.query, input.query ?? {}, endpoint.id, 'request', 'query')
      : undefined;
    let body: unknown;
    if (endpoint.bodyType === 'multipart') {
      body = input.body;
    } else if (endpoint.body) {
      body = parseOrThrow(endpoint.body, input.body, endpoint.id, 'request', 'body');
    }
    return { path: buildPath(endpoint.id, endpoint.path, params), query: toQuery(query), body };
  }

  /**
   * One attempt. Resolves any HTTP answer; rejects with AbortedError (the caller aborted),
   * NotLoggedInError (the session ended), TimeoutError or NetworkError. Every listener and timer
   * it sets is gone when it settles.
   */
  async attempt(
    endpoint: EndpointDef,
    request: PreparedRequest,
    accessToken: string | null,
    stoppers: Stoppers,
    timeoutMs = this.#timeoutMs,
  ): Promise<RawResponse> {
    const stopped = stoppedError(stoppers);
    if (stopped) throw stopped;
    const controller = new AbortController();
    let timedOut = false;
    // 0 (or Infinity) means no limit for this attempt: long uploads, or tests that own the clock.
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const detach = onStop(stoppers, () => controller.abort());
    try {
      const { body } = request;
      const json = body !== undefined && !(body instanceof FormData);
      const headers: Record<string, string> = json
        ? { ...this.#headers, ...JSON_BODY }
        : { ...this.#headers };
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
      const response = await this.#fetch(this.#url(request), {
        method: endpoint.method,
        headers,
        body: json ? JSON.stringify(body) : (body as FormData | undefined),
        signal: controller.signal,
      });
      if (NULL_BODY_STATUSES.has(response.status) || response.body === null) {
        return { status: response.status, data: undefined };
      }
      const data =
        endpoint.response === 'binary' ? await response.blob() : parseJsonBody(await response.text());
      return { status: response.status, data };
    } catch (error) {
      if (isMatchmakerError(error)) throw error;
      const stop = stoppedError(stoppers, error);
      if (stop) throw stop;
      if (timedOut) throw new TimeoutError(timeoutMs, { endpoint: endpoint.id, cause: error });
      throw new NetworkError(`${endpoint.id}: ${describe(error)}`, { endpoint: endpoint.id, cause: error });
    } finally {
      clearTimeout(timer);
      detach();
    }
  }

  #url(request: PreparedRequest): string {
    const url = joinURL(this.#baseURL, request.path);
    if (!request.query) return url;
    const pairs: string[] = [];
    for (const [key, value] of Object.entries(request.query)) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
    return pairs.length === 0 ? url : `${url}?${pairs.join('&')}`;
  }

  /** The answer of a 2xx response parsed with the entry's schema; HttpError for any other status. */
  result<E extends EndpointDef>(endpoint: E, response: RawResponse): ResultOf<E> {
    if (response.status < 200 || response.status >= 300) {
      throw new HttpError(response.status, response.data, { endpoint: endpoint.id });
    }
    if (endpoint.response === 'binary') return response.data as ResultOf<E>;
    return parseOrThrow(endpoint.response, response.data, endpoint.id, 'response') as ResultOf<E>;
  }

  /** One attempt without session rules: for the session's own refresh and logout calls. */
  async send<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    accessToken: string | null,
    stoppers: Stoppers,
    timeoutMs?: number,
  ): Promise<ResultOf<E>> {
    const response = await this.attempt(
      endpoint,
      this.prepare(endpoint, input),
      accessToken,
      stoppers,
      timeoutMs,
    );
    return this.result(endpoint, response);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message} (${cause.message})` : message;
}
