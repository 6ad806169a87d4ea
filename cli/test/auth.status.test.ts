/**
 * `auth status`: every profile (config.json's, those with credentials, the one in use) with its
 * API base and who is signed in as its API says, through the built binary against two sandboxes;
 * exit 4 when what the run's commands would use is not signed in as an admin there.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileStatus } from '../src/commands/auth';
import { accessToken, cli, envFor, login, sandbox, spawnResult } from './support/cli';

let day: RunningSandbox;
let night: RunningSandbox;
/** A staff member's environment: no MATCHMAKER_API_BASE, each profile's base decides. */
let env: NodeJS.ProcessEnv;
/** An API base where nothing listens. */
let nowhere: string;

const folder = () => join(env.XDG_CONFIG_HOME ?? '', 'matchmaker');
const credentials = (profile: string) => join(folder(), 'credentials', `${profile}.json`);

beforeAll(async () => {
  day = await sandbox();
  night = await sandbox();
  const { MATCHMAKER_API_BASE: _, ...plain } = envFor(day);
  env = plain;
  // A port that was free a moment ago: connections to it are refused.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  nowhere = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`;
  await new Promise((resolve) => server.close(resolve));

  expect((await login(env, 'admin', ['--api-base', day.url])).code).toBe(0);
  expect((await login(env, 'admin', ['--profile', 'night', '--api-base', night.url])).code).toBe(0);
  plantLapsed();
  writeFileSync(credentials('far'), JSON.stringify({ ...LAPSED, apiBase: nowhere }), { mode: 0o600 });
  writeFileSync(credentials('broken'), '{"accessToken": ', { mode: 0o600 });
  // A profile config.json names whose credentials are gone (logged out, or copied from elsewhere).
  const config = JSON.parse(readFileSync(join(folder(), 'config.json'), 'utf8'));
  config.profiles.ghost = { apiBase: night.url, email: 'ghost@sandbox.test' };
  writeFileSync(join(folder(), 'config.json'), JSON.stringify(config), { mode: 0o600 });
});

/** A session the API has ended: tokens it no longer knows. */
const LAPSED = { accessToken: 'expired', refreshToken: 'revoked' };
const plantLapsed = () =>
  writeFileSync(credentials('lapsed'), JSON.stringify({ ...LAPSED, apiBase: day.url }), { mode: 0o600 });

type Row = ProfileStatus;

const byProfile = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.profile ?? '(token)', row]));

