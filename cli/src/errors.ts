/**
 * Exit codes and the one error handler: every failure, from commander's usage errors to the
 * SDK's typed errors, becomes a message (text, or one JSON object in json mode) on stderr and
 * an exit code.
 */
import {
  isAbortedError,
  isContractError,
  isHttpError,
  isMatchmakerError,
  isNetworkError,
  isNotLoggedInError,
  isSuspendedError,
  isTimeoutError,
} from '@matchmaker/sdk';
import { ADMIN_ONLY_MESSAGE, CliError, EXIT, type ExitCode, loginCommandFor } from './exit';
import { causeOf, isRecord, stringAt } from './guards';
import { IncompleteListError } from './paging';
import { secondsText } from './requests';

/** The server's own explanation: `message`, plus field errors when it lists them. */
function serverMessage(body: unknown): string | undefined {
  const message = stringAt(body, 'message');
  if (!isRecord(body) || !Array.isArray(body.errors)) return message;
  const details = body.errors
    .map((entry) => {
      const path = stringAt(entry, 'path');
      const text = stringAt(entry, 'message');
      return text ? (path ? `${path}: ${text}` : text) : undefined;
    })
    .filter((entry): entry is string => entry !== undefined);
  return details.length > 0 ? `${message ?? 'Rejected'} (${details.join('; ')})` : message;
}

export interface Described {
  message: string;
  code: string;
  exitCode: ExitCode;
}

/** What the run knew when it failed, for the message. */
export interface RunFacts {
  /** The resolved API base (absent before the options were read). */
  apiBase?: string;
  /** MATCHMAKER_TOKEN was the credential. */
  envToken?: boolean;
  /** The profile in use, so "run matchmaker login" names it. */
  profile?: string;
}

/**
 * Hides the user name and password of every URL in `text`: an API base typed as
 * `https://user:secret@host` must not end up in a terminal's scrollback or a CI log.
 */
export function redactUrls(text: string): string {
  // `user:password@` keeps the user; a lone `name@` may itself be a token (https://TOKEN@host).
  return text.replace(
    /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@'"`]*)@/gi,
    (_, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return `${scheme}${colon > 0 ? `${userinfo.slice(0, colon)}:***` : '***'}@`;
    },
  );
}

/** Turns anything thrown into what the user sees and the exit code (URLs without credentials). */
export function describeError(error: unknown, facts: RunFacts = {}): Described {
  const described = error instanceof IncompleteListError ? incomplete(error, facts) : describe(error, facts);
  return { ...described, message: redactUrls(described.message) };
}

/** A list that failed after some pages were printed: the cause, said to have cut the output short. */
function incomplete(error: IncompleteListError, facts: RunFacts): Described {
  const cause = describe(error.cause, facts);
  return {
    ...cause,
    message: `The output is incomplete: ${error.message}: ${cause.message}; to go on from there, run again with ${error.resume}`,
  };
}

/** A refusal of MATCHMAKER_TOKEN: logging in would change nothing while it is set. */
const ENV_TOKEN_REFUSED = (apiBase: string | undefined) =>
  `The API${apiBase ? ` at ${apiBase}` : ''} refused MATCHMAKER_TOKEN (expired, revoked or not a token): set it to a fresh token, or unset it to use the stored credentials`;

