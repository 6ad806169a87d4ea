/**
 * lib/early-fetch.ts through the SDK's client, against a real HTTP server: an answer the preload
 * script asked for early is the first attempt of the same call (one request reaches the server),
 * and only of that call, for that token, while it is fresh; the caller's signal aborts it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_GLOBAL, EARLY_MAX_AGE_MS } from '../../src/config/early-requests';
import { earlyFetch, type SentEarly, takeSentEarly } from '../../src/lib/early-fetch';

/** A user answer the SDK's contract accepts (the fields it requires). */
const USER = {
  keycloakId: 'kc-1',
  roles: ['General'],
  is_deleted: false,
  username: 'amina',
  first_name: 'Amina',
  last_name: 'Khan',
  email: 'amina@example.com',
};

/** An empty page of the admin's user search. */
const SEARCH_PAGE = { page: 1, per_page: 15, total: 0, total_pages: 1, users: [] };

let server: Server;
let base = '';
const seen: { path: string; authorization: string | undefined; body?: string }[] = [];
/** Answers of /slow wait for this. */
let releaseSlow = () => {};

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response) => {
    if (request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(SEARCH_PAGE));
      return;
    }
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    const answer = () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(USER));
    };
    if (request.url?.startsWith('/drop')) {
      // The connection closes before any answer: the early call fails as a dropped line does.
      request.socket.destroy();
      return;
    }
    if (request.url?.startsWith('/slow')) {
      const wait = new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      void wait.then(answer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const INFO = '/api/usermgmt/v2/accounts/user/info';

/** What the preload script does for one call: sends it now, with the token, and keeps the answer. */
function sendEarly(
  token: string,
  path = INFO,
  sentAt = performance.now(),
  body = '',
): SentEarly & { aborted: unknown[] } {
  const controller = new AbortController();
  const aborted: unknown[] = [];
  const url = `${base}${path}`;
  const authorization = `Bearer ${token}`;
  const method = body ? 'POST' : 'GET';
  const init: RequestInit = { method, headers: { authorization }, signal: controller.signal };
  if (body) init.headers = { authorization, 'content-type': 'application/json' };
  if (body) init.body = body;
  const response = fetch(url, init);
  response.catch(() => {});
  return {
    method,
    url,
    authorization,
    body,
    sentAt,
    response,
    aborted,
    abort: (reason?: unknown) => {
      aborted.push(reason ?? 'aborted');
      controller.abort(reason);
    },
  };
}

function clientWith(fetcher: typeof fetch, token: string) {
  return createClient({
    baseURL: base,
    fetch: fetcher,
    tokenStore: new MemoryTokenStore({ accessToken: token, refreshToken: 'refresh' }),
  });
}

describe('early answers taken by the client', () => {
  it('the first call of the same request takes the early answer: the server is asked once', async () => {
    seen.length = 0;
    const early = sendEarly('token-a');
    const client = clientWith(earlyFetch([early]), 'token-a');
    const user = await client.accounts.userInfo();
    expect(user.email).toBe(USER.email);
    expect(seen).toEqual([{ path: INFO, authorization: 'Bearer token-a' }]);
    // Taken once: the next call is the client's own.
    await client.accounts.userInfo();
    expect(seen).toHaveLength(2);
  });

  it("another token's call does not take it (a new login while it was on its way): it asks itself", async () => {
    seen.length = 0;
    const early = sendEarly('token-a');
    const client = clientWith(earlyFetch([early]), 'token-b');
    await client.accounts.userInfo();
    expect(seen.map((request) => request.authorization).sort()).toEqual(['Bearer token-a', 'Bearer token-b']);
  });

  it('another address or method does not take it', async () => {
    seen.length = 0;
    const early = sendEarly('token-a', '/api/something-else');
    const client = clientWith(earlyFetch([early]), 'token-a');
    await client.accounts.userInfo();
    expect(seen.map((request) => request.path).sort()).toEqual(['/api/something-else', INFO]);
  });

  it('a call with a body takes the early answer only when it sends the same body', async () => {
    const search = '/api/usermgmt/v2/admin/users/search';
    const firstPage = JSON.stringify({ page: 1, size: 15, filters: {} });
    seen.length = 0;
    const same = clientWith(earlyFetch([sendEarly('token-a', search, undefined, firstPage)]), 'token-a');
    expect(await same.admin.searchUsers({ page: 1 })).toMatchObject({ total: 0 });
    expect(seen).toEqual([{ path: search, authorization: 'Bearer token-a', body: firstPage }]);

    // Another search (a filter typed before the app ran) asks for itself.
    seen.length = 0;
    const other = clientWith(earlyFetch([sendEarly('token-a', search, undefined, firstPage)]), 'token-a');
    await other.admin.searchUsers({ page: 1, filters: { search: 'amina' } });
    expect(seen.map((request) => request.body).sort()).toEqual(
      [firstPage, JSON.stringify({ page: 1, size: 15, filters: { search: 'amina' } })].sort(),
    );
  });

  it('an answer older than EARLY_MAX_AGE_MS is let go: the call asks afresh and the early request is aborted', async () => {
    seen.length = 0;
    let now = 0;
    const early = sendEarly('token-a', `/slow${INFO}`, 0);
    const client = clientWith(
      earlyFetch([{ ...early, url: `${base}${INFO}` }], undefined, () => now),
      'token-a',
    );
    now = EARLY_MAX_AGE_MS + 1;
    await client.accounts.userInfo();
    expect(early.aborted).toHaveLength(1);
    expect(seen.map((request) => request.path)).toEqual([`/slow${INFO}`, INFO]);
    releaseSlow();
  });

  it("the caller's signal aborts the early request it took", async () => {
    seen.length = 0;
    const early = sendEarly('token-a', `/slow${INFO}`);
    const client = clientWith(earlyFetch([{ ...early, url: `${base}${INFO}` }]), 'token-a');
    const caller = new AbortController();
    const call = client.accounts.userInfo({ signal: caller.signal });
    await expect.poll(() => seen.length).toBe(1);
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortedError' });
    expect(early.aborted).toHaveLength(1);
    // Nothing was asked again.
    expect(seen).toHaveLength(1);
    releaseSlow();
  });

  it('an early call whose connection closed is not what the call gets: it asks the server itself and succeeds', async () => {
    seen.length = 0;
    const early = sendEarly('token-a', `/drop${INFO}`);
    const client = clientWith(earlyFetch([{ ...early, url: `${base}${INFO}` }]), 'token-a');
    const user = await client.accounts.userInfo();
    expect(user.email).toBe(USER.email);
    // The early request reached the server and was cut; the second request is the client's own.
    expect(seen.map((request) => request.path)).toEqual([`/drop${INFO}`, INFO]);
  });

  it('takeSentEarly takes the global once and keeps only well-formed entries', () => {
    const scope: Record<string, unknown> = {};
    const early = sendEarly('token-a');
    scope[EARLY_GLOBAL] = [early, { method: 'GET', url: 'x' }, null, 'text'];
    expect(takeSentEarly(scope)).toEqual([early]);
    expect(EARLY_GLOBAL in scope).toBe(false);
    expect(takeSentEarly(scope)).toEqual([]);
    scope[EARLY_GLOBAL] = 'not a list';
    expect(takeSentEarly(scope)).toEqual([]);
  });
});
