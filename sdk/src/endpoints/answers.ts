/**
 * Every error status a call can answer, derived from its catalogue entry: what any call of its
 * kind can answer (a session call 401, 403 and 406; a call with a path parameter 404 and 414; a
 * write 413 and 415; any call 429 under a rate limit, and 431 for a request line and headers over
 * the server's limit) plus the refusals the entry lists itself (`failures`). The OpenAPI document, the conformance test and the SDK README read this one list.
 */
import type * as z from 'zod/mini';
import { REQUEST_LIMITS } from '../schemas/limits';
import type { EndpointDef } from './define';

export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 414 | 415 | 429 | 431 | '5XX';

export interface ErrorAnswer {
  readonly status: ErrorStatus;
  /** What the status means for this call. */
  readonly description: string;
  /** Headers the answer carries, by name, with what they hold. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The body's schema when it says more than `{ message, errors?, code? }`. */
  readonly body?: z.ZodMiniType;
}

/**
 * The codes an error body's `code` carries, each with its status and what it tells the client.
 * The OpenAPI document lists them as the `Error` body's `code` values.
 */
export const API_ERROR_CODES = {
  ACCOUNT_DELETED: '401: the account is deleted; reactivate it to continue',
  OWN_ACCOUNT:
    "409: the call names the caller's own account where it acts on another's (an admin locking their own account out; a message, block, report or match request to oneself)",
  ALREADY_DECIDED: '409: the flagged image was decided before; `decision` holds that decision',
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** A 409 `failures` entry for a call that refuses the caller's own account (`OWN_ACCOUNT`). */
export const ownAccountConflict = (what: string): string =>
  `${what} is the caller's own account (\`code: "OWN_ACCOUNT"\`)`;

const hasPathParams = (entry: EndpointDef): boolean => /\{\w+\}/.test(entry.path);

/** The error answers of one call, in status order. Every body is `{ message, errors?, code? }`. */
export function errorAnswers(entry: EndpointDef): readonly ErrorAnswer[] {
  const answers: ErrorAnswer[] = [];
  const writes = entry.method !== 'GET';
  if (entry.params || entry.query || entry.body || entry.bodyType === 'multipart' || writes) {
    answers.push({
      status: 400,
      description:
        'Validation failed (`errors` lists each field by path, such as `body.email`), or the body is not JSON',
    });
  }
  answers.push({
    status: 401,
    description:
      entry.access === 'public'
        ? 'Refused: a wrong password or refresh token, or a deleted account\'s token (`code: "ACCOUNT_DELETED"`)'
        : 'Refused: no credentials, a member on a back-office call, someone else\'s data, or a deleted account\'s token (`code: "ACCOUNT_DELETED"`). Never 403, which the client answers with a token refresh',
  });
  if (entry.access !== 'public') {
    answers.push({
      status: 403,
      description: 'The access token expired or is unknown: the client refreshes it and replays the call',
    });
  }
  const notFound =
    entry.failures?.[404] ?? (hasPathParams(entry) ? 'No record with the id the path names' : undefined);
  if (notFound) answers.push({ status: 404, description: notFound });
  if (entry.whenSuspended !== 'allowed') {
    answers.push({
      status: 406,
      description:
        entry.access === 'public'
          ? "The token sent is a suspended account's (a public call too): the client logs out"
          : 'The account is suspended: the client logs out',
    });
  }
  const conflict = entry.failures?.[409];
  if (typeof conflict === 'string') answers.push({ status: 409, description: conflict });
  else if (conflict) answers.push({ status: 409, description: conflict.description, body: conflict.body });
  if (writes) {
    answers.push({
      status: 413,
      description:
        entry.bodyType === 'multipart'
          ? `Too large: a file over ${entry.upload?.maxBytes ?? 0} bytes, or more than ${entry.upload?.maxFiles ?? 0} files`
          : `The JSON body is over ${REQUEST_LIMITS.jsonBytes} bytes`,
    });
  }
  if (hasPathParams(entry)) {
    answers.push({
      status: 414,
      description: `A path parameter is longer than ${REQUEST_LIMITS.pathParam} characters`,
    });
  }
  if (writes) {
    answers.push({
      status: 415,
      description:
        'The body has a content type the API does not read (it reads `application/json` and `multipart/form-data`)',
    });
  }
  answers.push({
    status: 429,
    description: 'Too many requests: wait as long as `Retry-After` says, then send the call again',
    headers: { 'Retry-After': 'Whole seconds to wait before the next call' },
  });
  answers.push({
    status: 431,
    description:
      "The request line and headers are over the server's limit (16 KB in the sandbox, Node's default): a URL that long is refused before the call is read",
  });
  answers.push({
    status: '5XX',
    description: 'The server failed; only the calls the catalogue marks for a retry policy are retried',
  });
  return answers;
}
