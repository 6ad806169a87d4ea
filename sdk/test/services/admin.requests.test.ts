import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_PAGE_SIZE } from '../../src/constants';
import { adminEndpoints } from '../../src/endpoints/admin';
import { isContractError, isNotLoggedInError, type MatchmakerClient } from '../../src/index';
import { REQUEST_LIMITS } from '../../src/schemas/limits';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const base = '/api/usermgmt/v2/admin';
const lastRequest = () => server.lastRequest();

interface Case {
  name: string;
  call: (client: MatchmakerClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

const newAccount = {
  first_name: 'Yusuf',
  last_name: 'Ade',
  username: 'yusuf_a',
  date_of_birth: '1990-07-01',
  sex: 'male',
  email: 'yusuf@example.com',
  password: 'Temp-Pass-1',
};
const range = { start_date: '2024-01-01', end_date: '2024-01-31', date_type: 'day' };

const cases: Case[] = [
  {
    name: 'searchUsers',
    call: (c) => c.admin.searchUsers({ page: 2, filters: { bulk_ids: ['kc-1', 5], country: 'NG' } }),
    method: 'POST',
    path: `${base}/users/search`,
    body: { page: 2, size: 15, filters: { bulk_ids: ['kc-1', 5], country: 'NG' } },
  },
  {
    name: 'searchUsers without filters',
    call: (c) => c.admin.searchUsers({ page: 1 }),
    method: 'POST',
    path: `${base}/users/search`,
    body: { page: 1, size: 15, filters: {} },
  },
  { name: 'getUser', call: (c) => c.admin.getUser(42), method: 'GET', path: `${base}/users/42` },
  {
    name: 'deactivateUser',
    call: (c) => c.admin.deactivateUser(42),
    method: 'PUT',
    path: `${base}/users/42/deactivate`,
  },
  {
    name: 'reactivateUser',
    call: (c) => c.admin.reactivateUser('kc-1'),
    method: 'PUT',
    path: `${base}/users/kc-1/reactivate`,
  },
  {
    name: 'suspendUser',
    call: (c) => c.admin.suspendUser(42),
    method: 'PUT',
    path: `${base}/users/42/suspend`,
  },
  {
    name: 'changeUserEmail',
    call: (c) => c.admin.changeUserEmail(42, { email: 'new@example.com' }),
    method: 'PUT',
    path: `${base}/users/42/email`,
    body: { email: 'new@example.com' },
  },
  {
    name: 'changeUserRole',
    call: (c) => c.admin.changeUserRole(42, { role: 'General' }),
    method: 'PUT',
    path: `${base}/users/42/role`,
    body: { role: 'General' },
  },
  {
    name: 'confirmUser',
    call: (c) => c.admin.confirmUser(42),
    method: 'PUT',
    path: `${base}/users/42/confirm`,
  },
  {
    name: 'updateUser',
    call: (c) => c.admin.updateUser(42, { city: 'Abuja', height: 170, has_children: false, about: null }),
    method: 'PUT',
    path: `${base}/users/42/`,
    body: { city: 'Abuja', height: 170, has_children: false, about: null },
  },
  { name: 'deleteUser', call: (c) => c.admin.deleteUser(42), method: 'DELETE', path: `${base}/users/42/` },
  {
    name: 'createUser',
    call: (c) => c.admin.createUser(newAccount),
    method: 'POST',
    path: `${base}/users`,
    body: newAccount,
  },
  {
    name: 'userAggregations',
    call: (c) => c.admin.userAggregations(range),
    method: 'POST',
    path: `${base}/users/aggregations`,
    body: range,
  },
  {
    name: 'listReferrals',
    call: (c) => c.admin.listReferrals({ page: 3, username: 'amina_k' }),
    method: 'GET',
    path: `${base}/users/referrals/`,
    query: { page: '3', username: 'amina_k' },
  },
  {
    name: 'listReferrals without a username',
    call: (c) => c.admin.listReferrals({ page: 1 }),
    method: 'GET',
    path: `${base}/users/referrals/`,
    query: { page: '1', username: '' },
  },
  { name: 'getUserLogs', call: (c) => c.admin.getUserLogs('kc-1'), method: 'GET', path: `${base}/logs/kc-1` },
  {
    name: 'searchVisits',
    call: (c) => c.admin.searchVisits({ page: 1, filters: { path: '/matches' } }),
    method: 'POST',
    path: `${base}/logs/visits/search`,
    body: { page: 1, filters: { path: '/matches' } },
  },
  {
    name: 'visitAggregations',
    call: (c) => c.admin.visitAggregations(range),
    method: 'POST',
    path: `${base}/logs/visits/aggregations`,
    body: range,
  },
];

describe('admin service requests', () => {
  it.each(cases)('$name sends $method $path', async ({ call, method, path, query, body }) => {
    const result = await call(testClient(server.url));
    const request = lastRequest();
    expect(server.requests).toHaveLength(1);
    expect(request.method).toBe(method);
    expect(request.path).toBe(path);
    expect(Object.fromEntries(request.query)).toEqual(query ?? {});
    if (body === undefined) expect(request.text).toBe('');
    else expect(request.json).toEqual(body);
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(result).toEqual(answerFor(request).body);
  });

  it('aggregations and visit search send an empty object when given nothing', async () => {
    const client = testClient(server.url);
    await client.admin.userAggregations();
    await client.admin.visitAggregations();
    await client.admin.searchVisits();
    expect(server.requests.map((request) => request.json)).toEqual([{}, {}, {}]);
  });

  it('the page size of the user search is the contract constant', () => {
    expect(ADMIN_USERS_PAGE_SIZE).toBe(15);
    const body = adminEndpoints.searchUsers.body;
    expect(body.safeParse({ page: 1, size: 15, filters: {} }).success).toBe(true);
    expect(body.safeParse({ page: 1, size: 20, filters: {} }).success).toBe(false);
  });

  it('no admin call carries a retry policy', () => {
    expect(Object.values(adminEndpoints).filter((entry) => 'retry' in entry)).toEqual([]);
  });

  it('a bad user id is refused before it is sent', async () => {
    const error = await testClient(server.url)
      .admin.getUser('')
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('admin.getUser');
    expect(server.requests).toHaveLength(0);
  });

  it('a user search with page 0 or a negative page is refused naming the field and its rule', async () => {
    for (const page of [0, -1]) {
      const error = await testClient(server.url)
        .admin.searchUsers({ page })
        .catch((e: unknown) => e);
      expect(isContractError(error)).toBe(true);
      expect((error as Error).message).toContain('admin.searchUsers: request.body.page');
      expect((error as Error).message).toContain('Must be a whole number of at least 1');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a path parameter over the path limit is refused before sending, naming it', async () => {
    const error = await testClient(server.url)
      .admin.getUser('x'.repeat(REQUEST_LIMITS.pathParam + 1))
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('admin.getUser: request.params.id');
    expect(server.requests).toHaveLength(0);
  });

  it('a user search filter of the wrong type is a contract error naming the field', async () => {
    const filters = { bulk_ids: 'kc-1' } as unknown as { bulk_ids: string[] };
    const error = await testClient(server.url)
      .admin.searchUsers({ page: 1, filters })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('admin.searchUsers: request.body.filters.bulk_ids');
  });

  it('admin calls need a session', async () => {
    const error = await testClient(server.url, { tokens: null })
      .admin.searchUsers({ page: 1 })
      .catch((e: unknown) => e);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});
