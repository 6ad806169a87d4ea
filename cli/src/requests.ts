/**
 * The fetch the CLI hands the SDK for single commands (bulk runs have their own, in bulk/http.ts):
 * - the time limit of each attempt (`--request-timeout`), the body included;
 * - reads (GET, and the POST searches and aggregations that change nothing) retried on network
 *   errors, 5xx and 429, with the bulk runs' backoff, full jitter and Retry-After (up to 15
 *   minutes); calls that change something are sent again only after a 429 (the server refused
 *   them unmade; the same backoff and Retry-After), and otherwise once: a second toggle switches
 *   back. When one runs out of time, loses its connection after it was sent or meets a gateway's
 *   time-out (504), the message says the change may have been made and how to check;
 * - with MATCHMAKER_TOKEN, a 401 or 403 is checked against accounts.userInfo: a token the API
 *   still accepts was not refused, the call was (the SDK would otherwise take a 403 as a spent
 *   token, and with no refresh token call the session over).
 *
 * Errors it raises itself are CliErrors; the SDK reports them as the NetworkError's cause, and
 * the error handler (errors.ts) finds them there. Calls with a retry policy of the SDK's own are
 * left to it, so that nothing is retried twice. Reads do not retry a time-out: the limit is the
 * one asked for, and a server that slow is not helped by four more tries.
 */
import type { EndpointId } from '@matchmaker/sdk';
import { isAdmin } from '@matchmaker/sdk/rules';
import { type EndpointDef, endpoints } from '@matchmaker/sdk/schemas';
import {
  backoff,
  DEFAULT_RETRY,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  RetryAfterGate,
  type RetryPolicy,
  sleep,
} from './bulk/flow';
import { ADMIN_ONLY_MESSAGE, authError, CliError, EXIT } from './exit';
import { isRecord, stringAt } from './guards';

/** The retries of a read: the bulk runs' default (5 retries, 200 ms to 10 s, full jitter). */
export const READ_RETRY: RetryPolicy = DEFAULT_RETRY;

/** POST calls that only read: searches, aggregations, metrics, look-ups. */
const READ_POSTS: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'admin.searchUsers',
  'admin.userAggregations',
  'admin.searchVisits',
  'admin.visitAggregations',
  'kyc.metrics',
  'kyc.listRequests',
  'recommendations.aggregateByDate',
  'accounts.bulkProfiles',
  'accounts.bulkStatus',
  'accounts.verifyUsername',
  'locations.search',
  'images.bulk',
]);

/** Whether a call only reads: a GET, or a POST in READ_POSTS (--fields checks skip it too). */
export const isRead = (endpoint: EndpointDef): boolean =>
  endpoint.method === 'GET' || READ_POSTS.has(endpoint.id as EndpointId);

/** Whether a call is retried here: it only reads, and the SDK has no retry policy of its own for it. */
export function isRetriedRead(endpoint: EndpointDef): boolean {
  return !endpoint.retry && isRead(endpoint);
}

interface Route {
  endpoint: EndpointDef;
  pattern: RegExp;
  names: string[];
}

let routes: Route[] | undefined;

/** The catalogue as path patterns, literal paths first (`users/search` before `users/{id}`). */
function allRoutes(): Route[] {
  routes ??= Object.values(endpoints)
    .map((endpoint: EndpointDef) => {
      const names: string[] = [];
      const source = endpoint.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([^/]+)';
        })
        .join('');
      return { endpoint, pattern: new RegExp(`^${source}$`), names };
    })
    .sort((a, b) => a.names.length - b.names.length);
  return routes;
}

export interface Called {
  endpoint: EndpointDef;
  params: Record<string, string>;
}

/** The catalogue entry a request is for, with its path parameters; undefined for any other URL. */
export function routeOf(method: string, url: string, apiBase: string): Called | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const basePath = new URL(apiBase).pathname.replace(/\/+$/, '');
  if (basePath !== '' && path.startsWith(basePath)) path = path.slice(basePath.length);
  for (const route of allRoutes()) {
    if (route.endpoint.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    });
    return { endpoint: route.endpoint, params };
  }
  return undefined;
}

/** What a change that may have gone through without an answer did, and how staff check. */
interface Change {
  command: string;
  /** "the server may have … anyway" */
  did: (params: Record<string, string>, body: unknown) => string;
  /** The command (after `matchmaker`) that shows whether it did. */
  check: (params: Record<string, string>, body: unknown) => string;
  /** Said last, when trying again blindly would undo it. */
  again?: string;
}

const userChange = (command: string, did: string): Change => ({
  command,
  did: () => did,
  check: ({ id }) => `users get ${id ?? 'ID'}`,
});

