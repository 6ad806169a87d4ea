/** Output formats, terminal versus pipe, help, suggestions and usage errors, in-process. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, tempDir } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI = /\u001b\[/;

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
    expect(users.stdout).toMatch(/set-email <id> <email>/);
    const bulk = await cli(['help', 'bulk'], { env });
    expect(bulk.code).toBe(0);
    expect(bulk.stdout).toContain('--retry-failed');
    const incomplete = await cli(['users'], { env });
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain('Usage: matchmaker users');
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
