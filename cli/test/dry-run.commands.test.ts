/**
 * `--dry-run` on every single command that changes something: the built binary, behind a gateway
 * that records every request, against the sandbox. It reads what the real run reads, makes every
 * check the real run makes, asks nothing, sends no change (the sandbox's records are unchanged)
 * and prints the change and the request that would make it, as data with `-o json`, never a
 * password.
 */
import type { RunningSandbox } from '@matchmaker/sandbox';
import type { Command } from 'commander';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takesDryRun } from '../src/options';
import { envFor, memberIds, spawnResult } from './support/cli';
import { adminBehindGateway, type Gateway } from './support/gateway';
import { commandTree } from './support/tree';

let box: RunningSandbox;
let gw: Gateway;
let env: NodeJS.ProcessEnv;
let member: string;

beforeAll(async () => {
  ({ box, gw, env } = await adminBehindGateway());
  [member = ''] = memberIds(box, 1);
});

beforeEach(() => {
  gw.seen.length = 0;
});

/** What a change could touch, as text: unchanged text means nothing was changed. */
const records = () => {
  const { users, images, features, kycRequests, referrals } = box.world.store.data;
  return JSON.stringify({ users, images, features, kycRequests, referrals });
};

/** The POSTs that only read: the user search and the KYC queue (the look-ups before a change). */
const READ_POSTS = ['/admin/users/search', '/kyc/verifications/list'];

/** Requests the gateway saw that could change something. */
const changesSent = () =>
  gw.seen.filter(
    (seen) => seen.method !== 'GET' && !READ_POSTS.some((path) => seen.path.split('?')[0]?.endsWith(path)),
  );

const run = (argv: string[], stdin?: string) => spawnResult(argv, { env, ...(stdin ? { stdin } : {}) });

interface Expected {
  endpoint: string;
  method: string;
  path: string;
  body?: unknown;
  change?: RegExp;
}

/** Runs `argv` with `--dry-run -o json` and checks the plan, and that nothing was changed or sent. */
async function dryRun(argv: string[], expected: Expected, stdin?: string) {
  const before = records();
  const result = await run([...argv, '--dry-run', '-o', 'json'], stdin);
  expect(result.stderr).toContain('Dry run: nothing was sent');
  expect(result.code).toBe(0);
  const plan = JSON.parse(result.stdout);
  expect(plan).toMatchObject({ endpoint: expected.endpoint, method: expected.method });
  expect(new URL(plan.url).pathname).toBe(expected.path);
  if (expected.body !== undefined) expect(plan.body).toEqual(expected.body);
  if (expected.change) expect(plan.change).toMatch(expected.change);
  expect(changesSent()).toEqual([]);
  expect(records()).toBe(before);
  return { plan, result };
}

const USERS = '/api/usermgmt/v2/admin/users';