function describe(error: unknown, { apiBase, envToken, profile = 'default' }: RunFacts): Described {
  const signInAgain = `run ${loginCommandFor(profile)}`;
  // A CliError the CLI raised inside an SDK call (requests.ts's hooks: the SDK rejects with it as
  // it is), or found as the cause of another error.
  const own = causeOf(error, CliError);
  if (own) return { message: own.message, code: own.code, exitCode: own.exitCode };
  if (envToken && isNotLoggedInError(error)) {
    return { message: ENV_TOKEN_REFUSED(apiBase), code: 'TOKEN_REFUSED', exitCode: EXIT.auth };
  }
  if (isNotLoggedInError(error)) {
    const refused = isHttpError(error.cause);
    return {
      message: refused
        ? `Your session has ended and could not be refreshed: ${signInAgain}`
        : `Not signed in: ${signInAgain}`,
      code: 'NOT_SIGNED_IN',
      exitCode: EXIT.auth,
    };
  }
  if (isSuspendedError(error)) {
    return { message: 'This account is suspended', code: 'SUSPENDED', exitCode: EXIT.auth };
  }
  if (isHttpError(error)) {
    const detail = serverMessage(error.body);
    if (error.status === 401) {
      const adminOnly = detail !== undefined && /admin/i.test(detail);
      if (envToken && !adminOnly) {
        return { message: ENV_TOKEN_REFUSED(apiBase), code: 'TOKEN_REFUSED', exitCode: EXIT.auth };
      }
      return {
        message: adminOnly
          ? `Not allowed: ${ADMIN_ONLY_MESSAGE} (the ${envToken ? 'MATCHMAKER_TOKEN' : 'signed-in'} account is a member)`
          : `Not allowed: ${detail ?? 'the server refused the credentials'}`,
        code: adminOnly ? 'ADMIN_ONLY' : 'NOT_ALLOWED',
        exitCode: EXIT.auth,
      };
    }
    if (error.status === 403) {
      // The SDK answers a 403 with a refresh and one replay: this is the replay's, so the token
      // was fresh and the call itself is refused.
      const call = error.endpoint ?? 'the call';
      return {
        message: detail
          ? `Not allowed: ${detail} (HTTP 403, ${call})`
          : `Not allowed: the API refused ${call} (HTTP 403) for the signed-in account, also with a refreshed token`,
        code: 'NOT_ALLOWED',
        exitCode: EXIT.auth,
      };
    }
    const text = `${detail ?? 'Request failed'} (HTTP ${error.status}${error.endpoint ? `, ${error.endpoint}` : ''})`;
    if (error.status === 400 || error.status === 422)
      return { message: text, code: 'BAD_INPUT', exitCode: EXIT.usage };
    if (error.status === 404) return { message: text, code: 'NOT_FOUND', exitCode: EXIT.error };
    return { message: text, code: `HTTP_${error.status}`, exitCode: EXIT.error };
  }
  if (isNetworkError(error)) {
    return {
      message: `Cannot reach the API${apiBase ? ` at ${apiBase}` : ''}: ${causeText(error)}`,
      code: 'NETWORK_ERROR',
      exitCode: EXIT.error,
    };
  }
  if (isTimeoutError(error)) {
    // A bulk run's call or a logout (single commands' time-outs are said by requests.ts's hook).
    return {
      message: `${error.endpoint ?? 'A request'} got no answer within ${secondsText(error.timeoutMs)}: give it longer with --request-timeout SECONDS or MATCHMAKER_REQUEST_TIMEOUT (0 for no limit)`,
      code: 'TIMEOUT',
      exitCode: EXIT.error,
    };
  }
  if (isAbortedError(error))
    return { message: 'Interrupted', code: 'INTERRUPTED', exitCode: EXIT.interrupted };
  if (isContractError(error)) {
    return error.direction === 'request'
      ? { message: `Invalid input: ${error.message}`, code: 'BAD_INPUT', exitCode: EXIT.usage }
      : {
          message: `Unexpected answer from the API: ${error.message}`,
          code: 'CONTRACT_ERROR',
          exitCode: EXIT.error,
        };
  }
  if (isMatchmakerError(error)) return { message: error.message, code: error.code, exitCode: EXIT.error };
  const message = error instanceof Error ? error.message : String(error);
  return { message, code: 'ERROR', exitCode: EXIT.error };
}

/** The root cause of a network failure, such as `connect ECONNREFUSED 127.0.0.1:8080`. */
function causeText(error: Error): string {
  let current: unknown = error;
  let deepest = error.message;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    deepest = current.message;
    current = current.cause;
  }
  return deepest;
}

/** Writes the error to stderr as text or, in json and ndjson mode, as one JSON object. */
export function reportError(
  described: Described,
  json: boolean,
  paint: (text: string) => string,
  stderr: { write(text: string): unknown },
): void {
  const message = redactUrls(described.message);
  if (json) {
    stderr.write(`${JSON.stringify({ code: described.code, message })}\n`);
  } else {
    stderr.write(`${paint('Error:')} ${message}\n`);
  }
}
