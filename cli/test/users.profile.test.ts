/**
 * `users edit` and `users create`: every value checked with the SDK's contracts before anything is
 * sent, sent with its JSON type; --from-json keys checked; stdin read once; prompts after checks.
 */
import { spawn } from 'node:child_process';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BINARY, cli, memberIds, shellQuote, signedInSandbox, waitFor, writeInput } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let dir: string;

beforeAll(async () => {
  ({ box, env, dir } = await signedInSandbox());
});

/** The bodies of the calls that change something, as the API received them. */
let changes: { method: string; path: string; body: unknown }[] = [];
beforeEach(() => {
  changes = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' && url.pathname.includes('/admin/users') && !url.pathname.endsWith('/search')) {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      changes.push({ method, path: url.pathname, body });
    }
    return real(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

const profile = (id: string) => box.world.store.data.users[id]?.profile;
const byEmail = (email: string) => Object.values(box.world.store.data.users).find((u) => u.email === email);

const ACCOUNT = [
  ...['--email', 'new.person@example.test', '--username', 'new.person'],
  ...['--first-name', 'New', '--last-name', 'Person', '--date-of-birth', '1991-05-06', '--sex', 'female'],
];

describe('users edit: values are checked before anything is sent', () => {
  it('refuses each bad value naming the flag, the value and what is allowed; exit 2, nothing sent', async () => {
    const [id = ''] = memberIds(box, 1);
    const before = structuredClone(profile(id));
    const bad = await cli(
      [
        ...['users', 'edit', id, '--height', 'abc', '--has-children', 'maybe', '--sex', 'alien'],
        ...['--date-of-birth', '1990-02-30', '--body-type', 'slm', '--religion', 'pagan'],
        ...['--country', 'Narnia', '--open-for-relocation', 'perhaps', '--want-children', 'yess'],
      ],
      { env },
    );
    expect(bad.code).toBe(2);
    expect(changes).toEqual([]);
    expect(profile(id)).toEqual(before);
    expect(bad.stderr).toContain("--height 'abc': ");
    expect(bad.stderr).toMatch(/--height 'abc': .*centimetres/);
    expect(bad.stderr).toContain("--has-children 'maybe': must be true, false, yes or no");
    expect(bad.stderr).toContain("--open-for-relocation 'perhaps': must be true, false, yes or no");
    expect(bad.stderr).toContain("--sex 'alien': must be one of female, male");
    expect(bad.stderr).toMatch(/--date-of-birth '1990-02-30': .*not a date in the calendar/);
    expect(bad.stderr).toContain("--body-type 'slm': must be one of slim, athletic");
    expect(bad.stderr).toContain("(did you mean 'slim'?)");
    expect(bad.stderr).toContain("--religion 'pagan': must be one of muslim, hindu, christian, mormon, jew");
    expect(bad.stderr).toContain("--want-children 'yess': must be one of yes, no, maybe, open_to_it");
    expect(bad.stderr).toContain("(did you mean 'yes'?)");
    expect(bad.stderr).toMatch(/--country 'Narnia': .*English name or two-letter code/);
    expect(bad.stderr).not.toMatch(/expected|received/);
  });

  it('a birth date must be a past date of someone at least 18 and at most 120', async () => {
    const [id = ''] = memberIds(box, 1);
    for (const [date, reason] of [
      ['notadate', 'must be a date as YYYY-MM-DD'],
      ['2030-01-01', 'is in the future'],
      ['2020-01-01', 'members must be at least 18'],
      ['1800-01-01', 'nobody is older than 120'],
      ['0001-01-01', 'nobody is older than 120'],
      ['1990-13-01', 'not a date in the calendar'],
    ]) {
      const refused = await cli(['users', 'edit', id, '--date-of-birth', date ?? ''], { env });
      expect(refused.code, date).toBe(2);
      expect(refused.stderr).toContain(`--date-of-birth '${date}': `);
      expect(refused.stderr).toContain(reason);
    }
    expect(changes).toEqual([]);
  });

  it('sends numbers as numbers, yes/no as booleans, choices in their stored form', async () => {
    const [id = ''] = memberIds(box, 1);
    const edited = await cli(
      [
        ...[
          'users',
          'edit',
          id,
          '--height',
          '180',
          '--has-children',
          'Yes',
          '--open-for-relocation',
          'false',
        ],
        ...[
          '--sex',
          'Female',
          '--marital-type',
          'never married',
          '--country',
          'fr',
          '--date-of-birth',
          '1990-02-28',
        ],
        ...['-o', 'json'],
      ],
      { env },
    );
    expect(edited.stderr).toBe('');
    expect(edited.code).toBe(0);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.body).toEqual({
      height: 180,
      has_children: true,
      open_for_relocation: false,
      sex: 'female',
      marital_type: 'never_married',
      country: 'France',
      date_of_birth: '1990-02-28',
    });
    expect(profile(id)).toMatchObject({ height: 180, has_children: true, country: 'France' });
  });

  it('checks --from-json values the same way, naming the key and the file', async () => {
    const [id = ''] = memberIds(box, 1);
    const file = writeInput(dir, 'values.json', '{"height": "tall", "has_children": 3, "about": {"x": 1}}');
    const bad = await cli(['users', 'edit', id, '--from-json', file], { env });
    expect(bad.code).toBe(2);
    expect(changes).toEqual([]);
    expect(bad.stderr).toMatch(/"height" in .*values\.json: "tall": .*centimetres/);
    expect(bad.stderr).toMatch(/"has_children" in .*values\.json: 3: must be true, false, yes or no/);
    expect(bad.stderr).toMatch(/"about" in .*values\.json: \{"x":1\}: must be text/);
    const good = writeInput(dir, 'good.json', '{"height": 172, "has_children": "no", "city": " Lyon "}');
    expect((await cli(['users', 'edit', id, '--from-json', good], { env })).code).toBe(0);
    expect(changes[0]?.body).toEqual({ height: 172, has_children: false, city: 'Lyon' });
  });
});

describe('users edit --email', () => {
  it('is refused in favour of set-email (which checks, trims and confirms), by flag or JSON key', async () => {
    const [id = ''] = memberIds(box, 1);
    const email = box.world.store.data.users[id]?.email;
    const flag = await cli(['users', 'edit', id, '--email', 'other@example.test', '--city', 'Oslo'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('matchmaker users set-email');
    const file = writeInput(dir, 'email.json', '{"email": "other@example.test"}');
    const key = await cli(['users', 'edit', id, '--from-json', file], { env });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('matchmaker users set-email');
    expect(changes).toEqual([]);
    expect(box.world.store.data.users[id]?.email).toBe(email);
  });
});

describe('--from-json keys', () => {
  it('unknown keys and keys set elsewhere: exit 2 naming them, with did-you-mean; nothing sent', async () => {
    const [id = ''] = memberIds(box, 1);
    const first = box.world.store.data.users[id]?.first_name;
    const file = writeInput(dir, 'keys.json', '{"first_name":"Ann","lsat_name":"typo","roles":["Admin"]}');
    const refused = await cli(['users', 'edit', id, '--from-json', file], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/"lsat_name" in .*keys\.json: unknown key \(did you mean 'last_name'\?\)/);
    expect(refused.stderr).toMatch(/"roles" in .*keys\.json: .*matchmaker users set-role/);
    expect(changes).toEqual([]);
    expect(box.world.store.data.users[id]?.first_name).toBe(first);
    const onlyUnknown = writeInput(dir, 'unknown.json', '{"nickname": "x"}');
    const none = await cli(['users', 'edit', id, '--from-json', onlyUnknown], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/"nickname" in .*unknown\.json: unknown key/);
    expect(none.stderr).not.toContain('Nothing to change');
  });

  it('users create points profile fields at users edit; a file starting with a BOM is read', async () => {
    const file = writeInput(dir, 'create.json', '{"city": "Lyon", "status": "active"}');
    const refused = await cli(['users', 'create', ...ACCOUNT, '--from-json', file, '--password-stdin'], {
      env,
      stdin: 'Sandbox#2026',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/"city" in .*create\.json: .*matchmaker users edit ID --city/);
    expect(refused.stderr).toMatch(/"status" in .*create\.json: accounts are created active/);
    expect(changes).toEqual([]);
    const [id = ''] = memberIds(box, 1);
    const bom = writeInput(dir, 'bom.json', '\uFEFF{"about": "with a byte order mark"}');
    const read = await cli(['users', 'edit', id, '--from-json', bom], { env });
    expect(read.stderr).toBe('');
    expect(read.code).toBe(0);
    expect(profile(id)?.about).toBe('with a byte order mark');
  });
});

describe('users create', () => {
  it('refuses a bad birth date or sex by flag name, before any password is read; nothing created', async () => {
    for (const [flag, value, reason] of [
      ['--date-of-birth', 'notadate', 'must be a date as YYYY-MM-DD'],
      ['--date-of-birth', '2020-01-01', 'members must be at least 18'],
      ['--date-of-birth', '1800-01-01', 'nobody is older than 120'],
      ['--sex', 'xx', 'must be one of female, male'],
    ] as const) {
      const argv = ACCOUNT.map((word, i) => (ACCOUNT[i - 1] === flag ? value : word));
      const refused = await cli(['users', 'create', ...argv, '--password-stdin'], {
        env,
        stdin: 'Sandbox#2026',
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${flag} '${value}': `);
      expect(refused.stderr).toContain(reason);
    }
    expect(changes).toEqual([]);
    expect(byEmail('new.person@example.test')).toBeUndefined();
  });

  it('--referrer naming nobody is refused before anything is created; a real username is recorded', async () => {
    const refused = await cli(
      ['users', 'create', ...ACCOUNT, '--referrer', 'nosuchuser', '--password-stdin'],
      {
        env,
        stdin: 'Sandbox#2026',
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--referrer 'nosuchuser': no user has this username");
    expect(changes).toEqual([]);
    expect(byEmail('new.person@example.test')).toBeUndefined();
    for (const empty of ['', ' ']) {
      const blank = await cli(['users', 'create', ...ACCOUNT, '--referrer', empty, '--password-stdin'], {
        env,
        stdin: 'Sandbox#2026',
      });
      expect(blank.code).toBe(2);
      expect(blank.stderr).toContain(
        `--referrer '${empty}': is empty: give the referrer's username, or leave --referrer out`,
      );
    }
    expect(changes).toEqual([]);
    expect(byEmail('new.person@example.test')).toBeUndefined();
    const referrer =
      box.world.store.userByUsername('sarah.walker') ?? Object.values(box.world.store.data.users)[5];
    const created = await cli(
      [
        'users',
        'create',
        ...ACCOUNT,
        '--referrer',
        referrer?.username ?? '',
        '--password-stdin',
        '-o',
        'json',
      ],
      { env, stdin: 'Sandbox#2026' },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(byEmail('new.person@example.test')?.referrer).toBe(referrer?.username);
  });

  it('--from-json - with --password-stdin is a usage error: both would read stdin', async () => {
    const refused = await cli(['users', 'create', '--from-json', '-', '--password-stdin'], {
      env,
      stdin: JSON.stringify({ email: 'twice@example.test', username: 'twice' }),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--from-json - and --password-stdin both read stdin');
    expect(changes).toEqual([]);
  });

  it('missing fields are named by their flags, not API names or zod messages', async () => {
    const missing = await cli(['users', 'create', '--email', 'x@example.test', '--password-stdin'], {
      env,
      stdin: 'Sandbox#2026',
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --first-name, --last-name, --username, --date-of-birth, --sex');
    expect(missing.stderr).not.toMatch(/first_name|expected string|received undefined/);
    expect(changes).toEqual([]);
  });
});

/** Runs the built binary on a pseudo-terminal (util-linux `script`); killed when the test ends. */
function onTerminal(args: string[]) {
  const command = [process.execPath, BINARY, ...args].map(shellQuote).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...env, TERM: 'xterm' } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  // What a test types may reach a run that has already ended (a refusal exits at once): the pipe
  // is then closed (EPIPE), which is no failure of the test; its exit code and output say what ran.
  child.stdin.on('error', () => undefined);
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => output };
}

describe('on a terminal', () => {
  it('users create reports missing fields before asking for a password', async () => {
    const run = onTerminal(['users', 'create', '--email', 'tty@example.test']);
    await waitFor(() => /Password|--first-name/.test(run.output()));
    expect(run.output()).not.toContain('Password');
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('--first-name');
  });

  it('--from-json - says it reads JSON from the terminal and how to end it', async () => {
    const [id = ''] = memberIds(box, 1);
    const run = onTerminal(['users', 'edit', id, '--from-json', '-']);
    await waitFor(() => run.output().includes('Reading JSON from the terminal; end with Ctrl-D'), 10_000);
    run.child.stdin.write('{"occupation": "Typed in"}\n\u0004');
    expect(await run.exited).toBe(0);
    expect(profile(id)?.occupation).toBe('Typed in');
  });

  it('users create --from-json - on a terminal is refused: the password prompt could not follow', async () => {
    const run = onTerminal(['users', 'create', '--from-json', '-']);
    await waitFor(() => /Ctrl-D|could not follow/.test(run.output()), 10_000);
    // Before the fix the JSON was read, then the prompt met an ended stdin and the run exited 0.
    const account = { email: 'typed@example.test', username: 'typed', first_name: 'T', last_name: 'Yped' };
    run.child.stdin.write(
      `${JSON.stringify({ ...account, date_of_birth: '1990-01-01', sex: 'male' })}\n\u0004`,
    );
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('save the JSON to a file and give --from-json FILE');
    expect(byEmail('typed@example.test')).toBeUndefined();
  });

  it('piped --from-json - prints no hint', async () => {
    const [id = ''] = memberIds(box, 1);
    const piped = await cli(['users', 'edit', id, '--from-json', '-'], {
      env,
      stdin: '{"occupation": "Piped"}',
    });
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
  });
});
