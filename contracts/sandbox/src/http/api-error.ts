/**
 * Errors a handler throws to answer with a status. The body is what the client sees; every error
 * body has a `message`, validation errors add `errors` with one entry per bad field.
 */
import type { ApiErrorCode } from '@matchmaker/sdk/schemas';

export interface FieldError {
  /** Where the problem is: `body.email`, `query.page`, `params.id`. */
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get body(): Record<string, unknown> {
    return { message: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, errors?: FieldError[]): ApiError =>
  new ApiError(400, message, errors ? { errors } : {});

/** A field-level failure found by a handler after the schema passed (a taken username, say). */
export const fieldError = (path: string, message: string): ApiError =>
  new ApiError(400, 'Validation failed', { errors: [{ path, message }] });

/**
 * 401: missing credentials, a wrong password, a spent refresh token, or a member calling an admin
 * endpoint. Never 403 for these, because the client answers 403 with a token refresh.
 */
export const unauthorized = (message: string): ApiError => new ApiError(401, message);

/** 403 is reserved for an expired or unknown access token: it makes the client refresh. */
export const tokenRefused = (message = 'Access token expired or invalid'): ApiError =>
  new ApiError(403, message);

export const notFound = (what: string): ApiError => new ApiError(404, `${what} not found`);

export const conflict = (message: string): ApiError => new ApiError(409, message);

/** Refusals of a logged-in member that are not about the token (someone else's data, blocked). */
export const notAllowed = (message: string): ApiError => new ApiError(401, message);

/** Code of the refusal a deleted account gets for anything but logging in, out and reactivating. */
export const ACCOUNT_DELETED: ApiErrorCode = 'ACCOUNT_DELETED';

/** 401 with a code the client can show as "reactivate your account" (see ALLOWED_WHEN_DELETED). */
export const accountDeleted = (): ApiError =>
  new ApiError(401, 'This account is deleted: reactivate it to continue', { code: ACCOUNT_DELETED });

/**
 * Code of a refusal for naming the caller's own account where a call acts on someone else's: an
 * admin locking themselves out (ownAccount), a member messaging, blocking, reporting or sending a
 * match request to themselves (notYourself).
 */
export const OWN_ACCOUNT: ApiErrorCode = 'OWN_ACCOUNT';

/**
 * 409 when an admin deletes, deactivates, suspends or demotes their own account: the token would
 * answer 403 or 406 from then on, with no admin left signed in to undo it.
 */
export const ownAccount = (doing: string): ApiError =>
  new ApiError(409, `You cannot ${doing} your own account: ask another admin to do it`, {
    code: OWN_ACCOUNT,
  });

/**
 * 409 when a call that acts on another member names the caller. The request is well formed (the
 * same body from anyone else is fine), so it is not a 400: the caller's own state refuses it.
 */
export const notYourself = (message: string): ApiError => new ApiError(409, message, { code: OWN_ACCOUNT });
