import type { CallHooks, CallInput, CallOptions, EndpointDef, ResultOf } from '../endpoints/define';
import type { RetryPolicy } from '../endpoints/retry-policy';
import { NotLoggedInError, SuspendedError } from '../errors';
import type { Tokens } from '../schemas/auth';
import type { SessionScope } from '../session/scope';
import type { LogoutReason } from '../session/session';
import { type ClientRetry, policyOf, retryDelay } from './retry';
import { type HttpSender, httpError, type PreparedRequest, type RawResponse } from './sender';
import { type Stoppers, throwIfStopped, unlessStopped, wait } from './signals';
import type { Transport } from './types';

/**
 * What the transport needs of the session, as functions (handed over at construction, the way
 * supabase-js hands its realtime client an `accessToken()` callback): no object is finished
 * after it is built.
 */
export interface TransportSession {
  /** The scope of the session now; a call belongs to the session it started in. */
  scope(): SessionScope;
  /** The stored tokens; synchronous when the store is (memory), so a call waits for nothing. */
  getTokens(): Tokens | null | Promise<Tokens | null>;
  /** The single-flight refresh of `scope`'s session after `failedAccessToken` got 403. */
  refresh(scope: SessionScope, failedAccessToken: string): Promise<Tokens>;
  /** Ends `scope`'s session (once; nothing if it already ended). */
  end(scope: SessionScope, reason: LogoutReason): Promise<void>;
  /**
   * The store had no tokens for a call of `scope`'s session: if this client had a session (a
   * loaded user), another client sharing the store logged out, and it ends here too.
   */
  lostTokens(scope: SessionScope): Promise<void>;
  /** Resolves once the session's end in progress (if any) is written: store cleared, logout announced. */
  endWritten(): Promise<void>;
}

export interface HttpTransportOptions {
  sender: HttpSender;
  session: TransportSession;
  /** The client's retry policy for calls without one of their own, and which calls it covers. */
  retry?: ClientRetry | undefined;
  /** The client's hooks (each call's own run after them). */
  hooks?: CallHooks | undefined;
}

/** A hook that may hold the attempt: the client's, then the call's, each waited for. */
function inTurn<I>(
  first: ((info: I) => undefined | Promise<void>) | undefined,
  second: ((info: I) => undefined | Promise<void>) | undefined,
): ((info: I) => undefined | Promise<void>) | undefined {
  if (!first || !second) return first ?? second;
  // No promise unless one of them holds the attempt.
  return (info) => {
    const held = first(info);
    return held ? held.then(() => second(info)) : second(info);
  };
}

/** Client hooks and a call's own, as one set (the client's run first). */
function joinHooks(client: CallHooks | undefined, call: CallHooks): CallHooks {
  if (!client) return call;
  const { onRetry, beforeError } = client;
  return {
    beforeAttempt: inTurn(client.beforeAttempt, call.beforeAttempt),
    afterResponse: inTurn(client.afterResponse, call.afterResponse),
    onRetry:
      onRetry && call.onRetry
        ? (info) => {
            onRetry(info);
            call.onRetry?.(info);
          }
        : (onRetry ?? call.onRetry),
    beforeError:
      beforeError && call.beforeError
        ? (info) => call.beforeError?.({ ...info, error: beforeError(info) })
        : (beforeError ?? call.beforeError),
  };
}

/**
 * The one HTTP path of the SDK's calls: the entry's access rule, its retry policy (one budget per
 * call), the hooks, the 403 refresh-and-replay and the 406 suspension logout. The ended-session
 * rule lives here: a call of a session that ended (logout, or a login that replaced it) is stopped
 * at once, and after every `await` that could cross a logout the call checks again, so nothing of
 * an ended session is sent, replayed or answered.
 */
export class HttpTransport implements Transport {
  readonly #sender: HttpSender;
  readonly #session: TransportSession;
  readonly #retry: ClientRetry | undefined;
  readonly #hooks: CallHooks | undefined;
  /** Each entry's policy, worked out on its first call. */
  readonly #policies = new Map<EndpointDef, RetryPolicy | null>();

  constructor(options: HttpTransportOptions) {
    this.#sender = options.sender;
    this.#session = options.session;
    this.#retry = options.retry;
    this.#hooks = options.hooks;
  }

  #policyOf(endpoint: EndpointDef): RetryPolicy | undefined {
    let policy = this.#policies.get(endpoint);
    if (policy === undefined) {
      policy = policyOf(endpoint, this.#retry) ?? null;
      this.#policies.set(endpoint, policy);
    }
    return policy ?? undefined;
  }

