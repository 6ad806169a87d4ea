import { chmodSync, cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, spawnResult } from './support/cli';

let box: RunningSandbox;

beforeAll(async () => {
  box = await sandbox();
});

const credentials = (env: NodeJS.ProcessEnv, profile = 'default') =>
  join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'credentials', `${profile}.json`);
const mode = (path: string) => statSync(path).mode & 0o777;

async function accessToken(who: string): Promise<string> {
  const client = createClient({ baseURL: box.url, locks: null });
  await client.accounts.login({ email: `${who}@sandbox.test`, password: DEMO_PASSWORD });
  return (await client.session.getAccessToken()) ?? '';
}

describe('signing in', () => {
  it('without a session every command exits 4 and says to log in', async () => {
    const env = envFor(box);
    const result = await cli(['users', 'search'], { env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      `Not signed in (profile 'default', ${box.url}): run \`matchmaker login\``,
    );
    const json = await cli(['users', 'search', '-o', 'json'], { env });
    expect(JSON.parse(json.stderr)).toEqual({
      code: 'NOT_SIGNED_IN',
      message: expect.stringContaining('matchmaker login'),
    });
  });

  it('refuses a member account with exit 4 and keeps no credentials', async () => {
    const env = envFor(box);
    const result = await login(env, 'member1');
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'member1@sandbox.test is a member account: these commands need an admin account',
    );
    expect(existsSync(credentials(env))).toBe(false);
  });

  it('wrong password: exit 4 with the server reason; scripts without --password-stdin get exit 2', async () => {
    const env = envFor(box);
    const wrong = await cli(['login', '--email', 'admin@sandbox.test', '--password-stdin'], {
      env,
      stdin: 'nope',
    });
    expect(wrong.code).toBe(4);
    const noPassword = await cli(['login', '--email', 'admin@sandbox.test'], { env });
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin is required when not running in a terminal');
  });

  it('stores tokens in a 0600 file, repairs a wider one with a warning, and logs out', async () => {
    const env = envFor(box);
    const result = await login(env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Signed in as admin@sandbox.test (Admin, offline_access) on ${box.url}`);
    expect(mode(credentials(env))).toBe(0o600);
    expect(mode(join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'config.json'))).toBe(0o600);

    chmodSync(credentials(env), 0o644);
    const who = await cli(['whoami', '-o', 'json'], { env });
    expect(who.code).toBe(0);
    expect(who.stderr).toMatch(/default\.json was readable by others \(mode 644\); changed it to 600/);
    expect(mode(credentials(env))).toBe(0o600);
    expect(JSON.parse(who.stdout)).toMatchObject({
      email: 'admin@sandbox.test',
      roles: ['Admin', 'offline_access'],
      admin: true,
      api_base: box.url,
      profile: 'default',
    });

    expect((await cli(['logout'], { env })).code).toBe(0);
    expect(existsSync(credentials(env))).toBe(false);
    expect((await cli(['whoami'], { env })).code).toBe(4);
  });

  it('keeps profiles apart, each with its own API base', async () => {
    const other = await sandbox();
    const env = envFor(box);
    const staging = await cli(
      [
        '--profile',
        'staging',
        '--api-base',
        other.url,
        'login',
        '--email',
        'admin@sandbox.test',
        '--password-stdin',
      ],
      {
        env,
        stdin: DEMO_PASSWORD,
      },
    );
    expect(staging.code).toBe(0);
    const { MATCHMAKER_API_BASE: _, ...withoutBase } = env;
    const who = await cli(['whoami', '--profile', 'staging', '-o', 'json'], { env: withoutBase });
    expect(JSON.parse(who.stdout)).toMatchObject({ api_base: other.url, profile: 'staging' });
    expect((await cli(['whoami'], { env })).code).toBe(4);
    const bad = await cli(['whoami', '--profile', '../x'], { env });
    expect(bad.code).toBe(2);
  });
});

describe('MATCHMAKER_TOKEN', () => {
  it('overrides stored credentials for CI jobs', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: await accessToken('admin') });
    const who = await cli(['whoami', '-o', 'json'], { env });
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({
      email: 'admin@sandbox.test',
      credentials: 'MATCHMAKER_TOKEN',
    });
    expect(existsSync(credentials(env))).toBe(false);
  });

  it('a member token or a refused token exits 4', async () => {
    const member = await cli(['users', 'search'], {
      env: envFor(box, { MATCHMAKER_TOKEN: await accessToken('member2') }),
    });
    expect(member.code).toBe(4);
    expect(member.stderr).toContain('these commands need an admin account');
    const bogus = await cli(['users', 'search'], { env: envFor(box, { MATCHMAKER_TOKEN: 'not-a-token' }) });
    expect(bogus.code).toBe(4);
    expect(bogus.stderr).toContain('refused MATCHMAKER_TOKEN');
  });
});

describe('logging out in one copy of the credentials', () => {
  it('ends the session for every copy: the other fails at its next refresh and says to log in (built binary)', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    // A second terminal, another machine: the same credentials and config, copied.
    const copy = envFor(box);
    cpSync(join(env.XDG_CONFIG_HOME ?? '', 'matchmaker'), join(copy.XDG_CONFIG_HOME ?? '', 'matchmaker'), {
      recursive: true,
    });
    expect((await spawnResult(['users', 'search', '--limit', '1'], { env: copy })).code).toBe(0);

    const logout = await spawnResult(['logout'], { env });
    expect(logout.code, logout.stderr).toBe(0);
    const after = await spawnResult(['users', 'search', '--limit', '1'], { env: copy });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain(
      'Your session has ended and could not be refreshed: run `matchmaker login`',
    );
    // The SDK's refresh-failed logout cleared the copy's stale credentials.
    expect(existsSync(credentials(copy))).toBe(false);
  });
});

describe('token refresh', () => {
  it('refreshes an expired access token through the SDK; a refused refresh says to log in (exit 4)', async () => {
    const short = await sandbox({ accessTtlMs: 300 });
    const env = envFor(short);
    expect((await login(env)).code).toBe(0);
    const first = readFileSync(credentials(env), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await cli(['users', 'search', '--limit', '1'], { env })).code).toBe(0);
    const rotated = readFileSync(credentials(env), 'utf8');
    expect(rotated).not.toBe(first);
    // The refresh keeps the record of the API base that issued the tokens.
    expect(JSON.parse(rotated).apiBase).toBe(short.url);
    expect(mode(credentials(env))).toBe(0o600);

    writeFileSync(credentials(env), JSON.stringify({ accessToken: 'expired', refreshToken: 'revoked' }), {
      mode: 0o600,
    });
    const refused = await cli(['users', 'search'], { env });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(
      'Your session has ended and could not be refreshed: run `matchmaker login`',
    );
  });
});
