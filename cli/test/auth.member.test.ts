/**
 * MATCHMAKER_TOKEN of a member: every command but whoami exits 4 saying it needs an admin, even
 * those a member may call (their own KYC, the feature list). And a refusal of one call for a token
 * the API accepts (401 or 403) is "not allowed", never "the token was refused".
 */
import { join } from 'node:path';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, tempDir } from './support/cli';
import { type Gateway, gateway } from './support/gateway';

let box: RunningSandbox;
let gw: Gateway;

beforeAll(async () => {
  box = await sandbox();
  gw = await gateway(box.url);
});

afterEach(() => {
  gw.rule = undefined;
  gw.seen.length = 0;
});

async function accessToken(who: string): Promise<string> {
  const client = createClient({ baseURL: box.url, locks: null });
  await client.accounts.login({ email: `${who}@sandbox.test`, password: DEMO_PASSWORD });
  return (await client.session.getAccessToken()) ?? '';
}

const idOf = (email: string) =>
  Object.values(box.world.store.data.users).find((user) => user.email === email)?.keycloakId ?? '';

describe('a member token in MATCHMAKER_TOKEN', () => {
  it('every command exits 4 saying it needs an admin, also those a member may call', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: await accessToken('member1') });
    const own = idOf('member1@sandbox.test');
    const document = Object.values(box.world.store.data.kycDocuments)[0]?.id ?? 'doc-1';
    const commands = [
      ['kyc', 'get', idOf('admin@sandbox.test')],
      ['kyc', 'get', own],
      ['kyc', 'document', document, '-O', join(tempDir(), 'doc.bin')],
      ['features', 'list'],
      ['users', 'search'],
      ['logs', 'visits'],
      ['stats', 'preferences'],
    ];
    for (const argv of commands) {
      const result = await cli(argv, { env });
      expect(result.stdout, argv.join(' ')).toBe('');
      expect(result.code, argv.join(' ')).toBe(4);
      expect(result.stderr, argv.join(' ')).toContain(
        'Not allowed: these commands need an admin account (MATCHMAKER_TOKEN is the token of member1@sandbox.test, a member)',
      );
      expect(result.stderr).not.toContain('refused');
    }
    const json = await cli(['features', 'list', '-o', 'json'], { env });
    expect(JSON.parse(json.stderr)).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it('whoami still says whose token it is', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: await accessToken('member1') });
    const who = await cli(['whoami', '-o', 'json'], { env });
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ email: 'member1@sandbox.test', admin: false });
  });
});

describe('a call refused for a token the API accepts', () => {
  it('a 403 on one call for a valid MATCHMAKER_TOKEN is "not allowed", not a refused token', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: await accessToken('admin'), MATCHMAKER_API_BASE: gw.url });
    gw.rule = (method, path) =>
      method === 'GET' && path.startsWith('/api/feature-switch/')
        ? { status: 403, body: { message: 'Forbidden' } }
        : 'pass';
    const result = await cli(['features', 'list'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'Error: Not allowed: Forbidden (HTTP 403, features.list); the API accepts MATCHMAKER_TOKEN (admin@sandbox.test) but refused this call\n',
    );
  });

  it('a 401 on one call for a valid MATCHMAKER_TOKEN is "not allowed" with the server message', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: await accessToken('admin'), MATCHMAKER_API_BASE: gw.url });
    gw.rule = (_method, path) =>
      path.includes('/admin/users/search')
        ? { status: 401, body: { message: 'Insufficient rights' } }
        : 'pass';
    const result = await cli(['users', 'search'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Not allowed: Insufficient rights (HTTP 401, admin.searchUsers)');
    expect(result.stderr).not.toContain('refused MATCHMAKER_TOKEN');
  });

  it('a token the API refuses is still said to be refused', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: 'not-a-token', MATCHMAKER_API_BASE: gw.url });
    const result = await cli(['features', 'list'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`The API at ${gw.url} refused MATCHMAKER_TOKEN`);
  });

  it('signed in, a 403 that a fresh token does not lift is "not allowed", not "sign in again"', async () => {
    const env = envFor(box, { MATCHMAKER_API_BASE: gw.url });
    expect((await login(env)).code).toBe(0);
    gw.rule = (method, path) =>
      method === 'GET' && path.startsWith('/api/feature-switch/') ? { status: 403, body: {} } : 'pass';
    const result = await cli(['features', 'list'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'Error: Not allowed: the API refused features.list (HTTP 403) for the signed-in account, also with a refreshed token\n',
    );
  });
});
