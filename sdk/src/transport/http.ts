import { type FetchOptions, ofetch } from 'ofetch';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../constants';
import type { CallInput, CallOptions, EndpointDef, ResultOf } from '../endpoints/define';
import {
  AbortedError,
  HttpError,
  isMatchmakerError,
  NetworkError,
  NotLoggedInError,
  SuspendedError,
  TimeoutError,
} from '../errors';
import type { Session } from '../session/session';
import { parseJsonBody } from './body';
import { type RetryInfo, withRetry } from './retry';
import type { Transport } from './types';
import { buildPath, toQuery } from './url';
import { parseOrThrow } from './validate';

export interface HttpTransportOptions {
  baseURL: string;
  /** Defaults to globalThis.fetch (undici in Node). */
  fetch?: typeof fetch;
  /** Time limit of one attempt in ms; defaults to 30 s; 0 turns it off. */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. a client version). */
  headers?: Record<string, string>;
  /** Called before each retry wait (logging, progress displays, tests). */
  onRetry?: (info: RetryInfo) => void;
}

/** How one attempt is sent: with or without the session's token and its 403/406 handling. */
interface SendMode {
  accessToken: string | null;
}

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;

/**
 * The one HTTP path of the SDK. It fills the path template, validates what goes out and what
 * comes back with the entry's zod schemas, applies the entry's access rule and retry policy,
 * runs the 403 refresh-and-replay and the 406 suspension logout. ofetch's own retry is off.
 */
export class HttpTransport implements Transport {
  readonly #fetch: ReturnType<typeof ofetch.create>;
  readonly #timeoutMs: number;
  readonly #onRetry: ((info: RetryInfo) => void) | undefined;
  #session: Session | null = null;

  constructor(options: HttpTransportOptions) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#onRetry = options.onRetry;
    // The fetch implementation is a global option of ofetch (second argument), not a default.
    this.#fetch = ofetch.create(
      {
        baseURL: options.baseURL,
        retry: 0,
        ignoreResponseError: true,
        headers: { ...options.headers, ...NO_CACHE },
      } as FetchOptions,
      options.fetch ? { fetch: options.fetch } : {},
    );
  }

  /** The session is created after the transport (it needs the transport for refresh calls). */
  attach(session: Session): void {
    this.#session = session;
  }

  async call<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E> = {},
    options: CallOptions = {},
  ): Promise<ResultOf<E>> {
    const session = this.#requireSession();
    // The session this call belongs to: an answer that arrives after it ended must not act on
    // the next one (replay with its token, or log it out).
    const generation = session.generation;
    const tokens = await session.getTokens();
    if (!tokens) {
      if (endpoint.access === 'session') throw new NotLoggedInError({ endpoint: endpoint.id });
      if (endpoint.access === 'contact') return undefined as ResultOf<E>;
    }
    const request = this.#prepare(endpoint, input);
    const { retry } = endpoint;
    const onRetry = retry && this.#onRetry;
    // Most calls have no retry policy: send them without the retry loop's extra promise layers.
    const send = (accessToken: string | null) =>
      retry
        ? withRetry(
            retry,
            () => this.#attempt(endpoint, request, { accessToken }, options),
            options.signal,
            onRetry
              ? (n, error) => onRetry({ endpoint: endpoint.id, retry: n, delayMs: retry.delayMs, error })
              : undefined,
          )
        : this.#attempt(endpoint, request, { accessToken }, options);

    let response = await send(tokens?.accessToken ?? null);
    if (response.status === 403 && tokens) {
      if (session.generation !== generation) throw new NotLoggedInError({ endpoint: endpoint.id });
      const fresh = await session.refresh(tokens.accessToken, generation);
      // One replay with the new token; a second 403 is a real refusal, not a refresh loop.
      response = await send(fresh.accessToken);
    }
    if (response.status === 406 && tokens) {
      if (session.generation === generation) await session.logout('suspended');
      throw new SuspendedError({ endpoint: endpoint.id });
    }
    if (response.status < 200 || response.status >= 300) {
      throw new HttpError(response.status, response.data, { endpoint: endpoint.id });
    }
    return this.#parse(endpoint, response.data);
  }

  /**
   * Sends a call without the session's access rules or its 403/406 handling, with the given
   * token (or none). The session uses it for the refresh and logout calls themselves.
   */
  async callDirect<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    accessToken: string | null,
    options: CallOptions = {},
  ): Promise<ResultOf<E>> {
    const response = await this.#attempt(endpoint, this.#prepare(endpoint, input), { accessToken }, options);
    if (response.status < 200 || response.status >= 300) {
      throw new HttpError(response.status, response.data, { endpoint: endpoint.id });
    }
    return this.#parse(endpoint, response.data);
  }

  #requireSession(): Session {
    if (!this.#session) throw new Error('HttpTransport used before a session was attached');
    return this.#session;
  }

  #prepare(endpoint: EndpointDef, input: CallInput<EndpointDef>): PreparedRequest {
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

  async #attempt(
    endpoint: EndpointDef,
    request: PreparedRequest,
    mode: SendMode,
    options: CallOptions,
  ): Promise<RawResponse> {
    if (options.signal?.aborted)
      throw new AbortedError(`${endpoint.id} was aborted`, { endpoint: endpoint.id });
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const timeout = new AbortController();
    // 0 (or Infinity) means no limit for this attempt: long uploads, or tests that own the clock.
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs) ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      const response = await this.#fetch.raw(request.path, {
        method: endpoint.method,
        query: request.query,
        body: request.body as BodyInit | Record<string, unknown> | undefined,
        headers: mode.accessToken ? { Authorization: `Bearer ${mode.accessToken}` } : {},
        ...(endpoint.response === 'binary' ? { responseType: 'blob' } : { parseResponse: parseJsonBody }),
        signal,
      } as FetchOptions<'json'>);
      const raw: RawResponse = { status: response.status, data: response._data };
      if (raw.status >= 500 && endpoint.retry) {
        // Surfaced as an error so the retry policy sees it; the last one is rethrown as is.
        throw new HttpError(raw.status, raw.data, { endpoint: endpoint.id });
      }
      return raw;
    } catch (error) {
      if (isMatchmakerError(error)) throw error;
      if (options.signal?.aborted)
        throw new AbortedError(`${endpoint.id} was aborted`, { endpoint: endpoint.id, cause: error });
      if (timeout.signal.aborted) throw new TimeoutError(timeoutMs, { endpoint: endpoint.id, cause: error });
      throw new NetworkError(`${endpoint.id}: ${describe(error)}`, { endpoint: endpoint.id, cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  #parse<E extends EndpointDef>(endpoint: E, data: unknown): ResultOf<E> {
    if (endpoint.response === 'binary') return data as ResultOf<E>;
    return parseOrThrow(endpoint.response, data, endpoint.id, 'response') as ResultOf<E>;
  }
}

interface PreparedRequest {
  path: string;
  query: Record<string, string> | undefined;
  body: unknown;
}

interface RawResponse {
  status: number;
  data: unknown;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message} (${cause.message})` : message;
}
