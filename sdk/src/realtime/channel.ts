import type { Socket } from 'socket.io-client';
import { isNotLoggedInError, TimeoutError } from '../errors';
import { Emitter } from '../session/emitter';
import { parseOrThrow } from '../transport/validate';
import { reconnectDelay } from './backoff';
import type { ChannelDisconnectInfo, ChannelEvents, ChannelReconnectInfo, EventSchemas } from './events';

/**
 * `idle`: closed, nothing scheduled. `connecting`: reading the token, waiting for the user, or
 * handshaking. `connected`. `waiting`: a retry is scheduled (1 to 5 s).
 */
export type ChannelState = 'idle' | 'connecting' | 'connected' | 'waiting';

/** Whether a channel may open now; `later` waits (with no timer) until `recheck()` says yes. */
export type ChannelPermission = 'yes' | 'no' | 'later';

/** What a channel needs from the realtime coordinator (session access, policies, URLs). */
export interface ChannelDeps {
  /** Names the channel in errors: `realtime.<name>.<event>`. */
  name: string;
  /** Origin plus namespace, such as `https://api.example.com/chat`. */
  url: string;
  path: string;
  connectionTimeoutMs: number;
  /** The server events this channel delivers, with their payload schemas. */
  schemas: EventSchemas;
  /** The access token for one attempt, read fresh every time; null when logged out. */
  getToken: () => Promise<string | null>;
  permission: () => ChannelPermission;
  /** The shared single-flight refresh, after the server refused `failedToken`. */
  refresh: (failedToken: string) => Promise<unknown>;
  /** Ends the session when the server refuses even a refreshed token. */
  logout: () => Promise<unknown>;
  /** The server said the token this socket was opened with has expired. */
  onTokenExpired: (token: string) => void;
  onError: (error: unknown) => void;
  random?: () => number;
}

/** Internally every handler takes at most one argument; `on` restores the precise types. */
type LooseEvents = Record<string, (arg?: unknown) => void>;

type SocketIo = typeof import('socket.io-client');

/**
 * socket.io-client and engine.io (about 110 KB unminified) load when a channel first opens a
 * socket, not with the SDK: a web page paints and asks for its first data without them, and a
 * CLI command that never opens a channel never parses them. One load, shared by every channel.
 */
let socketIo: Promise<SocketIo> | null = null;
function loadSocketIo(): Promise<SocketIo> {
  socketIo ??= import('socket.io-client').catch((error: unknown) => {
    // Not kept: the next attempt loads it again.
    socketIo = null;
    throw error;
  });
  return socketIo;
}

const TOKEN_EXPIRED = 'token_expired';
const SERVER_DISCONNECT = 'io server disconnect';

/**
 * One socket.io namespace. socket.io-client's own reconnection is off: it would reuse the token of
 * the first handshake, and its jitter can wait less than the 1 s minimum. Instead every attempt
 * builds a fresh socket with the token read from the session at that moment, and failures are
 * retried after `reconnectDelay`. An epoch counter, bumped whenever the channel restarts or stops,
 * makes callbacks of an older socket or an older async step do nothing.
 */
export class RealtimeChannel<P extends Record<string, unknown>> {
  readonly #deps: ChannelDeps;
  readonly #events: Emitter<LooseEvents>;
  #state: ChannelState = 'idle';
  #socket: Socket | null = null;
  #token: string | null = null;
  #epoch = 0;
  /** The connection-timeout timer while handshaking, or the retry timer while waiting. */
  #timer: ReturnType<typeof setTimeout> | null = null;
  #attempt = 0;
  #awaitingPermission = false;
  /** The current socket was told its token expired: the server closing it is then expected. */
  #tokenExpired = false;
  /** Set once a refusal led to a refresh; a second refusal before a connect ends the session. */
  #refreshedAfterRefusal = false;
  #waiters: ((connected: boolean) => void)[] = [];

  constructor(deps: ChannelDeps) {
    this.#deps = deps;
    this.#events = new Emitter<LooseEvents>(deps.onError);
  }

  get name(): string {
    return this.#deps.name;
  }

  get state(): ChannelState {
    return this.#state;
  }

  get connected(): boolean {
    return this.#state === 'connected';
  }

  /** The access token the current socket was opened with (null without a socket). */
  get token(): string | null {
    return this.#token;
  }

