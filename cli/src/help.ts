/**
 * Help of our own: paragraphs wrapped like commander's (to the terminal's width, or 100 columns
 * when help goes to a pipe or a file), examples, and a `help` command that reaches subcommands.
 */
import { type AddHelpTextContext, Command, Help } from 'commander';
import { closest } from './fields';

/** The width of help that goes to a pipe or a file. */
export const HELP_WIDTH = 100;

/**
 * An `addHelpText` callback: `before` as written (examples are commands, not wrapped), then
 * `paragraph` wrapped to the width of the help it ends.
 */
export function helpParagraph(paragraph: string, before = '\n') {
  return ({ error, command }: AddHelpTextContext): string => {
    const output = command.configureOutput();
    const width = (error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.()) ?? HELP_WIDTH;
    return `${before}${command.createHelp().boxWrap(paragraph, width)}`;
  };
}

/** How far a description placed under its term is indented. */
const STACKED_INDENT = 6;

/**
 * commander's `formatItem`, but for a narrow terminal: when the room left beside a term is under
 * commander's wrapping minimum (40 columns), commander writes the description unwrapped and the
 * terminal breaks it mid-word (a 60-column terminal beside `users`' 34-column terms). There the
 * description goes on the lines under its term, indented and wrapped to the whole width.
 */
export function formatItem(
  this: Help,
  term: string,
  termWidth: number,
  description: string,
  helper: Help,
): string {
  const width = this.helpWidth ?? HELP_WIDTH;
  // commander's own layout: two spaces before the term, two between it and its description.
  const room = width - termWidth - 4;
  if (!description || room >= this.minWidthToWrap || helper.preformatted(description))
    return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
  const indent = ' '.repeat(STACKED_INDENT);
  const lines = helper.boxWrap(description, width - STACKED_INDENT).split('\n');
  return `  ${term}\n${lines.map((line) => `${indent}${line}`).join('\n')}`;
}

/**
 * `Examples:` at the end of a command's help, one command line each, as typed (not wrapped: a
 * command is copied whole). A line starting with `#` says what the next ones do.
 */
export function examples(command: Command, lines: readonly string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * `help [command...]`: the help of the command the words name, however deep (`help users
 * search`), where commander's own help command stops at the first word. An unknown word is a
 * usage error naming the command it is not a subcommand of, with the nearest one.
 */
export function helpCommand(): Command {
  const help = withoutGlobalOptions(new Command('help'))
    .description('help for a command, such as: help users search')
    .argument('[command...]', 'the command, as typed before its arguments')
    .action((words: string[], _options: unknown, self: Command) => {
      let target = self.parent ?? self;
      let path = target.name();
      for (const word of words) {
        const visible = target.createHelp().visibleCommands(target);
        const next = visible.find((child) => child.name() === word || child.aliases().includes(word));
        if (!next) {
          const names = visible.map((child) => child.name()).filter((name) => name !== 'help');
          const near = closest(word, names);
          return target.error(
            `error: unknown command '${word}' for '${path}'${near ? `\n(Did you mean ${near}?)` : ''}`,
            { exitCode: 2, code: 'commander.unknownCommand' },
          );
        }
        target = next;
        path = `${path} ${word}`;
      }
      target.outputHelp();
    });
  return examples(help, ['matchmaker help users search', 'matchmaker help bulk']);
}

/** For commands the global options do nothing for (help, completion): their help leaves them out. */
export function withoutGlobalOptions(command: Command): Command {
  const createHelp = command.createHelp.bind(command);
  command.createHelp = () => Object.assign(createHelp(), { showGlobalOptions: false });
  return command;
}