  call<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E> = {},
    options: CallOptions = {},
  ): Promise<ResultOf<E>> {
    const hooks = options.hooks ? joinHooks(this.#hooks, options.hooks) : this.#hooks;
    if (!hooks?.beforeError) return this.#call(endpoint, input, options, hooks, undefined);
    return this.#callTellingErrors(endpoint, input, options, hooks, hooks.beforeError);
  }

  async #callTellingErrors<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    options: CallOptions,
    hooks: CallHooks,
    beforeError: NonNullable<CallHooks['beforeError']>,
  ): Promise<ResultOf<E>> {
    const progress: CallProgress = { attempts: 0, request: undefined };
    try {
      return await this.#call(endpoint, input, options, hooks, progress);
    } catch (error) {
      throw beforeError({
        endpoint: endpoint.id,
        error,
        attempts: progress.attempts,
        input: progress.request,
      });
    }
  }

  async #call<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    options: CallOptions,
    hooks: CallHooks | undefined,
    progress: CallProgress | undefined,
  ): Promise<ResultOf<E>> {
    const scope = this.#session.scope();
    try {
      const stored = this.#session.getTokens();
      // A synchronous store (memory, cookies) costs the call no wait.
      const tokens = isPromiseLike(stored) ? await stored : stored;
      if (!tokens) {
        if (endpoint.access === 'session') {
          await this.#session.lostTokens(scope);
          throw new NotLoggedInError({ endpoint: endpoint.id });
        }
        if (endpoint.access === 'contact') return undefined as ResultOf<E>;
      }
      // A call sent without a token belongs to no session (login itself, public pages).
      const stoppers: Stoppers = {
        signal: options.signal,
        scope: tokens ? scope : undefined,
        endpoint: endpoint.id,
      };
      throwIfStopped(stoppers);
      const request = this.#sender.prepare(endpoint, input);
      if (progress) progress.request = request;
      const policy = this.#policyOf(endpoint);
      // Only hooks on each attempt cost an attempt anything.
      const attemptHooks = hooks?.beforeAttempt || hooks?.afterResponse ? hooks : undefined;
      let accessToken = tokens?.accessToken ?? null;
      let replayed = false;
      for (let attempt = 1; ; attempt++) {
        if (progress) progress.attempts = attempt;
        let response: RawResponse;
        try {
          response = attemptHooks
            ? await this.#hookedAttempt(
                endpoint,
                request,
                accessToken,
                stoppers,
                options,
                attemptHooks,
                attempt,
              )
            : await this.#sender.attempt(endpoint, request, accessToken, stoppers, options.timeoutMs);
          if (policy?.statusCodes.includes(response.status)) throw httpError(endpoint, response);
        } catch (error) {
          // The budget is the call's, not each send's: the 403 replay is not one of its retries.
          const retry = replayed ? attempt - 1 : attempt;
          const delayMs = policy ? retryDelay(policy, retry, error) : undefined;
          if (delayMs === undefined) throw error;
          hooks?.onRetry?.({ endpoint: endpoint.id, attempt, retry, delayMs, error });
          await wait(delayMs, stoppers, options.stopRetries, error);
          continue;
        }
        if (response.status === 403 && tokens && accessToken && !replayed) {
          // One replay with the new token; a second 403 is a real refusal, not a refresh loop. The
          // caller's abort ends its own wait at once; the shared refresh goes on for the others.
          replayed = true;
          const fresh = await unlessStopped(this.#session.refresh(scope, accessToken), stoppers);
          throwIfStopped(stoppers);
          accessToken = fresh.accessToken;
          continue;
        }
        if (response.status === 406 && tokens) {
          await this.#session.end(scope, 'suspended');
          throw new SuspendedError({ endpoint: endpoint.id });
        }
        throwIfStopped(stoppers);
        return this.#sender.result(endpoint, response);
      }
    } catch (error) {
      // Stopped because its session ended: it rejects once that end is written (the store cleared,
      // `logout` announced, the lock released), not the moment the scope ended: a script or the CLI
      // exiting on NotLoggedInError would otherwise leave the refused credentials behind.
      if (scope.ended) await this.#session.endWritten();
      throw error;
    }
  }

  /** One attempt with its hooks: beforeAttempt may hold it, afterResponse hears its answer. */
  async #hookedAttempt(
    endpoint: EndpointDef,
    request: PreparedRequest,
    accessToken: string | null,
    stoppers: Stoppers,
    options: CallOptions,
    hooks: CallHooks,
    attempt: number,
  ): Promise<RawResponse> {
    const held = hooks.beforeAttempt?.({ endpoint: endpoint.id, attempt, input: request });
    if (held) {
      await unlessStopped(held, stoppers);
      throwIfStopped(stoppers);
    }
    if (!hooks.afterResponse) {
      return this.#sender.attempt(endpoint, request, accessToken, stoppers, options.timeoutMs);
    }
    const started = performance.now();
    const response = await this.#sender.attempt(endpoint, request, accessToken, stoppers, options.timeoutMs);
    const heard = hooks.afterResponse({
      endpoint: endpoint.id,
      attempt,
      status: response.status,
      durationMs: performance.now() - started,
      retryAfterMs: response.retryAfterMs,
      body: response.data,
    });
    if (heard) {
      await unlessStopped(heard, stoppers);
      throwIfStopped(stoppers);
    }
    return response;
  }
}

function isPromiseLike<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** How far a call got, for `beforeError`. */
interface CallProgress {
  attempts: number;
  request: PreparedRequest | undefined;
}
