/**
 * What `bulk --dry-run` and `--validate-only` promise: a dry run's data lists every row (a row it
 * would change, an invalid row, a repeat) so a script reading it sees the whole plan; a dry run by
 * a member exits 4 as the real run would; signed out, it says nothing was checked against the
 * server. And the bounds of --concurrency and --retries.
 */
import { DEMO_PASSWORD } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { cli, envFor, memberIds, signedInSandbox, statusIn, writeInput } from './support/cli';

const { box, env, dir } = await signedInSandbox();

const statusOf = statusIn(box);

describe('--dry-run data lists every row with its status', () => {
  it('invalid rows and repeats are in the json, ndjson and csv data, with the reason', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const path = writeInput(dir, 'mixed.csv', `id\n${a}\n\n${b}\n${a}\nbad\u0001id\n`);
    const expected = [
      {
        line: 2,
        id: a,
        action: 'suspend',
        change: 'status -> suspended',
        status: 'would change',
        reason: null,
      },
      {
        line: 4,
        id: b,
        action: 'suspend',
        change: 'status -> suspended',
        status: 'would change',
        reason: null,
      },
      {
        line: 5,
        id: a,
        action: 'suspend',
        change: 'status -> suspended',
        status: 'repeat',
        reason: `user ${a} repeats an earlier row: skipped`,
      },
      {
        line: 6,
        id: 'bad\u0001id',
        action: 'suspend',
        change: null,
        status: 'invalid',
        reason: "invalid id 'bad\u0001id': it holds a control character or bytes that are not UTF-8",
      },
    ];
    const json = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'json'], { env });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const ndjson = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'ndjson'], { env });
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);
    const csv = await cli(['bulk', 'suspend', '-i', path, '--dry-run', '-o', 'csv'], { env });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('line,id,action,change,status,reason');
    expect(lines[1]).toBe(`2,${a},suspend,status -> suspended,would change,`);
    expect(lines[4]?.startsWith("6,bad\u0001id,suspend,,invalid,invalid id 'bad\u0001id'")).toBe(true);
    expect([statusOf(a), statusOf(b)]).toEqual(['active', 'active']);
  });
});

describe('--dry-run checks who is signed in, as the real run does', () => {
  it("a member's MATCHMAKER_TOKEN: exit 4 with the real run's message, for every action", async () => {
    const [a = ''] = memberIds(box, 1);
    const session = createClient({ baseURL: box.url, locks: null });
    await session.accounts.login({ email: 'member1@sandbox.test', password: DEMO_PASSWORD });
    const member = envFor(box, { MATCHMAKER_TOKEN: (await session.session.getAccessToken()) ?? '' });
    const path = writeInput(dir, 'member.csv', `id\n${a}\n`);
    for (const action of ['suspend', 'reactivate']) {
      const real = await cli(['bulk', action, '-i', path, '--yes'], { env: member });
      const dry = await cli(['bulk', action, '-i', path, '--dry-run'], { env: member });
      expect(real.code).toBe(4);
      expect(dry.code, action).toBe(4);
      expect(dry.stderr).toBe(real.stderr);
      expect(dry.stdout).toBe('');
    }
  });

  it('signed out: the plan is printed, and it says plainly that nothing was checked against the server', async () => {
    const [a = ''] = memberIds(box, 1);
    const path = writeInput(dir, 'signed-out.csv', `id\n${a}\n`);
    for (const action of ['suspend', 'confirm']) {
      const dry = await cli(['bulk', action, '-i', path, '--dry-run'], { env: envFor(box) });
      expect(dry.code, action).toBe(0);
      expect(dry.stdout).toContain(a);
      expect(dry.stderr).toContain('Not signed in');
      expect(dry.stderr).toContain('nothing was checked against the server');
    }
  });
});

describe('--concurrency and --retries have upper limits', () => {
  it('past the limit: exit 2 naming it, nothing sent', async () => {
    const [a = ''] = memberIds(box, 1);
    const path = writeInput(dir, 'limits.csv', `id\n${a}\n`);
    const many = await cli(['bulk', 'suspend', '-i', path, '-c', '100000', '--yes'], { env });
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('--concurrency must be at most 64');
    const retries = await cli(['bulk', 'suspend', '-i', path, '--retries', '1000', '--yes'], { env });
    expect(retries.code).toBe(2);
    expect(retries.stderr).toContain('--retries must be at most 20');
    expect(statusOf(a)).toBe('active');
    const atLimit = await cli(['bulk', 'suspend', '-i', path, '-c', '64', '--retries', '20', '--dry-run'], {
      env,
    });
    expect(atLimit.code).toBe(0);
  });
});
