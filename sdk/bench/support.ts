/** What the SDK's benches share: the loopback server with its ~2 KB user, timing and the load average. */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { sampleUser } from '../test/support/client';

export const USER_PATH = '/api/usermgmt/v2/accounts/user/info';
const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
// About 2 KB, like a real user with a long 'about' text.
export const userBody = JSON.stringify(
  sampleUser({ about: 'I value family, faith and honesty. '.repeat(45) }),
);
/** The tokens every bench client starts with. */
export const benchTokens = () => ({ accessToken: 'access-1', refreshToken: 'refresh-1' });

export interface BenchServer {
  base: string;
  /** Refresh calls answered so far. */
  readonly refreshCalls: number;
  /** From now on the server refuses every access token it has given out with 403 until a refresh. */
  expireTokens(): void;
  close(): void;
}

/** A node:http server on 127.0.0.1 answering the user (with `access-1`, or the latest refreshed token) and refreshes. */
export async function startBenchServer(): Promise<BenchServer> {
  let validAccess = 'access-1';
  let refreshCalls = 0;
  const server = createServer((req, res) => {
    if (req.url === REFRESH_PATH) {
      refreshCalls++;
      req.resume();
      req.on('end', () => {
        validAccess = `access-${refreshCalls + 1}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: validAccess, refresh_token: `refresh-${refreshCalls + 1}` }));
      });
      return;
    }
    if (req.headers.authorization !== undefined && req.headers.authorization !== `Bearer ${validAccess}`) {
      res.writeHead(403).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(userBody);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refreshCalls() {
      return refreshCalls;
    },
    expireTokens() {
      validAccess = 'expired-on-the-server';
      refreshCalls = 0;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The comparison's baseline: a raw `fetch` + `res.json()` of the user with the SDK's headers. */
export function rawFetchOf(base: string): () => Promise<unknown> {
  return async () => {
    const res = await fetch(`${base}${USER_PATH}`, {
      headers: { Authorization: 'Bearer access-1', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
    return res.json();
  };
}

/** Time of `calls` sequential calls, in microseconds. */
export async function batch(run: () => Promise<unknown>, calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return (performance.now() - started) * 1_000;
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

// Other work on the machine skews the ratio (the side a load spike hits is slower): say how busy it was.
export const load = () =>
  `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores`;
