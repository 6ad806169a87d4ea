/**
 * The completion scripts in the shells themselves: bash's completion function called with the
 * words bash gives it, bash and zsh typing Tab on a pseudo-terminal (util-linux `script`), and
 * fish's own `complete -C`. zsh and fish tests run where those shells are installed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, signedInSandbox, tempDir, waitFor } from './support/cli';

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
  const call = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _matchmaker; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['--norc', '-c', call, 'complete', scripts.bash ?? '', ...words], {
    cwd,
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).sort();
}

const sorted = (text: string) => text.split(' ').sort();

describe('bash', () => {
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
    // A value that is not a file offers no file names.
    expect(bashOffers(['matchmaker', '--profile', ''], files)).toEqual([]);
  });
});

/** An interactive shell on a pseudo-terminal; `tab` types a line and Tab, then waits for `shown`. */
async function terminal(shell: 'bash' | 'zsh', setup: string) {
  const command = shell === 'bash' ? 'bash --norc -i' : 'zsh -f -i';
  const child = spawn('script', ['-qfc', command, '/dev/null'], {
    cwd: files,
    env: { ...env, TERM: 'dumb', PS1: '$ ' },
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
  const out = execFileSync(
    'fish',
    ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', scripts.fish ?? '', line],
    { cwd: files, encoding: 'utf8' },
  );
  return out
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('\t')[0] ?? '')
    .sort();
}

describe.skipIf(!installed('fish'))('fish', () => {
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
