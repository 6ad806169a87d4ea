/**
 * Prompts (inquirer, on the process's own terminal: a prompt only ever runs on one), on stderr so stdout stays data. Interactive means both stdin and stderr are terminals;
 * otherwise a prompt is an error that says which flag to pass instead.
 */
import type { EndpointId } from '@matchmaker/sdk';
import type { Context } from './context';
import { CliError, EXIT, usageError } from './exit';
import { checkFieldsOf } from './fields-guard';
import { type Io, visible } from './io';

export const isInteractive = (io: Io): boolean => io.stdin.isTTY === true && io.stderr.isTTY === true;

const promptContext = (signal?: AbortSignal) => ({
  input: process.stdin,
  output: process.stderr,
  clearPromptOnDone: false,
  ...(signal ? { signal } : {}),
});

/** Ctrl-C inside a prompt, or the caller's signal (SIGTERM during a bulk run's question). */
function isExitPromptError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError');
}

async function run<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (isExitPromptError(error)) throw new CliError('Interrupted', EXIT.interrupted, 'INTERRUPTED');
    throw error;
  }
}

/**
 * Asks before a destructive action; `--yes` skips the question and is required off a terminal.
 * `signal` ends the question unanswered (exit 130).
 */
export async function confirmAction(io: Io, what: string, yes: boolean, signal?: AbortSignal): Promise<void> {
  if (yes) return;
  if (!isInteractive(io)) {
    throw usageError(`Refusing to ${what} without confirmation: pass --yes when not running in a terminal`);
  }
  const { default: confirm } = await import('@inquirer/confirm');
  // The prompt writes to the terminal itself, past the escaping of stderr: what it names (an id,
  // a file name) is escaped here, in the very line where staff decide.
  const message = visible(`${what[0]?.toUpperCase()}${what.slice(1)}?`);
  const ok = await run(() => confirm({ message, default: false }, promptContext(signal)));
  if (!ok) throw new CliError('Cancelled: nothing was changed', EXIT.error, 'CANCELLED');
}

/**
 * The question before a change: --fields is checked against the answer of `endpoint` first (the
 * client checks it again before sending), so a typo exits 2 before staff are asked.
 */
export async function confirmChange(
  context: Pick<Context, 'io' | 'yes' | 'output' | 'dryRun'>,
  endpoint: EndpointId,
  what: string,
): Promise<void> {
  checkFieldsOf(endpoint, context.output.fields);
  // A dry run changes nothing: nobody is asked, and the plan names what would have been.
  if (context.dryRun) context.dryRun.asked(what);
  else await confirmAction(context.io, what, context.yes);
}

export async function askText(io: Io, message: string, flag: string): Promise<string> {
  if (!isInteractive(io)) throw usageError(`${flag} is required when not running in a terminal`);
  const { default: input } = await import('@inquirer/input');
  return run(() => input({ message, required: true }, promptContext()));
}

export async function askPassword(io: Io, message: string): Promise<string> {
  if (!isInteractive(io)) throw usageError('--password-stdin is required when not running in a terminal');
  const { default: password } = await import('@inquirer/password');
  return run(() => password({ message, mask: false }, promptContext()));
}

/** Reads all of stdin (for --password-stdin and `-` inputs), without the final newline. */
export async function readStdin(io: Io): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
