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
import { availableParallelism, loadavg } from 'node:os';
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

/** Time of `calls` sequential calls, in microseconds. */
async function batch(run: () => Promise<unknown>, calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return (performance.now() - started) * 1_000;
}
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

console.log(`User answer: ${userBody.length} bytes`);
// Other work on the machine skews the ratio (the side a load spike hits is slower): say how busy it was.
const load = () => `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores`;
console.log(`before: ${load()}`);
// Warm both paths (JIT, connection pool). The machine is shared, so its load changes by the
// second: short batches of each side run back to back and each SDK batch is compared with the
// raw batch next to it; the median of those ratios ignores the batches a load spike hit.
for (const run of [rawFetch, sdkCall, untimedCall]) await batch(run, 500);
const BATCHES = 301;
const CALLS = 20;
const raw: number[] = [];
const ratios: number[] = [];
const untimedRatios: number[] = [];
for (let i = 0; i < BATCHES; i++) {
  const rawTime = await batch(rawFetch, CALLS);
  const sdkTime = await batch(sdkCall, CALLS);
  const untimedTime = await batch(untimedCall, CALLS);
  raw.push(rawTime / CALLS);
  ratios.push(sdkTime / rawTime);
  untimedRatios.push(untimedTime / rawTime);
}
const ratio = median(ratios);
const untimedRatio = median(untimedRatios);
console.log(
  `raw fetch + json: median ${median(raw).toFixed(0)} us/call (${BATCHES} batches of ${CALLS} calls)`,
);
console.log(
  `SDK userInfo / raw fetch: ${ratio.toFixed(3)}x (bearer, no-cache, zod parse, time limit, session scope; goal <= 1.15x) ${ratio <= 1.15 ? 'OK' : 'ABOVE GOAL'} [${load()}]`,
);
console.log(`SDK without the per-attempt time limit / raw fetch: ${untimedRatio.toFixed(3)}x [${load()}]`);
console.log(`after: ${load()}`);

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
  `Refresh storm: 1000 concurrent 403s -> ${refreshCalls} refresh call(s), all answered in ${stormMs.toFixed(0)} ms (goal: exactly 1) ${refreshCalls === 1 ? 'OK' : 'NOT MET'} [${load()}]`,
);

server.closeAllConnections();
server.close();
if (refreshCalls !== 1) process.exitCode = 1;
