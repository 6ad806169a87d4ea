/**
 * What the built binary loads and compiles before it does anything: every command pays for it,
 * staff at each prompt and scripts on each call. Bytes and module counts, not timings, so the
 * budgets hold on any machine; `pnpm bench` times the cold start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { envFor, login, sandbox, spawnResult, tempDir } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let hook: string;

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
  // A module hook that writes down each file the binary's process loads, with its size.
  const dir = tempDir('mm-cli-startup-');
  const loader = join(dir, 'loader.mjs');
  writeFileSync(
    loader,
    [
      "import { appendFileSync, statSync } from 'node:fs';",
      'export async function load(url, context, next) {',
      "  if (url.startsWith('file:')) appendFileSync(process.env.MM_LOADED, statSync(new URL(url)).size + ' ' + url + '\\n');",
      '  return next(url, context);',
      '}',
    ].join('\n'),
  );
  hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(loader).href)});\n`,
  );
});

/** The files a run of `argv` loaded (their URLs) and their bytes in all. */
async function loaded(argv: string[]): Promise<{ code: number; urls: string[]; bytes: number }> {
  const list = join(tempDir('mm-cli-loaded-'), 'loaded.txt');
  writeFileSync(list, '');
  const run = await spawnResult(argv, {
    env: { ...env, MM_LOADED: list, NODE_OPTIONS: `--import=${pathToFileURL(hook).href}` },
  });
  const lines = readFileSync(list, 'utf8').trim().split('\n').filter(Boolean);
  const entries = lines.map((line) => {
    const space = line.indexOf(' ');
    return { bytes: Number(line.slice(0, space)), url: line.slice(space + 1) };
  });
  return {
    code: run.code,
    urls: entries.map((entry) => entry.url),
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
  };
}

/** Packages the binary carries within itself (the socket client in a chunk no command loads). */
const NOT_FROM_NODE_MODULES =
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(zod|node-fetch-native|ofetch|socket\.io-client|engine\.io-client|ws)\//;

describe('what the binary loads at start-up', () => {
  it('--help: the command tree only, neither the SDK nor zod', async () => {
    const run = await loaded(['--help']);
    expect(run.code).toBe(0);
    expect(run.urls.filter((url) => url.includes('node_modules'))).toEqual([]);
    // 160 KB, commander's 126 of them.
    expect(run.bytes).toBeLessThan(200_000);
  });

  it('a command that calls the API: zod as much as the SDK uses, from the binary, no socket client', async () => {
    const run = await loaded(['users', 'search', '--limit', '1', '-o', 'json']);
    expect(run.code).toBe(0);
    expect(run.urls.filter((url) => NOT_FROM_NODE_MODULES.test(url))).toEqual([]);
    // 853 KB in 46 files with the SDK and zod/mini bundled (913 KB with classic zod); 1,518 KB in
    // 147 files when zod's package entry (854 KB, every locale) was loaded.
    expect(run.bytes).toBeLessThan(1_000_000);
    expect(run.urls.length).toBeLessThan(60);
  });

  it("still calls the API where Node's own fetch is turned off (ofetch's Node build falls back)", async () => {
    const run = await spawnResult(['whoami', '-o', 'json'], {
      env: { ...env, NODE_OPTIONS: '--no-experimental-fetch' },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email: 'admin@sandbox.test' });
  });
});
