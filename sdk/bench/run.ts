/**
 * SDK benchmarks (run with `pnpm bench` in sdk/ or at the root):
 * 1. Call overhead: `client.accounts.userInfo()` (bearer, no-cache headers, zod parsing of a ~2 KB
 *    user) against a raw `fetch` + `res.json()` of the same URL on the same local server, as a
 *    ratio. Goal: at most 1.15x.
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

async function time(label: string, iterations: number, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await run();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(34)} ${iterations} calls  ${(ms / iterations).toFixed(3)} ms/call`);
  return ms;
}

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

console.log(`User answer: ${userBody.length} bytes`);
// Warm both paths (JIT, connection pool) before measuring; then alternate rounds to even out noise.
await time('warm-up raw fetch', 500, rawFetch);
await time('warm-up SDK', 500, () => client.accounts.userInfo());
const rounds = 3;
let raw = 0;
let sdk = 0;
for (let round = 0; round < rounds; round++) {
  raw += await time(`raw fetch + json (round ${round + 1})`, 2_000, rawFetch);
  sdk += await time(`SDK userInfo (round ${round + 1})`, 2_000, () => client.accounts.userInfo());
}
const ratio = sdk / raw;
console.log(`\nSDK / raw fetch: ${ratio.toFixed(3)}x (goal <= 1.15x) ${ratio <= 1.15 ? 'OK' : 'ABOVE GOAL'}`);

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
