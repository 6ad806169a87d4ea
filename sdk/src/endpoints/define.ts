/**
 * The shape of one entry of the endpoint catalogue. Services, the transport, contract tests, the
 * sandbox and coverage checks all read these entries; nothing restates a path elsewhere.
 */
import type * as z from 'zod/mini';

import type { Effect, RetryPolicy } from './retry-policy';

export type { Effect, RetriedCalls, RetriedFailure, RetryPolicy, RetryWait } from './retry-policy';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The backend service that answers the call; contract files are grouped by it. */
export type Provider =
  | 'usermgmt'
  | 'main'
  | 'bytebox'
  | 'feature-switch'
  | 'alerts'
  | 'recommendations'
  | 'chats'
  | 'payment'
  | 'analytics';

/**
 * What the call needs of the session:
 * - `session`: a logged-in user; without one the call throws NotLoggedInError and is not sent.
 * - `public`: sent either way; the bearer token is attached when there is one.
 * - `contact`: contact-related background calls; without a session they are skipped (not sent)
 *   and resolve to `undefined`.
 */
export type Access = 'session' | 'public' | 'contact';

/**
 * Refusals that depend on the call itself, with what they mean for it. Every other error status
 * a call can answer follows from the rest of its entry (`errorAnswers` in `answers.ts`): a call
 * naming a record in its path answers 404 without one, so only records named elsewhere (in the
 * body) are listed here under 404.
 */
export interface Failures {
  /** A record the body names does not exist. */
  readonly 404?: string;
  /**
   * The record's state refuses the change (already decided, already matched). With `body`, the
   * answer says more than `Error` (still with `message` and `code`): the schema clients read it with.
   */
  readonly 409?: string | { readonly description: string; readonly body: z.ZodMiniType };
}

/** The file part of a multipart call. */
export interface UploadRule {
  /** The multipart field that carries the file. */
  readonly field: string;
  /** Content types the file may have. */
  readonly contentTypes: readonly string[];
  /** The largest file, in bytes; an empty one is refused too. */
  readonly maxBytes: number;
  /** How many files one request may carry in all. */
  readonly maxFiles: number;
}

export interface EndpointDef {
  /** `service.method`, such as `accounts.updateLocation`; the service is the SDK property name. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path template relative to the API base, with `{param}` placeholders. */
  readonly path: string;
  readonly provider: Provider;
  readonly access: Access;
  /** Values of the `{param}` placeholders. */
  readonly params?: z.ZodMiniType;
  /** Query string values; undefined values are left out. */
  readonly query?: z.ZodMiniType;
  /** JSON body, or the non-file fields of a multipart body. */
  readonly body?: z.ZodMiniType;
  /** `multipart` bodies are sent as FormData (files and fields). Defaults to `json`. */
  readonly bodyType?: 'json' | 'multipart';
  /** The file rules of a `multipart` call. */
  readonly upload?: UploadRule;
  /** zod schema of the answer, or `binary` for file downloads (a Blob). */
  readonly response: z.ZodMiniType | 'binary';
  /**
   * What sending it twice does: `read` and `idempotent` calls are safe to repeat, so a client's
   * retry policy applies to them; an `unsafe` one is sent again only when the answer proves
   * nothing was done (429).
   */
  readonly effect: Effect;
  /**
   * The call's own retry policy (SPEC.md section 9 names three), applied whatever its effect and
   * instead of the client's. Absent: the client's policy, if any, as `effect` allows.
   */
  readonly retry?: RetryPolicy;
  /**
   * One line for docs and tooling (the OpenAPI document, the CLI's dry run). Docs only: the web
   * app's build takes it and `failures` out of every entry (web/scripts/strip-endpoint-docs.ts),
   * so write both inside the `defineEndpoint({ ... })` entry, as literals, and read them in Node only.
   */
  readonly summary: string;
  /** Refusals of this call beyond those its kind implies (see `Failures`); docs only, as `summary`. */
  readonly failures?: Failures;
  /**
   * `allowed` when a suspended account's token may still make the call (logging in, out and
   * refreshing); every other call answers such a token 406.
   */
  readonly whenSuspended?: 'allowed';
}

/** Keeps the literal types of an entry while checking it against EndpointDef. */
export function defineEndpoint<const E extends EndpointDef>(entry: E): E {
  return entry;
}

type Input<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

