/**
 * What staff are told when credentials are wrong: a refused or malformed MATCHMAKER_TOKEN, an
 * API base with a password in it, an unreachable API, a damaged credentials file, a credentials
 * folder open to others.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, tempDir } from './support/cli';

let box: RunningSandbox;
/** An API that answers every call with a 404 whose message quotes a URL with a password. */
let leaky: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  box = await sandbox();
  const server = createServer((_request, response) => {
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"message":"see https://backup:hunter2@files.example/api"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  leaky = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => leaky.close());

const folder = (env: NodeJS.ProcessEnv) => join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'credentials');
const credentials = (env: NodeJS.ProcessEnv) => join(folder(env), 'default.json');
const mode = (path: string) => statSync(path).mode & 0o777;

describe('MATCHMAKER_TOKEN', () => {
  it('refused: says the variable was refused and to renew or unset it, not to log in (exit 4)', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: 'garbage' });
    for (const argv of [['whoami'], ['users', 'search']]) {
      const result = await cli(argv, { env });
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(`The API at ${box.url} refused MATCHMAKER_TOKEN`);
      expect(result.stderr).toContain('unset it');
      expect(result.stderr).not.toContain('matchmaker login');
    }
    const json = await cli(['whoami', '-o', 'json'], { env });
    expect(JSON.parse(json.stderr)).toMatchObject({ code: 'TOKEN_REFUSED' });
  });

  it('with a line break: exit 2 naming MATCHMAKER_TOKEN, before anything is sent', async () => {
    for (const token of ['abc\r\n', 'abc\ndef']) {
      const result = await cli(['whoami'], { env: envFor(box, { MATCHMAKER_TOKEN: token }) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('MATCHMAKER_TOKEN contains a line break');
      expect(result.stderr).not.toContain('Cannot reach');
    }
  });
});

