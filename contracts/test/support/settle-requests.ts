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

/** Read once per worker: this setup file runs again for each file, and each read makes a consumer pact. */
const READER = Symbol.for('matchmaker.contracts.mismatchReader');
const readers = globalThis as typeof globalThis & { [READER]?: ReturnType<typeof loadMismatchReader> };
readers[READER] ??= loadMismatchReader();
const readLog = readers[READER];

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
/**
 * The fetch Node came with, kept on globalThis: the files share a worker without isolation, and
 * this setup file runs again for each of them; wrapping the previous file's wrapper would stack
 * one more wait per file.
 */
const NATIVE_FETCH = Symbol.for('matchmaker.contracts.nativeFetch');
const holder = globalThis as typeof globalThis & { [NATIVE_FETCH]?: typeof fetch };
holder[NATIVE_FETCH] ??= globalThis.fetch;
const nativeFetch = holder[NATIVE_FETCH];

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
