/**
 * `completion bash|zsh|fish`: completion scripts generated from the command tree itself, so
 * they never drift from the commands. zsh reuses the bash script through bashcompinit.
 *
 * Every script finds the command path the same way: it walks the words before the cursor,
 * skipping options and the values of those that take one (global options may come first), and
 * counts the arguments given to the command. Values are offered from the tree: an option's or
 * argument's choices (argChoices), and file names for an option whose value is a `<file>`.
 */
import { Argument, Command, type Option } from 'commander';
import type { Factory } from '../factory';
import { examples, withoutGlobalOptions } from '../help';

/** What an option or argument takes: a fixed set of words, a file name, or anything. */
type Values = readonly string[] | 'file' | undefined;

interface OptionSpec {
  flags: string[];
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  values: Values;
}

interface Node {
  path: string;
  name: string;
  summary: string;
  options: OptionSpec[];
  /** The choices of each declared argument, in order. */
  args: Values[];
  children: Node[];
}

function optionSpec(option: Option): OptionSpec {
  const flags = [option.long, option.short].filter((flag): flag is string => !!flag);
  const takesValue = option.required || option.optional;
  const values: Values = option.argChoices ?? (/[<[]file[>\]]/.test(option.flags) ? 'file' : undefined);
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
    args: command.registeredArguments.map((argument) => argument.argChoices),
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
function tree(program: Command): { root: Node; globals: OptionSpec[] } {
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

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

const words = (list: readonly string[]) => list.join(' ');
/** A single-quoted word for bash and zsh. */
const shq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
// fish single-quoted strings take \' for a quote.
const safe = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

/** `case` lines of the values of each option and argument with a fixed set or a file. */
function valueCases(root: Node, globals: OptionSpec[]): string[] {
  const cases: string[] = [];
  const add = (patterns: string[], values: Values) => {
    if (!values || patterns.length === 0) return;
    cases.push(`    ${patterns.join('|')}) values=${shq(values === 'file' ? '@file' : words(values))} ;;`);
  };
  walk(root, (node) => {
    for (const option of node.options) {
      add(
        option.flags.map((flag) => shq(`${node.path} ${flag}`)),
        option.values,
      );
    }
    node.args.forEach((values, index) => {
      add([shq(`${node.path} @${index}`)], values);
    });
  });
  // Global options last: a command's own option of the same name comes first.
  for (const option of globals) {
    add(
      option.flags.map((flag) => `*' ${flag}'`),
      option.values,
    );
  }
  return cases;
}

function bash(root: Node, globals: OptionSpec[]): string {
  const specs: string[] = [];
  walk(root, (node) => {
    const subs = node.children.map((child) => child.name);
    const flags = node.options.flatMap((option) => option.flags);
    const takes = node.options.filter((option) => option.takesValue).flatMap((option) => option.flags);
    if (subs.length + flags.length === 0) return;
    specs.push(
      `    ${shq(node.path)}) subs=${shq(words(subs))} flags=${shq(words(flags))} takes=${shq(words(takes))} ;;`,
    );
  });
  const globalFlags = globals.flatMap((option) => option.flags);
  const globalTakes = globals.filter((option) => option.takesValue).flatMap((option) => option.flags);
  return `# matchmaker completion for bash: eval "$(matchmaker completion bash)"
# The subcommands, options and value-taking options of a command path ($1).
_matchmaker_spec() {
  subs='' flags='' takes=''
  case "$1" in
${specs.join('\n')}
  esac
}
# The values of option $2 (or of argument @N) of command path $1: a fixed set, or @file.
_matchmaker_values() {
  values=''
  case "$1 $2" in
${valueCases(root, globals).join('\n')}
  esac
}
_matchmaker_offer() {
  if [ "$values" = '@file' ]; then
    type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
    local IFS=$'\\n'
    if [ -n "$prefix" ] && [ -n "\${ZSH_VERSION:-}" ]; then
      # zsh's compgen -f completes the whole word (--opt=value) as a file name; -G takes ours.
      COMPREPLY=( $(compgen -G "$cur*") )
    else
      COMPREPLY=( $(compgen -f -- "$cur") )
    fi
  else
    COMPREPLY=( $(compgen -W "$values" -- "$cur") )
  fi
  if [ -n "$prefix" ]; then COMPREPLY=( "\${COMPREPLY[@]/#/$prefix}" ); fi
}
_matchmaker() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path='' word option='' prefix='' ended='' n=0 i
  local subs flags takes values
  local globals=${shq(words(globalFlags))} global_takes=${shq(words(globalTakes))}
  COMPREPLY=()
  _matchmaker_spec ''
  # Walk the words before the cursor: options (global ones too) and their values are skipped,
  # subcommands extend the path, anything else is an argument. bash splits --opt=value at the =.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [ -n "$option" ]; then
      [ "$word" = '=' ] || option=''
      continue
    fi
    if [ -z "$ended" ]; then
      case "$word" in
        --) ended=1; continue ;;
        -*=*) continue ;;
        -*)
          case " $takes $global_takes " in *" $word "*) option="$word" ;; esac
          continue ;;
      esac
    fi
    case " $subs " in
      *" $word "*) path="\${path:+$path }$word"; _matchmaker_spec "$path" ;;
      *) n=$((n + 1)) ;;
    esac
  done
  if [ -n "$option" ]; then
    [ "$cur" = '=' ] && cur=''
  elif [ -z "$ended" ]; then
    case "$cur" in
      -*=*)
        case " $takes $global_takes " in
          *" \${cur%%=*} "*) option="\${cur%%=*}"; prefix="$option="; cur="\${cur#*=}" ;;
        esac ;;
    esac
  fi
  if [ -n "$option" ]; then
    _matchmaker_values "$path" "$option"
    _matchmaker_offer
    return
  fi
  if [ -z "$ended" ]; then
    case "$cur" in
      -*) COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") ); return ;;
    esac
  fi
  if [ -n "$subs" ]; then
    COMPREPLY=( $(compgen -W "$subs" -- "$cur") )
    return
  fi
  _matchmaker_values "$path" "@$n"
  if [ -n "$values" ]; then
    _matchmaker_offer
    return
  fi
  [ -n "$ended" ] || COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") )
}
complete -F _matchmaker matchmaker
`;
}

function zsh(root: Node, globals: OptionSpec[]): string {
  return `# matchmaker completion for zsh: eval "$(matchmaker completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(root, globals).split('\n').slice(1).join('\n')}`;
}

function fishOption(condition: string, option: OptionSpec): string {
  const parts = ['complete -c matchmaker'];
  if (condition) parts.push(`-n ${condition}`);
  if (option.long) parts.push(`-l ${option.long.slice(2)}`);
  if (option.short) parts.push(`-s ${option.short.slice(1)}`);
  if (option.values === 'file') parts.push('-r -F');
  else if (option.takesValue) parts.push('-x');
  if (Array.isArray(option.values)) parts.push(`-a '${safe(words(option.values))}'`);
  parts.push(`-d '${safe(option.description)}'`);
  return parts.join(' ');
}

function fish(root: Node, globals: OptionSpec[]): string {
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
    '# Whether the words before the cursor name command path $want (and $argc arguments of it):',
    '# options, global ones too, and their values are skipped.',
    'function __matchmaker_at --argument-names want argc',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    "    set -l path ''",
    '    set -l n 0',
    '    set -l skip 0',
    '    set -l ended 0',
    '    for word in $words',
    '        if test $skip = 1',
    '            set skip 0',
    '            continue',
    '        end',
    '        if test $ended = 0',
    '            switch $word',
    "                case '--'",
    '                    set ended 1',
    '                    continue',
    "                case '-*=*'",
    '                    continue',
    "                case '-*'",
    '                    __matchmaker_takes "$path" $word; and set skip 1',
    '                    continue',
    '            end',
    '        end',
    '        if contains -- $word (string split " " -- (__matchmaker_subs "$path"))',
    '            set path (string trim -- "$path $word")',
    '        else',
    '            set n (math $n + 1)',
    '        end',
    '    end',
    '    test "$path" = "$want"; or return 1',
    '    test -z "$argc"; or test $n = $argc',
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
      if (values === 'file' || !values) return;
      const atArg = `'__matchmaker_at "${node.path}" ${index}'`;
      lines.push(`complete -c matchmaker -n ${atArg} -a '${safe(words(values))}'`);
    });
  });
  return `${lines.join('\n')}\n`;
}

export function completionCommand(f: Factory): Command {
  const command = withoutGlobalOptions(new Command('completion'))
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .action(
      f.action(async (context, shell: string) => {
        const { root, globals } = tree(await f.commandTree());
        const script =
          shell === 'bash' ? bash(root, globals) : shell === 'zsh' ? zsh(root, globals) : fish(root, globals);
        context.io.stdout.write(script);
      }),
    );
  return examples(command, [
    'eval "$(matchmaker completion bash)"   # in ~/.bashrc',
    'eval "$(matchmaker completion zsh)"    # in ~/.zshrc',
    'matchmaker completion fish | source    # in ~/.config/fish/config.fish',
  ]);
}
