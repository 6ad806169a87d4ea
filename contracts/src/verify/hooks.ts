/**
 * What the Pact verifier needs besides the pact: state handlers that forward each provider state
 * to the provider's state-change URL, a request filter that can put real tokens in place of the
 * pacts' example member and admin tokens (the realtime messages: socket-messages.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN, MEMBER } from '../examples';
import type { PactFile } from '../pact-file';
import { postState, type StateJournal } from './socket-messages';

type JsonMap = Record<string, unknown>;
type StateHandler = (params?: unknown) => Promise<JsonMap | undefined>;

const isJsonMap = (value: unknown): value is JsonMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One handler per state the pact uses, each POSTing `{ state, params, action: 'setup' }` to
 * `stateUrl`, the same request a backend team's state-change endpoint answers (README.md). The
 * answer's values feed the pacts' `fromProviderState` expressions; each call is also written to
 * `journal`, where the realtime message providers find the token and the states to trigger.
 */
export function forwardingStateHandlers(
  pact: PactFile,
  stateUrl: string | undefined,
  journal?: StateJournal,
): Record<string, StateHandler> {
  const names = new Set(
    pact.interactions.flatMap((i) => (i.providerStates ?? []).map((state) => state.name)),
  );
  const handlers: Record<string, StateHandler> = {};
  for (const state of names) {
    handlers[state] = async (raw) => {
      const params = isJsonMap(raw) ? raw : {};
      // No state URL: the verifier falls back to the parameters as the values.
      const answer =
        stateUrl === undefined ? undefined : await postState(stateUrl, { state, params, action: 'setup' });
      journal?.record({ state, params, answer });
      return answer;
    };
  }
  return handlers;
}

type ProxiedRequest = IncomingMessage & { body?: unknown };

const isEmptyObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Buffer.isBuffer(value) && Object.keys(value).length === 0;

/** Real Authorization header values for the pacts' two example tokens (`--auth-header`, `--admin-auth-header`). */
export interface AuthOverrides {
  /** Replaces `Bearer member-access-token`, the example token of the logged-in member. */
  readonly member?: string | undefined;
  /** Replaces `Bearer admin-access-token`, the example token of the logged-in admin. */
  readonly admin?: string | undefined;
}

/**
 * The header value a request should carry. Only the pacts' example member and admin tokens are
 * replaced: they reach the provider only when no state answered an `accessToken`. Every other
 * token is left as it is: the deliberately expired one (which must answer 403), the example of
 * the refreshed token, and the tokens a state-change endpoint minted (the suspended member's,
 * which must answer 406, or the admin's).
 */
function authorizationFor(current: string, auth: AuthOverrides): string {
  if (auth.member !== undefined && current === `Bearer ${MEMBER.accessToken}`) return auth.member;
  if (auth.admin !== undefined && current === `Bearer ${ADMIN.accessToken}`) return auth.admin;
  return current;
}

/**
 * A request filter for pact-js's verification proxy. It puts real tokens in place of the pacts'
 * example member and admin tokens when they are given (see authorizationFor), and works around
 * two proxy faults that a direct verifier (pact_verifier_cli) does not have: a `{}` JSON body is
 * forwarded as nothing under its original Content-Length, and a body-less PUT or POST goes out
 * chunked, which servers read as a body without a content type (415).
 */
export function proxyRequestFilter(auth: AuthOverrides = {}) {
  return (request: ProxiedRequest, _response: ServerResponse, next: () => void): void => {
    const { authorization } = request.headers;
    if (authorization !== undefined) request.headers.authorization = authorizationFor(authorization, auth);
    if (isEmptyObject(request.body)) {
      if (request.headers['content-type'] === undefined) request.body = Buffer.alloc(0);
      else request.body = Buffer.from(JSON.stringify(request.body));
    }
    const length = Buffer.isBuffer(request.body) ? request.body.length : undefined;
    if (length === 0 || request.body === undefined) request.headers['content-length'] = String(length ?? 0);
    next();
  };
}
