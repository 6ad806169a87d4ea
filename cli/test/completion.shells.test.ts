/**
 * The completion scripts in the shells themselves: bash's completion function called with the
 * words bash gives it, bash and zsh typing Tab on a pseudo-terminal (util-linux `script`), and
 * fish's own `complete -C`. zsh and fish tests run where those shells are installed.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINARY, cli, login, sandbox, signedInSandbox, tempDir, waitFor } from './support/cli';

const installed = (shell: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let env: NodeJS.ProcessEnv;
let dir: string;
/** A folder with files to complete: journal.ndjson, "with space.csv" and a folder of its own. */
let files: string;
const scripts: Record<string, string> = {};

beforeAll(async () => {
  dir = tempDir();
  env = { PATH: process.env.PATH, HOME: tempDir('mm-home-'), XDG_CONFIG_HOME: tempDir('mm-config-') };
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await cli(['completion', shell], { env });
    expect(result.code).toBe(0);
    scripts[shell] = join(dir, `completion.${shell}`);
    writeFileSync(scripts[shell], result.stdout);
  }
  files = join(dir, 'files');
  mkdirSync(join(files, 'runs'), { recursive: true });
  writeFileSync(join(files, 'journal.ndjson'), '');
  writeFileSync(join(files, 'with space.csv'), '');
});

/** What bash's completion function offers for `words`, the last being the word at the cursor. */
function bashOffers(words: string[], cwd = dir): string[] {
  return lines(execFileSync('bash', bashArgs(words), { cwd, env, encoding: 'utf8' }));
}

const bashArgs = (words: string[]) => {
  const call = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _matchmaker; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return ['--norc', '-c', call, 'complete', scripts.bash ?? '', ...words];
};
const lines = (out: string) => out.split('\n').filter(Boolean).sort();
const execAsync = promisify(execFile);

/**
 * The same without blocking this process, whose sandbox answers the values the script asks the
 * CLI for; in the environment of `asking` (matchmaker on PATH, two profiles).
 */
async function bashAsks(words: string[], shellEnv = asking.env): Promise<string[]> {
  return lines((await execAsync('bash', bashArgs(words), { cwd: dir, env: shellEnv })).stdout);
}

const sorted = (text: string) => text.split(' ').sort();

/**
 * For the values the scripts ask the CLI for: `matchmaker` on PATH (the built binary), a sandbox,
 * and profiles `default` and `night` signed in to it (`env`); `none` has no profile at all.
 */
const asking = {
  env: {} as NodeJS.ProcessEnv,
  none: {} as NodeJS.ProcessEnv,
  features: [] as string[],
  chat: [] as string[],
};

beforeAll(async () => {
  const bin = tempDir('mm-bin-');
  writeFileSync(join(bin, 'matchmaker'), `#!/bin/sh\nexec "${process.execPath}" "${BINARY}" "$@"\n`, {
    mode: 0o755,
  });
  const path = `${bin}:${process.env.PATH}`;
  const box = await sandbox();
  asking.env = { PATH: path, HOME: tempDir('mm-home-'), XDG_CONFIG_HOME: tempDir('mm-config-') };
  asking.none = { ...asking.env, XDG_CONFIG_HOME: tempDir('mm-config-') };
  for (const profile of ['default', 'night']) {
    const signedIn = await login(asking.env, 'admin', ['--profile', profile, '--api-base', box.url]);
    expect(signedIn.code).toBe(0);
  }
  asking.features = box.world.store.data.features.map((feature) => feature.code).sort();
  asking.chat = (box.world.store.data.features.find((feature) => feature.code === 'CHAT')?.subfeatures ?? [])
    .map((sub) => sub.code)
    .sort();
});

