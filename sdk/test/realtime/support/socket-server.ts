import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { sampleUser } from '../../support/client';

export const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
export const LOGOUT_PATH = '/api/usermgmt/v2/accounts/logout';
export const USER_PATH = '/api/usermgmt/v2/accounts/user/info';

/** One namespace handshake as the auth middleware saw it, accepted or not. */
export interface Handshake {
  namespace: string;
  token: string | undefined;
  /** The engine.io transport of the handshake ('websocket' or 'polling'). */
  transport: string;
  accepted: boolean;
}

/**
 * A socket.io server and the token endpoints on one node:http server on 127.0.0.1, like the API:
 * `/notifications` and `/chat` accept a handshake whose query `token` is in `valid`; the refresh
 * endpoint rotates tokens (access-2, refresh-2, ...) and, unless `acceptRefreshedTokens` is off,
 * makes the new access token valid. Polling stays enabled on the server so that a client that
 * used it would be seen.
 */
export interface RealtimeTestServer {
  readonly url: string;
  readonly io: Server;
  readonly handshakes: Handshake[];
  readonly valid: Set<string>;
  readonly stats: { refreshCalls: number; logoutCalls: number };
  acceptRefreshedTokens: boolean;
  /** Delays refresh answers, so concurrent callers overlap. */
  refreshDelayMs: number;
  /** Back to the first state: only access-1 valid, the next refresh gives access-2, no records. */
  reset(): void;
  /** Connected sockets of a namespace. */
  sockets(namespace: string): Socket[];
  close(): Promise<void>;
}

export async function startRealtimeServer(
  initialTokens: readonly string[] = ['access-1'],
): Promise<RealtimeTestServer> {
  let generation = 1;
  const http = createServer((req, res) => {
    void answer(req, res);
  });
  const io = new Server(http, { transports: ['websocket', 'polling'], serveClient: false });

  const state: RealtimeTestServer = {
    url: '',
    io,
    handshakes: [],
    valid: new Set(initialTokens),
    stats: { refreshCalls: 0, logoutCalls: 0 },
    acceptRefreshedTokens: true,
    refreshDelayMs: 0,
    reset: () => {
      generation = 1;
      state.handshakes.length = 0;
      state.valid.clear();
      for (const token of initialTokens) state.valid.add(token);
      state.stats.refreshCalls = 0;
      state.stats.logoutCalls = 0;
      state.acceptRefreshedTokens = true;
      state.refreshDelayMs = 0;
    },
    sockets: (namespace) => [...io.of(namespace).sockets.values()],
    close: async () => {
      io.of('/notifications').disconnectSockets(true);
      io.of('/chat').disconnectSockets(true);
      io.engine.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for await (const _chunk of req) {
      // Drain the body; only the path matters here.
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === REFRESH_PATH) {
      state.stats.refreshCalls++;
      if (state.refreshDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.refreshDelayMs));
      generation++;
      const access = `access-${generation}`;
      if (state.acceptRefreshedTokens) state.valid.add(access);
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ access_token: access, refresh_token: `refresh-${generation}` }));
      return;
    }
    if (path === USER_PATH) {
      // Answers 403 to a token that is no longer valid, which starts the client's refresh.
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const ok = state.valid.has(token);
      res.writeHead(ok ? 200 : 403, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(ok ? sampleUser() : { message: 'forbidden' }));
      return;
    }
    if (path === LOGOUT_PATH) state.stats.logoutCalls++;
    res.writeHead(path === LOGOUT_PATH ? 204 : 404, { connection: 'close' });
    res.end();
  }

  for (const namespace of ['/notifications', '/chat']) {
    io.of(namespace).use((socket, next) => {
      const raw = socket.handshake.query.token;
      const token = typeof raw === 'string' ? raw : undefined;
      const accepted = token !== undefined && state.valid.has(token);
      state.handshakes.push({ namespace, token, transport: socket.conn.transport.name, accepted });
      next(
        accepted ? undefined : Object.assign(new Error('unauthorized'), { data: { code: 'TOKEN_INVALID' } }),
      );
    });
  }

  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return Object.assign(state, { url: `http://127.0.0.1:${port}` });
}

/** The suite's one wait for a condition (support/stores.ts), under the name these tests use. */
export { until as waitFor } from '../../support/stores';