describe('auth status', () => {
  it('lists every profile with its API base, who is signed in and what is wrong', async () => {
    const result = await spawnResult(['auth', 'status', '-o', 'json'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows: Row[] = JSON.parse(result.stdout);
    expect(rows.map((row) => row.profile)).toEqual(['broken', 'default', 'far', 'ghost', 'lapsed', 'night']);
    const status = byProfile(rows);
    expect(status.default).toMatchObject({
      active: true,
      state: 'signed-in',
      user: 'admin@sandbox.test',
      admin: true,
      api_base: day.url,
      credentials: credentials('default'),
      note: null,
    });
    expect(status.default?.roles).toContain('Admin');
    expect(status.night).toMatchObject({
      active: false,
      state: 'signed-in',
      api_base: night.url,
      admin: true,
    });
    expect(status.lapsed).toMatchObject({ state: 'session-ended', api_base: day.url });
    expect(status.lapsed?.note).toContain('run `matchmaker --profile lapsed login`');
    // As any command does, the session the API refused is ended: its credentials are deleted.
    expect(existsSync(credentials('lapsed'))).toBe(false);
    expect(status.far).toMatchObject({ state: 'unreachable', api_base: nowhere });
    expect(status.far?.note).toContain(`Cannot reach the API at ${nowhere}`);
    expect(status.broken).toMatchObject({ state: 'unreadable', api_base: null });
    expect(status.broken?.note).toContain('run `matchmaker --profile broken login` to replace it');
    expect(status.ghost).toMatchObject({
      state: 'signed-out',
      api_base: night.url,
      user: 'ghost@sandbox.test',
    });
    // No token of any profile is printed.
    for (const profile of ['default', 'night']) {
      const { accessToken: token, refreshToken } = JSON.parse(readFileSync(credentials(profile), 'utf8'));
      expect(result.stdout).not.toContain(token);
      expect(result.stdout).not.toContain(refreshToken);
    }
  });

  it('asks each API once: a failing or unreachable one is a state at once, not retries waited out', async () => {
    let asked = 0;
    const failing = createHttpServer((_request, response) => {
      asked += 1;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"maintenance"}');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const address = failing.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`;
    writeFileSync(credentials('flaky'), JSON.stringify({ ...LAPSED, apiBase: base }), { mode: 0o600 });
    try {
      const result = await spawnResult(['auth', 'status', '-o', 'json'], { env });
      const status = byProfile(JSON.parse(result.stdout) as Row[]);
      expect(status.flaky).toMatchObject({ state: 'error', api_base: base });
      expect(status.far).toMatchObject({ state: 'unreachable' });
      // One request: before, a status waited out five retries (about 3 s) for each such profile.
      expect(asked).toBe(1);
    } finally {
      rmSync(credentials('flaky'), { force: true });
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('as a table: one row a profile, the one in use marked', async () => {
    const result = await spawnResult(['--profile', 'night', 'auth', 'status'], { env });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PROFILE +ACTIVE +STATE +USER +ROLES +API_BASE +NOTE$/);
    expect(lines.find((line) => line.startsWith('night '))).toMatch(
      /^night +true +signed-in +admin@sandbox\.test /,
    );
    expect(lines.find((line) => line.startsWith('default '))).toMatch(/^default +false +signed-in /);
  });

  it('exit 4 when the profile in use is signed out, its session ended, or another base is asked for', async () => {
    for (const [profile, code, message] of [
      [
        'ghost',
        'NOT_SIGNED_IN',
        "Profile 'ghost' is not signed in (signed-out): run `matchmaker --profile ghost login`",
      ],
      ['lapsed', 'NOT_SIGNED_IN', "Profile 'lapsed' is not signed in (session-ended)"],
      ['brand-new', 'NOT_SIGNED_IN', "Profile 'brand-new' is not signed in (signed-out)"],
    ] as const) {
      // Each run ends that session for good (see above): planted again for each.
      plantLapsed();
      const result = await spawnResult(['--profile', profile, 'auth', 'status', '-o', 'json'], { env });
      expect(result.code, profile).toBe(4);
      const error = JSON.parse(result.stderr);
      expect(error.code).toBe(code);
      expect(error.message).toContain(message);
      // The list is still printed, with the profile in use among the rows.
      expect(byProfile(JSON.parse(result.stdout))[profile]?.active).toBe(true);
    }
    const elsewhere = await spawnResult(['auth', 'status'], {
      env: { ...env, MATCHMAKER_API_BASE: night.url },
    });
    expect(elsewhere.code).toBe(4);
    expect(elsewhere.stderr).toContain(`Profile 'default' is signed in to ${day.url}, not to ${night.url}`);
  });

  it('MATCHMAKER_TOKEN is a row of its own, in use, over every profile', async () => {
    const admin = await spawnResult(['auth', 'status', '-o', 'json'], {
      env: { ...env, MATCHMAKER_API_BASE: day.url, MATCHMAKER_TOKEN: await accessToken(day, 'admin') },
    });
    expect(admin.code).toBe(0);
    const rows: Row[] = JSON.parse(admin.stdout);
    expect(rows[0]).toMatchObject({
      profile: null,
      active: true,
      state: 'signed-in',
      admin: true,
      credentials: 'MATCHMAKER_TOKEN',
      api_base: day.url,
    });
    expect(rows.filter((row) => row.active)).toHaveLength(1);
    const member = await spawnResult(['auth', 'status', '-o', 'json'], {
      env: { ...env, MATCHMAKER_API_BASE: day.url, MATCHMAKER_TOKEN: await accessToken(day, 'member1') },
    });
    expect(member.code).toBe(4);
    expect(JSON.parse(member.stderr).code).toBe('ADMIN_ONLY');
    expect(JSON.parse(member.stdout)[0]).toMatchObject({ state: 'signed-in', admin: false });
    const refused = await spawnResult(['auth', 'status', '-o', 'json'], {
      env: { ...env, MATCHMAKER_API_BASE: day.url, MATCHMAKER_TOKEN: 'not-a-token' },
    });
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout)[0]).toMatchObject({ state: 'refused' });
    expect(JSON.parse(refused.stderr).message).toContain('refused MATCHMAKER_TOKEN');
  });
});

describe('login, logout and whoami stay where they are', () => {
  it('logout of one profile shows in auth status; whoami answers as before', async () => {
    const { MATCHMAKER_API_BASE: _, ...own } = envFor(day);
    expect((await login({ ...own, MATCHMAKER_API_BASE: day.url })).code).toBe(0);
    expect((await cli(['whoami', '-o', 'json'], { env: own })).code).toBe(0);
    expect((await cli(['logout'], { env: own })).code).toBe(0);
    const after = await spawnResult(['auth', 'status', '-o', 'json'], { env: own });
    expect(after.code).toBe(4);
    expect(byProfile(JSON.parse(after.stdout)).default).toMatchObject({
      state: 'signed-out',
      api_base: day.url,
    });
  });
});