const CHANGES: Partial<Record<EndpointId, Change>> = {
  'admin.deactivateUser': userChange('users deactivate', 'deactivated the user'),
  'admin.reactivateUser': userChange('users reactivate', 'reactivated the user'),
  'admin.suspendUser': userChange('users suspend', 'suspended the user'),
  'admin.confirmUser': userChange('users confirm', "confirmed the user's account"),
  'admin.changeUserEmail': userChange('users set-email', 'changed the email'),
  'admin.changeUserRole': userChange('users set-role', 'changed the role'),
  'admin.updateUser': userChange('users edit', 'saved the changes'),
  'admin.deleteUser': {
    command: 'users delete',
    did: () => 'deleted the user',
    check: ({ id }) => `users get ${id ?? 'ID'}`,
    again: 'a user that is gone answers "not found"',
  },
  'admin.createUser': {
    command: 'users create',
    did: () => 'created the account',
    check: (_, body) => `users search ${stringAt(body, 'email') ?? 'EMAIL'}`,
  },
  'kyc.reviewRequest': {
    command: 'kyc review',
    did: ({ id }) => `recorded the decision on ${id ?? 'the request'}`,
    check: () => 'kyc list --all',
  },
  'images.decideFlagged': {
    command: 'images decide',
    did: (_, body) => `recorded the decision on ${stringAt(body, 'filename') ?? 'the image'}`,
    check: () => 'images flagged --all',
  },
  'features.toggle': {
    command: 'features toggle',
    did: ({ code }) => `switched ${code ?? 'the feature'}`,
    check: () => 'features list',
    again: 'toggling again would switch it back',
  },
  'features.toggleSubfeature': {
    command: 'features toggle',
    did: ({ code }, body) =>
      `switched ${stringAt(body, 'subfeature') ?? 'the subfeature'} of ${code ?? 'the feature'}`,
    check: () => 'features list',
    again: 'toggling again would switch it back',
  },
};

export interface RequestOptions {
  apiBase: string;
  /** Time limit of each attempt in ms; 0 for none. */
  timeoutMs: number;
  /** MATCHMAKER_TOKEN is the credential: a 401 or 403 is checked against accounts.userInfo. */
  envToken: boolean;
  /** `matchmaker`, with `--profile` when it is not the default: the start of suggested commands. */
  commandName: string;
  fetch?: typeof fetch;
  retry?: RetryPolicy;
}

/** The limit as staff gave it, in seconds. */
export const secondsText = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** An attempt that ran out of time (the limit's own abort, not the caller's). */
class OutOfTime extends Error {}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Network failures that happen before anything is sent: a change cannot have been made. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

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

function deepestMessage(error: unknown): string {
  let current: unknown = error;
  let deepest = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    deepest = current.message;
    current = current.cause;
  }
  return deepest;
}

export function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The member refusal of a MATCHMAKER_TOKEN, wherever it is found. */
export function memberTokenError(user: unknown): CliError {
  const who = stringAt(user, 'email') ?? stringAt(user, 'username') ?? 'an account';
  return authError(
    `Not allowed: ${ADMIN_ONLY_MESSAGE} (MATCHMAKER_TOKEN is the token of ${who}, a member)`,
    'ADMIN_ONLY',
  );
}

