/**
 * What list, analytics and switch commands accept before they send anything: filters with a fixed
 * set of values, empty filters, date ranges, pages and id lists over the contract's limits, and
 * `features toggle` with a stated target. A recording gateway in front of the sandbox shows what
 * reached the API (nothing, for every refusal) and with which values.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, memberIds, sandbox } from './support/cli';

const box = await sandbox();

interface Sent {
  method: string;
  url: string;
  body: string;
}
/** Every API call that reached the gateway, in order; the login's are dropped in beforeAll. */
const sent: Sent[] = [];
/** Runs just before a call is passed on to the sandbox (to change its state in between). */
let beforePass: ((call: Sent) => void) | undefined;

/** Headers that belong to one hop: fetch sets its own, and answers arrive decoded. */
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'content-encoding']);
const endToEnd = (headers: Iterable<[string, string | string[] | undefined]>) =>
  [...headers].filter(([name]) => !HOP.has(name.toLowerCase())).map(([name, value]) => [name, String(value)]);

/** Records each call whole, then sends it on with fetch and answers with what the sandbox said. */
const gateway = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const call = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() };
  sent.push(call);
  beforePass?.(call);
  const answer = await fetch(new URL(call.url, box.url), {
    method: call.method,
    headers: endToEnd(Object.entries(req.headers)) as [string, string][],
    // No body when none came: fetch would label an empty string text/plain, which the sandbox
    // refuses (415) on a JSON call such as features.toggle.
    body: call.method === 'GET' || call.method === 'HEAD' || call.body === '' ? undefined : call.body,
  });
  res.writeHead(answer.status, Object.fromEntries(endToEnd(answer.headers)));
  res.end(Buffer.from(await answer.arrayBuffer()));
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
const env = envFor(box, {
  MATCHMAKER_API_BASE: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
});

beforeAll(async () => expect((await login(env)).code).toBe(0));

/** Runs a command and returns its result with the calls it sent. */
async function run(argv: string[]) {
  sent.length = 0;
  const result = await cli(argv, { env });
  return { ...result, sent: sent.splice(0) };
}

/** A usage error: exit 2, nothing on stdout, nothing sent, and the message. */
async function refused(argv: string[]): Promise<string> {
  const result = await run(argv);
  expect({ argv, code: result.code, stdout: result.stdout, sent: result.sent }).toEqual({
    argv,
    code: 2,
    stdout: '',
    sent: [],
  });
  return result.stderr;
}

/** The JSON body of the one call to `path` the command sent. */
function bodyOf(calls: Sent[], path: string): Record<string, unknown> {
  const call = calls.find((entry) => entry.url.includes(path));
  if (!call) throw new Error(`no call to ${path} in ${calls.map((entry) => entry.url).join(', ')}`);
  return JSON.parse(call.body);
}

