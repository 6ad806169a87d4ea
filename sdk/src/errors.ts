/**
 * The SDK's error hierarchy. Every error has a literal `name`, a string `code` from ERROR_CODES
 * and an optional `cause`. The guards check `code` (and `instanceof`), so they recognise errors
 * from another copy of the SDK or another realm (an iframe) in the same process. What they cannot
 * do: a structured clone (postMessage, a worker) keeps only an Error's name, message, stack and
 * cause, so the class and the code are lost; `toJSON` keeps name, code, message and endpoint for
 * JSON, and the code guards (`isHttpError`, ...) accept such a plain object.
 */
import { type UnknownValue, whatWasKept } from './schemas/unknown-value';
import { NOT_LOGGED_IN_MESSAGE } from './session/constants';

/** Every error code, once: the code type and the guards are built from it. */
export const ERROR_CODES = [
  'HTTP_ERROR',
  'NETWORK_ERROR',
  'TIMEOUT_ERROR',
  'CONTRACT_ERROR',
  'CONTRACT_WARNING',
  'NOT_LOGGED_IN',
  'SUSPENDED',
  'ABORTED',
] as const;

export type MatchmakerErrorCode = (typeof ERROR_CODES)[number];

/** What `JSON.stringify` keeps of an SDK error. */
export interface MatchmakerErrorJSON {
  name: string;
  code: MatchmakerErrorCode;
  message: string;
  endpoint: string | undefined;
}

export abstract class MatchmakerError extends Error {
  abstract override readonly name: string;
  abstract readonly code: MatchmakerErrorCode;
  /** True when error reporting (Sentry) must not report this error. */
  readonly ignoreInReporting: boolean = false;
  /** The endpoint id (`service.method`) the error happened on, when there is one. */
  readonly endpoint: string | undefined;

  constructor(message: string, options: { cause?: unknown; endpoint?: string | undefined } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.endpoint = options.endpoint;
  }

  toJSON(): MatchmakerErrorJSON {
    return { name: this.name, code: this.code, message: this.message, endpoint: this.endpoint };
  }
}

