/**
 * The fetch a bulk run hands the SDK: undici.request on a keep-alive pool sized to the run's
 * concurrency, wrapped as a fetch. Node's built-in fetch spends most of a bulk run's CPU on the
 * WHATWG machinery (web streams, transferable signals) that a JSON call does not need: on the
 * benchmark, a plain undici.request loop was about 3x faster than the same loop on fetch.
 * Bodies other than text (multipart uploads) are not used by bulk actions and go to fetch.
 *
 * It is only a way to send: no retry, no time limit, no reading of Retry-After of its own. The SDK
 * does all of those for every call (the time limit through the signal it passes, which undici
 * follows), and the run learns the server's Retry-After from the SDK's hooks.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'undici';

const NULL_BODY = new Set([101, 204, 205, 304]);
const EMPTY = new Uint8Array(new ArrayBuffer(0));

export interface PooledFetch {
  fetch: typeof fetch;
  close: () => Promise<void>;
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  // The SDK hands over one plain header object per token: undici takes it as it is.
  if (init === undefined) return {};
  if (!(init instanceof Headers) && !Array.isArray(init)) return init;
  const out: Record<string, string> = {};
  for (const [key, value] of init instanceof Headers ? init : new Headers(init)) out[key] = value;
  return out;
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const key in raw) {
    const value = raw[key];
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * A Response whose body undici has already read whole: it is read with text(), json(),
 * arrayBuffer() or blob() from the bytes in memory, and has no stream (`body` is null; like the
 * whatwg-fetch polyfill it offers the bytes as `_bodyInit`, which is what ofetch looks at to
 * tell an empty answer from one to parse). A web-stream body per answer, which
 * `new Response(bytes)` builds, cost more CPU than the request itself; the Headers are built
 * only when asked for (the SDK reads those of 429 and 503 answers only, for their Retry-After).
 */
export class BufferedResponse extends Response {
  readonly _bodyInit: Uint8Array<ArrayBuffer> | null;
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #raw: IncomingHttpHeaders;
  #headers: Headers | undefined;
  #used = false;

  constructor(status: number, bytes: Uint8Array<ArrayBuffer>, raw: IncomingHttpHeaders) {
    super(null, { status });
    this.#bytes = bytes;
    this.#raw = raw;
    this._bodyInit = bytes.length === 0 ? null : bytes;
  }

  override get headers(): Headers {
    this.#headers ??= toHeaders(this.#raw);
    return this.#headers;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  #take(): Uint8Array<ArrayBuffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  override text(): Promise<string> {
    try {
      return Promise.resolve(Buffer.from(this.#take()).toString('utf8'));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    const copy = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(copy).set(bytes);
    return copy;
  }

  override async blob(): Promise<Blob> {
    const type = this.headers.get('content-type') ?? '';
    return new Blob([this.#take()], { type });
  }

  override clone(): BufferedResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.status, this.#bytes, this.#raw);
  }
}

/**
 * The pooled fetch, with `connections` keep-alive connections (the run's concurrency). undici's
 * own limits on a request's headers and body (300 s each by default) are off: an attempt's time
 * limit is the SDK's (`--request-timeout`, which may be longer, or none), through its signal.
 */
export function pooledFetch(connections: number): PooledFetch {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 });
  const pooled: typeof fetch = async (input, init) => {
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') return fetch(input, init);
    const method = init?.method ?? 'GET';
    const answer = await request(urlOf(input), {
      method,
      headers: headerRecord(init?.headers),
      ...(typeof body === 'string' ? { body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
      dispatcher: agent,
    });
    const empty = NULL_BODY.has(answer.statusCode) || method === 'HEAD';
    const bytes = empty ? EMPTY : new Uint8Array(await answer.body.arrayBuffer());
    if (empty) answer.body.resume();
    return new BufferedResponse(answer.statusCode, bytes, answer.headers);
  };
  return { fetch: pooled, close: () => agent.close() };
}
