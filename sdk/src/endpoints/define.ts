/**
 * The shape of one entry of the endpoint catalogue. Services, the transport, contract tests, the
 * sandbox and coverage checks all read these entries; nothing restates a path elsewhere.
 */
import type { z } from 'zod';

/**
 * A fixed-delay retry policy, as data: which answers are retried (`statusCodes`; failures to get an
 * answer at all, network errors and time-outs, always are), how many retries after the first
 * attempt, and the wait between them. The budget belongs to the call: a 403 refresh-and-replay
 * does not restart it.
 */
export interface RetryPolicy {
  readonly retries: number;
  readonly delayMs: number;
  readonly statusCodes: readonly number[];
}

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

export interface EndpointDef {
  /** `service.method`, such as `accounts.updateLocation`; the service is the SDK property name. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path template relative to the API base, with `{param}` placeholders. */
  readonly path: string;
  readonly provider: Provider;
  readonly access: Access;
  /** Values of the `{param}` placeholders. */
  readonly params?: z.ZodType;
  /** Query string values; undefined values are left out. */
  readonly query?: z.ZodType;
  /** JSON body, or the non-file fields of a multipart body. */
  readonly body?: z.ZodType;
  /** `multipart` bodies are sent as FormData (files and fields). Defaults to `json`. */
  readonly bodyType?: 'json' | 'multipart';
  /** zod schema of the answer, or `binary` for file downloads (a Blob). */
  readonly response: z.ZodType | 'binary';
  /** Retried on the policy's statuses and on network failures only; absent means never retried. */
  readonly retry?: RetryPolicy;
  /** One line for docs and tooling. */
  readonly summary: string;
}

/** Keeps the literal types of an entry while checking it against EndpointDef. */
export function defineEndpoint<const E extends EndpointDef>(entry: E): E {
  return entry;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends EndpointDef> = Input<E['params']>;
export type QueryOf<E extends EndpointDef> = Input<E['query']>;
export type BodyOf<E extends EndpointDef> = E['bodyType'] extends 'multipart' ? FormData : Input<E['body']>;

/** What a call resolves to: the parsed answer, a Blob for binary calls, maybe undefined for contact calls. */
export type ResultOf<E extends EndpointDef> =
  | (E['response'] extends z.ZodType ? z.output<E['response']> : Blob)
  | (E['access'] extends 'contact' ? undefined : never);

/** The pieces of one call; which are needed depends on the entry. */
export interface CallInput<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** Per-call options accepted by every service method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Time limit of one attempt, in ms; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
}