describe('bash', () => {
  it('asks the CLI for profile names, feature codes and the subfeatures of the feature typed', async () => {
    const offers = (words: string[]) => bashAsks(['matchmaker', ...words]);
    expect(await offers(['--profile', ''])).toEqual(['default', 'night']);
    expect(await offers(['--profile', 'n'])).toEqual(['night']);
    expect(await offers(['--profile=n'])).toEqual(['--profile=night']);
    expect(await offers(['--profile', '=', 'd'])).toEqual(['default']);
    expect(await offers(['features', 'toggle', ''])).toEqual(asking.features);
    expect(await offers(['--profile', 'night', '-o', 'json', 'features', 'toggle', 'RE'])).toEqual(
      asking.features.filter((code) => code.startsWith('RE')),
    );
    expect(await offers(['features', 'toggle', 'chat', '--sub', ''])).toEqual(asking.chat);
    expect(await offers(['features', 'toggle', 'CHAT', '--yes', '--sub', 'T'])).toEqual(
      asking.chat.filter((code) => code.startsWith('T')),
    );
    // An unknown feature has no subfeatures; past the feature's own argument, the options follow.
    expect(await offers(['features', 'toggle', 'NOPE', '--sub', ''])).toEqual([]);
    const after = await offers(['features', 'toggle', 'CHAT', '']);
    expect(after).toContain('--sub');
    expect(after).not.toContain('CHAT');
    // Ten completions, each a bash and a CLI process started, most of them asking the sandbox:
    // 8.7 s on CI's 2 cores, and over 30 s in runs where the browser tests took the cores.
  }, 90_000);

  it('offers nothing, at once, when the API is out of reach', async () => {
    const started = Date.now();
    expect(
      await bashAsks(['matchmaker', '--api-base', 'http://127.0.0.1:9', 'features', 'toggle', '']),
    ).toEqual([]);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('finds the command after global options and their values', () => {
    expect(bashOffers(['matchmaker', '--profile', 'x', 'users', 'se'])).toEqual(
      sorted('search set-email set-role'),
    );
    expect(bashOffers(['matchmaker', '-o', 'json', 'users', ''])).toEqual(
      sorted('search get deactivate reactivate suspend delete confirm set-email set-role edit create'),
    );
    // bash splits --output=json at the =.
    expect(bashOffers(['matchmaker', '--output', '=', 'json', '--api-base', 'http://x', 'kyc', 'l'])).toEqual(
      ['list'],
    );
    expect(bashOffers(['matchmaker', '-y', '--fields', 'id', 'stats', 'users', '--b'])).toEqual(['--by']);
  });

  it("offers a command's own options, not another's of the same name", () => {
    const featuresList = bashOffers(['matchmaker', 'features', 'list', '--']);
    expect(featuresList).toContain('--output');
    expect(featuresList).not.toContain('--status');
    expect(bashOffers(['matchmaker', 'stats', 'visits', '--'])).not.toContain('--country');
    expect(bashOffers(['matchmaker', 'stats', 'users', ''])).not.toContain('search');
    expect(bashOffers(['matchmaker', '--profile', 'x', 'kyc', 'list', '--s'])).toEqual(['--status']);
  });

  it('offers the values of options and arguments with a fixed set', () => {
    expect(bashOffers(['matchmaker', '-o', ''])).toEqual(sorted('table json ndjson csv'));
    expect(bashOffers(['matchmaker', 'users', 'search', '--output', '=', 'nd'])).toEqual(['ndjson']);
    expect(bashOffers(['matchmaker', '--output', '='])).toEqual(sorted('table json ndjson csv'));
    // Where '=' does not break words (COMP_WORDBREAKS without it), the whole word is completed.
    expect(bashOffers(['matchmaker', '--output=js'])).toEqual(['--output=json']);
    expect(bashOffers(['matchmaker', 'completion', ''])).toEqual(sorted('bash zsh fish'));
    expect(bashOffers(['matchmaker', 'bulk', ''])).toEqual(
      sorted('deactivate reactivate suspend delete confirm set-role set-email kyc-review'),
    );
    expect(bashOffers(['matchmaker', '--profile', 'x', 'bulk', 'set-r'])).toEqual(['set-role']);
    expect(bashOffers(['matchmaker', 'bulk', 'delete', '--format', ''])).toEqual(sorted('csv ndjson'));
    expect(bashOffers(['matchmaker', 'users', 'search', '--status', ''])).toEqual(
      sorted('active deactivated archived suspended'),
    );
    expect(bashOffers(['matchmaker', '-o', 'json', 'kyc', 'list', '--status', 'IN'])).toEqual(['IN_REVIEW']);
    expect(bashOffers(['matchmaker', 'kyc', 'metrics', '--status', ''])).toEqual(
      sorted('PENDING IN_REVIEW APPROVED REJECTED'),
    );
    for (const command of ['users', 'visits', 'activity']) {
      expect(bashOffers(['matchmaker', 'stats', command, '--by', ''])).toEqual(sorted('day week month'));
    }
    expect(bashOffers(['matchmaker', 'kyc', 'metrics', '--by', 'w'])).toEqual(['week']);
  });

  it('offers file names for options that take a file', () => {
    const all = ['journal.ndjson', 'runs', 'with space.csv'];
    expect(bashOffers(['matchmaker', 'bulk', 'delete', '--input', ''], files)).toEqual(all);
    expect(bashOffers(['matchmaker', 'bulk', 'delete', '-i', 'wi'], files)).toEqual(['with space.csv']);
    expect(bashOffers(['matchmaker', 'bulk', 'delete', '--journal', 'jo'], files)).toEqual([
      'journal.ndjson',
    ]);
    expect(bashOffers(['matchmaker', 'bulk', 'delete', '--journal', '=', 'jo'], files)).toEqual([
      'journal.ndjson',
    ]);
    expect(bashOffers(['matchmaker', 'users', 'edit', 'id-1', '--from-json', ''], files)).toEqual(all);
    expect(bashOffers(['matchmaker', 'users', 'create', '--from-json', 'r'], files)).toEqual(['runs']);
    expect(bashOffers(['matchmaker', 'kyc', 'document', 'doc-1', '-O', 'j'], files)).toEqual([
      'journal.ndjson',
    ]);
    // A value that is not a file offers no file names (here, no profile either: none exists).
    expect(bashOffers(['matchmaker', '--profile', ''], files)).toEqual([]);
  });
});

/** An interactive shell on a pseudo-terminal; `tab` types a line and Tab, then waits for `shown`. */
async function terminal(shell: 'bash' | 'zsh', setup: string, shellEnv = env) {
  const command = shell === 'bash' ? 'bash --norc -i' : 'zsh -f -i';
  const child = spawn('script', ['-qfc', command, '/dev/null'], {
    cwd: files,
    env: { ...shellEnv, TERM: 'dumb', PS1: '$ ' },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stdin.write(`${setup}; echo READY-$((20 + 22))\n`);
  await waitFor(() => output.includes('READY-42'));
  return {
    async tab(line: string, shown: string[]) {
      const from = output.length;
      child.stdin.write(`${line}\t`);
      try {
        await waitFor(() => shown.every((text) => output.slice(from).includes(text)), 10_000);
      } catch {
        throw new Error(
          `${shell}: '${line}<Tab>' did not show ${shown.join(', ')}: ${JSON.stringify(output.slice(from))}`,
        );
      }
      // Ctrl-U empties the line; Ctrl-C could flush the next line typed before the shell reads it.
      child.stdin.write('\u0015');
    },
    close() {
      child.kill('SIGKILL');
    },
  };
}

describe.each([
  ['bash', "bind 'set show-all-if-ambiguous on'; bind 'set completion-query-items 0'"],
  ['zsh', 'autoload -U compinit && compinit -u'],
] as const)('%s on a terminal', (shell, setup) => {
  it.skipIf(!installed(shell))('completes profile names, feature codes and subfeature codes', async () => {
    const session = await terminal(shell, `${setup}; source ${scripts[shell]}`, asking.env);
    try {
      await session.tab('matchmaker --profile ', ['default', 'night']);
      await session.tab('matchmaker features toggle ', asking.features.slice(0, 3));
      await session.tab('matchmaker --profile night features toggle CHAT --sub ', asking.chat);
    } finally {
      session.close();
    }
  });

  it.skipIf(!installed(shell))('completes after global options, values, and files', async () => {
    const session = await terminal(shell, `${setup}; source ${scripts[shell]}`);
    try {
      await session.tab('matchmaker --profile x users se', ['search', 'set-email', 'set-role']);
      await session.tab('matchmaker -o json users ', ['deactivate', 'reactivate', 'set-email']);
      await session.tab('matchmaker --output=js', ['--output=json']);
      await session.tab('matchmaker completion ', ['bash', 'fish', 'zsh']);
      await session.tab('matchmaker bulk ', ['kyc-review', 'set-role', 'deactivate']);
      await session.tab('matchmaker stats users --by ', ['day', 'week', 'month']);
      await session.tab('matchmaker -o json kyc list --status ', ['PENDING', 'IN_REVIEW', 'REJECTED']);
      // bash lists file names as they are, zsh quoted for the command line.
      const spaced = shell === 'bash' ? 'with space.csv' : 'with\\ space.csv';
      await session.tab('matchmaker bulk delete --input ', ['journal.ndjson', spaced]);
      await session.tab('matchmaker bulk delete --journal=jo', ['--journal=journal.ndjson']);
    } finally {
      session.close();
    }
  });
});

/** What fish offers for the command line `line` (its own `complete -C`): the words, without descriptions. */
function fishOffers(line: string): string[] {
  return fishWords(execFileSync('fish', fishArgs(line), { cwd: files, env, encoding: 'utf8' }));
}

const fishArgs = (line: string) => [
  '--no-config',
  '-c',
  'source $argv[1]; complete -C $argv[2]',
  scripts.fish ?? '',
  line,
];
const fishWords = (out: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('\t')[0] ?? '')
    .sort();

/** fishOffers without blocking this process (see bashAsks). */
async function fishAsks(line: string, shellEnv = asking.env): Promise<string[]> {
  return fishWords((await execAsync('fish', fishArgs(line), { cwd: files, env: shellEnv })).stdout);
}

describe.skipIf(!installed('fish'))('fish', () => {
  it('asks the CLI for profile names, feature codes and subfeature codes', async () => {
    expect(await fishAsks('matchmaker --profile ')).toEqual(['default', 'night']);
    expect(await fishAsks('matchmaker --profile=n')).toEqual(['--profile=night']);
    expect(await fishAsks('matchmaker -o json features toggle ')).toEqual(asking.features);
    expect(await fishAsks('matchmaker --profile night features toggle chat --sub ')).toEqual(asking.chat);
    expect(await fishAsks('matchmaker features toggle NOPE --sub ')).toEqual([]);
    expect(await fishAsks('matchmaker --profile ', asking.none)).toEqual([]);
  });

  it("offers a command path's own options and subcommands, after global options too", () => {
    const featuresList = fishOffers('matchmaker features list --');
    expect(featuresList).toContain('--output');
    expect(featuresList).not.toContain('--status');
    expect(featuresList).not.toContain('--page');
    expect(fishOffers('matchmaker kyc list --')).toEqual(expect.arrayContaining(['--status', '--page']));
    const statsVisits = fishOffers('matchmaker stats visits --');
    expect(statsVisits).toContain('--by');
    expect(statsVisits).not.toContain('--user');
    expect(statsVisits).not.toContain('--country');
    expect(fishOffers('matchmaker stats users ')).not.toContain('search');
    expect(fishOffers('matchmaker -o json users ')).toContain('deactivate');
    expect(fishOffers('matchmaker --profile x users se')).toEqual(sorted('search set-email set-role'));
    expect(fishOffers('matchmaker users search ')).not.toContain('get');
  });

  it('offers values of fixed sets and file names', () => {
    expect(fishOffers('matchmaker -o ')).toEqual(sorted('table json ndjson csv'));
    expect(fishOffers('matchmaker --output=')).toEqual(
      sorted('--output=table --output=json --output=ndjson --output=csv'),
    );
    expect(fishOffers('matchmaker completion ')).toEqual(sorted('bash zsh fish'));
    expect(fishOffers('matchmaker completion bash ')).toEqual([]);
    expect(fishOffers('matchmaker bulk ')).toEqual(
      sorted('deactivate reactivate suspend delete confirm set-role set-email kyc-review'),
    );
    expect(fishOffers('matchmaker bulk delete --format ')).toEqual(sorted('csv ndjson'));
    expect(fishOffers('matchmaker kyc metrics --by ')).toEqual(sorted('day week month'));
    expect(fishOffers('matchmaker users search --status ')).toEqual(
      sorted('active deactivated archived suspended'),
    );
    expect(fishOffers('matchmaker bulk delete -i ')).toEqual(['journal.ndjson', 'runs/', 'with space.csv']);
    expect(fishOffers('matchmaker bulk delete --journal=jo')).toEqual(['--journal=journal.ndjson']);
    expect(fishOffers('matchmaker kyc document doc-1 -O j')).toEqual(['journal.ndjson']);
  });
});

describe('the options completion names', () => {
  it('completion --help lists no global options; statuses are still taken in any case', async () => {
    const help = await cli(['completion', '--help'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: matchmaker completion');
    expect(help.stdout).not.toContain('Global Options');
    expect(help.stdout).not.toContain('--profile');
    const signedIn = await signedInSandbox();
    const pending = await cli(['kyc', 'list', '--status', 'pending', '-o', 'json'], { env: signedIn.env });
    expect(pending.code).toBe(0);
    expect(JSON.parse(pending.stdout).length).toBeGreaterThan(0);
    const help2 = await cli(['kyc', 'list', '--help'], { env: signedIn.env });
    expect(help2.stdout).toContain('"IN_REVIEW"');
  });
});