export type ParamsOf<E extends EndpointDef> = Input<E['params']>;
export type QueryOf<E extends EndpointDef> = Input<E['query']>;
export type BodyOf<E extends EndpointDef> = E['bodyType'] extends 'multipart' ? FormData : Input<E['body']>;

/** What a call resolves to: the parsed answer, a Blob for binary calls, maybe undefined for contact calls. */
export type ResultOf<E extends EndpointDef> =
  | (E['response'] extends z.ZodMiniType ? z.output<E['response']> : Blob)
  | (E['access'] extends 'contact' ? undefined : never);

/** The pieces of one call; which are needed depends on the entry. */
export interface CallInput<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** Per-call options accepted by every service method. */
export interface CallOptions {
  /** Aborts the call: its attempt in flight, any wait, its wait for a shared refresh. */
  signal?: AbortSignal;
  /** Time limit of one attempt, in ms; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
  /**
   * Ends the call's retrying without cutting an attempt in flight: once it fires, a retry wait
   * ends at once and no further attempt is sent; the call fails with AbortedError (its `cause`,
   * the last attempt's error). A bulk run's first Ctrl-C: rows waiting are left, rows in flight
   * finish.
   */
  stopRetries?: AbortSignal;
  /** This call's hooks, run after the client's. */
  hooks?: CallHooks;
}

/**
 * A call as the hooks see it, the request as it goes: checked and built once, the same object
 * for every attempt.
 */
export interface SentInput {
  readonly method: HttpMethod;
  /** The whole URL: the API base, the path with its parameters filled, the query string. */
  readonly url: string;
  /** The path parameters, query and body, as validated (the body before it is JSON text). */
  readonly params: unknown;
  readonly query: Readonly<Record<string, string>> | undefined;
  readonly body: unknown;
}

/** What `beforeAttempt` learns. */
export interface AttemptInfo {
  /** The endpoint id, such as `admin.suspendUser`. */
  readonly endpoint: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly input: SentInput;
}

/** What `afterResponse` learns of every HTTP answer. */
export interface ResponseInfo {
  readonly endpoint: string;
  readonly attempt: number;
  readonly status: number;
  /** From the start of the attempt to its answer read whole, in ms. */
  readonly durationMs: number;
  /** The wait a 429 or 503 answer asked for with `Retry-After`, in ms; undefined otherwise. */
  readonly retryAfterMs: number | undefined;
  /** The answer as read (parsed JSON, text, a Blob for binary calls), before its schema's check. */
  readonly body: unknown;
}

/** What `onRetry` learns before each retry wait. */
export interface RetryInfo {
  readonly endpoint: string;
  /** The attempt that failed (1 for the first); the retry after it is retry number `attempt`. */
  readonly attempt: number;
  /** 1 for the first retry of the call (the same number as `attempt`). */
  readonly retry: number;
  /** The wait before the next attempt, in ms (a Retry-After it honours included). */
  readonly delayMs: number;
  /** Why: the HttpError, NetworkError or TimeoutError of the failed attempt. */
  readonly error: unknown;
}

/** What `beforeError` learns of the error a call is about to reject with. */
export interface ErrorInfo {
  readonly endpoint: string;
  readonly error: unknown;
  /**
   * Attempts begun, the 403 replay included (0: the call failed before its first, such as a
   * request that broke its contract; an attempt a hook refused counts).
   */
  readonly attempts: number;
  /** The call's validated pieces; undefined when they did not pass their check. */
  readonly input: SentInput | undefined;
}

/**
 * How consumers observe (and hold) calls, the way ky's hooks see each request, with the endpoint
 * id. Consumers never wrap `fetch` for this. A hook that throws (or whose promise rejects) ends the
 * call with that error, as it is.
 */
export interface CallHooks {
  /**
   * Before every attempt, the first included. A promise it returns is waited for (a run-wide
   * pause while a server's Retry-After holds, a pacer): the caller's abort and the end of the
   * session still end the call at once.
   */
  beforeAttempt?: (info: AttemptInfo) => undefined | Promise<void>;
  /**
   * After every HTTP answer, whatever its status, before the SDK acts on it (a retry, the 403
   * refresh, the 406 logout, the schema check). A promise it returns is waited for.
   */
  afterResponse?: (info: ResponseInfo) => undefined | Promise<void>;
  /** Before each retry wait, of every policy (the token refresh's too). */
  onRetry?: (info: RetryInfo) => void;
  /** The error the call rejects with is what this returns (`info.error` to keep it). */
  beforeError?: (info: ErrorInfo) => unknown;
}
