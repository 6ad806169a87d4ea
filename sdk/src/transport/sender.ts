import { ofetch } from 'ofetch';
import type { CallInput, EndpointDef, ResultOf, SentInput } from '../endpoints/define';
import { ContractWarning, HttpError, isMatchmakerError, NetworkError, TimeoutError } from '../errors';
import { collectUnknownValues } from '../schemas/tolerant';
import { AttemptSlots } from './attempt-slots';
import { parseJsonBody } from './body';
import { parseRetryAfter, RETRY_AFTER_STATUSES } from './retry';
import { type Stoppers, stoppedError } from './signals';
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

/** A request whose URL, query and body have been validated and filled once, for every attempt. */
export interface PreparedRequest extends SentInput {
  /** The path, as the catalogue's template filled. */
  path: string;
  query: Record<string, string> | undefined;
  /** What goes on the wire: JSON text, FormData, or nothing. */
  payload: string | FormData | undefined;
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

/** Statuses whose answer has no body to read (as fetch and ofetch define them). */
const NULL_BODY: ReadonlySet<number> = new Set([101, 204, 205, 304]);

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;
const JSON_BODY = { 'Content-Type': 'application/json', Accept: 'application/json' } as const;

/** The header objects of one access token (or of none), built once and handed to every call. */
interface HeaderSet {
  token: string | null;
  plain: Readonly<Record<string, string>>;
  /** With the JSON body's content type and accept, unless the client's headers name them. */
  json: Readonly<Record<string, string>>;
}

/**
 * Sends one attempt of a catalogue call: validation of what goes out and comes back, the bearer
 * token, the time limit, and the caller's and the session's stop. It knows no session rules
 * (those are HttpTransport's), so the session uses it for the refresh and logout calls themselves.
 *
 * ofetch is the HTTP client, used at the level that costs least: its `native` fetch (the fetch it
 * was given, or its own choice for the platform). Its `raw` level merged options and built a
 * `Headers` object on every call, the largest share of the SDK's own time per call besides zod
 * (`bench/run.ts`); everything it did there (the base URL, the query, the JSON body and its
 * headers, reading the answer) the SDK does once per request or once per token instead. ofetch's
 * own retry and error throwing were off already: retries, time limits and aborts are the SDK's.
 */
export class HttpSender {
  readonly #fetch: typeof fetch;
  readonly #baseURL: string;
  readonly #timeoutMs: number;
  readonly #onContractWarning: ((warning: ContractWarning) => void) | undefined;
  /** Every request's headers, without a token. */
  readonly #headers: Readonly<Record<string, string>>;
  /** The headers with the last token used: one object per token, not one per call. */
  #current: HeaderSet;
  /** The attempts' abort chains: their time limits, the caller's signal, the session's end. */
  readonly #slots = new AttemptSlots();

  constructor(options: SenderOptions) {
    // Joined to each path as text; the slash between them is settled here, once.
    this.#baseURL = options.baseURL.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#onContractWarning = options.onContractWarning;
    this.#headers = Object.freeze({ ...options.headers, ...NO_CACHE });
    this.#fetch = ofetch.create({}, options.fetch ? { fetch: options.fetch } : {}).native;
    this.#current = this.#headerSet(null);
  }

  prepare(endpoint: EndpointDef, input: CallInput<EndpointDef>): PreparedRequest {
    const params = endpoint.params
      ? parseOrThrow(endpoint.params, input.params ?? {}, endpoint.id, 'request', 'params')
      : input.params;
    const query = endpoint.query
      ? parseOrThrow(endpoint.query, input.query ?? {}, endpoint.id, 'request', 'query')
      : undefined;
    let body: unknown;
    let payload: string | FormData | undefined;
    if (endpoint.bodyType === 'multipart') {
      body = checkMultipart(endpoint, input.body);
      payload = body as FormData | undefined;
    } else if (endpoint.body) {
      body = parseRequestBody(endpoint.body, input.body, endpoint.id);
      payload = body === undefined ? undefined : JSON.stringify(body);
    }
    const path = buildPath(endpoint.id, endpoint.path, params);
    const fields = toQuery(query);
    const search = fields ? new URLSearchParams(fields).toString() : '';
    const url = `${this.#baseURL}${path.startsWith('/') ? path : `/${path}`}${search === '' ? '' : `?${search}`}`;
    return { method: endpoint.method, url, path, params, query: fields, body, payload };
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
    // One abort chain per attempt, shared with the attempts that start with it: the time limit (0
    // or Infinity: none, for long uploads or tests that own the clock), the caller's signal and
    // the session's end.
    const slot = this.#slots.join(stoppers, timeoutMs);
    try {
      const headers = this.#headersFor(accessToken);
      const response = await this.#fetch(request.url, {
        method: request.method,
        headers: typeof request.payload === 'string' ? headers.json : headers.plain,
        body: request.payload,
        signal: slot?.signal,
      });
      const status = response.status;
      // The body is read within the time limit: an answer that stalls half way times out too.
      let data: unknown;
      if (NULL_BODY.has(status)) data = undefined;
      else if (endpoint.response === 'binary') data = await response.blob();
      else data = parseJsonBody(await response.text());
      return {
        status,
        data,
        retryAfterMs: RETRY_AFTER_STATUSES.has(status)
          ? parseRetryAfter(response.headers.get('retry-after'))
          : undefined,
      };
    } catch (error) {
      if (isMatchmakerError(error)) throw error;
      const stop = stoppedError(stoppers, error);
      if (stop) throw stop;
      if (slot?.timedOut) throw new TimeoutError(timeoutMs, { endpoint: endpoint.id, cause: error });
      throw new NetworkError(`${endpoint.id}: ${describe(error)}`, {
        endpoint: endpoint.id,
        cause: error,
        mayHaveReachedServer: !codesOf(error).some((code) => NOT_CONNECTED.has(code)),
      });
    } finally {
      if (slot) this.#slots.leave(slot);
    }
  }

  #headersFor(accessToken: string | null): HeaderSet {
    if (this.#current.token !== accessToken) this.#current = this.#headerSet(accessToken);
    return this.#current;
  }

  #headerSet(token: string | null): HeaderSet {
    const plain: Record<string, string> = {};
    for (const [key, value] of Object.entries(this.#headers)) {
      // The token replaces an Authorization header given in the client's options, whatever its case.
      if (token === null || key.toLowerCase() !== 'authorization') plain[key] = value;
    }
    if (token !== null) plain.Authorization = `Bearer ${token}`;
    const json: Record<string, string> = { ...plain };
    const named = new Set(Object.keys(plain).map((key) => key.toLowerCase()));
    for (const [key, value] of Object.entries(JSON_BODY))
      if (!named.has(key.toLowerCase())) json[key] = value;
    return { token, plain: Object.freeze(plain), json: Object.freeze(json) };
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
