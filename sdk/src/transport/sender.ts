import { type FetchOptions, ofetch } from 'ofetch';
import type { CallInput, EndpointDef, ResultOf } from '../endpoints/define';
import { HttpError, isMatchmakerError, NetworkError, TimeoutError } from '../errors';
import { parseJsonBody } from './body';
import { onStop, type Stoppers, stoppedError } from './signals';
import { buildPath, toQuery } from './url';
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

/**
 * Sends one attempt of a catalogue call: validation of what goes out and comes back, the bearer
 * token, the time limit, and the caller's and the session's stop. It knows no session rules
 * (those are HttpTransport's), so the session uses it for the refresh and logout calls themselves.
 * ofetch's own retry is off.
 */
export class HttpSender {
  readonly #fetch: ReturnType<typeof ofetch.create>;
  readonly #timeoutMs: number;
  /** Every request's headers, without a token. */
  readonly #headers: Readonly<Record<string, string>>;
  /** The headers with the last token used: one object per token, not one per call. */
  #authorized: { token: string; headers: Readonly<Record<string, string>> } | undefined;

  constructor(options: SenderOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#headers = Object.freeze({ ...options.headers, ...NO_CACHE });
    // The fetch implementation is a global option of ofetch (second argument), not a default.
    // The headers go with each call, whole: with default headers too ofetch builds two Headers
    // objects per call and merges them.
    this.#fetch = ofetch.create(
      {
        baseURL: options.baseURL,
        retry: 0,
        ignoreResponseError: true,
      } as FetchOptions,
      options.fetch ? { fetch: options.fetch } : {},
    );
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
      const response = await this.#fetch.raw(request.path, {
        method: endpoint.method,
        query: request.query,
        body: request.body as BodyInit | Record<string, unknown> | undefined,
        headers: this.#headersWith(accessToken),
        ...(endpoint.response === 'binary' ? { responseType: 'blob' } : { parseResponse: parseJsonBody }),
        signal: controller.signal,
      } as FetchOptions<'json'>);
      return { status: response.status, data: response._data };
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

  #headersWith(accessToken: string | null): Readonly<Record<string, string>> {
    if (!accessToken) return this.#headers;
    if (this.#authorized?.token !== accessToken) {
      // The token replaces an Authorization header given in the client's options, whatever its case.
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(this.#headers)) {
        if (key.toLowerCase() !== 'authorization') headers[key] = value;
      }
      headers.Authorization = `Bearer ${accessToken}`;
      this.#authorized = { token: accessToken, headers: Object.freeze(headers) };
    }
    return this.#authorized.headers;
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
