/**
 * `completion bash|zsh|fish`: completion scripts generated from the command tree itself, so
 * they never drift from the commands. zsh reuses the bash script through bashcompinit.
 */
import { Argument, Command } from 'commander';
import { act } from '../program';
import { COMMANDS } from '../registry';

interface Node {
  name: string;
  summary: string;
  flags: string[];
  children: Node[];
}

function flagsOf(command: Command): string[] {
  return command.options.flatMap((option) =>
    [option.long, option.short].filter((flag): flag is string => !!flag),
  );
}

function nodeOf(command: Command): Node {
  return {
    name: command.name(),
    summary: command.description(),
    flags: flagsOf(command),
    children: command.commands.map(nodeOf),
  };
}

async function tree(): Promise<{ commands: Node[]; globals: string[] }> {
  const commands: Node[] = [];
  for (const entry of COMMANDS) commands.push(nodeOf(await entry.load()));
  const { addGlobalOptions } = await import('../options');
  return { commands, globals: [...flagsOf(addGlobalOptions(new Command())), '--help'] };
}

const words = (list: readonly string[]) => list.join(' ');
// fish single-quoted strings take \' for a quote.
const safe = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function bash(commands: Node[], globals: string[]): string {
  const cases = commands
    .map((command) => {
      const subs = command.children
        .map((child) => `        ${child.name}) opts='${words(child.flags)}' ;;`)
        .join('\n');
      const subList =
        command.children.length > 0
          ? `      if [ "$COMP_CWORD" -eq 2 ]; then COMPREPLY=( $(compgen -W '${words(command.children.map((c) => c.name))}' -- "$cur") ); return; fi\n`
          : '';
      return `    ${command.name})\n${subList}      opts='${words(command.flags)}'\n      case "$sub" in\n${subs}\n      esac ;;`;
    })
    .join('\n');
  return `# matchmaker completion for bash: eval "$(matchmaker completion bash)"
_matchmaker() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd="\${COMP_WORDS[1]}" sub="\${COMP_WORDS[2]}" opts=''
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W '${words(commands.map((c) => c.name))} ${words(globals)}' -- "$cur") )
    return
  fi
  case "$cmd" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$opts ${words(globals)}" -- "$cur") )
}
complete -o default -F _matchmaker matchmaker
`;
}

function zsh(commands: Node[], globals: string[]): string {
  return `# matchmaker completion for zsh: eval "$(matchmaker completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(commands, globals).split('\n').slice(1).join('\n')}`;
}

function fish(commands: Node[], globals: string[]): string {
  const lines = [
    '# matchmaker completion for fish: matchmaker completion fish | source',
    'complete -c matchmaker -f',
  ];
  for (const flag of globals.filter((f) => f.startsWith('--')))
    lines.push(`complete -c matchmaker -l ${flag.slice(2)}`);
  for (const command of commands) {
    lines.push(
      `complete -c matchmaker -n '__fish_use_subcommand' -a ${command.name} -d '${safe(command.summary)}'`,
    );
    for (const child of command.children) {
      lines.push(
        `complete -c matchmaker -n '__fish_seen_subcommand_from ${command.name}' -a ${child.name} -d '${safe(child.summary)}'`,
      );
      for (const flag of child.flags.filter((f) => f.startsWith('--'))) {
        lines.push(
          `complete -c matchmaker -n '__fish_seen_subcommand_from ${child.name}' -l ${flag.slice(2)}`,
        );
      }
    }
    for (const flag of command.flags.filter((f) => f.startsWith('--'))) {
      lines.push(
        `complete -c matchmaker -n '__fish_seen_subcommand_from ${command.name}' -l ${flag.slice(2)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionCommand(): Command {
  return new Command('completion')
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      '\nExamples:\n  eval "$(matchmaker completion bash)"\n  matchmaker completion fish | source',
    )
    .action(
      act(async (context, shell: string) => {
        const { commands, globals } = await tree();
        const script =
          shell === 'bash'
            ? bash(commands, globals)
            : shell === 'zsh'
              ? zsh(commands, globals)
              : fish(commands, globals);
        context.io.stdout.write(script);
      }),
    );
}
