import type { CallInput, CallOptions, EndpointDef, ResultOf } from '../endpoints/define';
import { HttpError, NotLoggedInError, SuspendedError } from '../errors';
import type { Tokens } from '../schemas/auth';
import type { SessionScope } from '../session/scope';
import type { LogoutReason } from '../session/session';
import { isRetryable, type RetryInfo } from './retry';
import type { HttpSender, RawResponse } from './sender';
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
  getTokens(): Promise<Tokens | null>;
  /** The single-flight refresh of `scope`'s session after `failedAccessToken` got 403. */
  refresh(scope: SessionScope, failedAccessToken: string): Promise<Tokens>;
  /** Ends `scope`'s session (once; nothing if it already ended). */
  end(scope: SessionScope, reason: LogoutReason): Promise<void>;
  /**
   * The store had no tokens for a call of `scope`'s session: if this client had a session (a
   * loaded user), another client sharing the store logged out, and it ends here too.
   */
  lostTokens(scope: SessionScope): Promise<void>;
}

export interface HttpTransportOptions {
  sender: HttpSender;
  session: TransportSession;
  /** Called before each retry wait (logging, progress displays, tests). */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

/**
 * The one HTTP path of the SDK's calls: the entry's access rule, its retry policy (one budget per
 * call), the 403 refresh-and-replay and the 406 suspension logout. The ended-session rule lives
 * here: a call of a session that ended (logout, or a login that replaced it) is stopped at once,
 * and after every `await` that could cross a logout the call checks again, so nothing of an ended
 * session is sent, replayed or answered.
 */
export class HttpTransport implements Transport {
  readonly #sender: HttpSender;
  readonly #session: TransportSession;
  readonly #onRetry: ((info: RetryInfo) => void) | undefined;

  constructor(options: HttpTransportOptions) {
    this.#sender = options.sender;
    this.#session = options.session;
    this.#onRetry = options.onRetry;
  }

  async call<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E> = {},
    options: CallOptions = {},
  ): Promise<ResultOf<E>> {
    const scope = this.#session.scope();
    const tokens = await this.#session.getTokens();
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
    const policy = endpoint.retry;
    let accessToken = tokens?.accessToken ?? null;
    let retried = 0;
    let replayed = false;
    for (;;) {
      let response: RawResponse;
      try {
        response = await this.#sender.attempt(endpoint, request, accessToken, stoppers, options.timeoutMs);
        if (policy?.statusCodes.includes(response.status)) {
          throw new HttpError(response.status, response.data, { endpoint: endpoint.id });
        }
      } catch (error) {
        if (!policy || retried >= policy.retries || !isRetryable(policy, error)) throw error;
        retried++;
        this.#onRetry?.({ endpoint: endpoint.id, retry: retried, delayMs: policy.delayMs, error });
        await wait(policy.delayMs, stoppers);
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
  }
}
