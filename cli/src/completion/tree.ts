/**
 * The program's command tree as the completion scripts see it (completion.ts builds them from
 * the program itself, so they never drift from the commands): each command path's subcommands,
 * options and arguments, and what each option or argument takes. Values come from the tree: an
 * option's or argument's choices (argChoices); file names for a `<file>`; and, asked of the CLI
 * itself while the line is typed (`matchmaker __complete KIND`), profile names for a
 * `<profile>`, feature codes for a `<feature>`, the subfeature codes of the feature typed for a
 * `<subfeature>`.
 */
import type { Command, Option } from 'commander';

/** The values completion asks the CLI for, by the placeholder that names them. */
export const ASKED_VALUES = ['profile', 'feature', 'subfeature'] as const;
export type AskedValues = (typeof ASKED_VALUES)[number];

/** What an option or argument takes: a fixed set of words, a file name, values to ask for, or anything. */
export type Values = readonly string[] | 'file' | AskedValues | undefined;

/** What a `<placeholder>` (an option's value, or an argument's name) says to offer. */
function byPlaceholder(name: string | undefined): Values {
  if (name === 'file') return 'file';
  return ASKED_VALUES.find((kind) => kind === name);
}

export interface OptionSpec {
  flags: string[];
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  values: Values;
}

export interface Node {
  path: string;
  name: string;
  summary: string;
  options: OptionSpec[];
  /** What each declared argument takes, in order. */
  args: Values[];
  children: Node[];
}

function optionSpec(option: Option): OptionSpec {
  const flags = [option.long, option.short].filter((flag): flag is string => !!flag);
  const takesValue = option.required || option.optional;
  const values: Values =
    option.argChoices ?? byPlaceholder(/[<[]([\w-]+)(?:\.\.\.)?[>\]]/.exec(option.flags)?.[1]);
  return {
    flags,
    long: option.long,
    short: option.short,
    description: option.description,
    takesValue,
    values: takesValue ? values : undefined,
  };
}

/** The commands `--help` lists under `command`: hidden ones and commander's implicit help left out. */
function visibleChildren(command: Command): Command[] {
  const visible = command.createHelp().visibleCommands(command);
  return command.commands.filter((child) => visible.includes(child));
}

function nodeOf(command: Command, parent = ''): Node {
  const path = parent ? `${parent} ${command.name()}` : command.name();
  return {
    path,
    name: command.name(),
    summary: command.description(),
    options: command.options.filter((option) => !option.hidden).map(optionSpec),
    args: command.registeredArguments.map(
      (argument) => argument.argChoices ?? byPlaceholder(argument.name()),
    ),
    children: visibleChildren(command).map((child) => nodeOf(child, path)),
  };
}

const HELP: OptionSpec = {
  flags: ['--help'],
  long: '--help',
  description: 'display help for command',
  takesValue: false,
  values: undefined,
};

/**
 * The program's own tree: its commands, and its options as the global options every command
 * takes (all but the version, which only the program itself answers).
 */
export function tree(program: Command): { root: Node; globals: OptionSpec[] } {
  const globals = program.options.filter((option) => option.long !== '--version' && !option.hidden);
  return {
    root: {
      path: '',
      name: program.name(),
      summary: '',
      options: [],
      args: [],
      children: visibleChildren(program).map((child) => nodeOf(child)),
    },
    globals: [...globals.map(optionSpec), HELP],
  };
}

export function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

export const words = (list: readonly string[]) => list.join(' ');
