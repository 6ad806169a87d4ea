/**
 * `completion bash|zsh|fish`: a completion script generated from the program's own command tree
 * (src/completion/), so it never drifts from the commands. Profile names, feature codes and
 * subfeature codes are asked of the CLI as the line is typed (`__complete`, commands/complete.ts).
 */
import { Argument, Command } from 'commander';
import { bash, zsh } from '../completion/bash';
import { fish } from '../completion/fish';
import { tree } from '../completion/tree';
import type { Factory } from '../factory';
import { examples, withoutGlobalOptions } from '../help';

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