describe('filters with a fixed set of values', () => {
  it('a value outside the contract is exit 2 naming the allowed values; nothing is sent', async () => {
    const cases: [string[], string][] = [
      [['kyc', 'list', '--status', 'BOGUS', '--all'], 'PENDING, IN_REVIEW, APPROVED, REJECTED'],
      [['kyc', 'metrics', '--status', 'bogus'], 'PENDING, IN_REVIEW, APPROVED, REJECTED'],
      [['users', 'search', '--status', 'suspened'], 'active, deactivated, archived, suspended'],
      [['users', 'search', '--status', 'bogus'], 'active, deactivated, archived, suspended'],
      [['users', 'search', '--role', 'Superuser'], 'admin, member'],
      [['logs', 'visits', '--device', 'phone'], 'desktop, mobile, tablet'],
    ];
    for (const [argv, allowed] of cases) {
      const stderr = await refused(argv);
      expect(stderr).toContain(allowed);
      expect(stderr).toContain(`'${argv[3]}'`);
    }
    // A near miss is named, as for unknown commands and fields.
    expect(await refused(['users', 'search', '--status', 'suspened'])).toContain(
      "(did you mean 'suspended'?)",
    );
    expect(await refused(['kyc', 'list', '--status', 'PENDNG'])).toContain("(did you mean 'PENDING'?)");
    expect(await refused(['users', 'search', '--status', 'bogus'])).not.toContain('did you mean');
    expect(await refused(['logs', 'visits', '--country-code', 'XX'])).toContain(
      '--country-code must be a two-letter country code',
    );
  });

  it('values in any case are taken, and the canonical value is what is sent', async () => {
    const suspended = await run(['users', 'search', '--status', 'SUSPENDED', '--all', '-o', 'json']);
    expect(suspended.code).toBe(0);
    expect(bodyOf(suspended.sent, '/users/search').filters).toEqual({ status: 'suspended' });
    const users = JSON.parse(suspended.stdout) as { status: string }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((user) => user.status === 'suspended')).toBe(true);

    const roles: [string, string][] = [
      ['Member', 'member'],
      ['General', 'member'],
      ['ADMIN', 'admin'],
    ];
    for (const [given, wanted] of roles) {
      const result = await run(['users', 'search', '--role', given]);
      expect(result.code).toBe(0);
      expect(bodyOf(result.sent, '/users/search').filters).toEqual({ role: wanted });
    }

    for (const [given, wanted] of [
      ['pending', 'PENDING'],
      ['in-review', 'IN_REVIEW'],
    ]) {
      const listed = await run(['kyc', 'list', '--status', given ?? '']);
      expect(listed.code).toBe(0);
      expect(bodyOf(listed.sent, '/verifications/list')).toEqual({ status: wanted });
    }
    const metrics = await run(['kyc', 'metrics', '--status', 'Approved', '-o', 'json']);
    expect(metrics.code).toBe(0);
    expect(bodyOf(metrics.sent, '/metrics')).toEqual({ status: 'APPROVED' });

    const visits = await run(['logs', 'visits', '--device', 'Mobile', '--country-code', 'us']);
    expect(visits.code).toBe(0);
    expect(bodyOf(visits.sent, '/visits/search').filters).toEqual({ device: 'mobile', country_code: 'US' });
  });

  it('an empty filter is exit 2, never "no filter"', async () => {
    expect(await refused(['users', 'search', '--ids', ''])).toContain('--ids is empty: give at least one id');
    expect(await refused(['users', 'search', '--ids', ' , ,'])).toContain(
      '--ids is empty: give at least one id',
    );
    const empties: string[][] = [
      ['users', 'search', '--status', ''],
      ['users', 'search', '--role', ' '],
      ['kyc', 'list', '--status', ''],
      ['kyc', 'metrics', '--status', ''],
      ['logs', 'visits', '--user', ''],
      ['logs', 'visits', '--country', ''],
      ['logs', 'visits', '--country-code', ''],
      ['logs', 'visits', '--device', ''],
      ['logs', 'visits', '--browser', ''],
      ['logs', 'visits', '--path', ''],
      ['referrals', '--username', ''],
      ['referrals', '--username', ' '],
    ];
    for (const argv of empties) {
      const option = argv.find((word) => word.startsWith('--'));
      expect(await refused(argv)).toContain(`${option} is empty`);
    }
    expect(await refused(['users', 'search', ''])).toContain('The search text is empty');
  });
});

describe('ids and pages over the contract limits', () => {
  it('--ids: repeated ids are sent once; more than one search takes is exit 2 saying how many', async () => {
    const [a = '', b = ''] = memberIds(box, 2);
    const repeated = Array.from({ length: 1500 }, () => [a, b]).flat();
    const found = await run(['users', 'search', '--ids', repeated.join(','), '-o', 'json', '--fields', 'id']);
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(bodyOf(found.sent, '/users/search').filters).toEqual({ bulk_ids: [a, b] });
    expect(
      JSON.parse(found.stdout)
        .map((user: { id: string }) => user.id)
        .sort(),
    ).toEqual([a, b].sort());

    const many = Array.from({ length: 2100 }, () => randomUUID());
    const stderr = await refused(['users', 'search', '--ids', [...many, ...many.slice(0, 50)].join(',')]);
    expect(stderr).toMatch(/--ids has 2100 different ids; one search takes at most 1\d{3} of them/);
    expect(stderr).not.toMatch(/keys and items|bytes|searchUsers|Invalid input/);
  });

  it('--page beyond the contract limit (2^53 - 1) is exit 2 in the CLI words', async () => {
    for (const command of [['users', 'search'], ['kyc', 'list'], ['logs', 'visits'], ['referrals']]) {
      const stderr = await refused([...command, '--page', '99999999999999999999']);
      expect(stderr).toContain('--page must be at most 9007199254740991');
      expect(stderr).not.toMatch(/Too big|Invalid input/);
    }
    const last = await run(['users', 'search', '--page', '9007199254740991']);
    expect(last.code).toBe(0);
  });
});

