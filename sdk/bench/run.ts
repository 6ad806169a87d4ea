/**
 * SDK benchmarks (run with `pnpm bench` in sdk/ or at the root):
 * 1. Call overhead: `client.accounts.userInfo()` (bearer, no-cache headers, zod parsing of a ~2 KB
 *    user, the per-attempt time limit, and the call's subscription to its session's scope, which
 *    logout ends) against a raw `fetch` + `res.json()` of the same URL on the same local server,
 *    as a ratio. Goal: at most 1.15x.
 * 2. Refresh storm: 1,000 concurrent calls that all get 403 share one refresh call.
 * Numbers are printed, not asserted: they depend on the machine.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, MemoryTokenStore } from '../src/index';
import { sampleUser } from '../test/support/client';

const USER_PATH = '/api/usermgmt/v2/accounts/user/info';
const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';
// About 2 KB, like a real user with a long 'about' text.
const userBody = JSON.stringify(sampleUser({ about: 'I value family, faith and honesty. '.repeat(45) }));

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
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const client = createClient({
  baseURL: base,
  tokenStore: new MemoryTokenStore({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
  locks: null,
});
const rawFetch = async () => {
  const res = await fetch(`${base}${USER_PATH}`, {
    headers: { Authorization: 'Bearer access-1', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  return res.json();
};
const sdkCall = () => client.accounts.userInfo();
// The same client without the per-attempt time limit: each limit costs an AbortController and a
// timer per call, which Node's fetch then has to follow. Shows what the limit itself costs.
const untimedClient = createClient({
  baseURL: base,
  tokenStore: new MemoryTokenStore({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
  locks: null,
  timeoutMs: 0,
});
const untimedCall = () => untimedClient.accounts.userInfo();

/** Mean time of one call over `calls` sequential calls, in microseconds. */
async function round(run: () => Promise<unknown>, calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return ((performance.now() - started) / calls) * 1_000;
}
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

console.log(`User answer: ${userBody.length} bytes`);
// Warm both paths (JIT, connection pool), then interleave short rounds so that load from other
// processes hits both sides alike, and compare medians, which ignore the odd slow round.
await round(rawFetch, 500);
await round(sdkCall, 500);
await round(untimedCall, 500);
const raw: number[] = [];
const sdk: number[] = [];
const untimed: number[] = [];
for (let i = 0; i < 21; i++) {
  raw.push(await round(rawFetch, 400));
  sdk.push(await round(sdkCall, 400));
  untimed.push(await round(untimedCall, 400));
}
const ratio = median(sdk) / median(raw);
const untimedRatio = median(untimed) / median(raw);
console.log(`raw fetch + json: median ${median(raw).toFixed(0)} us/call over 21 rounds of 400 calls`);
console.log(`SDK userInfo:     median ${median(sdk).toFixed(0)} us/call (bearer, no-cache, zod parse)`);
console.log(`SDK, timeoutMs 0:  median ${median(untimed).toFixed(0)} us/call`);
console.log(`SDK / raw fetch: ${ratio.toFixed(3)}x (goal <= 1.15x) ${ratio <= 1.15 ? 'OK' : 'ABOVE GOAL'}`);
console.log(`SDK without the per-attempt time limit / raw fetch: ${untimedRatio.toFixed(3)}x`);

// Refresh storm: every client call is sent with an expired token at once.
validAccess = 'expired-on-the-server';
refreshCalls = 0;
const stormClient = createClient({
  baseURL: base,
  tokenStore: new MemoryTokenStore({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
  locks: null,
});
const started = performance.now();
await Promise.all(Array.from({ length: 1_000 }, () => stormClient.accounts.userInfo()));
const stormMs = performance.now() - started;
console.log(
  `Refresh storm: 1000 concurrent 403s -> ${refreshCalls} refresh call(s), all answered in ${stormMs.toFixed(0)} ms`,
);

server.closeAllConnections();
server.close();
if (refreshCalls !== 1) process.exitCode = 1;
