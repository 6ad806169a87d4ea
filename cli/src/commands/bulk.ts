/** `bulk ACTION --input FILE|-`: one action over every row of a CSV or NDJSON file, resumably. */
import { setFlagsFromString } from 'node:v8';
import { Argument, Command, Option } from 'commander';
import {
  actionOptions,
  BULK_ACTION_MAP,
  BULK_ACTIONS,
  type BulkActionName,
  configureAction,
  type OptionValues,
} from '../bulk/actions';
import { pauseHooks, RetryAfterGate } from '../bulk/flow';
import { pooledFetch } from '../bulk/http';
import { fileSource, inputFormat } from '../bulk/reader';
import { besideInput } from '../bulk/report';
import { RunControl, runBulk } from '../bulk/runner';
import { type Context, requireAdmin, type SignedInUser } from '../context';
import { CliError, EXIT, usageError } from '../exit';
import type { Factory } from '../factory';
import { stringAt } from '../guards';
import { helpParagraph } from '../help';
import { listValues, positiveInt } from '../options';
import { listPrinter } from '../output';
import { confirmAction } from '../prompt';
import { DEFAULT_RETRIES, MAX_RETRY_AFTER_MS, rowRetry } from '../retry-policy';

/** The options of every run; each action's own (`--role`...) are read by its entry in actions.ts. */
interface BulkOptions extends OptionValues {
  input: string;
  format?: string;
  column: string;
  concurrency: number;
  rate?: number;
  retries: number;
  dryRun?: boolean;
  validateOnly?: boolean;
  resume?: boolean;
  retryFailed?: boolean;
  journal?: string;
  failures?: string;
  report?: string;
}

/**
 * Every name the API finds the signed-in admin's account by (ids, username, email), in lower
 * case, so that a row naming it is refused (actions.ts). A real run has signed in already (this
 * reads the same answer); a dry run or a check of the input is also made without a session, and
 * then says that the check was left out. A dry run by a member stops as the real run would
 * (exit 4, the same message): its plan is one the account could not carry out.
 */
async function ownAccount(context: Context, real: boolean, dryRun: boolean): Promise<string[] | undefined> {
  let user: SignedInUser;
  try {
    if (dryRun) await requireAdmin(context);
    else if (!real) await context.signedIn();
    user = await context.user();
  } catch (error) {
    if (real || (error instanceof CliError && error.code === 'ADMIN_ONLY')) throw error;
    const why = error instanceof Error ? error.message : String(error);
    context.warn(
      dryRun
        ? `${why.replace(/\.$/, '')}. This dry run goes on, but nothing was checked against the server: not that you may make these changes, nor the rows naming your own account`
        : `Rows naming your own account are not checked (${why})`,
    );
    return undefined;
  }
  return ['keycloakId', 'id', 'username', 'email']
    .map((key) => stringAt(user, key)?.trim().toLowerCase())
    .filter((name): name is string => name !== undefined && name !== '');
}

/** A wait in the largest whole unit that says it: "90 s", "15 min", "27 h". */
function waitText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

