/**
 * SDK clients pointed at the Pact mock server. Tokens start in a memory store so each test begins
 * in the session it needs; cross-tab locks are off (there are no tabs in Node).
 *
 * The clients keep the SDK's retry policies, as the SDK ships them. The Pact mock server answers
 * a request that matches no interaction with HTTP 500, which a retried call would wait out
 * (devices.register: 5 retries, 5 s apart): pass `failFast(server)` as the options of every call
 * whose entry has a retry policy (devices.register, accounts.updateLocation, analytics.dau), and a
 * mismatch fails the test at once. The token refresh retries inside the session (3 times, 1 s
 * apart) take no signal; a mismatch there costs 3 s.
 */
import { readFileSync } from 'node:fs';
import { type CallOptions, createClient, MemoryTokenStore, type Tokens } from '@matchmaker/sdk';
import { ADMIN, MEMBER } from '../../src/examples';

interface Server {
  url: string;
}

/** A short time limit: the mock server answers at once, and a hang should fail fast. */
const TIMEOUT_MS = 5_000;

/** One per mock server (pact-js makes a server object per test): aborted at its first 5xx answer. */
const mismatches = new WeakMap<Server, AbortController>();

function mismatchesOf(server: Server): AbortController {
  let controller = mismatches.get(server);
  if (controller === undefined) {
    controller = new AbortController();
    mismatches.set(server, controller);
  }
  return controller;
}

/**
 * Call options whose signal aborts when the mock server answers any request of this test with
 * 5xx. No interaction of these pacts answers 5xx, so that is the mock server saying "mismatch":
 * the SDK's retry wait ends at once with an AbortedError whose cause names the request, and
 * pact-js logs the mock server's mismatch report next to it.
 */
export function failFast(server: Server): CallOptions {
  return { signal: mismatchesOf(server).signal };
}

/** The fetch of a test client: globalThis.fetch (as settle-requests.ts wraps it), watching for 5xx. */
function watchedFetch(server: Server): typeof fetch {
  const controller = mismatchesOf(server);
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (response.status < 500) return response;
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input));
    const method = init?.method ?? request?.method ?? 'GET';
    // Read before aborting: the abort would otherwise cut the body the SDK is about to read.
    const text = await response.text();
    controller.abort(
      new Error(
        `The Pact mock server answered ${method} ${url.pathname}${url.search} with HTTP ${response.status}, its answer to a request that matches no interaction (a mismatch): ${text}`,
      ),
    );
    return new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

export function anonymousClient(server: Server) {
  return createClient({
    baseURL: server.url,
    locks: null,
    timeoutMs: TIMEOUT_MS,
    fetch: watchedFetch(server),
  });
}

export function clientWith(server: Server, tokens: Tokens) {
  return createClient({
    baseURL: server.url,
    tokenStore: new MemoryTokenStore(tokens),
    locks: null,
    timeoutMs: TIMEOUT_MS,
    fetch: watchedFetch(server),
  });
}

export const memberClient = (server: Server) =>
  clientWith(server, { accessToken: MEMBER.accessToken, refreshToken: MEMBER.refreshToken });

export const adminClient = (server: Server) =>
  clientWith(server, { accessToken: ADMIN.accessToken, refreshToken: 'admin-refresh-token' });

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/** A 1x1 PNG: profile photos and chat files. */
export const PHOTO_PNG = fixture('photo.png');
/** A tiny PDF: KYC documents. */
export const DOCUMENT_PDF = fixture('document.pdf');