describe('date ranges', () => {
  const RANGED = [
    ['logs', 'visits'],
    ['stats', 'users'],
    ['stats', 'visits'],
    ['stats', 'matches'],
    ['stats', 'filters'],
    ['stats', 'activity'],
    ['kyc', 'metrics'],
  ];

  it('--from after --to is exit 2 for every command with a range; one day is a range', async () => {
    for (const command of RANGED) {
      const stderr = await refused([...command, '--from', '2026-11-10', '--to', '2026-11-01']);
      expect(stderr).toContain('--from 2026-11-10 is after --to 2026-11-01');
      const oneDay = await run([...command, '--from', '2026-11-01', '--to', '2026-11-01']);
      expect({ command, code: oneDay.code }).toEqual({ command, code: 0 });
    }
  });

  it('--from after today without --to is exit 2: the default --to is today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const command of RANGED.filter(([, name]) => name !== 'matches' && name !== 'filters')) {
      const stderr = await refused([...command, '--from', '2030-01-01']);
      expect(stderr).toContain(`--from 2030-01-01 is after today (${today}, the default --to)`);
      const fromToday = await run([...command, '--from', today]);
      expect({ command, code: fromToday.code }).toEqual({ command, code: 0 });
    }
  });

  it('dates that do not exist are exit 2, on --from and --to alike', async () => {
    for (const day of ['2026-02-29', '2026-02-30', '2026-02-31', '2026-04-31', '2026-06-31', '2026-00-10']) {
      for (const option of ['--from', '--to']) {
        const stderr = await refused(['logs', 'visits', option, day]);
        expect(stderr).toContain(`${option}: ${day} is not a date`);
      }
    }
    const leap = await run(['stats', 'users', '--from', '2024-02-29', '--to', '2024-03-01', '-o', 'json']);
    expect(leap.code).toBe(0);
    expect(bodyOf(leap.sent, '/users/aggregations')).toEqual({
      start_date: '2024-02-29',
      end_date: '2024-03-01',
    });
  });

  it('stats matches and stats filters say in their help that --from and --to are required', async () => {
    for (const command of ['matches', 'filters']) {
      const help = (await cli(['stats', command, '--help'], { env })).stdout;
      expect(help).toMatch(/--from <date>\s+start date, YYYY-MM-DD \(required\)/);
      expect(help).toMatch(/--to <date>\s+end date, YYYY-MM-DD \(required\)/);
    }
    const optional = (await cli(['stats', 'users', '--help'], { env })).stdout;
    expect(optional).not.toContain('(required)');
  });
});