describe('--dry-run of each changing command: nothing sent, the request printed', () => {
  it('users deactivate, reactivate, suspend, delete, confirm', async () => {
    const named = /^(deactivate|suspend|delete) user \S+ \(.*@.*, id /;
    for (const [change, method, tail] of [
      ['deactivate', 'PUT', 'deactivate'],
      ['reactivate', 'PUT', 'reactivate'],
      ['suspend', 'PUT', 'suspend'],
      ['delete', 'DELETE', ''],
      ['confirm', 'PUT', 'confirm'],
    ] as const) {
      const { plan } = await dryRun(['users', change, member], {
        endpoint: `admin.${change}User`,
        method,
        // The catalogue's delete path ends in a slash, as the API's does.
        path: `${USERS}/${member}/${tail}`,
      });
      // The destructive ones name the user as their question would; every one says what it does.
      if (change !== 'reactivate' && change !== 'confirm') expect(plan.change).toMatch(named);
      expect(plan.change).not.toBe('');
    }
    // The gateway's record is what shows that nothing was sent: without --dry-run it sees the change.
    const real = await run(['users', 'suspend', member, '--yes']);
    expect(real.code).toBe(0);
    expect(changesSent().map((seen) => seen.method)).toEqual(['PUT']);
    expect(box.world.store.data.users[member]?.status).toBe('suspended');
    await run(['users', 'reactivate', member]);
  });

  it('users set-email, set-role and edit print the body they would send', async () => {
    await dryRun(['users', 'set-email', member, ' New.Address@Example.org '], {
      endpoint: 'admin.changeUserEmail',
      method: 'PUT',
      path: `${USERS}/${member}/email`,
      body: { email: 'New.Address@Example.org' },
      change: /^change the email of user .* to New\.Address@Example\.org$/,
    });
    await dryRun(['users', 'set-role', member, 'Admin'], {
      endpoint: 'admin.changeUserRole',
      method: 'PUT',
      path: `${USERS}/${member}/role`,
      body: { role: 'Admin' },
      change: /from General to Admin/,
    });
    await dryRun(['users', 'edit', member, '--city', ' Lyon ', '--height', '178', '--country', 'fr'], {
      endpoint: 'admin.updateUser',
      method: 'PUT',
      path: `${USERS}/${member}/`,
      body: { city: 'Lyon', height: 178, country: 'France' },
    });
  });

  it('users create: the body with its password hidden, the password never printed', async () => {
    const password = 'S3cret-Passw0rd-42';
    const { plan, result } = await dryRun(
      [
        'users',
        'create',
        '--password-stdin',
        '--email',
        'ana.p@example.org',
        '--username',
        'ana.p',
        '--first-name',
        'Ana',
        '--last-name',
        'Pereira',
        '--date-of-birth',
        '1994-03-12',
        '--sex',
        'female',
      ],
      { endpoint: 'admin.createUser', method: 'POST', path: USERS },
      password,
    );
    expect(plan.body).toMatchObject({ username: 'ana.p', email: 'ana.p@example.org', password: '(hidden)' });
    expect(`${result.stdout}${result.stderr}`).not.toContain(password);
    // As a table too.
    const table = await run(
      ['users', 'create', '--from-json', '-', '--dry-run'],
      JSON.stringify({
        email: 'bo.q@example.org',
        username: 'bo.q',
        first_name: 'Bo',
        last_name: 'Quist',
        date_of_birth: '1990-01-02',
        sex: 'male',
        password,
      }),
    );
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^body\.password +\(hidden\)$/m);
    expect(`${table.stdout}${table.stderr}`).not.toContain(password);
  });

  it('kyc review, images decide and features toggle', async () => {
    const pending = box.world.store.data.kycRequests.find((request) => request.status === 'PENDING');
    const image = Object.values(box.world.store.data.images).find((entry) => entry.flagged);
    if (!pending || !image) throw new Error('the sandbox has no pending KYC request or flagged image');
    await dryRun(['kyc', 'review', pending.id, '--reject', '--reason', 'Blurred scan'], {
      endpoint: 'kyc.reviewRequest',
      method: 'PUT',
      path: `/api/bytebox/v2/kyc/verifications/${pending.id}`,
      body: { status: 'REJECTED', reason: 'Blurred scan' },
      change: new RegExp(`^reject KYC request ${pending.id} of .* \\(now PENDING\\)$`),
    });
    await dryRun(['images', 'decide', image.filename, '--remove'], {
      endpoint: 'images.decideFlagged',
      method: 'POST',
      path: '/api/bytebox/v2/images/flagged',
      body: { filename: image.filename, approved: false },
      change: /^remove flagged image /,
    });
    const chat = box.world.store.data.features.find((feature) => feature.code === 'CHAT');
    const now = chat?.enabled ? 'on' : 'off';
    const other = chat?.enabled ? 'off' : 'on';
    await dryRun(['features', 'toggle', 'chat'], {
      endpoint: 'features.toggle',
      method: 'PUT',
      path: '/api/feature-switch/v2/features/CHAT/toggle',
      change: new RegExp(`^turn CHAT ${other} for every member \\(it is ${now} now\\)$`),
    });
    // A switch already in the state asked for: no change to plan, the real run's answer.
    const already = await run(['features', 'toggle', 'CHAT', `--${now}`, '--dry-run', '-o', 'json']);
    expect(already.code).toBe(0);
    expect(already.stderr).toContain(`CHAT is already ${now}: nothing was changed`);
    expect(JSON.parse(already.stdout).feature.code).toBe('CHAT');
    expect(changesSent()).toEqual([]);
  });

  it('the default table, piped, without --yes: the change and the request, one per line', async () => {
    const result = await run(['users', 'suspend', member, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^change +suspend user /m);
    expect(result.stdout).toMatch(/^endpoint +admin\.suspendUser$/m);
    expect(result.stdout).toMatch(new RegExp(`^url +${gw.url}${USERS}/${member}/suspend$`, 'm'));
    expect(changesSent()).toEqual([]);
  });
});

describe('a dry run makes the checks of a real run', () => {
  it('refusals are the real run’s, with their exit codes; nothing is sent', async () => {
    const admin = Object.values(box.world.store.data.users).find(
      (user) => user.email === 'admin@sandbox.test',
    );
    const approved = box.world.store.data.kycRequests.find((request) => request.status === 'APPROVED');
    const before = records();
    const cases: [string[], number, string][] = [
      [['users', 'suspend', admin?.keycloakId ?? ''], 2, 'Refusing to suspend your own account'],
      [['users', 'set-role', member, 'superuser'], 2, "Unknown role 'superuser'"],
      [['users', 'suspend', 'nobody-at-all'], 1, "No such user 'nobody-at-all'"],
      [['users', 'suspend', member, '--fields', 'statsu'], 2, "unknown field 'statsu'"],
      [['features', 'toggle', 'NOPE'], 2, "No feature 'NOPE'"],
      [['kyc', 'review', approved?.id ?? '', '--approve'], 2, 'is already APPROVED'],
      [['images', 'decide', 'not-flagged.png', '--keep'], 2, 'is not in the flagged list'],
    ];
    for (const [argv, code, message] of cases) {
      const result = await run([...argv, '--dry-run']);
      expect(result.stderr, argv.join(' ')).toContain(message);
      expect(result.code, argv.join(' ')).toBe(code);
      expect(result.stdout).toBe('');
    }
    expect(changesSent()).toEqual([]);
    expect(records()).toBe(before);
  });

  it('signed out: exit 4, as the real run', async () => {
    const signedOut = envFor(box, { MATCHMAKER_API_BASE: gw.url });
    const result = await spawnResult(['users', 'suspend', member, '--dry-run'], { env: signedOut });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Not signed in');
  });
});

describe('which commands take --dry-run', () => {
  /** Commands that only read: nothing to hold back. */
  const READS = new Set([
    'whoami',
    'auth status',
    'users search',
    'users get',
    'logs user',
    'logs visits',
    'stats users',
    'stats visits',
    'stats matches',
    'stats filters',
    'stats preferences',
    'stats activity',
    'referrals',
    'kyc list',
    'kyc get',
    'kyc metrics',
    'images flagged',
    'features list',
    'completion',
    '__complete',
    'help',
  ]);
  /**
   * The others that change nothing of the API's records: the session (login, logout), a file
   * written here (kyc document), and bulk runs, whose --dry-run plans the whole file its own way.
   */
  const OTHERS = new Set(['login', 'logout', 'kyc document', 'bulk']);

  it('every command that changes a record, and no other', async () => {
    const program = await commandTree(env);
    const leaves = (command: Command, path: string[] = []): [string, Command][] =>
      command.commands.length === 0
        ? [[path.join(' '), command]]
        : command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
    const found = leaves(program);
    const changing = found.filter(([path]) => !READS.has(path) && !OTHERS.has(path));
    expect(changing.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'users suspend',
        'users create',
        'kyc review',
        'images decide',
        'features toggle',
      ]),
    );
    expect(changing.filter(([, command]) => !takesDryRun(command)).map(([path]) => path)).toEqual([]);
    expect(found.filter(([path, command]) => READS.has(path) && takesDryRun(command))).toEqual([]);
  });
});
