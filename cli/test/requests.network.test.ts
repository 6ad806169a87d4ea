/**
 * Single commands on a bad network: reads ride out 5xx, 429 (after its Retry-After) and dropped
 * connections; changes are sent again on 429 only (after its Retry-After), otherwise once, and
 * when one times out or loses its connection the message says it may have been made and how to
 * check; the time limit is `--request-timeout` or MATCHMAKER_REQUEST_TIMEOUT. A gateway in front of the sandbox fails requests on demand.
 */
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, memberIds, spawnResult, waitFor } from './support/cli';
import { adminBehindGateway, type Gateway } from './support/gateway';

let box: RunningSandbox;
let gw: Gateway;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ box, gw, env } = await adminBehindGateway());
});

afterEach(() => {
  gw.rule = undefined;
  gw.seen.length = 0;
  box.faults.failRate = 0;
  box.faults.rateLimit = undefined;
});

const statusOf = (id: string) => box.world.store.data.users[id]?.status;
const userCount = () => Object.keys(box.world.store.data.users).length;
const SEARCH = '/admin/users/search';

describe('reads are retried', () => {
  it('users search --all completes when every first try of a page fails (503, 429 with Retry-After, a dropped connection)', async () => {
    let searches = 0;
    gw.rule = (_method, path) => {
      if (!path.includes(SEARCH)) return 'pass';
      searches += 1;
      if (searches === 6)
        return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Slow down' } };
      if (searches === 9) return 'drop';
      return searches % 2 === 1 ? { status: 503, body: { message: 'Injected fault (503)' } } : 'pass';
    };
    const result = await cli(['users', 'search', '--all', '-o', 'json', '--fields', 'id'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const ids = (JSON.parse(result.stdout) as { id: string }[]).map((user) => user.id);
    expect(ids).toHaveLength(userCount());
    expect(new Set(ids).size).toBe(ids.length);
    // The try after the 429 waited out its Retry-After of 1 s.
    const searched = gw.seen.filter((seen) => seen.path.includes(SEARCH));
    const limited = searched.findIndex(
      (seen) => typeof seen.reply === 'object' && 'status' in seen.reply && seen.reply.status === 429,
    );
    expect(limited).toBeGreaterThan(0);
    expect((searched[limited + 1]?.at ?? 0) - (searched[limited]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it("under the sandbox's --rate-limit 3, users search --all and logs visits complete", async () => {
    box.faults.rateLimit = 3;
    const users = await cli(['users', 'search', '--all', '-o', 'ndjson', '--fields', 'id'], { env });
    expect(users.stderr).toBe('');
    expect(users.code).toBe(0);
    expect(users.stdout.trim().split('\n')).toHaveLength(userCount());
    const visits = await cli(['logs', 'visits', '--limit', '60', '-o', 'ndjson'], { env });
    expect(visits.code).toBe(0);
    expect(visits.stdout.trim().split('\n')).toHaveLength(60);
    expect(gw.seen.length).toBeGreaterThan(23 + 4);
  });

  it('gives up after 5 retries, naming the last failure', async () => {
    gw.rule = (_method, path) =>
      path.includes(SEARCH) ? { status: 502, body: { message: 'Bad gateway' } } : 'pass';
    const result = await cli(['users', 'search'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Bad gateway (HTTP 502, admin.searchUsers)');
    expect(gw.seen.filter((seen) => seen.path.includes(SEARCH))).toHaveLength(6);
  });

  it('a 4xx is not retried', async () => {
    gw.rule = (_method, path) =>
      path.includes(SEARCH) ? { status: 400, body: { message: 'Bad filter' } } : 'pass';
    const result = await cli(['users', 'search'], { env });
    expect(result.code).toBe(2);
    expect(gw.seen.filter((seen) => seen.path.includes(SEARCH))).toHaveLength(1);
  });
});

describe('changes are sent once', () => {
  it('a 503 on users suspend is not retried and changes nothing', async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (method) => (method === 'PUT' ? { status: 503, body: { message: 'Unavailable' } } : 'pass');
    const result = await cli(['users', 'suspend', id, '--yes'], { env });
    expect(result.code).toBe(1);
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
    expect(statusOf(id)).toBe('active');
  });

  it('users suspend that times out says the user may be suspended anyway and how to check', async () => {
    const [, id = ''] = memberIds(box, 2);
    gw.rule = (method) => (method === 'PUT' ? { lateMs: 3_000 } : 'pass');
    const result = await cli(['users', 'suspend', id, '--yes', '--request-timeout', '1'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('users suspend timed out after 1 s (--request-timeout)');
    expect(result.stderr).toContain('the server may have suspended the user anyway');
    expect(result.stderr).toContain(`check with \`matchmaker users get ${id}\``);
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
    await waitFor(() => statusOf(id) === 'suspended');
  });

  it('features toggle whose connection drops says it may have switched and not to toggle again blindly', async () => {
    gw.rule = (method) => (method === 'PUT' ? 'drop' : 'pass');
    const result = await cli(['features', 'toggle', 'REFERRALS', '--yes'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('features toggle lost its connection to the API');
    expect(result.stderr).toContain('the server may have switched REFERRALS anyway');
    expect(result.stderr).toContain('`matchmaker features list`');
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
  });

  it("a gateway's time-out (504) on users reactivate says the same", async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (method) => (method === 'PUT' ? { status: 504, body: { message: 'Gateway Timeout' } } : 'pass');
    const result = await cli(['users', 'reactivate', id], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: users reactivate got a gateway time-out (HTTP 504): the server may have reactivated the user anyway; check with \`matchmaker users get ${id}\` before trying again\n`,
    );
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
  });

  it('the JSON error of a timed-out change keeps the TIMEOUT code', async () => {
    const [, , id = ''] = memberIds(box, 3);
    gw.rule = (method) => (method === 'PUT' ? { lateMs: 3_000 } : 'pass');
    const result = await cli(['users', 'deactivate', id, '--yes', '--request-timeout', '0.5', '-o', 'json'], {
      env,
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      code: 'TIMEOUT',
      message: expect.stringContaining('the server may have deactivated the user anyway'),
    });
  });
});

describe('a change refused for the rate limit (429) is sent again after its Retry-After', () => {
  it('users suspend answered 429 once is sent again after the Retry-After, and made once', async () => {
    const [id = ''] = memberIds(box, 1);
    let puts = 0;
    gw.rule = (method) => {
      if (method !== 'PUT') return 'pass';
      puts += 1;
      return puts === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Rate limit exceeded' } }
        : 'pass';
    };
    const result = await cli(['users', 'suspend', id, '--yes', '-o', 'json', '--fields', 'status'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 'suspended' });
    const sent = gw.seen.filter((seen) => seen.method === 'PUT');
    expect(sent).toHaveLength(2);
    expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it("under the sandbox's --rate-limit 2, users suspend, deactivate and features toggle succeed", async () => {
    box.faults.rateLimit = 2;
    const [a = '', b = ''] = memberIds(box, 2);
    const enabled = box.world.store.data.features.find((f) => f.code === 'CHAT')?.enabled;
    for (let run = 0; run < 3; run++) {
      const suspend = await cli(['users', 'suspend', a, '--yes'], { env });
      expect(suspend.stderr).toBe('');
      expect(suspend.code).toBe(0);
    }
    expect(statusOf(a)).toBe('suspended');
    const deactivate = await cli(['users', 'deactivate', b, '--yes'], { env });
    expect(deactivate.code).toBe(0);
    const toggle = await cli(['features', 'toggle', 'CHAT', '--yes'], { env });
    expect(toggle.stderr).toBe('');
    expect(toggle.code).toBe(0);
    expect(box.world.store.data.features.find((f) => f.code === 'CHAT')?.enabled).toBe(!enabled);
  });

  it('a change is sent again on 429 only: 5 times at most, then the 429 is reported', async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (method) =>
      method === 'PUT'
        ? { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Slow down' } }
        : 'pass';
    const result = await cli(['users', 'reactivate', id], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Slow down (HTTP 429, admin.reactivateUser)');
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(6);
  });

  it('a 429 asking to wait over 15 minutes stops at once: exit 1, nothing changed, sent once', async () => {
    const [id = ''] = memberIds(box, 1);
    const before = statusOf(id);
    gw.rule = (method) =>
      method === 'PUT'
        ? { status: 429, headers: { 'retry-after': '3600' }, body: { message: 'Closed' } }
        : 'pass';
    const result = await cli(['users', 'suspend', id, '--yes', '-o', 'json'], { env });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      code: 'RETRY_AFTER_TOO_LONG',
      message: expect.stringContaining(
        'asked to wait 60 minutes (Retry-After), longer than a command waits (15 minutes); nothing was changed: try again later',
      ),
    });
    expect(gw.seen.filter((seen) => seen.method === 'PUT')).toHaveLength(1);
    expect(statusOf(id)).toBe(before);
  });
});

describe('the time limit', () => {
  it('MATCHMAKER_REQUEST_TIMEOUT sets it; the message names the limit and the option; a read that ran out of time is not retried', async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (_method, path) => (path.includes(`/admin/users/${id}`) ? { lateMs: 2_500 } : 'pass');
    const result = await cli(['users', 'get', id], { env: { ...env, MATCHMAKER_REQUEST_TIMEOUT: '1' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The API at ${gw.url} did not answer admin.getUser within 1 s`);
    expect(result.stderr).toContain('--request-timeout');
    expect(gw.seen.filter((seen) => seen.path.includes(`/admin/users/${id}`))).toHaveLength(1);
  });

  it('--request-timeout wins over the variable; 0 means no limit', async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (_method, path) => (path.includes(`/admin/users/${id}`) ? { lateMs: 1_500 } : 'pass');
    const slow = { ...env, MATCHMAKER_REQUEST_TIMEOUT: '1' };
    expect((await cli(['users', 'get', id, '--request-timeout', '0'], { env: slow })).code).toBe(0);
    expect((await cli(['--request-timeout', '5', 'users', 'get', id], { env: slow })).code).toBe(0);
  });

  it("a limit over undici's own 300 s, or none, holds: an answer after undici's 300 s still arrives", async () => {
    const [id = ''] = memberIds(box, 1);
    gw.rule = (_method, path) => (path.includes(`/admin/users/${id}`) ? { lateMs: 2_500 } : 'pass');
    // The built binary with undici's clock about 500 times as fast: 2.5 s is 20 minutes to it.
    const fast = {
      ...env,
      NODE_OPTIONS: `--require ${join(import.meta.dirname, 'support', 'fast-undici-clock.cjs')}`,
    };
    for (const limit of ['400', '0']) {
      const result = await spawnResult(['users', 'get', id, '-o', 'json', '--request-timeout', limit], {
        env: fast,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(id);
    }
    expect(gw.seen.filter((seen) => seen.path.includes(`/admin/users/${id}`))).toHaveLength(2);
  });

  it('refuses a time limit that is not a number of seconds (exit 2, nothing sent)', async () => {
    for (const bad of ['abc', '-1', '', '1e9']) {
      const result = await cli(['users', 'search', '--request-timeout', bad], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--request-timeout must be a number of seconds');
    }
    const fromEnv = await cli(['users', 'search'], { env: { ...env, MATCHMAKER_REQUEST_TIMEOUT: 'soon' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain(
      "MATCHMAKER_REQUEST_TIMEOUT must be a number of seconds, 0 for no limit (got 'soon')",
    );
    expect(gw.seen).toHaveLength(0);
  });

  it('refuses a limit under 1 ms, which would round to 0 (no limit): exit 2, nothing sent', async () => {
    for (const tiny of ['0.0004', '0.0000001']) {
      const result = await cli(['users', 'search', '--request-timeout', tiny], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `--request-timeout must be 0 for no limit or at least 0.001 s (1 ms) (got '${tiny}')`,
      );
    }
    const fromEnv = await cli(['users', 'search'], { env: { ...env, MATCHMAKER_REQUEST_TIMEOUT: '0.0004' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('MATCHMAKER_REQUEST_TIMEOUT must be 0 for no limit or at least 0.001 s');
    expect(gw.seen).toHaveLength(0);
    expect((await cli(['users', 'search', '--request-timeout', '0.000'], { env })).code).toBe(0);
  });

  it('--help names the option, its variable and how often reads are retried', async () => {
    const help = await cli(['--help'], { env });
    expect(help.stdout).toContain('--request-timeout <n>');
    expect(help.stdout).toContain('MATCHMAKER_REQUEST_TIMEOUT');
    expect(help.stdout).toMatch(/reads are\s+retried 5 times/);
  });
});
