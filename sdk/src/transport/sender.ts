import { type FetchOptions, ofetch } from 'ofetch';
import type { CallInput, EndpointDef, ResultOf, SentInput } from '../endpoints/define';
import { ContractWarning, HttpError, isMatchmakerError, NetworkError, TimeoutError } from '../errors';
import { collectUnknownValues } from '../schemas/tolerant';
import { parseJsonBody } from './body';
import { parseRetryAfter, RETRY_AFTER_STATUSES } from './retry';
import { onStop, type Stoppers, stoppedError } from './signals';
import { buildPath, toQuery } from './url';
import { checkMultipart, parseOrThrow, parseRequestBody } from './validate';

export interface SenderOptions {
  baseURL: string;
  /** Defaults to globalThis.fetch (undici in Node). */
  fetch?: typeof fetch | undefined;
  /** Time limit of one attempt in ms; 0 (or Infinity) turns it off. */
  timeoutMs: number;
  /** Extra headers on every request (e.g. a client version). */
  headers?: Record<string, string> | undefined;
  /** Receives each value an answer carried that the SDK accepted without knowing it. */
  onContractWarning?: ((warning: ContractWarning) => void) | undefined;
}

/** A request whose path, query and body have been validated and filled once, for every attempt. */
export interface PreparedRequest extends SentInput {
  path: string;
  query: Record<string, string> | undefined;
}

export interface RawResponse {
  status: number;
  data: unknown;
  /** The Retry-After of a 429 or 503 answer, in ms. */
  retryAfterMs: number | undefined;
}

/**
 * Failures before a connection was made: the request cannot have reached the server. (undici puts
 * the system error's code on the cause of its `fetch failed` TypeError.)
 */
const NOT_CONNECTED: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

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
  readonly #onContractWarning: ((warning: ContractWarning) => void) | undefined;
  /** Every request's headers, without a token. */
  readonly #headers: Readonly<Record<string, string>>;
  /** The headers with the last token used: one object per token, not one per call. */
  #authorized: { token: string; headers: Readonly<Record<string, string>> } | undefined;

  constructor(options: SenderOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#onContractWarning = options.onContractWarning;
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
      body = checkMultipart(endpoint, input.body);
    } else if (endpoint.body) {
      body = parseRequestBody(endpoint.body, input.body, endpoint.id);
    }
    return {
      path: buildPath(endpoint.id, endpoint.path, params),
      params,
      query: toQuery(query),
      body,
    };
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
      const status = response.status;
      return {
        status,
        data: response._data,
        retryAfterMs: RETRY_AFTER_STATUSES.has(status)
          ? parseRetryAfter(response.headers.get('retry-after'))
          : undefined,
      };
    } catch (error) {
      if (isMatchmakerError(error)) throw error;
      const stop = stoppedError(stoppers, error);
      if (stop) throw stop;
      if (timedOut) throw new TimeoutError(timeoutMs, { endpoint: endpoint.id, cause: error });
      throw new NetworkError(`${endpoint.id}: ${describe(error)}`, {
        endpoint: endpoint.id,
        cause: error,
        mayHaveReachedServer: !codesOf(error).some((code) => NOT_CONNECTED.has(code)),
      });
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
    if (response.status < 200 || response.status >= 300) throw httpError(endpoint, response);
    if (endpoint.response === 'binary') return response.data as ResultOf<E>;
    const schema = endpoint.response;
    const { result, unknown } = collectUnknownValues(() =>
      parseOrThrow(schema, response.data, endpoint.id, 'response'),
    );
    for (const value of unknown) this.#onContractWarning?.(new ContractWarning(endpoint.id, value));
    return result as ResultOf<E>;
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

/** The HttpError of an answer, with the Retry-After it carried. */
export function httpError(endpoint: EndpointDef, response: RawResponse): HttpError {
  return new HttpError(response.status, response.data, {
    endpoint: endpoint.id,
    retryAfterMs: response.retryAfterMs,
  });
}

/** The `code`s along an error's cause chain (ofetch's FetchError, undici's TypeError, the system error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message} (${cause.message})` : message;
}