export function commandFetch(options: RequestOptions): typeof fetch {
  const inner = options.fetch ?? globalThis.fetch;
  const policy = options.retry ?? READ_RETRY;
  let tooLong: number | undefined;
  const gate = new RetryAfterGate((ms) => {
    tooLong = ms;
  });
  const limit = secondsText(options.timeoutMs);

  /** One attempt, its answer read whole within the time limit. */
  async function attempt(url: string, init: RequestInit | undefined): Promise<Response> {
    const outer = init?.signal ?? undefined;
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) throw outer.reason;
    outer?.addEventListener('abort', onAbort, { once: true });
    const timer =
      options.timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, options.timeoutMs)
        : undefined;
    try {
      const response = await inner(url, { ...init, signal: controller.signal });
      const bytes = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      return new Response(bytes, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (timedOut) throw new OutOfTime('out of time', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  async function waitOutGate(signal: AbortSignal | undefined): Promise<void> {
    for (let left = gate.remaining(); left !== undefined; left = gate.remaining()) {
      await sleep(left, signal);
    }
  }

  /**
   * A 401 or 403 for MATCHMAKER_TOKEN: when the API still answers accounts.userInfo with it, the
   * token is good and this call was refused (a member's token: the admin message).
   */
  async function checkRefusal(
    init: RequestInit | undefined,
    response: Response,
    called: Called | undefined,
  ): Promise<void> {
    if (called?.endpoint.id === 'accounts.userInfo') return;
    let probe: Response;
    try {
      probe = await attempt(`${options.apiBase}${endpoints['accounts.userInfo'].path}`, {
        method: 'GET',
        headers: init?.headers,
        signal: init?.signal,
      });
    } catch {
      return;
    }
    if (!probe.ok) return;
    const user: unknown = await probe.json().catch(() => undefined);
    if (!isRecord(user)) return;
    if (!isAdmin(user)) throw memberTokenError(user);
    const detail = stringAt(
      await response
        .clone()
        .json()
        .catch(() => undefined),
      'message',
    );
    const id = called?.endpoint.id ?? 'this call';
    throw authError(
      `Not allowed: ${detail ? `${detail} (HTTP ${response.status}, ${id})` : `HTTP ${response.status} on ${id}`}; the API accepts MATCHMAKER_TOKEN (${stringAt(user, 'email') ?? 'its account'}) but refused this call`,
      'NOT_ALLOWED',
    );
  }

  /** The message of a change sent without an answer. */
  function unsure(
    called: Called | undefined,
    body: unknown,
    what: string,
    code: string,
  ): CliError | undefined {
    const change = called ? CHANGES[called.endpoint.id as EndpointId] : undefined;
    if (!called || !change) return undefined;
    const again = change.again ? ` (${change.again})` : '';
    return new CliError(
      `${change.command} ${what}: the server may have ${change.did(called.params, body)} anyway; check with \`${options.commandName} ${change.check(called.params, body)}\` before trying again${again}`,
      EXIT.error,
      code,
    );
  }

  return async (input, init) => {
    const url = urlOf(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const called = routeOf(method, url, options.apiBase);
    const read = called ? isRetriedRead(called.endpoint) : false;
    const signal = init?.signal ?? undefined;
    const name = called?.endpoint.id ?? `${method} ${url}`;
    for (let tries = 1; ; tries++) {
      await waitOutGate(signal);
      let response: Response;
      try {
        response = await attempt(url, init);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (error instanceof OutOfTime) {
          throw (
            (read
              ? undefined
              : unsure(
                  called,
                  parseBody(init?.body),
                  `timed out after ${limit} (--request-timeout)`,
                  'TIMEOUT',
                )) ??
            new CliError(
              `The API at ${options.apiBase} did not answer ${name} within ${limit}: give it longer with --request-timeout SECONDS or MATCHMAKER_REQUEST_TIMEOUT (0 for no limit)`,
              EXIT.error,
              'TIMEOUT',
            )
          );
        }
        const sent = !codesOf(error).some((code) => NOT_SENT.has(code));
        if (!read) {
          const lost = sent
            ? unsure(
                called,
                parseBody(init?.body),
                `lost its connection to the API (${deepestMessage(error)})`,
                'NETWORK_ERROR',
              )
            : undefined;
          throw lost ?? error;
        }
        if (tries > policy.retries) {
          throw new CliError(
            `Cannot reach the API at ${options.apiBase}: ${deepestMessage(error)} (${name}, tried ${tries} times)`,
            EXIT.error,
            'NETWORK_ERROR',
          );
        }
        await sleep(backoff(policy, tries, undefined), signal);
        continue;
      }
      const { status } = response;
      const limited = status === 429 || status === 503;
      // A read is sent again on any 5xx or 429; a change only on 429, which says the server did
      // nothing (a 5xx may come after the change was made).
      const again = read ? status >= 500 || status === 429 : status === 429;
      if (limited) {
        tooLong = undefined;
        gate.note(parseRetryAfter(response.headers.get('retry-after')));
        if (tooLong !== undefined && again) {
          throw new CliError(
            `The API at ${options.apiBase} answered ${name} with HTTP ${status} and asked to wait ${Math.round(tooLong / 60_000)} minutes (Retry-After), longer than a command waits (${MAX_RETRY_AFTER_MS / 60_000} minutes)${read ? '' : '; nothing was changed'}: try again later`,
            EXIT.error,
            'RETRY_AFTER_TOO_LONG',
          );
        }
      }
      if (again && tries <= policy.retries) {
        await response.body?.cancel().catch(() => {});
        await sleep(backoff(policy, tries, limited ? gate.remaining() : undefined), signal);
        continue;
      }
      // A gateway that gave up waiting does not know whether the change was made either.
      if (!read && status === 504) {
        const timedOut = unsure(
          called,
          parseBody(init?.body),
          'got a gateway time-out (HTTP 504)',
          'HTTP_504',
        );
        if (timedOut) throw timedOut;
      }
      if (options.envToken && (status === 401 || status === 403)) await checkRefusal(init, response, called);
      return response;
    }
  };
}
