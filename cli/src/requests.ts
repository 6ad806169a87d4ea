/**
 * What staff see of single commands' calls, built on the SDK's hooks and error codes (the SDK does
 * the calls themselves: the time limit, the retries of reads, the retry of a change after a 429):
 * - a change that may have been made without an answer (it timed out, lost its connection after
 *   it was sent, or met a gateway's 504) says so, and how to check, from a table keyed by
 *   endpoint id;
 * - a time-out names the limit and the option; a read that cannot reach the API says how often it
 *   tried; a Retry-After longer than a command waits says to try later;
 * - with MATCHMAKER_TOKEN, a 401 or 403 is checked against accounts.userInfo before the SDK acts on
 *   it: a token the API still accepts was not refused, the call was (the SDK would otherwise take a
 *   403 as a spent token, and with no refresh token call the session over).
 * Each raises a CliError, which the SDK rejects the call with as it is.
 */
import {
  type CallHooks,
  createClient,
  type EndpointId,
  type ErrorInfo,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  MemoryTokenStore,
  type ResponseInfo,
} from '@matchmaker/sdk';
import { isAdmin } from '@matchmaker/sdk/rules';
import { getEndpoint } from '@matchmaker/sdk/schemas';
import { ADMIN_ONLY_MESSAGE, authError, CliError, EXIT } from './exit';
import { isRecord, stringAt } from './guards';
import { MAX_RETRY_AFTER_MS } from './retry-policy';

/** What single commands' hooks need to know of the command. */
export interface CommandCalls {
  apiBase: string;
  /** Time limit of each attempt in ms (0: none), as `--request-timeout` gave it. */
  timeoutMs: number;
  /** MATCHMAKER_TOKEN, when it is the credential. */
  envToken: string | undefined;
  /** `matchmaker`, with `--profile` when it is not the default: the start of suggested commands. */
  commandName: string;
  /** The fetch for a time limit over undici's own (long-fetch.ts); absent: Node's. */
  fetch?: typeof fetch;
}

/** The limit as staff gave it, in seconds. */
export const secondsText = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** The member refusal of a MATCHMAKER_TOKEN, wherever it is found. */
export function memberTokenError(user: unknown): CliError {
  const who = stringAt(user, 'email') ?? stringAt(user, 'username') ?? 'an account';
  return authError(
    `Not allowed: ${ADMIN_ONLY_MESSAGE} (MATCHMAKER_TOKEN is the token of ${who}, a member)`,
    'ADMIN_ONLY',
  );
}

/** What a change that may have gone through without an answer did, and how staff check. */
interface Change {
  command: string;
  /** "the server may have … anyway" */
  did: (params: Record<string, unknown>, body: unknown) => string;
  /** The command (after `matchmaker`) that shows whether it did. */
  check: (params: Record<string, unknown>, body: unknown) => string;
  /** Said last, when trying again blindly would undo it. */
  again?: string;
}

const param = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

const userChange = (command: string, did: string): Change => ({
  command,
  did: () => did,
  check: (params) => `users get ${param(params, 'id') ?? 'ID'}`,
});

/** Staff's commands for the calls that change something, keyed by endpoint id. */
const CHANGES: Partial<Record<EndpointId, Change>> = {
  'admin.deactivateUser': userChange('users deactivate', 'deactivated the user'),
  'admin.reactivateUser': userChange('users reactivate', 'reactivated the user'),
  'admin.suspendUser': userChange('users suspend', 'suspended the user'),
  'admin.confirmUser': userChange('users confirm', "confirmed the user's account"),
  'admin.changeUserEmail': userChange('users set-email', 'changed the email'),
  'admin.changeUserRole': userChange('users set-role', 'changed the role'),
  'admin.updateUser': userChange('users edit', 'saved the changes'),
  'admin.deleteUser': {
    ...userChange('users delete', 'deleted the user'),
    again: 'a user that is gone answers "not found"',
  },
  'admin.createUser': {
    command: 'users create',
    did: () => 'created the account',
    check: (_, body) => `users search ${stringAt(body, 'email') ?? 'EMAIL'}`,
  },
  'kyc.reviewRequest': {
    command: 'kyc review',
    did: (params) => `recorded the decision on ${param(params, 'id') ?? 'the request'}`,
    check: () => 'kyc list --all',
  },
  'images.decideFlagged': {
    command: 'images decide',
    did: (_, body) => `recorded the decision on ${stringAt(body, 'filename') ?? 'the image'}`,
    check: () => 'images flagged --all',
  },
  'features.toggle': {
    command: 'features toggle',
    did: (params) => `switched ${param(params, 'code') ?? 'the feature'}`,
    check: () => 'features list',
    again: 'toggling again would switch it back',
  },
  'features.toggleSubfeature': {
    command: 'features toggle',
    did: (params, body) =>
      `switched ${stringAt(body, 'subfeature') ?? 'the subfeature'} of ${param(params, 'code') ?? 'the feature'}`,
    check: () => 'features list',
    again: 'toggling again would switch it back',
  },
};