describe('URLs in messages', () => {
  it('an API base with a user and password: exit 2, the password never shown', async () => {
    const env = envFor(box);
    const base = 'http://staff:hunter2@127.0.0.1:1';
    for (const argv of [
      ['--api-base', base, 'whoami'],
      ['--api-base', base, 'whoami', '-o', 'json'],
    ]) {
      const result = await cli(argv, { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('http://staff:***@127.0.0.1:1');
      expect(result.stderr).not.toContain('hunter2');
    }
    const variable = await cli(['whoami'], { env: { ...env, MATCHMAKER_API_BASE: base } });
    expect(variable.code).toBe(2);
    expect(variable.stderr).not.toContain('hunter2');
  });

  it('a server message quoting a URL with a password is shown without it', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: 'ci-token', MATCHMAKER_API_BASE: leaky.url });
    const result = await cli(['users', 'get', 'someone'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('https://backup:***@files.example/api');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('an unreachable API is named by its URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const env = envFor(box, { MATCHMAKER_TOKEN: 'ci-token', MATCHMAKER_API_BASE: url });
    const result = await cli(['whoami'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach the API at ${url}: connect ECONNREFUSED`);
  });
});

describe('a damaged credentials file', () => {
  it('commands say it cannot be read, where it is, and to log in (exit 4); login replaces it', async () => {
    const env = envFor(box);
    mkdirSync(folder(env), { recursive: true, mode: 0o700 });
    writeFileSync(credentials(env), '{', { mode: 0o600 });
    const who = await cli(['whoami'], { env });
    expect(who.code).toBe(4);
    expect(who.stderr).toContain(`The credentials file ${credentials(env)} cannot be read`);
    expect(who.stderr).toContain('run `matchmaker login` to replace it');

    const signedIn = await login(env);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(signedIn.stderr).toContain(`Replaced the unreadable credentials file ${credentials(env)}`);
    expect((await cli(['whoami'], { env })).code).toBe(0);
  });

  it('logout deletes it and says so', async () => {
    const env = envFor(box);
    mkdirSync(folder(env), { recursive: true, mode: 0o700 });
    writeFileSync(credentials(env), '{', { mode: 0o600 });
    const out = await cli(['logout'], { env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain(`Deleted the unreadable credentials file ${credentials(env)}`);
    expect(existsSync(credentials(env))).toBe(false);
  });

  it('logout of a good session names the API it signed out of and the file it deleted', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    const out = await cli(['logout'], { env });
    expect(out.stderr).toContain(
      `Signed out of profile 'default' (${box.url}) and deleted ${credentials(env)}`,
    );
    expect(
      JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME ?? '', 'matchmaker', 'config.json'), 'utf8')),
    ).toMatchObject({ profiles: { default: { apiBase: box.url } } });
  });
});

describe('the credentials folder', () => {
  it('open to others: narrowed to 0700 with a warning', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    chmodSync(folder(env), 0o755);
    const who = await cli(['whoami'], { env });
    expect(who.code).toBe(0);
    expect(who.stderr).toContain(`${folder(env)} was readable by others (mode 755); changed it to 700`);
    expect(mode(folder(env))).toBe(0o700);

    chmodSync(folder(env), 0o755);
    const again = await login(env);
    expect(again.stderr).toContain('changed it to 700');
    expect(mode(folder(env))).toBe(0o700);
  });
});

describe('credentials that are not a plain file or folder', () => {
  it('a symlinked credentials folder or file is never chmod-ed through the link, only warned about', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    // The folder moved to a place others share, and linked back.
    const shared = join(tempDir('mm-shared-'), 'credentials');
    renameSync(folder(env), shared);
    chmodSync(shared, 0o777);
    chmodSync(join(shared, 'default.json'), 0o644);
    symlinkSync(shared, folder(env));
    const who = await cli(['whoami'], { env });
    expect(who.code, who.stderr).toBe(0);
    expect(mode(shared)).toBe(0o777);
    expect(who.stderr).toContain(
      `${folder(env)} is a symbolic link to something others can read (mode 777); it is not changed through the link`,
    );

    // A credentials file linked to a file others can read: the file is left alone too.
    rmSync(folder(env));
    renameSync(shared, folder(env));
    chmodSync(folder(env), 0o700);
    const target = join(tempDir('mm-target-'), 'tokens.json');
    renameSync(credentials(env), target);
    chmodSync(target, 0o644);
    symlinkSync(target, credentials(env));
    const again = await cli(['whoami'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(mode(target)).toBe(0o644);
    expect(again.stderr).toContain(
      `${credentials(env)} is a symbolic link to something others can read (mode 644)`,
    );
  });

  it('a FIFO in place of the credentials file: exit 4 at once, not a read that never ends', async () => {
    const env = envFor(box);
    mkdirSync(folder(env), { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', [credentials(env)]);
    const who = await cli(['whoami'], { env });
    expect(who.code).toBe(4);
    expect(who.stderr).toContain(
      `The credentials file ${credentials(env)} cannot be read (it is not a regular file)`,
    );
  });
});

describe('settings spelled in other ways', () => {
  it('MATCHMAKER_TOKEN with a character that is not ASCII: exit 2 naming it, before anything is sent', async () => {
    const env = envFor(box, { MATCHMAKER_TOKEN: 'abc\u00e9def' });
    const who = await cli(['whoami'], { env });
    expect(who.code).toBe(2);
    expect(who.stderr).toContain(
      "MATCHMAKER_TOKEN contains a character that is not ASCII ('é') (at character 4)",
    );
  });

  it('an API base in capitals is the same server as in lower case; an empty MATCHMAKER_PROFILE is the default', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    const who = await cli(['--api-base', `${box.url.toUpperCase()}/`, 'whoami', '-o', 'json'], {
      env: { ...env, MATCHMAKER_PROFILE: '' },
    });
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ api_base: box.url, profile: 'default' });
  });
});

describe('the login a message asks for', () => {
  it("names the profile in use: a refused refresh of profile 'night' says to run matchmaker --profile night login", async () => {
    const env = envFor(box);
    mkdirSync(folder(env), { recursive: true, mode: 0o700 });
    const tokens = { accessToken: 'expired-token', refreshToken: 'revoked-token', apiBase: box.url };
    writeFileSync(join(folder(env), 'night.json'), JSON.stringify(tokens), { mode: 0o600 });
    const who = await cli(['--profile', 'night', 'users', 'search'], { env });
    expect(who.code).toBe(4);
    expect(who.stderr).toMatch(/run `matchmaker --profile night login`/);
  });

  it('a credentials file whose apiBase is not text is damaged, not one from before bases were recorded', async () => {
    const env = envFor(box);
    expect((await login(env)).code).toBe(0);
    const stored = JSON.parse(readFileSync(credentials(env), 'utf8'));
    writeFileSync(credentials(env), JSON.stringify({ ...stored, apiBase: 5 }), { mode: 0o600 });
    const who = await cli(['whoami'], { env });
    expect(who.code).toBe(4);
    expect(who.stderr).toContain(
      `The credentials file ${credentials(env)} cannot be read (its 'apiBase' is not text)`,
    );
  });
});