  /**
   * Opens the channel and keeps it open until `disconnect()` or logout. Resolves true once
   * connected, false if it stopped first (no session, not allowed, refused, disconnected).
   * Never rejects, so it is safe to call without awaiting.
   */
  connect(): Promise<boolean> {
    if (this.#state === 'connected') return Promise.resolve(true);
    const settled = new Promise<boolean>((resolve) => this.#waiters.push(resolve));
    if (this.#state === 'idle') this.#start();
    return settled;
  }

  /** Closes the socket and cancels any scheduled retry. Listeners stay subscribed. */
  disconnect(): void {
    this.#stop('io client disconnect');
  }

  /**
   * Subscribes to a server event (payload validated against its schema) or a lifecycle event
   * (`connect`, `disconnect`, `reconnecting`). Returns the unsubscribe function.
   */
  on<K extends keyof ChannelEvents<P> & string>(event: K, handler: ChannelEvents<P>[K]): () => void {
    return this.#events.on(event, handler as LooseEvents[string]);
  }

  /**
   * Reopens the channel now, with the session's current token (after a refresh). Does nothing
   * when the channel is closed or already has a socket opened with `token`.
   */
  renew(token?: string): void {
    if (this.#state === 'idle') return;
    if (token !== undefined && this.#socket !== null && this.#token === token) return;
    this.#start();
  }

  /** Applies a change of permission (the user loaded, or turned out to be an admin). */
  recheck(): void {
    if (this.#state === 'idle') return;
    const permission = this.#deps.permission();
    if (permission === 'no') this.#stop('not-allowed');
    else if (permission === 'yes' && this.#awaitingPermission) this.#start();
  }

  /** Stops the channel and drops every listener (logout). */
  reset(reason: string): void {
    this.#stop(reason);
    this.#events.clear();
  }

  /**
   * Sends an event when connected. Typing indicators and the like are worthless later, so
   * nothing is queued while disconnected: the result says whether it was sent.
   */
  protected send(event: string, payload: unknown): boolean {
    if (this.#state !== 'connected' || this.#socket === null) return false;
    this.#socket.emit(event, payload);
    return true;
  }

  #start(): void {
    const epoch = ++this.#epoch;
    this.#clearTimer();
    this.#dropSocket();
    this.#state = 'connecting';
    this.#awaitingPermission = false;
    void this.#open(epoch);
  }

  async #open(epoch: number): Promise<void> {
    // An async token store (cookies, files) can fail, and so can loading socket.io (a web chunk
    // gone after a deploy, the network): either is a failed attempt, retried like one.
    const token = await this.#attemptStep(epoch, () => this.#deps.getToken());
    if (token === undefined) return;
    if (token === null) {
      this.#stop('not-logged-in');
      return;
    }
    const permission = this.#deps.permission();
    if (permission === 'no') {
      this.#stop('not-allowed');
      return;
    }
    if (permission === 'later') {
      this.#awaitingPermission = true;
      return;
    }
    const library = await this.#attemptStep(epoch, loadSocketIo);
    if (library === undefined) return;
    this.#openSocket(epoch, token, library.io);
  }

  /**
   * One async step of an attempt: its result, or undefined when it failed (reported, a retry
   * scheduled) or the channel stopped or restarted meanwhile (a newer epoch).
   */
  async #attemptStep<T>(epoch: number, step: () => Promise<T>): Promise<T | undefined> {
    let result: T;
    try {
      result = await step();
    } catch (error) {
      if (epoch !== this.#epoch) return undefined;
      this.#deps.onError(error);
      this.#scheduleRetry(epoch, error);
      return undefined;
    }
    return epoch === this.#epoch ? result : undefined;
  }

  #openSocket(epoch: number, token: string, io: SocketIo['io']): void {
    const { url, path, connectionTimeoutMs, schemas } = this.#deps;
    const socket = io(url, {
      path,
      transports: ['websocket'],
      query: { token },
      // One manager per attempt: the query (the token) is fixed per manager, and a shared one
      // would tie the two channels' lifecycles together.
      forceNew: true,
      multiplex: false,
      reconnection: false,
      timeout: connectionTimeoutMs,
      autoConnect: false,
    });
    this.#socket = socket;
    this.#token = token;
    this.#tokenExpired = false;
    socket.on('connect', () => this.#guard(() => this.#onConnect(epoch)));
    socket.on('connect_error', (error: Error) =>
      this.#guard(() => this.#onConnectError(epoch, socket, token, error)),
    );
    socket.on('disconnect', (reason: string) => this.#guard(() => this.#onDisconnect(epoch, reason)));
    for (const event of new Set([...Object.keys(schemas), TOKEN_EXPIRED])) {
      socket.on(event, (payload: unknown) => this.#guard(() => this.#receive(epoch, token, event, payload)));
    }
    // socket.io's `timeout` covers only the transport handshake; this one covers the namespace too.
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (epoch !== this.#epoch) return;
      this.#dropSocket();
      this.#scheduleRetry(
        epoch,
        new TimeoutError(connectionTimeoutMs, { endpoint: `realtime.${this.#deps.name}` }),
      );
    }, connectionTimeoutMs);
    socket.connect();
  }

  #onConnect(epoch: number): void {
    if (epoch !== this.#epoch) return;
    this.#clearTimer();
    this.#state = 'connected';
    this.#attempt = 0;
    this.#refreshedAfterRefusal = false;
    this.#settle(true);
    this.#events.emit('connect');
  }

  #onConnectError(epoch: number, socket: Socket, token: string, error: Error): void {
    if (epoch !== this.#epoch) return;
    // An inactive socket after connect_error means the server's middleware refused the
    // handshake (its auth check); an active one means the transport failed and a retry may work.
    // Read it before dropping the socket, which deactivates it.
    const refused = !socket.active;
    this.#clearTimer();
    this.#dropSocket();
    if (refused) void this.#onRefused(epoch, token, error);
    else this.#scheduleRetry(epoch, error);
  }

  async #onRefused(epoch: number, token: string, error: Error): Promise<void> {
    if (this.#refreshedAfterRefusal) {
      this.#stop('refused');
      await this.#deps.logout().catch((failure: unknown) => this.#deps.onError(failure));
      return;
    }
    this.#refreshedAfterRefusal = true;
    try {
      await this.#deps.refresh(token);
    } catch (failure) {
      if (epoch !== this.#epoch) return;
      if (isNotLoggedInError(failure)) {
        // The refresh ended the session (or there was none); the logout event does the rest.
        this.#stop('not-logged-in');
        return;
      }
      // No refresh happened (network, 5xx): the next refusal may try again.
      this.#refreshedAfterRefusal = false;
      this.#deps.onError(failure);
      this.#scheduleRetry(epoch, failure ?? error);
      return;
    }
    // The session's `refresh` event may already have restarted the channel (a newer epoch).
    if (epoch === this.#epoch) this.#start();
  }

  #onDisconnect(epoch: number, reason: string): void {
    if (epoch !== this.#epoch) return;
    this.#dropSocket();
    if (reason === SERVER_DISCONNECT && !this.#tokenExpired) {
      // As in socket.io: a server that closes the socket itself (logout elsewhere, suspension)
      // does not want it back, so the channel stays closed until connect() is called again.
      this.#stop(reason, true);
      return;
    }
    const retry = this.#scheduleRetry(epoch, reason, false);
    this.#events.emit('disconnect', { reason, reconnect: true } satisfies ChannelDisconnectInfo);
    this.#events.emit('reconnecting', retry);
  }

  #receive(epoch: number, token: string, event: string, payload: unknown): void {
    if (epoch !== this.#epoch) return;
    // Any channel's token_expired refreshes, whatever its payload: it only has to arrive. SPEC.md:
    // it means a refresh and a reconnect, whatever the server then does with the old socket, so
    // a server close after it is a drop to recover from (the refresh's `renew` or the retry timer
    // reopens the channel), not a request to stay away.
    if (event === TOKEN_EXPIRED) {
      this.#tokenExpired = true;
      this.#deps.onTokenExpired(token);
    }
    const schema = this.#deps.schemas[event];
    if (!schema) return;
    let parsed: unknown;
    try {
      parsed = parseOrThrow(schema, payload, `realtime.${this.#deps.name}.${event}`, 'event');
    } catch (error) {
      // A malformed event is reported and dropped; subscribers only ever see valid payloads.
      this.#deps.onError(error);
      return;
    }
    this.#events.emit(event, parsed);
  }

  #scheduleRetry(epoch: number, error: unknown, announce = true): ChannelReconnectInfo {
    const attempt = this.#attempt++;
    const delayMs = reconnectDelay(attempt, this.#deps.random);
    this.#state = 'waiting';
    this.#clearTimer();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (epoch === this.#epoch) this.#start();
    }, delayMs);
    const info: ChannelReconnectInfo = { attempt, delayMs, error };
    if (announce) this.#events.emit('reconnecting', info);
    return info;
  }

  #stop(reason: string, wasConnected = this.#state === 'connected'): void {
    this.#epoch++;
    this.#clearTimer();
    this.#dropSocket();
    this.#state = 'idle';
    this.#attempt = 0;
    this.#awaitingPermission = false;
    this.#refreshedAfterRefusal = false;
    this.#settle(false);
    if (wasConnected) this.#events.emit('disconnect', { reason, reconnect: false });
  }

  #dropSocket(): void {
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = null;
    this.#token = null;
    // Listeners first, so our own disconnect is not mistaken for a drop.
    socket.removeAllListeners();
    socket.disconnect();
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #settle(connected: boolean): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(connected);
  }

  /** Nothing may throw back into socket.io's event loop; errors go to onError. */
  #guard(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.#deps.onError(error);
    }
  }
}
