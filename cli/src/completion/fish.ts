/**
 * The fish completion script: `complete` lines with conditions, from the same tree. A function
 * walks the command line as the bash script does (the command path, the arguments, and the
 * `--profile` and `--api-base` typed) for the conditions and for the values asked of the CLI.
 */
import { type Node, type OptionSpec, type Values, walk, words } from './tree';

// fish single-quoted strings take \' for a quote.
const safe = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function fishOption(condition: string, option: OptionSpec): string {
  const parts = ['complete -c matchmaker'];
  if (condition) parts.push(`-n ${condition}`);
  if (option.long) parts.push(`-l ${option.long.slice(2)}`);
  if (option.short) parts.push(`-s ${option.short.slice(1)}`);
  if (option.values === 'file') parts.push('-r -F');
  else if (option.takesValue) parts.push('-x');
  const values = offered(option.values);
  if (values) parts.push(`-a ${values}`);
  parts.push(`-d '${safe(option.description)}'`);
  return parts.join(' ');
}

/** The `-a` of values: a fixed set's words, or the CLI asked for them as the line is typed. */
function offered(values: Values): string | undefined {
  if (values === undefined || values === 'file') return undefined;
  if (typeof values === 'string') return `'(__matchmaker_ask ${values})'`;
  return `'${safe(words(values))}'`;
}

export function fish(root: Node, globals: OptionSpec[]): string {
  const subCases: string[] = [];
  const takeCases: string[] = [];
  walk(root, (node) => {
    if (node.children.length > 0) {
      subCases.push(
        `        case '${safe(node.path)}'\n            echo ${node.children.map((c) => c.name).join(' ')}`,
      );
    }
    const takes = node.options.filter((option) => option.takesValue).flatMap((option) => option.flags);
    if (takes.length > 0)
      takeCases.push(`        case ${takes.map((flag) => `'${safe(`${node.path} ${flag}`)}'`).join(' ')}`);
  });
  const globalTakes = globals.filter((option) => option.takesValue).flatMap((option) => option.flags);
  takeCases.push(`        case ${globalTakes.map((flag) => `'* ${flag}'`).join(' ')}`);
  const lines = [
    '# matchmaker completion for fish: matchmaker completion fish | source',
    '# The subcommands of a command path.',
    'function __matchmaker_subs --argument-names path',
    '    switch "$path"',
    ...subCases,
    '    end',
    'end',
    '# Whether option $option of command path $path takes a value.',
    'function __matchmaker_takes --argument-names path option',
    '    switch "$path $option"',
    ...takeCases.map((line) => `${line}\n            return 0`),
    '    end',
    '    return 1',
    'end',
    '# Walks the words before the cursor: options, global ones too, and their values are',
    '# skipped, subcommands extend the command path, anything else is an argument. Sets',
    '# __matchmaker_path, __matchmaker_args and __matchmaker_given (--profile and --api-base).',
    'function __matchmaker_walk',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    "    set -g __matchmaker_path ''",
    '    set -g __matchmaker_args',
    '    set -g __matchmaker_given',
    "    set -l skip ''",
    '    set -l ended 0',
    '    for word in $words',
    '        if test -n "$skip"',
    '            contains -- $skip --profile --api-base; and set -a __matchmaker_given $skip $word',
    "            set skip ''",
    '            continue',
    '        end',
    '        if test $ended = 0',
    '            switch $word',
    "                case '--'",
    '                    set ended 1',
    '                    continue',
    "                case '--profile=*' '--api-base=*'",
    '                    set -a __matchmaker_given $word',
    '                    continue',
    "                case '-*=*'",
    '                    continue',
    "                case '-*'",
    '                    __matchmaker_takes "$__matchmaker_path" $word; and set skip $word',
    '                    continue',
    '            end',
    '        end',
    '        if contains -- $word (string split " " -- (__matchmaker_subs "$__matchmaker_path"))',
    '            set __matchmaker_path (string trim -- "$__matchmaker_path $word")',
    '        else',
    '            set -a __matchmaker_args $word',
    '        end',
    '    end',
    'end',
    '# Whether the words before the cursor name command path $want (and $argc arguments of it).',
    'function __matchmaker_at --argument-names want argc',
    '    __matchmaker_walk',
    '    test "$__matchmaker_path" = "$want"; or return 1',
    '    test -z "$argc"; or test (count $__matchmaker_args) = $argc',
    'end',
    '# Asks the CLI itself (as typed, with the --profile and --api-base typed) for values of kind',
    '# $kind; the feature of a subfeature is the first argument. Quick or nothing.',
    'function __matchmaker_ask --argument-names kind',
    '    __matchmaker_walk',
    '    set -l program (commandline -opc)[1]',
    '    $program $__matchmaker_given --request-timeout 2 __complete $kind $__matchmaker_args[1] 2>/dev/null',
    'end',
    'complete -c matchmaker -e',
    'complete -c matchmaker -f',
  ];
  for (const option of globals) lines.push(fishOption('', option));
  walk(root, (node) => {
    const at = `'__matchmaker_at "${node.path}"'`;
    const atStart = `'__matchmaker_at "${node.path}" 0'`;
    for (const child of node.children) {
      lines.push(`complete -c matchmaker -n ${atStart} -a ${child.name} -d '${safe(child.summary)}'`);
    }
    for (const option of node.options) lines.push(fishOption(at, option));
    node.args.forEach((values, index) => {
      const shown = offered(values);
      if (!shown) return;
      lines.push(`complete -c matchmaker -n '__matchmaker_at "${node.path}" ${index}' -a ${shown}`);
    });
  });
  return `${lines.join('\n')}\n`;
}
