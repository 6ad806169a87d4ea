/**
 * Makes every fetch of a test wait, after the answer, until the Pact mock server has recorded the
 * request. The mock server records a match asynchronously after answering, and pact-js asks for
 * mismatches as soon as the test function resolves: on a busy machine a request that did match
 * was then reported as "expected but not received". Installed on globalThis.fetch (a vitest setup
 * file) because that is what the SDK's ofetch calls in Node (the test clients' fetch calls it too).
 *
 * The request log is read through pact-core's private API (pact-core-mismatches.ts): if a Pact
 * upgrade removes it, loading this file throws, naming the pact-core version, so every test file
 * fails with that message instead of this file silently doing nothing.
 */
import { loadMismatchReader } from './pact-core-mismatches';

/**
 * Kept on globalThis, once per worker: the files share a worker without isolation and this setup
 * file runs again for each of them. Node's own fetch, so that each file wraps it and not the
 * previous file's wrapper (one more wait per file); and the log reader, whose every load makes a
 * consumer pact.
 */
const KEPT = Symbol.for('matchmaker.contracts.settleRequests');
const holder = globalThis as typeof globalThis & {
  [KEPT]?: { nativeFetch: typeof fetch; readLog: ReturnType<typeof loadMismatchReader> };
};
holder[KEPT] ??= { nativeFetch: globalThis.fetch, readLog: loadMismatchReader() };
const { nativeFetch, readLog } = holder[KEPT];

/**
 * Grows by one with every request the mock server has taken in, matched or not; undefined when no
 * mock server listens on the port (a sandbox in the realtime tests, say).
 */
function progress(port: number): number | undefined {
  const entries = readLog(port);
  if (entries === undefined) return undefined;
  let score = 0;
  for (const entry of entries) score += entry.type === 'missing-request' ? -1 : 1;
  return score;
}

const MAX_WAIT_MS = 2_000;
const MOCK_SERVER_HOST = '127.0.0.1';

globalThis.fetch = async (input, init) => {
  const target = new URL(input instanceof Request ? input.url : String(input));
  if (target.hostname !== MOCK_SERVER_HOST) return nativeFetch(input, init);
  const port = Number(target.port);
  const before = progress(port);
  const response = await nativeFetch(input, init);
  if (before === undefined) return response;
  const deadline = Date.now() + MAX_WAIT_MS;
  while ((progress(port) ?? before + 1) <= before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return response;
};