/** The root cause of a failure, such as `connect ECONNREFUSED 127.0.0.1:8080`. */
function deepestMessage(error: unknown): string {
  let current: unknown = error;
  let deepest = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    deepest = current.message;
    current = current.cause;
  }
  return deepest;
}

/** Whether the catalogue marks the call a read (GETs, and POST searches and aggregations). */
const isRead = (endpoint: string): boolean => getEndpoint(endpoint)?.effect === 'read';

/** The hooks of single commands' client. */
export function commandHooks(calls: CommandCalls): CallHooks {
  const limit = secondsText(calls.timeoutMs);

  /** The message of a change sent without an answer; undefined for a call staff do not make. */
  function unsure({ endpoint, input }: ErrorInfo, what: string, code: string): CliError | undefined {
    const change = CHANGES[endpoint as EndpointId];
    if (!change) return undefined;
    const params = isRecord(input?.params) ? input.params : {};
    const again = change.again ? ` (${change.again})` : '';
    return new CliError(
      `${change.command} ${what}: the server may have ${change.did(params, input?.body)} anyway; check with \`${calls.commandName} ${change.check(params, input?.body)}\` before trying again${again}`,
      EXIT.error,
      code,
    );
  }

  function beforeError(info: ErrorInfo): unknown {
    const { endpoint, error, attempts } = info;
    if (error instanceof CliError) return error;
    const read = isRead(endpoint);
    if (isTimeoutError(error)) {
      return (
        (read ? undefined : unsure(info, `timed out after ${limit} (--request-timeout)`, 'TIMEOUT')) ??
        new CliError(
          `The API at ${calls.apiBase} did not answer ${endpoint} within ${limit}: give it longer with --request-timeout SECONDS or MATCHMAKER_REQUEST_TIMEOUT (0 for no limit)`,
          EXIT.error,
          'TIMEOUT',
        )
      );
    }
    if (isNetworkError(error)) {
      if (read) {
        return new CliError(
          `Cannot reach the API at ${calls.apiBase}: ${deepestMessage(error)} (${endpoint}, tried ${attempts} ${attempts === 1 ? 'time' : 'times'})`,
          EXIT.error,
          'NETWORK_ERROR',
        );
      }
      // Refused before anything was sent: nothing can have been changed.
      if (!error.mayHaveReachedServer) return error;
      return (
        unsure(info, `lost its connection to the API (${deepestMessage(error)})`, 'NETWORK_ERROR') ?? error
      );
    }
    if (!isHttpError(error)) return error;
    const retried = error.status === 429 || (read && error.status === 503);
    if (retried && error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS) {
      return new CliError(
        `The API at ${calls.apiBase} answered ${endpoint} with HTTP ${error.status} and asked to wait ${Math.round(error.retryAfterMs / 60_000)} minutes (Retry-After), longer than a command waits (${MAX_RETRY_AFTER_MS / 60_000} minutes)${read ? '' : '; nothing was changed'}: try again later`,
        EXIT.error,
        'RETRY_AFTER_TOO_LONG',
      );
    }
    // A gateway that gave up waiting does not know whether the change was made either.
    if (!read && error.status === 504)
      return unsure(info, 'got a gateway time-out (HTTP 504)', 'HTTP_504') ?? error;
    return error;
  }

  const envToken = calls.envToken;
  if (envToken === undefined) return { beforeError };

  /**
   * A 401 or 403 for MATCHMAKER_TOKEN: when the API still answers accounts.userInfo with it, the
   * token is good and this call was refused (a member's token: the admin message). Asked through
   * a client of its own, so that this one's session is not touched.
   */
  async function checkRefusal({ endpoint, status, body }: ResponseInfo): Promise<void> {
    const probe = createClient({
      baseURL: calls.apiBase,
      tokenStore: new MemoryTokenStore({ accessToken: envToken ?? '', refreshToken: '' }),
      locks: null,
      timeoutMs: calls.timeoutMs,
      onError: () => {},
      ...(calls.fetch ? { fetch: calls.fetch } : {}),
    });
    const user: unknown = await probe.accounts.userInfo().catch(() => undefined);
    if (!isRecord(user)) return;
    if (!isAdmin(user)) throw memberTokenError(user);
    const detail = stringAt(body, 'message');
    throw authError(
      `Not allowed: ${detail ? `${detail} (HTTP ${status}, ${endpoint})` : `HTTP ${status} on ${endpoint}`}; the API accepts MATCHMAKER_TOKEN (${stringAt(user, 'email') ?? 'its account'}) but refused this call`,
      'NOT_ALLOWED',
    );
  }

  return {
    beforeError,
    afterResponse: (info) =>
      (info.status === 401 || info.status === 403) && info.endpoint !== 'accounts.userInfo'
        ? checkRefusal(info)
        : undefined,
  };
}
