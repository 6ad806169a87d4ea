/**
 * `matchmaker help PATH...` reaches subcommands, and every command's help ends with examples that
 * are commands the program accepts: each names a command path of the tree and only options that
 * command (or the program) declares, and fits an 80-column terminal.
 */
import type { Command, Option } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, spawnResult, tempDir } from './support/cli';
import { commandTree } from './support/tree';

let env: NodeJS.ProcessEnv;
let program: Command;

beforeAll(async () => {
  env = { PATH: process.env.PATH, HOME: tempDir('mm-home-'), XDG_CONFIG_HOME: tempDir('mm-config-') };
  program = await commandTree(env);
});

/** The commands `--help` lists under `command` (commander's implicit `help` left out). */
const children = (command: Command) => {
  const visible = command.createHelp().visibleCommands(command);
  return command.commands.filter((child) => visible.includes(child));
};

/** Every command path without subcommands: `users search`, `bulk`, `help`. */
function leaves(command: Command, path: string[] = []): string[][] {
  const below = children(command);
  if (below.length === 0) return [path];
  return below.flatMap((child) => leaves(child, [...path, child.name()]));
}

/** Shell words of one command line (quotes removed), up to a pipe, redirection or comment. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const bare = match[3];
    if (bare !== undefined && /^(\||>|<|;|&&|#)/.test(bare)) break;
    words.push(match[1] ?? match[2] ?? bare ?? '');
  }
  return words;
}

/** The example lines of a help text, continuation lines (ending in `\`) joined. */
function exampleLines(help: string): string[] {
  const block = help.split('\nExamples:\n')[1]?.split('\n\n')[0] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const optionNamed = (options: readonly Option[], flag: string) =>
  options.find((option) => option.long === flag || option.short === flag);

/**
 * The command path an example line runs and the problems of its options: each must be one of
 * the command's own, the program's, or --help.
 */
function checkExample(line: string): { path: string[]; problems: string[] } {
  const words = shellWords(line);
  const start = words.indexOf('matchmaker');
  if (start < 0) return { path: [], problems: [] };
  const problems: string[] = [];
  const path: string[] = [];
  let command = program;
  for (let i = start + 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word.startsWith('-') && word !== '-') {
      const flag = word.split('=')[0] ?? word;
      const option = optionNamed(command.options, flag) ?? optionNamed(program.options, flag);
      if (!option && flag !== '--help')
        problems.push(`${line}: ${flag} is not an option of '${path.join(' ')}'`);
      if (option && (option.required || option.optional) && !word.includes('=')) i++;
      continue;
    }
    const next = children(command).find((child) => child.name() === word);
    if (next) {
      command = next;
      path.push(word);
    }
  }
  return { path, problems };
}

describe('help PATH...', () => {
  it('prints the help of a subcommand, the same as --help, through the built binary', async () => {
    const viaHelp = await spawnResult(['help', 'users', 'search'], { env });
    const viaFlag = await spawnResult(['users', 'search', '--help'], { env });
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: matchmaker users search \[options\] \[query\]/);
    expect(viaHelp.stdout).toContain('--status <status>');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    // Global options before `help` are taken as anywhere else.
    const deep = await spawnResult(['--profile', 'night', 'help', 'kyc', 'review'], { env });
    expect(deep.stdout).toMatch(/^Usage: matchmaker kyc review/);
    // A group, and the program itself.
    expect((await spawnResult(['help', 'users'], { env })).stdout).toMatch(
      /^Usage: matchmaker users \[options\] \[command\]/,
    );
    expect((await spawnResult(['help'], { env })).stdout).toMatch(
      /^Usage: matchmaker \[options\] \[command\]/,
    );
  });

  it('names an unknown subcommand with the nearest one: exit 2, nothing on stdout', async () => {
    const typo = await spawnResult(['help', 'users', 'serch'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain("unknown command 'serch' for 'matchmaker users'");
    expect(typo.stderr).toContain('Did you mean search?');
    const json = await spawnResult(['-o', 'json', 'help', 'kyc', 'reveiw'], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({
      code: 'USAGE',
      message: "unknown command 'reveiw' for 'matchmaker kyc'\n(Did you mean review?)",
    });
    // Past a command without subcommands, a word is that command's argument: not a command.
    const tooDeep = await spawnResult(['help', 'users', 'get', 'more'], { env });
    expect(tooDeep.code).toBe(2);
    expect(tooDeep.stderr).toContain("unknown command 'more' for 'matchmaker users get'");
  });
});

describe('examples', () => {
  it('every command ends its help with examples of itself, valid and within 80 columns', async () => {
    const paths = leaves(program);
    expect(paths.length).toBeGreaterThanOrEqual(35);
    for (const path of paths) {
      const help = await cli(['help', ...path], { env, columns: 80 });
      const name = ['matchmaker', ...path].join(' ');
      expect(help.code, name).toBe(0);
      expect(help.stdout, name).toContain(`Usage: ${name}`);
      expect(help.stdout, `${name} has no examples`).toContain('\nExamples:\n');
      const wide = help.stdout.split('\n').filter((line) => line.length > 80);
      expect(wide, `${name}: lines wider than 80 columns`).toEqual([]);
      const checked = exampleLines(help.stdout).map(checkExample);
      expect(
        checked.flatMap((example) => example.problems),
        name,
      ).toEqual([]);
      expect(
        checked.some((example) => example.path.join(' ') === path.join(' ')),
        `${name}: no example runs it`,
      ).toBe(true);
    }
  });

  it('the example checker finds an option the command does not have', () => {
    expect(checkExample('matchmaker users search --stauts active').problems).toEqual([
      "matchmaker users search --stauts active: --stauts is not an option of 'users search'",
    ]);
    expect(checkExample('matchmaker -o json kyc list --status PENDING | jq .').problems).toEqual([]);
    expect(checkExample('matchmaker -o json kyc list --status PENDING').path).toEqual(['kyc', 'list']);
  });
});
