/**
 * SDK benchmarks (run with `pnpm bench` in sdk/ or at the root):
 * 1. Call overhead: `client.accounts.userInfo()` (bearer, no-cache headers, zod parsing of a ~2 KB
 *    user, the per-attempt time limit, and the call's subscription to its session's scope, which
 *    logout ends) against a raw `fetch` + `res.json()` of the same URL on the same local server,
 *    as a ratio. Goal: at most 1.15x.
 * 2. Refresh storm: 1,000 concurrent calls that all get 403 share one refresh call.
 * Numbers are printed, not asserted: they depend on the machine.
 */
import { createClient, MemoryTokenStore } from '../src/index';
import { COMPILE_AFTER_PARSES } from '../src/transport/validate';
import { batch, benchTokens, load, median, rawFetchOf, startBenchServer, userBody } from './support';

const server = await startBenchServer();
const base = server.base;

const client = createClient({ baseURL: base, tokenStore: new MemoryTokenStore(benchTokens()), locks: null });
const rawFetch = rawFetchOf(base);
const sdkCall = () => client.accounts.userInfo();
// The same client without the per-attempt time limit: shows what the limit itself costs (a place
// in the client's queue of deadlines; the attempt's AbortController stays, for the caller's
// signal and the session's end).
const untimedClient = createClient({
  baseURL: base,
  tokenStore: new MemoryTokenStore(benchTokens()),
  locks: null,
  timeoutMs: 0,
});
const untimedCall = () => untimedClient.accounts.userInfo();

console.log(`User answer: ${userBody.length} bytes`);
console.log(`before: ${load()}`);
// Warm both paths (JIT, connection pool), and past the parses after which the user schema is
// compiled: the bench measures a client in use (an app, a bulk run); a process's first
// COMPILE_AFTER_PARSES answers of a schema are parsed by zod's runtime. The machine is shared, so
// its load changes by the second: short batches of each side run back to back and each SDK batch is
// compared with the raw batch next to it; the median of those ratios ignores the batches a load
// spike hit.
for (const run of [rawFetch, sdkCall, untimedCall]) await batch(run, Math.max(500, COMPILE_AFTER_PARSES));
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
server.expireTokens();
const stormClient = createClient({
  baseURL: base,
  tokenStore: new MemoryTokenStore(benchTokens()),
  locks: null,
});
const started = performance.now();
await Promise.all(Array.from({ length: 1_000 }, () => stormClient.accounts.userInfo()));
const stormMs = performance.now() - started;
const refreshCalls = server.refreshCalls;
console.log(
  `Refresh storm: 1000 concurrent 403s -> ${refreshCalls} refresh call(s), all answered in ${stormMs.toFixed(0)} ms (goal: exactly 1) ${refreshCalls === 1 ? 'OK' : 'NOT MET'} [${load()}]`,
);

server.close();
if (refreshCalls !== 1) process.exitCode = 1;
