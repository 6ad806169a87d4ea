/**
 * What the Pact verifier needs besides the pact: state handlers that forward each provider state
 * to the provider's state-change URL, a request filter that can put real tokens in place of the
 * pacts' example member and admin tokens, and the producers of the realtime messages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eventSamples, type World } from '@matchmaker/sandbox';
import { ADMIN, MEMBER } from '../examples';
import { EVENT_METADATA } from '../names';
import type { PactFile } from '../pact-file';

type JsonMap = Record<string, unknown>;
type StateHandler = (params?: unknown) => Promise<JsonMap | undefined>;

/**
 * One handler per state the pact uses, each POSTing `{ state, params, action: 'setup' }` to
 * `stateUrl`, the same request a backend team's state-change endpoint answers (README.md). The
 * answer's values feed the pacts' `fromProviderState` expressions.
 */
export function forwardingStateHandlers(
  pact: PactFile,
  stateUrl: string | undefined,
): Record<string, StateHandler> {
  const names = new Set(
    pact.interactions.flatMap((i) => (i.providerStates ?? []).map((state) => state.name)),
  );
  const handlers: Record<string, StateHandler> = {};
  for (const state of names) {
    handlers[state] = async (params) => {
      // No state URL: the verifier falls back to the parameters as the values.
      if (stateUrl === undefined) return undefined;
      const response = await fetch(stateUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`state '${state}' failed with HTTP ${response.status}: ${text}`);
      if (text.trim() === '') return undefined;
      const answer: unknown = JSON.parse(text);
      return typeof answer === 'object' && answer !== null && !Array.isArray(answer)
        ? (answer as JsonMap)
        : undefined;
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

interface MessageWithMetadata {
  __pactMessageMetadata: Record<string, string>;
  message: unknown;
}

/**
 * The realtime messages as the sandbox produces them: each description of the pact is answered
 * with the payload the sandbox's sockets send for that event (`eventSamples`, built by the same
 * functions the socket.io namespaces emit with), plus the pact's metadata.
 */
export function sandboxMessageProviders(
  pact: PactFile,
  world: World,
): Record<string, () => MessageWithMetadata> {
  const providers: Record<string, () => MessageWithMetadata> = {};
  for (const interaction of pact.interactions) {
    if (interaction.type !== 'Asynchronous/Messages') continue;
    const metadata = Object.fromEntries(
      Object.entries(interaction.metadata ?? {}).map(([key, value]) => [key, String(value)]),
    );
    const event = metadata[EVENT_METADATA];
    providers[interaction.description] = () => {
      const samples: Record<string, unknown> = { ...eventSamples(world) };
      if (event === undefined || !(event in samples))
        throw new Error(`no sandbox sample of the event ${event}`);
      return { __pactMessageMetadata: metadata, message: samples[event] };
    };
  }
  return providers;
}
