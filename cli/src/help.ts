/**
 * Help text of our own, wrapped like commander's: to the terminal's width, or 100 columns when
 * help goes to a pipe or a file.
 */
import type { AddHelpTextContext } from 'commander';

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