/** The server answered with a non-2xx status that the SDK does not turn into another error. */
export class HttpError extends MatchmakerError {
  override readonly name = 'HttpError' as const;
  readonly code = 'HTTP_ERROR' as const;
  readonly status: number;
  /** The parsed JSON body, the text body when it was not JSON, a Blob for binary calls, or undefined. */
  readonly body: unknown;
  /**
   * The wait the server asked for with `Retry-After` on a 429 or 503 answer, in ms (seconds or an
   * HTTP date); undefined when it asked for none. Longer than the call's policy honours, it is why
   * the call was not retried.
   */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    body: unknown,
    options: { endpoint?: string; cause?: unknown; retryAfterMs?: number | undefined } = {},
  ) {
    super(`${options.endpoint ?? 'request'} failed with HTTP ${status}`, options);
    this.status = status;
    this.body = body;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * The request never got an HTTP answer (connection refused, reset, DNS, CORS). Whether the server
 * may still have acted on it is `mayHaveReachedServer`: false only when the failure came before a
 * connection was made (`ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`, `ENETUNREACH`, `EHOSTUNREACH`,
 * `UND_ERR_CONNECT_TIMEOUT`), so nothing was sent; a connection reset or dropped after the request
 * left may have been acted on.
 */
export class NetworkError extends MatchmakerError {
  override readonly name = 'NetworkError' as const;
  readonly code = 'NETWORK_ERROR' as const;
  readonly mayHaveReachedServer: boolean;

  constructor(
    message: string,
    options: { cause?: unknown; endpoint?: string | undefined; mayHaveReachedServer?: boolean } = {},
  ) {
    super(message, options);
    this.mayHaveReachedServer = options.mayHaveReachedServer ?? true;
  }
}

/** One attempt took longer than its time limit. The request was sent: the server may have acted on it. */
export class TimeoutError extends MatchmakerError {
  override readonly name = 'TimeoutError' as const;
  readonly code = 'TIMEOUT_ERROR' as const;
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options: { endpoint?: string; cause?: unknown } = {}) {
    super(`${options.endpoint ?? 'request'} timed out after ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the call (its AbortSignal fired). */
export class AbortedError extends MatchmakerError {
  override readonly name = 'AbortedError' as const;
  readonly code = 'ABORTED' as const;
  override readonly ignoreInReporting = true;
}

/** A request or response broke the endpoint's zod contract. */
export class ContractError extends MatchmakerError {
  override readonly name = 'ContractError' as const;
  readonly code = 'CONTRACT_ERROR' as const;
  /** Which side broke the contract. */
  readonly direction: 'request' | 'response' | 'event';
  /** Path of the first bad field, such as `roles[0]` (empty string for the root). */
  readonly path: string;
  /** Every problem zod found, in order. */
  readonly issues: readonly { path: string; message: string }[];

  constructor(
    endpoint: string,
    direction: 'request' | 'response' | 'event',
    issues: readonly { path: string; message: string }[],
  ) {
    const first = issues[0] ?? { path: '', message: 'invalid' };
    const where = first.path === '' ? direction : `${direction}.${first.path}`;
    super(`${endpoint}: ${where}: ${first.message}`, { endpoint });
    this.direction = direction;
    this.path = first.path;
    this.issues = issues;
  }
}

/**
 * An answer carried a value the SDK accepted without knowing it, such as a new choice of a profile
 * field: never thrown (the call succeeds with the value as sent, read as the field's type, or null
 * where it cannot be, as `kept` and the message say), reported once per field and value through
 * the client's `onError`, so the backend's change is seen without stopping anyone.
 */
export class ContractWarning extends MatchmakerError {
  override readonly name = 'ContractWarning' as const;
  readonly code = 'CONTRACT_WARNING' as const;
  readonly field: string;
  readonly value: unknown;
  /** What the contract documents for the field. */
  readonly expected: string;
  /** What the answer holds instead: the value as sent, its reading as the field's type, or null. */
  readonly kept: unknown;

  constructor(endpoint: string, unknown: UnknownValue) {
    super(
      `${endpoint}: response field ${unknown.field} is ${JSON.stringify(unknown.value)}, not ${unknown.expected}; ${whatWasKept(unknown)}`,
      { endpoint },
    );
    this.field = unknown.field;
    this.value = unknown.value;
    this.expected = unknown.expected;
    this.kept = unknown.kept;
  }
}

/** An action that needs a session was attempted without one. Never reported. */
export class NotLoggedInError extends MatchmakerError {
  override readonly name = 'NotLoggedInError' as const;
  readonly code = 'NOT_LOGGED_IN' as const;
  override readonly ignoreInReporting = true;

  constructor(options: { endpoint?: string; cause?: unknown } = {}) {
    super(NOT_LOGGED_IN_MESSAGE, options);
  }
}

/** The server answered 406: the account is suspended and the session has been ended. */
export class SuspendedError extends MatchmakerError {
  override readonly name = 'SuspendedError' as const;
  readonly code = 'SUSPENDED' as const;

  constructor(options: { endpoint?: string; cause?: unknown } = {}) {
    super('The account is suspended', options);
  }
}

function hasCode(error: unknown, code: MatchmakerErrorCode): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

const CODES: ReadonlySet<string> = new Set<string>(ERROR_CODES);

export const isMatchmakerError = (e: unknown): e is MatchmakerError =>
  e instanceof MatchmakerError ||
  (e instanceof Error && CODES.has(String((e as Error & { code?: unknown }).code)));
export const isHttpError = (e: unknown): e is HttpError => hasCode(e, 'HTTP_ERROR');
export const isNetworkError = (e: unknown): e is NetworkError => hasCode(e, 'NETWORK_ERROR');
export const isTimeoutError = (e: unknown): e is TimeoutError => hasCode(e, 'TIMEOUT_ERROR');
export const isAbortedError = (e: unknown): e is AbortedError => hasCode(e, 'ABORTED');
export const isContractError = (e: unknown): e is ContractError => hasCode(e, 'CONTRACT_ERROR');
export const isContractWarning = (e: unknown): e is ContractWarning => hasCode(e, 'CONTRACT_WARNING');
export const isNotLoggedInError = (e: unknown): e is NotLoggedInError => hasCode(e, 'NOT_LOGGED_IN');
export const isSuspendedError = (e: unknown): e is SuspendedError => hasCode(e, 'SUSPENDED');

/** Whether error reporting must skip this error (not logged in, aborted by the caller). */
export const isIgnoredInReporting = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { ignoreInReporting?: unknown }).ignoreInReporting === true;
