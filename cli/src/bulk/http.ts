/**
 * The fetch a bulk run hands the SDK: requests dispatched straight to an undici keep-alive pool
 * sized to the run's concurrency, wrapped as a fetch. Node's built-in fetch spends most of a bulk
 * run's CPU on the WHATWG machinery (web streams, transferable signals) that a JSON call does not
 * need: on the benchmark, a plain undici.request loop was about 3x faster than the same loop on
 * fetch. `undici.request` still builds, for every answer, a Node Readable for its body, an
 * AsyncResource and an object of every header; the pool's `dispatch` hands over the body's chunks
 * and the raw header lines, which is all an answer read whole needs: the benchmark's loop spent
 * about 25 µs a row less CPU on `dispatch` than on `request` (about 100 a row).
 * Bodies other than text (multipart uploads) are not used by bulk actions and go to fetch.
 *
 * It is only a way to send: no retry, no time limit, no reading of Retry-After of its own. The SDK
 * does all of those for every call (the time limit through the signal it passes, which aborts the
 * request here), and the run learns the server's Retry-After from the SDK's hooks.
 */
import { Agent, type Dispatcher } from 'undici';

const NULL_BODY = new Set([101, 204, 205, 304]);
const EMPTY: Buffer = Buffer.alloc(0);

export interface PooledFetch {
  fetch: typeof fetch;
  close: () => Promise<void>;
}

/** undici's origin and path of a fetch's input, as `undici.request` finds them (about 0.4 µs). */
function target(input: Parameters<typeof fetch>[0]): { origin: string; path: string } {
  const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
  return { origin: url.origin, path: `${url.pathname}${url.search}` };
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  // The SDK hands over one plain header object per token: undici takes it as it is.
  if (init === undefined) return {};
  if (!(init instanceof Headers) && !Array.isArray(init)) return init;
  const out: Record<string, string> = {};
  for (const [key, value] of init instanceof Headers ? init : new Headers(init)) out[key] = value;
  return out;
}

/** The header lines as undici read them (name, value, name, value...) as a Headers. */
function toHeaders(raw: readonly Buffer[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i];
    const value = raw[i + 1];
    if (name && value) headers.append(name.toString('latin1'), value.toString('latin1'));
  }
  return headers;
}

/**
 * A Response whose body undici has already read whole: it is read with text(), json(),
 * arrayBuffer() or blob() from the bytes in memory, and has no stream (`body` is null; like the
 * whatwg-fetch polyfill it offers the bytes as `_bodyInit`, which is what ofetch looks at to
 * tell an empty answer from one to parse). A web-stream body per answer, which
 * `new Response(bytes)` builds, cost more CPU than the request itself; the Headers are built from
 * undici's raw header lines only when asked for (the SDK reads those of 429 and 503 answers only,
 * for their Retry-After).
 */
export class BufferedResponse extends Response {
  readonly _bodyInit: Buffer | null;
  readonly #bytes: Buffer;
  readonly #raw: readonly Buffer[];
  #headers: Headers | undefined;
  #used = false;

  constructor(status: number, bytes: Buffer, raw: readonly Buffer[]) {
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

  #take(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  override text(): Promise<string> {
    try {
      return Promise.resolve(this.#take().toString('utf8'));
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
    return new Blob([await this.arrayBuffer()], { type });
  }

  override clone(): BufferedResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.status, this.#bytes, this.#raw);
  }
}

/**
 * One request's exchange with the pool, as undici's dispatch handler: it gathers the answer and
 * settles the fetch's promise once, and ties the request to the caller's signal.
 *
 * undici's handler of its own `request()` (`onConnect`, `onHeaders`, `onData`, `onComplete`,
 * `onError`) is used rather than the newer `onRequestStart`/`onResponse*` one, which undici 7
 * wraps around it and which turns every answer's header lines into an object first.
 */
class Exchange implements Dispatcher.DispatchHandler {
  readonly #method: string;
  readonly #signal: AbortSignal | undefined;
  readonly #resolve: (response: Response) => void;
  readonly #reject: (error: unknown) => void;
  #abort: ((error?: Error) => void) | undefined;
  #status = 0;
  #raw: Buffer[] = [];
  #chunks: Buffer[] = [];
  #settled = false;

  constructor(
    method: string,
    signal: AbortSignal | undefined,
    resolve: (response: Response) => void,
    reject: (error: unknown) => void,
  ) {
    this.#method = method;
    this.#signal = signal;
    this.#resolve = resolve;
    this.#reject = reject;
    signal?.addEventListener('abort', this.#onAbort);
  }

  /** The caller aborted: the fetch rejects at once, and the request is cut where it stands. */
  readonly #onAbort = (): void => {
    const reason: unknown = this.#signal?.reason;
    this.#abort?.(reason instanceof Error ? reason : undefined);
    this.#settle(undefined, reason);
  };

  #settle(response: Response | undefined, error?: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    if (response) this.#resolve(response);
    else this.#reject(error);
  }

  onConnect(abort: (error?: Error) => void): void {
    // A request still queued for a connection when its caller aborted is cut before it is sent.
    if (this.#settled) abort();
    else this.#abort = abort;
  }

  onHeaders(status: number, raw: Buffer[]): boolean {
    // An informational answer (100 Continue) comes before the real one.
    if (status >= 200) {
      this.#status = status;
      this.#raw = raw;
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    const chunks = this.#chunks;
    const empty = NULL_BODY.has(this.#status) || this.#method === 'HEAD' || chunks.length === 0;
    const bytes = empty ? EMPTY : chunks.length === 1 ? (chunks[0] ?? EMPTY) : Buffer.concat(chunks);
    this.#settle(new BufferedResponse(this.#status, bytes, this.#raw));
  }

  onError(error: Error): void {
    this.#settle(undefined, error);
  }
}

/**
 * The pooled fetch, with `connections` keep-alive connections (the run's concurrency). undici's
 * own limits on a request's headers and body (300 s each by default) are off: an attempt's time
 * limit is the SDK's (`--request-timeout`, which may be longer, or none), through its signal.
 */
export function pooledFetch(connections: number): PooledFetch {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 });
  const pooled: typeof fetch = (input, init) => {
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') return fetch(input, init);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const method = (init?.method ?? 'GET') as Dispatcher.HttpMethod;
    return new Promise((resolve, reject) => {
      const { origin, path } = target(input);
      agent.dispatch(
        { origin, path, method, headers: headerRecord(init?.headers), body: body ?? null },
        new Exchange(method, signal, resolve, reject),
      );
    });
  };
  return { fetch: pooled, close: () => agent.close() };
}
