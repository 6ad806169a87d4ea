import { describe, expect, it } from 'vitest';
import {
  createClient,
  isContractError,
  isNotLoggedInError,
  MemoryTokenStore,
  NotLoggedInError,
} from '../../src/index';
import { sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(() => ({ body: sampleUser() }));

describe('headers on every request', () => {
  it('sends the bearer token and no-cache headers', async () => {
    await testClient(server.url).accounts.userInfo();
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer access-1');
    expect(request?.headers['cache-control']).toBe('no-cache');
    expect(request?.headers.pragma).toBe('no-cache');
  });

  it('sends no-cache but no Authorization on a public call without a session', async () => {
    server.handle(() => ({ body: { access_token: 'a', refresh_token: 'r' } }));
    await testClient(server.url, { tokens: null }).accounts.login({ email: 'a@b.c', password: 'pw' });
    const [request] = server.requests;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['cache-control']).toBe('no-cache');
  });

  it("sends the client's own headers; the token replaces an Authorization among them, and follows the token", async () => {
    const tokenStore = new MemoryTokenStore({ accessToken: 'a-1', refreshToken: 'r' });
    const client = createClient({
      baseURL: server.url,
      tokenStore,
      headers: { authorization: 'Basic old', 'X-Client': 'cli/1' },
    });
    await client.accounts.userInfo();
    await tokenStore.set({ accessToken: 'a-2', refreshToken: 'r' });
    await client.accounts.userInfo();
    await tokenStore.clear();
    server.handle(() => ({ body: { access_token: 'a', refresh_token: 'r' } }));
    await client.accounts.login({ email: 'a@b.c', password: 'pw' });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer a-1',
      'Bearer a-2',
      'Basic old',
    ]);
    expect(server.requests.every((request) => request.headers['x-client'] === 'cli/1')).toBe(true);
  });
});

describe('calls that need a session', () => {
  it('throws "Not logged in" without sending when logged out', async () => {
    const client = testClient(server.url, { tokens: null });
    const error = await client.accounts.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotLoggedInError);
    expect(isNotLoggedInError(error)).toBe(true);
    expect((error as Error).message).toBe('Not logged in');
    expect((error as NotLoggedInError).ignoreInReporting).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('skips contact-related calls when logged out: resolves undefined, sends nothing', async () => {
    const client = testClient(server.url, { tokens: null });
    await expect(client.accounts.bulkStatus({ users: ['u1'] })).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('sends contact-related calls when logged in', async () => {
    server.handle(() => ({ body: { status: [{ user: 'u1', online: true }] } }));
    const answer = await testClient(server.url).accounts.bulkStatus({ users: ['u1'] });
    expect(answer).toEqual({ status: [{ user: 'u1', online: true }] });
    expect(server.requests[0]?.json).toEqual({ users: ['u1'] });
  });
});

describe('response contracts', () => {
  it('keeps unknown extra keys', async () => {
    server.handle(() => ({ body: sampleUser({ favourite_verse: 'Ruth 1:16' }) }));
    const user = await testClient(server.url).accounts.userInfo();
    expect((user as Record<string, unknown>).favourite_verse).toBe('Ruth 1:16');
  });

  it('names the endpoint and the first bad field', async () => {
    server.handle(() => ({ body: sampleUser({ roles: ['General', 42] }) }));
    const error = await testClient(server.url)
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^accounts\.userInfo: response\.roles\[1\]: /);
  });

  it('rejects a bad request body before sending it', async () => {
    const client = testClient(server.url, { tokens: null });
    const error = await client.accounts
      .login({ email: 'a@b.c' } as unknown as { email: string; password: string })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^accounts\.login: request\.body\.password: /);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the fetch option', () => {
  it('sends every call through the fetch the client was given', async () => {
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const client = createClient({
      baseURL: server.url,
      tokenStore: new MemoryTokenStore({ accessToken: 'a', refreshToken: 'r' }),
      fetch: countingFetch,
    });
    await client.accounts.userInfo();
    expect(seen).toEqual([`${server.url}/api/usermgmt/v2/accounts/user/info`]);
  });
});
