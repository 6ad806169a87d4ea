import { describe, expect, it } from 'vitest';
import { accountsEndpoints } from '../../src/endpoints/accounts';
import { isContractError, isNotLoggedInError, type MatchmakerClient } from '../../src/index';
import { LOCATION_UPDATE_RETRY } from '../../src/transport/constants';
import { answerFor } from '../support/answers';
import { SAMPLE_REGISTRATION, sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const base = '/api/usermgmt/v2/accounts';
const lastRequest = () => server.lastRequest();

interface Case {
  name: string;
  call: (client: MatchmakerClient) => Promise<unknown>;
  method: string;
  path: string;
  body?: unknown;
}

const registration = SAMPLE_REGISTRATION;
const place = { city: 'Lagos', country: 'Nigeria', country_code: 'NG', longitude: 3.38, latitude: 6.52 };

// Calls whose answer SPEC.md does not show: the answer comes back as sent (anyJson).
const cases: Case[] = [
  {
    name: 'register',
    call: (c) => c.accounts.register(registration),
    method: 'POST',
    path: base,
    body: registration,
  },
  {
    name: 'oauthUpdate',
    call: (c) => c.accounts.oauthUpdate({ username: 'amina_k', date_of_birth: '1994-03-12', sex: 'female' }),
    method: 'POST',
    path: `${base}/oauth/update`,
    body: { username: 'amina_k', date_of_birth: '1994-03-12', sex: 'female' },
  },
  {
    name: 'verifyUsername',
    call: (c) => c.accounts.verifyUsername({ username: 'amina_k' }),
    method: 'POST',
    path: `${base}/verify-username`,
    body: { username: 'amina_k' },
  },
  {
    name: 'publicProfile',
    call: (c) => c.accounts.publicProfile('kc 1/2'),
    method: 'GET',
    path: `${base}/public/kc%201%2F2`,
  },
  {
    name: 'forgotPassword',
    call: (c) => c.accounts.forgotPassword({ email: 'amina@example.com' }),
    method: 'POST',
    path: `${base}/forgot-password`,
    body: { email: 'amina@example.com' },
  },
  {
    name: 'resetPassword',
    call: (c) =>
      c.accounts.resetPassword({ email: 'amina@example.com', token: 't-1', new_password: 'n3w-Passw0rd' }),
    method: 'PUT',
    path: `${base}/reset-password`,
    body: { email: 'amina@example.com', token: 't-1', new_password: 'n3w-Passw0rd' },
  },
  {
    name: 'confirm',
    call: (c) => c.accounts.confirm({ token: 't-2' }),
    method: 'PUT',
    path: `${base}/confirm`,
    body: { token: 't-2' },
  },
  {
    name: 'sendAccountVerification',
    call: (c) => c.accounts.sendAccountVerification({ email: 'amina@example.com' }),
    method: 'POST',
    path: `${base}/send-account-verification`,
    body: { email: 'amina@example.com' },
  },
  {
    name: 'changePassword',
    call: (c) => c.accounts.changePassword({ old_password: 'old', new_password: 'new-Passw0rd' }),
    method: 'PUT',
    path: `${base}/password`,
    body: { old_password: 'old', new_password: 'new-Passw0rd' },
  },
  {
    name: 'initiateEmailChange',
    call: (c) => c.accounts.initiateEmailChange({ new_email: 'new@example.com', password: 'pw' }),
    method: 'POST',
    path: `${base}/initiate-email-change`,
    body: { new_email: 'new@example.com', password: 'pw' },
  },
  {
    name: 'changeEmail',
    call: (c) => c.accounts.changeEmail({ new_email: 'new@example.com', token: 't-3' }),
    method: 'PUT',
    path: `${base}/email`,
    body: { new_email: 'new@example.com', token: 't-3' },
  },
  {
    name: 'initiateUsernameChange',
    call: (c) => c.accounts.initiateUsernameChange({ username: 'amina_new' }),
    method: 'POST',
    path: `${base}/initiate-username-change`,
    body: { username: 'amina_new' },
  },
  {
    name: 'initiateAccountDeletion',
    call: (c) => c.accounts.initiateAccountDeletion('kc-123'),
    method: 'POST',
    path: `${base}/kc-123/initiate-account-deletion`,
  },
  { name: 'deactivate', call: (c) => c.accounts.deactivate(), method: 'POST', path: `${base}/deactivate` },
  { name: 'activate', call: (c) => c.accounts.activate(), method: 'PUT', path: `${base}/activate` },
  {
    name: 'changeUsername',
    call: (c) => c.accounts.changeUsername({ username: 'amina_new', token: 't-4' }),
    method: 'PUT',
    path: `${base}/username`,
    body: { username: 'amina_new', token: 't-4' },
  },
  {
    name: 'updateLocation',
    call: (c) => c.accounts.updateLocation(place),
    method: 'PUT',
    path: `${base}/location`,
    body: place,
  },
];

describe('accounts service requests', () => {
  it.each(cases)('$name sends $method $path', async ({ call, method, path, body }) => {
    const answer = await call(testClient(server.url));
    const request = lastRequest();
    expect(server.requests).toHaveLength(1);
    expect(request.method).toBe(method);
    expect(request.path).toBe(path);
    expect([...request.query]).toEqual([]);
    if (body === undefined) expect(request.text).toBe('');
    else expect(request.json).toEqual(body);
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(answer).toEqual(answerFor(request).body);
  });

  it('register leaves referrer out when there is none', async () => {
    const { referrer: _referrer, ...withoutReferrer } = registration;
    await testClient(server.url).accounts.register(withoutReferrer);
    expect(lastRequest().json).toEqual(withoutReferrer);
  });

  it('login POSTs the credentials, stores both tokens and resolves the token answer', async () => {
    server.handle(() => ({
      body: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 300 },
    }));
    const client = testClient(server.url, { tokens: null });
    const answer = await client.accounts.login({ email: 'amina@example.com', password: 'pw' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${base}/login`);
    expect(request.json).toEqual({ email: 'amina@example.com', password: 'pw' });
    expect(request.headers.authorization).toBeUndefined();
    expect(answer).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 300 });
    expect(await client.session.getTokens()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('login without tokens in the answer is a contract error and stores nothing', async () => {
    server.handle(() => ({ body: { access_token: 'access-2' } }));
    const client = testClient(server.url, { tokens: null });
    const error = await client.accounts
      .login({ email: 'a@example.com', password: 'pw' })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('accounts.login');
    expect((error as Error).message).toContain('refresh_token');
    expect(await client.session.getTokens()).toBeNull();
  });

  it('userInfo GETs /user/info, parses the user and keeps it on the session', async () => {
    const user = sampleUser();
    server.handle(() => ({ body: user }));
    const client = testClient(server.url);
    const answer = await client.accounts.userInfo();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${base}/user/info`);
    expect(answer).toEqual(user);
    expect(client.session.user).toEqual(user);
  });

  it('userInfo with a bad field rejects with a contract error naming the endpoint and the field', async () => {
    server.handle(() => ({ body: sampleUser({ roles: ['General', 7] }) }));
    const client = testClient(server.url);
    const error = await client.accounts.userInfo().catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('accounts.userInfo');
    expect((error as Error).message).toContain('roles[1]');
    expect(client.session.user).toBeNull();
  });

  it('userInfo without a session throws Not logged in and sends nothing', async () => {
    const error = await testClient(server.url, { tokens: null })
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('refreshToken POSTs the refresh token and only resolves the answer', async () => {
    server.handle(() => ({ body: { access_token: 'access-9', refresh_token: 'refresh-9' } }));
    const client = testClient(server.url);
    const answer = await client.accounts.refreshToken({ refresh_token: 'refresh-1' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${base}/refresh-token`);
    expect(request.json).toEqual({ refresh_token: 'refresh-1' });
    expect(answer).toEqual({ access_token: 'access-9', refresh_token: 'refresh-9' });
    expect(await client.session.getTokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('logout sends DELETE /logout through the session and clears the tokens', async () => {
    const client = testClient(server.url);
    await client.accounts.logout();
    const request = lastRequest();
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe(`${base}/logout`);
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(await client.session.getTokens()).toBeNull();
  });

  it('bulkProfiles POSTs {users} and parses {profiles}', async () => {
    const profiles = [
      sampleUser(),
      { username: 'yusuf_a', keycloakId: 'kc-2', first_name: null, last_name: null, extra: { nested: true } },
    ];
    server.handle(() => ({ body: { profiles } }));
    const answer = await testClient(server.url).accounts.bulkProfiles({ users: ['kc-123', 2] });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${base}/bulk/profiles`);
    expect(request.json).toEqual({ users: ['kc-123', 2] });
    expect(answer).toEqual({ profiles });
  });

  it('bulkProfiles without {profiles} is a contract error', async () => {
    server.handle(() => ({ body: { users: [] } }));
    const error = await testClient(server.url)
      .accounts.bulkProfiles({ users: ['kc-1'] })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('accounts.bulkProfiles');
    expect((error as Error).message).toContain('profiles');
  });

  it('bulkStatus POSTs {users} and parses {status: [{user, online}]}', async () => {
    const status = [
      { user: 'kc-1', online: true },
      { user: 2, online: false },
    ];
    server.handle(() => ({ body: { status } }));
    const answer = await testClient(server.url).accounts.bulkStatus({ users: ['kc-1', 2] });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${base}/bulk/status`);
    expect(request.json).toEqual({ users: ['kc-1', 2] });
    expect(answer).toEqual({ status });
  });

  it('bulkStatus with a non-boolean online names the field', async () => {
    server.handle(() => ({ body: { status: [{ user: 'kc-1', online: 'yes' }] } }));
    const error = await testClient(server.url)
      .accounts.bulkStatus({ users: ['kc-1'] })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('accounts.bulkStatus');
    expect((error as Error).message).toContain('status[0].online');
  });

  it('contact calls resolve undefined without a request when logged out', async () => {
    const client = testClient(server.url, { tokens: null });
    expect(await client.accounts.bulkProfiles({ users: ['kc-1'] })).toBeUndefined();
    expect(await client.accounts.bulkStatus({ users: ['kc-1'] })).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('public calls go out without a session and without a bearer token', async () => {
    await testClient(server.url, { tokens: null }).accounts.forgotPassword({ email: 'a@example.com' });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('an incomplete location update is refused before it is sent', async () => {
    const error = await testClient(server.url)
      .accounts.updateLocation({ ...place, latitude: Number.NaN })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('accounts.updateLocation: request.body.latitude');
    expect(server.requests).toHaveLength(0);
  });

  it('only updateLocation carries a retry policy (3 times, 3 s apart)', () => {
    const retried = Object.values(accountsEndpoints).filter((entry) => 'retry' in entry);
    expect(retried.map((entry) => entry.id)).toEqual(['accounts.updateLocation']);
    expect(accountsEndpoints.updateLocation.retry).toBe(LOCATION_UPDATE_RETRY);
  });
});
