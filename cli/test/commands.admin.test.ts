/** Every admin command against the sandbox, in-process: table and JSON output, and the state it changed. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, memberIds, sandbox, tempDir } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
});

const json = async (argv: string[]) => {
  const result = await cli([...argv, '-o', 'json'], { env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};
const table = async (argv: string[]) => {
  const result = await cli(argv, { env });
  expect(result.code).toBe(0);
  return result.stdout;
};
const user = (id: string) => box.world.store.data.users[id];

describe('users', () => {
  it('search: filters, a page of 15, --all streams every page, --limit stops', async () => {
    const page = await json(['users', 'search']);
    expect(page).toHaveLength(15);
    expect(await table(['users', 'search', '--limit', '2'])).toMatch(/^ID\s+USERNAME\s+EMAIL\s+FIRST_NAME/);
    const all = await json(['users', 'search', '--all', '--fields', 'id']);
    expect(all).toHaveLength(Object.keys(box.world.store.data.users).length);
    expect(await json(['users', 'search', '--limit', '20'])).toHaveLength(20);
    const suspended = await json(['users', 'search', '--status', 'suspended', '--all']);
    expect(suspended.length).toBeGreaterThan(0);
    expect(suspended.every((u: { status: string }) => u.status === 'suspended')).toBe(true);
    const admins = await json(['users', 'search', '--role', 'admin']);
    expect(admins.map((u: { email: string }) => u.email)).toEqual(['admin@sandbox.test']);
    const [a, b] = memberIds(box, 2);
    const picked = await json(['users', 'search', '--ids', `${a},${b}`, '--fields', 'id']);
    expect(picked.map((u: { id: string }) => u.id).sort()).toEqual([a, b].sort());
    const found = await json(['users', 'search', 'member1@sandbox.test', '--fields', 'email']);
    expect(found).toEqual([{ email: 'member1@sandbox.test' }]);
  });

  it('get prints one record; unknown ids exit 1 with the server message', async () => {
    const [id] = memberIds(box, 1);
    const record = await json(['users', 'get', id ?? '']);
    expect(record.id).toBe(id);
    expect(await table(['users', 'get', id ?? ''])).toMatch(new RegExp(`^id\\s+${id}$`, 'm'));
    const missing = await cli(['users', 'get', 'nobody'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('Error: User not found (HTTP 404, admin.getUser)\n');
  });

  it('deactivate, reactivate, suspend, confirm, delete change the user; destructive ones need --yes off a terminal', async () => {
    const [id = ''] = memberIds(box, 1);
    const refused = await cli(['users', 'deactivate', id], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes when not running in a terminal');
    expect(user(id)?.status).toBe('active');
    expect((await json(['users', 'deactivate', id, '--yes'])).status).toBe('deactivated');
    expect((await json(['users', 'reactivate', id])).status).toBe('active');
    expect((await json(['users', 'suspend', id, '-y'])).status).toBe('suspended');
    expect((await json(['users', 'confirm', id])).confirmed).toBe(true);
    await json(['users', 'delete', id, '--yes']);
    expect(user(id)?.is_deleted).toBe(true);
  });

  it('set-email checks the address first; set-role changes the role', async () => {
    const [id = ''] = memberIds(box, 1);
    const bad = await cli(['users', 'set-email', id, 'not-an-email', '--yes'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Invalid email 'not-an-email'");
    expect((await json(['users', 'set-email', id, 'renamed@example.test', '--yes'])).email).toBe(
      'renamed@example.test',
    );
    expect((await json(['users', 'set-role', id, 'Admin', '--yes'])).roles).toEqual(['Admin']);
    expect((await json(['users', 'set-role', id, 'General', '--yes'])).roles).toEqual(['General']);
  });

  it('set-role to the role the user has already sends nothing, asks nothing, prints the user', async () => {
    const [id = ''] = memberIds(box, 1);
    const record = user(id);
    if (!record) throw new Error('no member');
    expect(record.roles).toEqual(['General']);
    // A change would stamp the record: a date it cannot have shows that nothing was sent.
    record.updated_at = '2000-01-01T00:00:00.000Z';
    for (const argv of [
      ['users', 'set-role', id, 'General'],
      ['users', 'set-role', id, ' General', '--yes'],
    ]) {
      const result = await cli([...argv, '-o', 'json'], { env });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`is already General: nothing was changed`);
      expect(JSON.parse(result.stdout)).toMatchObject({ id, roles: ['General'] });
    }
    expect(record.updated_at).toBe('2000-01-01T00:00:00.000Z');
    expect(record.roles).toEqual(['General']);
  });

  it('edit takes profile fields as flags or JSON (file or stdin) and refuses bad JSON', async () => {
    const [id = ''] = memberIds(box, 1);
    expect((await json(['users', 'edit', id, '--occupation', 'Baker', '--city', 'Lyon'])).occupation).toBe(
      'Baker',
    );
    const dir = tempDir();
    const file = join(dir, 'profile.json');
    writeFileSync(file, JSON.stringify({ about: 'From a file', occupation: 'Ignored' }));
    const edited = await json(['users', 'edit', id, '--from-json', file, '--occupation', 'Potter']);
    expect(edited).toMatchObject({ about: 'From a file', occupation: 'Potter' });
    const piped = await cli(['users', 'edit', id, '--from-json', '-', '-o', 'json'], {
      env,
      stdin: '{"about":"piped"}',
    });
    expect(JSON.parse(piped.stdout).about).toBe('piped');
    writeFileSync(file, '{"about": ');
    const broken = await cli(['users', 'edit', id, '--from-json', file], { env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('profile.json is not valid JSON');
    writeFileSync(file, '{"about": {"nested": true}}');
    const wrongType = await cli(['users', 'edit', id, '--from-json', file], { env });
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain(`"about" in ${file}: {"nested":true}: must be text`);
    expect((await cli(['users', 'edit', id], { env })).stderr).toContain('Nothing to change');
  });

  it('create makes an account from flags and a piped password', async () => {
    const created = await cli(
      [
        'users',
        'create',
        '--email',
        'staff.made@example.test',
        '--username',
        'staff.made',
        '--first-name',
        'Staff',
        '--last-name',
        'Made',
        '--date-of-birth',
        '1990-01-02',
        '--sex',
        'female',
        '--password-stdin',
        '-o',
        'json',
      ],
      { env, stdin: 'Sandbox#2026' },
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      email: 'staff.made@example.test',
      username: 'staff.made',
    });
    const missing = await cli(['users', 'create', '--email', 'x@example.test', '--password-stdin'], {
      env,
      stdin: 'pw',
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --first-name, --last-name, --username');
  });
});

describe('logs, stats, referrals', () => {
  it('logs user and logs visits with filters and paging', async () => {
    const member1 = Object.values(box.world.store.data.users).find((u) => u.email === 'member1@sandbox.test');
    const logs = await json(['logs', 'user', member1?.keycloakId ?? '']);
    expect(logs.length).toBeGreaterThan(0);
    expect(await table(['logs', 'user', member1?.keycloakId ?? ''])).toMatch(
      /^CREATED_AT\s+ACTION\s+DETAIL\s+IP/,
    );
    const visits = await json(['logs', 'visits', '--device', 'desktop', '--limit', '30']);
    expect(visits).toHaveLength(30);
    expect(visits.every((v: { device: string }) => v.device === 'desktop')).toBe(true);
    const bad = await cli(['logs', 'visits', '--from', '23/11/2026'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from must be a date as YYYY-MM-DD');
  });

  it('stats users, visits, matches, filters, preferences, activity', async () => {
    expect((await json(['stats', 'users'])).total).toBe(Object.keys(box.world.store.data.users).length);
    expect(await table(['stats', 'users'])).toMatch(/^by_status\.active\s+\d+$/m);
    expect(await json(['stats', 'visits', '--by', 'week'])).toHaveProperty('date_type', 'week');
    expect(await json(['stats', 'matches', '--from', '2026-01-01', '--to', '2026-12-31'])).toHaveProperty(
      'created',
    );
    const noRange = await cli(['stats', 'matches'], { env });
    expect(noRange.code).toBe(2);
    expect(noRange.stderr).toContain("required option '--from <date>' not specified");
    expect(await json(['stats', 'filters', '--from', '2026-01-01', '--to', '2026-12-31'])).toBeTypeOf(
      'object',
    );
    expect(await json(['stats', 'preferences'])).toBeTypeOf('object');
    expect((await json(['stats', 'activity', '--by', 'month'])).length).toBeGreaterThan(0);
  });

  it('referrals, filtered by username', async () => {
    const all = await json(['referrals', '--all']);
    expect(all.length).toBe(box.world.store.data.referrals.length);
    const sarah = await json(['referrals', '--username', 'sarah.walker']);
    expect(
      sarah.every((r: { referrer: { username: string } }) => r.referrer.username === 'sarah.walker'),
    ).toBe(true);
  });
});

describe('kyc, images, features', () => {
  it('kyc list, get, review, document, metrics', async () => {
    const pending = await json(['kyc', 'list', '--status', 'PENDING', '--all']);
    expect(pending.length).toBeGreaterThan(0);
    const request = pending[0];
    const mine = await json(['kyc', 'get', request.user_id]);
    expect(mine.map((r: { id: string }) => r.id)).toContain(request.id);
    expect((await json(['kyc', 'get', request.user_id, request.id])).id).toBe(request.id);
    const noReason = await cli(['kyc', 'review', request.id, '--reject', '--yes'], { env });
    expect(noReason.code).toBe(2);
    const both = await cli(['kyc', 'review', request.id, '--reject', '--approve', '--yes'], { env });
    expect(both.stderr).toContain('Give exactly one of --approve and --reject');
    await json(['kyc', 'review', request.id, '--reject', '--reason', 'Blurry photo', '--yes']);
    const stored = box.world.store.data.kycRequests.find((r) => r.id === request.id);
    expect(stored).toMatchObject({ status: 'REJECTED', comment: 'Blurry photo' });

    const docId = request.documents[0].id;
    const dir = tempDir();
    const target = join(dir, 'doc.bin');
    const saved = await cli(['kyc', 'document', docId, '-O', target], { env });
    expect(saved.code).toBe(0);
    expect(saved.stderr).toMatch(/^Saved \d+ bytes \(.+\) to /);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readFileSync(target).length).toBeGreaterThan(100);
    const onTerminal = await cli(['kyc', 'document', docId, '-O', '-'], { env, tty: true });
    expect(onTerminal.code).toBe(2);
    expect(onTerminal.stdout).toBe('');
    expect((await cli(['kyc', 'document', docId], { env })).code).toBe(2);
    expect(await json(['kyc', 'metrics', '--from', '2026-01-01', '--to', '2026-12-31'])).toBeTypeOf('object');
  });

  it('images flagged and decide', async () => {
    const flagged = await json(['images', 'flagged']);
    expect(flagged.length).toBeGreaterThan(1);
    const [keep, remove] = flagged;
    expect((await json(['images', 'decide', keep.filename, '--keep'])).approved).toBe(true);
    expect((await cli(['images', 'decide', remove.filename, '--remove'], { env })).code).toBe(2);
    expect((await json(['images', 'decide', remove.filename, '--remove', '--yes'])).approved).toBe(false);
    const after = (await json(['images', 'flagged', '--all'])).map((i: { filename: string }) => i.filename);
    expect(after).not.toContain(keep.filename);
    expect(after).not.toContain(remove.filename);
  });

  it('features list shows every switch and subfeature with its state; toggle flips one', async () => {
    const listed = await table(['features', 'list']);
    expect(listed).toMatch(/^CODE\s+SUBFEATURE\s+NAME\s+ENABLED/);
    expect(listed).toMatch(/^CHAT\s+CHAT_FILES\s+/m);
    const switches: { code: string; subfeature: string | null; enabled: boolean }[] = await json([
      'features',
      'list',
    ]);
    const chat = switches.find((row) => row.code === 'CHAT' && row.subfeature === null);
    const sub = switches.find((row) => row.code === 'CHAT' && row.subfeature !== null);
    if (!chat || !sub) throw new Error('CHAT and a subfeature of it are listed');
    const toggled = await json(['features', 'toggle', 'CHAT', '--yes']);
    expect(toggled.feature.enabled).toBe(!chat.enabled);
    const subToggled = await json(['features', 'toggle', 'CHAT', '--sub', String(sub.subfeature), '--yes']);
    expect(subToggled.subfeature.enabled).toBe(!sub.enabled);
  });
});
