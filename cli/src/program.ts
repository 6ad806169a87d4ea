/**
 * Builds the program for one run: global options, the command being run (loaded on demand) and
 * a placeholder for every other command word so help and suggestions know them all. Returns the
 * exit code instead of exiting, so tests run it in-process.
 */
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json';
import { colorsFor } from './color';
import type { Context } from './context';
import { EXIT } from './exit';
import { HELP_WIDTH, helpParagraph } from './help';
import { humanIo, type Io } from './io';
import { addGlobalOptions, GLOBAL_VALUE_OPTIONS } from './options';
import { COMMANDS } from './registry';

/** Per run: the streams, and the API base and credential once resolved (error messages use them). */
interface RunState {
  io: Io;
  apiBase?: string;
  envToken?: boolean;
  profile?: string;
}
const runs = new WeakMap<Command, RunState>();

function rootOf(command: Command): Command {
  let current = command;
  while (current.parent) current = current.parent;
  return current;
}

/** The action of a command: gets the resolved context; errors go to the one handler. */
export function act<A extends unknown[]>(
  handler: (context: Context, ...args: A) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const command = args[args.length - 1];
    if (!(command instanceof Command)) throw new Error('commander did not pass the command');
    const state = runs.get(rootOf(command));
    if (!state) throw new Error('command run outside a program');
    // The context brings in the SDK; `--help` and usage errors never need it.
    const { createContext } = await import('./context');
    const context = await createContext(command, state.io);
    state.apiBase = context.apiBase;
    state.envToken = context.envToken;
    state.profile = context.profile;
    // Commander passes the declared arguments, then the options object, then the command.
    await handler(context, ...(args.slice(0, -1) as A));
  };
}

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
    .configureHelp({ showGlobalOptions: true })
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
  "Exit codes: 0 ok, 1 error, 2 usage or bad input, 3 bulk run with failed rows, 4 not signed in or not allowed, 130 interrupted, 141 stdout closed by its reader. Environment: MATCHMAKER_API_BASE, MATCHMAKER_TOKEN, MATCHMAKER_PROFILE, XDG_CONFIG_HOME, NO_COLOR, FORCE_COLOR. Run 'matchmaker <command> --help' for a command's options.";

export async function buildProgram(argv: readonly string[], io: Io): Promise<Command> {
  const program = new Command('matchmaker')
    .description(
      'The staff command line of Matchmaker: user, KYC, image and feature administration, and bulk runs.',
    )
    .version(packageJson.version, '-V, --version')
    .addHelpText('after', helpParagraph(HELP_AFTER));
  addGlobalOptions(program);
  runs.set(program, { io });
  const word = commandWord(argv);
  const wanted = COMMANDS.find((entry) => entry.name === word);
  for (const entry of COMMANDS) {
    if (entry === wanted || word === '__all') program.addCommand(await entry.load());
    else program.command(entry.name).description(entry.summary);
  }
  configure(program, io, wantsJson(argv));
  return program;
}

/** Runs `matchmaker` with `argv` (without node and the script) and resolves its exit code. */
export async function run(argv: readonly string[], given: Io): Promise<number> {
  // Every message on stderr, whichever part of the CLI writes it, shows control characters escaped.
  const io = humanIo(given);
  const json = wantsJson(argv);
  let program: Command | undefined;
  try {
    program = await buildProgram(argv, io);
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
    const described = describeError(error, program ? runs.get(program) : undefined);
    reportError(described, json, colorsFor(io.stderr, io.env).red, io.stderr);
    return described.exitCode;
  }
}
