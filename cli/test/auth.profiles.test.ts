/**
 * Profiles under concurrency, and credentials bound to the API that issued them: logins in
 * parallel processes keep every profile, and stored tokens are never sent to another API base.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, spawnResult } from './support/cli';

let box: RunningSandbox;
/** Another API base: records what it is sent, answers 404. */
let stranger: { url: string; seen: IncomingHttpHeaders[]; close: () => Promise<void> };

beforeAll(async () => {
  box = await sandbox();
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"nothing here"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stranger = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => stranger.close());

const configFile = (env: NodeJS.ProcessEnv) => join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'config.json');
const credentials = (env: NodeJS.ProcessEnv, profile = 'default') =>
  join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'credentials', `${profile}.json`);
/** A staff member's environment without MATCHMAKER_API_BASE: the profile decides. */
function plainEnv(): NodeJS.ProcessEnv {
  const { MATCHMAKER_API_BASE: _, ...env } = envFor(box);
  return env;
}

/** The arguments of the admin's scripted login to `profile` on `apiBase`. */
const loginTo = (profile: string, apiBase: string) => [
  ...['--profile', profile, '--api-base', apiBase],
  ...['login', '--email', 'admin@sandbox.test', '--password-stdin'],
];

describe('concurrent logins', () => {
  it('logins to 8 profiles in parallel processes keep every profile', async () => {
    const env = plainEnv();
    const profiles = Array.from({ length: 8 }, (_, i) => `s${i + 1}`);
    const results = await Promise.all(
      profiles.map((profile) => spawnResult(loginTo(profile, box.url), { env, stdin: DEMO_PASSWORD })),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const config = JSON.parse(readFileSync(configFile(env), 'utf8'));
    expect(Object.keys(config.profiles).sort()).toEqual([...profiles].sort());
    for (const profile of profiles) {
      expect(config.profiles[profile]).toEqual({ apiBase: box.url, email: 'admin@sandbox.test' });
      const who = await cli(['--profile', profile, 'whoami', '-o', 'json'], { env });
      expect(who.code, who.stderr).toBe(0);
      expect(JSON.parse(who.stdout)).toMatchObject({ api_base: box.url, profile });
    }
  });
});

describe('credentials go only to the API base that issued them', () => {
  it('--api-base or MATCHMAKER_API_BASE naming another base: exit 4, nothing sent there', async () => {
    const env = plainEnv();
    expect((await login({ ...env, MATCHMAKER_API_BASE: box.url })).code).toBe(0);
    expect(JSON.parse(readFileSync(credentials(env), 'utf8')).apiBase).toBe(box.url);
    const before = stranger.seen.length;

    const flag = await cli(['--api-base', stranger.url, 'users', 'search'], { env });
    expect(flag.code).toBe(4);
    expect(flag.stderr).toContain(`signed in to ${box.url}, not to ${stranger.url} (from --api-base)`);
    expect(flag.stderr).toContain(`matchmaker --api-base ${stranger.url} login`);
    const variable = await cli(['whoami', '-o', 'json'], {
      env: { ...env, MATCHMAKER_API_BASE: stranger.url },
    });
    expect(variable.code).toBe(4);
    expect(JSON.parse(variable.stderr)).toMatchObject({ code: 'OTHER_API_BASE' });
    expect(variable.stderr).toContain('MATCHMAKER_API_BASE');
    expect(stranger.seen.length).toBe(before);
  });

  it('a profile missing from config.json uses the base its credentials name, never the default', async () => {
    const env = plainEnv();
    const signedIn = await cli(loginTo('lost', box.url), { env, stdin: DEMO_PASSWORD });
    expect(signedIn.code).toBe(0);
    writeFileSync(configFile(env), '{"profiles":{}}\n', { mode: 0o600 });
    const who = await cli(['--profile', 'lost', 'whoami', '-o', 'json'], { env });
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ api_base: box.url, profile: 'lost' });
  });

  it('MATCHMAKER_TOKEN is sent to the resolved base, whatever the stored credentials say', async () => {
    const env = plainEnv();
    expect((await login({ ...env, MATCHMAKER_API_BASE: box.url })).code).toBe(0);
    const before = stranger.seen.length;
    const result = await cli(['--api-base', stranger.url, 'whoami'], {
      env: { ...env, MATCHMAKER_TOKEN: 'ci-token' },
    });
    expect(result.code).not.toBe(0);
    expect(stranger.seen.slice(before).map((headers) => headers.authorization)).toContain('Bearer ci-token');
  });

  it('login for another base replaces the profile credentials and sends the old ones nowhere', async () => {
    const env = plainEnv();
    expect((await login({ ...env, MATCHMAKER_API_BASE: box.url })).code).toBe(0);
    const other = await sandbox();
    const before = stranger.seen.length;
    const again = await cli(
      ['--api-base', other.url, 'login', '--email', 'admin@sandbox.test', '--password-stdin'],
      {
        env,
        stdin: DEMO_PASSWORD,
      },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(credentials(env), 'utf8')).apiBase).toBe(other.url);
    const who = await cli(['whoami', '-o', 'json'], { env });
    expect(JSON.parse(who.stdout)).toMatchObject({ api_base: other.url });
    expect(stranger.seen.length).toBe(before);
  });
});