describe('features toggle', () => {
  const feature = (code: string) => {
    const found = box.world.store.data.features.find((entry) => entry.code === code);
    if (!found) throw new Error(`no feature ${code}`);
    return found;
  };
  const toggles = (calls: Sent[]) => calls.filter((call) => call.method === 'PUT');

  it('an empty --sub or feature code is exit 2 and nothing is switched', async () => {
    const before = feature('CHAT').enabled;
    expect(await refused(['features', 'toggle', 'CHAT', '--sub', '', '--yes'])).toContain('--sub is empty');
    expect(await refused(['features', 'toggle', ' ', '--yes'])).toContain('The feature code is empty');
    expect(feature('CHAT').enabled).toBe(before);
  });

  it('the confirmation says what will happen and the state now', async () => {
    feature('CHAT').enabled = true;
    const whole = await run(['features', 'toggle', 'CHAT']);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('Refusing to turn CHAT off for every member (it is on now)');
    const sub = feature('CHAT').subfeatures.find((entry) => entry.code === 'READ_RECEIPTS');
    if (!sub) throw new Error('no READ_RECEIPTS');
    sub.enabled = false;
    const one = await run(['features', 'toggle', 'chat', '--sub', 'read_receipts', '--on']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain(
      'Refusing to turn READ_RECEIPTS of CHAT on for every member (it is off now)',
    );
    expect(toggles([...whole.sent, ...one.sent])).toEqual([]);
    expect(feature('CHAT').enabled).toBe(true);
    expect(sub.enabled).toBe(false);
  });

  it('--on and --off set a state; a switch already in it is left alone (exit 0, a note)', async () => {
    feature('REFERRALS').enabled = false;
    const on = await run(['features', 'toggle', 'REFERRALS', '--on', '--yes', '-o', 'json']);
    expect(on.code).toBe(0);
    expect(toggles(on.sent)).toHaveLength(1);
    expect(JSON.parse(on.stdout).feature.enabled).toBe(true);
    expect(feature('REFERRALS').enabled).toBe(true);

    const again = await run(['features', 'toggle', 'REFERRALS', '--on', '--yes', '-o', 'json']);
    expect(again.code).toBe(0);
    expect(toggles(again.sent)).toEqual([]);
    expect(again.stderr).toBe('REFERRALS is already on: nothing was changed\n');
    expect(JSON.parse(again.stdout).feature.enabled).toBe(true);
    expect(feature('REFERRALS').enabled).toBe(true);

    const sub = await run(['features', 'toggle', 'referrals', '--sub', 'referral_rewards', '--off', '--yes']);
    expect(sub.code).toBe(0);
    expect(sub.stderr).toBe('REFERRAL_REWARDS of REFERRALS is already off: nothing was changed\n');
    expect(toggles(sub.sent)).toEqual([]);
    const subOn = await run([
      'features',
      'toggle',
      'referrals',
      '--sub',
      'referral_rewards',
      '--on',
      '--yes',
    ]);
    expect(subOn.code).toBe(0);
    expect(toggles(subOn.sent).map((call) => [call.url, JSON.parse(call.body)])).toEqual([
      ['/api/feature-switch/v2/features/REFERRALS/subfeature/toggle', { subfeature: 'REFERRAL_REWARDS' }],
    ]);
    expect(feature('REFERRALS').subfeatures[0]?.enabled).toBe(true);

    expect(await refused(['features', 'toggle', 'REFERRALS', '--on', '--off', '--yes'])).toContain(
      'Give at most one of --on and --off',
    );
  });

  it('a switch changed by someone else between the read and the toggle is reported (exit 1)', async () => {
    feature('KYC').enabled = true;
    // Someone else turns KYC off just before our toggle arrives: the toggle turns it back on.
    beforePass = (call) => {
      if (call.method === 'PUT') feature('KYC').enabled = false;
    };
    try {
      const result = await run(['features', 'toggle', 'KYC', '--off', '--yes']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('KYC is on now, not off: someone else switched it at the same time');
    } finally {
      beforePass = undefined;
    }
  });

  it('an unknown feature or subfeature is exit 2 naming the known ones; nothing is switched', async () => {
    const stderr = await run(['features', 'toggle', 'CHATT', '--yes']);
    expect(stderr.code).toBe(2);
    expect(stderr.stderr).toContain("No feature 'CHATT'");
    expect(stderr.stderr).toContain('CHAT, RECOMMENDATIONS');
    expect(toggles(stderr.sent)).toEqual([]);
    const sub = await run(['features', 'toggle', 'CHAT', '--sub', 'NOPE', '--yes']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("No subfeature 'NOPE' in CHAT: its subfeatures are CHAT_FILES");
    expect(toggles(sub.sent)).toEqual([]);
  });

  it('plain toggle still flips the switch', async () => {
    const before = feature('PAYMENTS').enabled;
    const result = await run(['features', 'toggle', 'PAYMENTS', '--yes']);
    expect(result.code).toBe(0);
    expect(feature('PAYMENTS').enabled).toBe(!before);
  });
});
