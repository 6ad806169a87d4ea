/**
 * Output at its edges: an empty csv still has its header, errors under -o ndjson are JSON, and a
 * narrow terminal never cuts an id.
 */
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../src/width';
import { cli, signedInSandbox } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ box, env } = await signedInSandbox());
});

describe('csv of an empty result', () => {
  it('is the header line: of --fields when given, else of the command’s columns', async () => {
    const chosen = await cli(['users', 'search', 'zzzz-nobody', '-o', 'csv', '--fields', 'id,email'], {
      env,
    });
    expect(chosen).toEqual({ code: 0, stdout: 'id,email\n', stderr: '' });
    const usual = await cli(['users', 'search', 'zzzz-nobody', '-o', 'csv'], { env });
    expect(usual.stdout).toBe('id,username,email,first_name,last_name,status,roles,created_at\n');
    const all = await cli(['referrals', '--username', 'zzzz-nobody', '--all', '-o', 'csv'], { env });
    expect(all.stdout).toBe('created_at,referrer.username,referred.username,referred.email,status\n');
  });
});

describe('errors under -o ndjson', () => {
  it('are one JSON object on stderr, as under -o json', async () => {
    for (const output of [['-o', 'ndjson'], ['--output=ndjson'], ['-ondjson']]) {
      const notFound = await cli(['users', 'get', 'nobody', ...output], { env });
      expect(notFound.code).toBe(1);
      expect(JSON.parse(notFound.stderr)).toEqual({
        code: 'NOT_FOUND',
        message: 'User not found (HTTP 404, admin.getUser)',
      });
    }
    const usage = await cli(['users', 'search', '--page', '0', '-o', 'ndjson'], { env });
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr)).toEqual({ code: 'USAGE', message: expect.stringContaining('--page') });
  });
});

describe('a table on a narrow terminal', () => {
  it('shows ids whole and cuts or leaves out other columns first', async () => {
    const ids = Object.values(box.world.store.usersNewestFirst())
      .slice(0, 15)
      .map((user) => user.keycloakId);
    for (const columns of [80, 60]) {
      const shown = await cli(['users', 'search'], { env: { ...env, NO_COLOR: '1' }, tty: true, columns });
      const lines = shown.stdout.trimEnd().split('\n');
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      for (const id of ids) expect(shown.stdout).toContain(id);
      expect(lines[0]).toMatch(/^ID\s+USERNAME/);
    }
    const requests: { user_id: string }[] = JSON.parse(
      (await cli(['kyc', 'list', '-o', 'json', '--fields', 'user_id'], { env })).stdout,
    );
    const kyc = await cli(['kyc', 'list', '--fields', 'status,user_id,document_type,id'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 60,
    });
    for (const line of kyc.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(kyc.stdout).toMatch(/^STATUS\s+USER_ID\s+ID\n/);
    for (const request of requests) expect(kyc.stdout).toContain(request.user_id);
  });
});

describe('identifiers on a narrow terminal, and names in every script', () => {
  const table = (argv: string[], columns: number) =>
    cli(argv, { env: { ...env, NO_COLOR: '1' }, tty: true, columns });

  it('users search: usernames and emails are shown whole or left out whole, never cut', async () => {
    const users = box.world.store.usersNewestFirst().slice(0, 15);
    for (const columns of [80, 60]) {
      const shown = await table(['users', 'search'], columns);
      const lines = shown.stdout.trimEnd().split('\n');
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      for (const user of users) expect(shown.stdout).toContain(user.keycloakId);
      const heading = lines[0] ?? '';
      for (const [column, value] of [
        ['USERNAME', (user: (typeof users)[number]) => user.username],
        ['EMAIL', (user: (typeof users)[number]) => user.email],
      ] as const) {
        if (!heading.includes(column)) {
          expect(lines.at(-1)).toContain(column);
          continue;
        }
        for (const user of users) expect(shown.stdout).toContain(value(user));
      }
    }
    // At 80 columns the usernames fit beside the ids; the emails no longer do.
    const at80 = await table(['users', 'search'], 80);
    expect(at80.stdout).toMatch(/^ID\s+USERNAME\n/);
    expect(at80.stdout).toContain('more columns not shown (EMAIL');
  });

  it('a dry run on 60 columns: a long value wrapped under its column, whole, never cut', async () => {
    const [user] = box.world.store.usersNewestFirst();
    const id = user?.keycloakId ?? '';
    const about =
      'Looking for someone kind who loves long walks, family dinners and honest talks. 李小龙😀 अनुष्का';
    const shown = await table(['users', 'edit', id, '--about', about, '--dry-run'], 60);
    expect(shown.code).toBe(0);
    const lines = shown.stdout.trimEnd().split('\n');
    const start = lines.findIndex((line) => line.startsWith('body.about'));
    const column = lines[start]?.indexOf('Looking') ?? -1;
    expect(column).toBeGreaterThan(0);
    const rest = lines.slice(start + 1).filter((line) => line.startsWith(' '));
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest) expect(line.slice(0, column).trim()).toBe('');
    expect([lines[start]?.slice(column), ...rest.map((line) => line.slice(column))].join(' ')).toBe(about);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(shown.stdout).not.toContain('…');
  });

  it('users get on 60 columns: id, keycloakId, email and username whole', async () => {
    const [user] = box.world.store.usersNewestFirst();
    const id = user?.keycloakId ?? '';
    const shown = await table(['users', 'get', id], 60);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^keycloakId +${id}$`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^id +${id}$`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^email +${user?.email}$`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^username +${user?.username}$`, 'm'));
    for (const line of shown.stdout.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });

  it('columns line up by the width a terminal draws, not by string length', async () => {
    const [a, b] = box.world.store.usersNewestFirst();
    const first = box.world.store.data.users[a?.keycloakId ?? ''];
    const second = box.world.store.data.users[b?.keycloakId ?? ''];
    if (!first || !second) throw new Error('no users');
    // 李小龙😀 takes 8 columns (2 each), अनुष्का 5 (the vowel signs and virama draw no column
    // of their own, the conjunct ष्का two): what tmux, xterm and VTE draw.
    Object.assign(first, { first_name: '李小龙😀', last_name: 'अनुष्का' });
    Object.assign(second, { first_name: 'अनुष्का', last_name: '李小龙😀' });
    const shown = await table(
      [
        'users',
        'search',
        '--ids',
        `${first.keycloakId},${second.keycloakId}`,
        '--fields',
        'first_name,last_name,status',
      ],
      120,
    );
    expect(shown.stdout.split('\n').slice(0, 3)).toEqual([
      'FIRST_NAME  LAST_NAME  STATUS',
      `李小龙😀    अनुष्का      ${first.status}`,
      `अनुष्का       李小龙😀   ${second.status}`,
    ]);
  });
});
