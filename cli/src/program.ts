/**
 * Builds the program for one run: global options, the command being run (loaded on demand and
 * built from the run's factory) and a placeholder for every other command word so help and
 * suggestions know them all. Returns the exit code instead of exiting, so tests run it in-process.
 */
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json';
import { colorsFor } from './color';
import { EXIT } from './exit';
import { createFactory, type Factory } from './factory';
import { formatItem, HELP_WIDTH, helpCommand, helpParagraph } from './help';
import { humanIo, type Io } from './io';
import { addGlobalOptions, GLOBAL_VALUE_OPTIONS } from './options';
import { COMMANDS } from './registry';

/** The command word of argv: the first argument that is neither an option nor an option's value. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') return argv[i + 1];
    if (arg.startsWith('-')) {
      if (GLOBAL_VALUE_OPTIONS.has(arg)) i++;
      continue;
    }
    return arg === 'help' ? argv.slice(i + 1).find((next) => !next.startsWith('-')) : arg;
  }
  return undefined;
}

/** -o json or -o ndjson: errors are then one JSON object on stderr, which a script can parse. */
function wantsJson(argv: readonly string[]): boolean {
  const json = (format: string | undefined) => format === 'json' || format === 'ndjson';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if ((arg === '-o' || arg === '--output') && json(argv[i + 1])) return true;
    if (json(/^(?:--output=|-o)(.+)$/.exec(arg)?.[1])) return true;
  }
  return false;
}

function configure(command: Command, io: Io, json: boolean): void {
  const paint = colorsFor(io.stderr, io.env);
  command
    .exitOverride()
    .configureHelp({ showGlobalOptions: true, formatItem })
    .showSuggestionAfterError(true)
    .showHelpAfterError(json ? false : '(add --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? HELP_WIDTH,
      getErrHelpWidth: () => io.stderr.columns ?? HELP_WIDTH,
      outputError: (text, write) => {
        if (!json) {
          write(paint.red(text));
          return;
        }
        const message = text.replace(/^error: /, '').trim();
        write(`${JSON.stringify({ code: 'USAGE', message })}\n`);
      },
    });
  for (const child of command.commands) configure(child, io, json);
}

const HELP_AFTER =
  "Exit codes: 0 ok, 1 error, 2 usage or bad input, 3 bulk run with failed rows, 4 not signed in or not allowed, 130 interrupted, 141 stdout closed by its reader. Environment: MATCHMAKER_API_BASE, MATCHMAKER_TOKEN, MATCHMAKER_PROFILE, XDG_CONFIG_HOME, NO_COLOR, FORCE_COLOR. Run 'matchmaker help <command>' (or 'matchmaker <command> --help') for a command's options and examples.";

/**
 * The program for `argv`: the command it runs is built, the others are placeholders; with
 * `everything`, every command is built (the tree completion reads).
 */
export async function buildProgram(
  argv: readonly string[],
  factory: Factory,
  everything = false,
): Promise<Command> {
  const program = new Command('matchmaker')
    .description(
      'The staff command line of Matchmaker: user, KYC, image and feature administration, and bulk runs.',
    )
    .version(packageJson.version, '-V, --version')
    .addHelpText('after', helpParagraph(HELP_AFTER));
  addGlobalOptions(program);
  // Our own help command: commander's shows the first word's help only (`help users search`).
  program.helpCommand(false);
  const word = commandWord(argv);
  for (const entry of COMMANDS) {
    const hidden = { hidden: entry.hidden === true };
    if (everything || entry.name === word) program.addCommand(await entry.load(factory), hidden);
    else if (!entry.hidden) program.command(entry.name).description(entry.summary);
  }
  program.addCommand(helpCommand());
  configure(program, factory.io, wantsJson(argv));
  return program;
}

/** Runs `matchmaker` with `argv` (without node and the script) and resolves its exit code. */
export async function run(argv: readonly string[], given: Io): Promise<number> {
  // Every message on stderr, whichever part of the CLI writes it, shows control characters escaped.
  const io = humanIo(given);
  const json = wantsJson(argv);
  const factory = createFactory(io, () => buildProgram(argv, factory, true));
  try {
    const program = await buildProgram(argv, factory);
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; commander has already printed every other problem.
      // `matchmaker users` without a subcommand shows help as an error (exit 2); --help is ok.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return EXIT.usage;
    }
    const { describeError, reportError } = await import('./errors');
    const described = describeError(error, factory.facts());
    reportError(described, json, colorsFor(io.stderr, io.env).red, io.stderr);
    return described.exitCode;
  }
}