async function bulk(context: Context, name: BulkActionName, options: BulkOptions) {
  // The action's own options, checked before anything is read or asked.
  const ready = configureAction(name, options);
  if (options.dryRun && options.validateOnly) throw usageError('Give --dry-run or --validate-only, not both');
  const progressIntervalMs = progressInterval(context.io.env);
  const source = fileSource(options.input, inputFormat(options.input, options.format), context.io.stdin);
  const real = !options.dryRun && !options.validateOnly;
  if (real) boundHeapGrowth();
  const control = new RunControl();
  // A server asking for a longer pause than a run waits out stops the run, to be resumed later.
  const gate = new RetryAfterGate((ms) =>
    control.fail(
      new CliError(
        `The server asked to wait ${waitText(ms)} before any more requests (Retry-After), longer than a run waits (${waitText(MAX_RETRY_AFTER_MS)}): the run stopped; run it again with --resume later`,
        EXIT.error,
        'RETRY_AFTER_TOO_LONG',
      ),
    ),
  );
  const pool = pooledFetch(options.concurrency);
  // The run's client: the SDK retries each row by the run's policy (every action is idempotent)
  // and holds every attempt while a server's Retry-After holds. The check that an admin is
  // signed in rides out the same transient failures as the rows.
  const signedIn = real
    ? await requireAdmin(context, {
        fetch: pool.fetch,
        retry: { policy: rowRetry(options.retries), calls: 'safe' },
        hooks: pauseHooks(gate, control.stopSignal),
      }).catch((error: unknown) => {
        // A Retry-After longer than a run waits has stopped the run: that is what to say.
        throw control.failure ?? error;
      })
    : undefined;
  const client = signedIn?.client;
  const dryRun = options.dryRun === true;
  const { locksOut } = BULK_ACTION_MAP[name];
  const account = locksOut || dryRun ? await ownAccount(context, real, dryRun) : undefined;
  const self = locksOut ? account : undefined;
  const action = ready({ idColumn: options.column, ...(self ? { self } : {}) });
  // SIGTERM (kill, a CI job's time limit, a container stopping) ends a run the way Ctrl-C does:
  // the rows in flight finish and are journaled, and the journal's lock is released.
  // Before the first row is sent there is nothing in flight: the run ends at once and says so.
  // The warnings go where the run says things, above its progress bar.
  const onSignal = (signal: NodeJS.Signals) => {
    if (!control.sending) {
      control.stop();
      return;
    }
    if (control.stopping) {
      control.say(() => context.warn('Aborting the requests in flight'));
      control.abort();
      return;
    }
    control.stop();
    const again = signal === 'SIGINT' ? 'Ctrl-C' : signal;
    control.say(() =>
      context.warn(`Stopping: letting the requests in flight finish (${again} again to abort them)`),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await runBulk({
      io: context.io,
      action,
      source,
      idColumn: options.column,
      concurrency: options.concurrency,
      rate: options.rate,
      dryRun: options.dryRun === true,
      validateOnly: options.validateOnly === true,
      resume: options.resume === true,
      retryFailed: options.retryFailed === true,
      journalPath: options.journal ?? besideInput(source, name, 'journal.ndjson'),
      journalGiven: options.journal !== undefined,
      failuresPath: options.failures ?? besideInput(source, name, `failures.${source.format}`),
      reportPath: options.report,
      client,
      printer: options.dryRun
        ? listPrinter(context.output, ['line', 'id', 'action', 'change', 'status', 'reason'])
        : undefined,
      control,
      progressIntervalMs,
      facts: { apiBase: context.apiBase, envToken: context.envToken, profile: context.profile },
      confirm: async (rows, signal) => {
        // The rows it will run: --retry-failed the failed ones, --resume those not done yet.
        if (!action.destructive || rows === 0) return;
        const which = options.resume ? 'remaining ' : options.retryFailed ? 'failed ' : '';
        const count =
          rows === undefined ? `every ${which}row` : `${rows} ${which}${rows === 1 ? 'row' : 'rows'}`;
        await confirmAction(
          context.io,
          `${name} ${count} of ${source.path === '-' ? 'stdin' : source.path}`,
          context.yes,
          signal,
        );
      },
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await pool.close();
  }
}

export function bulkCommand(f: Factory): Command {
  const command = new Command('bulk')
    .description(
      'apply one action to every row of a CSV or NDJSON file; killed runs resume from their journal',
    )
    .addArgument(new Argument('<action>', 'what to do to each row').choices(BULK_ACTIONS))
    .requiredOption('-i, --input <file>', 'CSV or NDJSON input, - for stdin')
    .addOption(
      listValues(new Option('--format <format>', 'input format (default: from the extension)'), [
        'csv',
        'ndjson',
      ]),
    )
    .option('--column <name>', 'the column (or NDJSON key) of the ids', 'id');
  // Each action's own options, as its entry declares them (actions.ts), named with the actions.
  for (const { option, actions } of actionOptions())
    command.option(option.flags, `${actions.join(', ')}: ${option.description}`);
  return (
    command
      .option(
        '-c, --concurrency <n>',
        `rows in flight at once (at most ${MAX_CONCURRENCY})`,
        positiveInt('--concurrency', MAX_CONCURRENCY),
        8,
      )
      .option('--rate <n>', `at most N requests per second (${MIN_RATE} to ${MAX_RATE})`, requestsPerSecond)
      .option(
        '--retries <n>',
        `retries per row for network errors, 5xx and 429 (at most ${MAX_RETRIES})`,
        nonNegativeInt,
        DEFAULT_RETRIES,
      )
      .option(
        '--dry-run',
        'list the change each row asks for; looks up no user (a listed user may not exist or be so already), changes nothing',
      )
      .option('--validate-only', 'read and check the whole input, then stop; changes nothing')
      .option('--resume', 'skip the rows the journal records as finished')
      .option('--retry-failed', 'run only the rows the journal records as failed')
      .option('--journal <file>', 'journal file (default: beside the input, <input>.<action>.journal.ndjson)')
      .option(
        '--failures <file>',
        'failed rows, in the input format (default: <input>.<action>.failures.<ext>)',
      )
      .option('--report <file>', 'write a JSON report of the run')
      // The examples are commands, kept within 80 columns rather than wrapped.
      .addHelpText('after', helpParagraph(EXIT_CODES, `${EXAMPLES}\n\n`))
      .action(f.action(bulk))
  );
}

const EXAMPLES = `
Examples:
  matchmaker bulk deactivate -i spam.csv --dry-run
  matchmaker bulk suspend -i spam.csv --concurrency 16 --rate 50 --yes
  # after a crash or Ctrl-C, finish the run; then rerun the rows that failed:
  matchmaker bulk suspend -i spam.csv --resume --yes
  matchmaker bulk suspend -i spam.csv --retry-failed --yes
  matchmaker bulk set-email -i emails.ndjson --column user \\
    --email-column new_email --yes
  # kyc-review does not check a request's current status: it decides an
  # APPROVED or REJECTED request again. Take its input from the pending queue:
  matchmaker kyc list --status PENDING --all -o csv > queue.csv
  matchmaker bulk kyc-review -i queue.csv --reject --reason "Blurred scan" --yes`;

const EXIT_CODES =
  'Exit codes: 0 every row ok, 2 the input cannot be read (nothing sent), 3 some rows failed, 4 not signed in or not an admin, 130 interrupted (the journal is up to date).';

/**
 * A real run allocates about 45 KB per row (the SDK's call path: zod, undici, the journal) that
 * dies young, but some of it is promoted before it dies. Nothing is retained (a heap snapshot
 * mid-run holds only the rows in flight), yet V8, seeing its collections cheap, lets the old space
 * grow to about four times what is live before collecting it: 100,000 rows peaked at 180 MB.
 * Growing it to at most twice the live size keeps it near 140 MB for 2-5% more CPU.
 *
 * The young generation is the other half of the peak: V8 doubles its semi-spaces while most of
 * what it scavenges survives, and the first pass over the input (rows counted, then dropped)
 * made it grow from the 16 MB start-up leaves it at to 32 MB, 16 MB more resident for the whole
 * run. Growing it no further keeps a run's peak about 12 MB lower (137-141 MB against 148-154
 * for 25,000 and 100,000 rows) for no CPU that the bench could tell apart: a row's garbage dies
 * within a scavenge of either size. Both settings are read afresh each time V8 sizes a space,
 * so they take effect though the heap is already running (V8's own maximum, --max-semi-space-size,
 * does not: it is fixed when the process starts).
 */
function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100');
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * For tests only: MATCHMAKER_PROGRESS_INTERVAL_MS shortens the plain progress line's 5 s, so a
 * test sees several lines without waiting. Not a user setting (not in --help).
 */
function progressInterval(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.MATCHMAKER_PROGRESS_INTERVAL_MS;
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 10) {
    throw usageError(
      `MATCHMAKER_PROGRESS_INTERVAL_MS must be a whole number of ms, at least 10 (got '${text}')`,
    );
  }
  return Number(text);
}

/**
 * Upper bounds of --concurrency and --retries. Each row in flight holds one connection of the
 * run's undici pool, a socket and a file descriptor: 64 is well past where the API, not the CLI,
 * sets the pace (the benchmark runs at 16) and far from the usual limit of 1024 open files, which
 * 100,000 would exhaust (rows failing as network errors). A row's backoff reaches its 10 s cap at
 * the 7th retry: 20 retries wait out an outage of about 2 minutes, and each may also wait out a
 * Retry-After of up to 15 minutes; past that a run is better stopped and resumed than left waiting.
 */
const MAX_CONCURRENCY = 64;
const MAX_RETRIES = 20;

/**
 * Bounds of --rate. A run at 0.001 a second waits 1000 s (17 minutes) between requests: anything
 * slower is a typo (`--rate 0.0000001` meant as a spacing) more likely than a plan, and under
 * about one request in 25 days Node's timers cannot hold the wait. Above 10000 a second it limits
 * nothing: a run makes about 8000 at most (the benchmark in the README).
 */
const MIN_RATE = 0.001;
const MAX_RATE = 10_000;

function requestsPerSecond(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) || value < MIN_RATE || value > MAX_RATE) {
    throw usageError(
      `--rate must be a number of requests per second from ${MIN_RATE} (one every ${1 / MIN_RATE} s) to ${MAX_RATE} (got '${text}')`,
    );
  }
  return value;
}

function nonNegativeInt(text: string): number {
  if (!/^\d+$/.test(text.trim())) throw usageError(`--retries must be a whole number (got '${text}')`);
  if (Number(text) > MAX_RETRIES)
    throw usageError(`--retries must be at most ${MAX_RETRIES} (got '${text}')`);
  return Number(text);
}
