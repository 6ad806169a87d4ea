/**
 * Shared options, in one place: the global ones every command accepts and the paging and date
 * range options of the list and analytics commands, with their parsers.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { usageError } from './exit';
import { closest } from './fields';
import { FORMATS } from './formats';
import { DEFAULT_RETRIES } from './retry-policy';

// --api-base's help follows the order of createContext (context.ts) in at most two lines of an
// 80-column terminal.
export function addGlobalOptions(program: Command): Command {
  return (
    program
      // The placeholders <profile>, <feature>, <subfeature> and <file> tell shell completion what to offer.
      .option('--profile <profile>', 'named profile of credentials and API base (default: "default")')
      .option(
        '--api-base <url>',
        "API base (else MATCHMAKER_API_BASE, the profile's from config.json or its credentials, http://127.0.0.1:8080)",
      )
      .addOption(new Option('-o, --output <format>', 'output format (default: table)').choices(FORMATS))
      .option('--fields <list>', 'only these fields, comma-separated (dotted paths for nested values)')
      .option('-y, --yes', 'do not ask for confirmation (required for destructive commands off a terminal)')
      .option(
        '--request-timeout <n>',
        `time limit of each request in seconds, 0 for none (else MATCHMAKER_REQUEST_TIMEOUT, default 30); reads are retried ${DEFAULT_RETRIES} times on network errors, 5xx and 429, changes only on 429`,
        (text: string) =>
          requestTimeout('--request-timeout', text, (message) => new InvalidArgumentError(message)),
      )
  );
}

/** The longest time limit: a day (Node's timers stop at 24.8 days). */
const MAX_REQUEST_TIMEOUT_S = 86_400;

/** `--request-timeout` or MATCHMAKER_REQUEST_TIMEOUT: seconds, fractions allowed, 0 for no limit. */
export function requestTimeout(name: string, text: string, fail: (message: string) => Error): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) {
    throw fail(`${name} must be a number of seconds, 0 for no limit (got '${text}')`);
  }
  const seconds = Number(trimmed);
  // Requests are timed in whole milliseconds: less than one would round to 0, which is no limit.
  if (seconds > 0 && seconds < 0.001) {
    throw fail(`${name} must be 0 for no limit or at least 0.001 s (1 ms) (got '${text}')`);
  }
  if (seconds > MAX_REQUEST_TIMEOUT_S) {
    throw fail(
      `${name} must be a number of seconds up to ${MAX_REQUEST_TIMEOUT_S} (a day), 0 for no limit (got '${text}')`,
    );
  }
  return seconds;
}

/**
 * Names the values an option takes, for its help and shell completion, without commander refusing
 * the others as its choices() would: the command or the API decides (the API takes statuses in any
 * case, `pending` as well as `PENDING`).
 */
export function listValues(option: Option, values: readonly string[]): Option {
  option.argChoices = [...values];
  return option;
}

/**
 * `--dry-run` of a single command that changes something: the factory gives such a command a
 * client that holds its change back and prints it (dry-run.ts). Its own class, so the factory
 * knows the option from bulk's `--dry-run`, which plans a run its own way.
 */
export class DryRunOption extends Option {
  constructor() {
    super('--dry-run', 'check and look up as a real run does, then print the change instead of sending it');
  }
}

/** Whether `command` has the single-command `--dry-run`. */
export const takesDryRun = (command: Command): boolean =>
  command.options.some((option) => option instanceof DryRunOption);

/** Global options that take a value, for finding the command word in argv before parsing. */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--profile',
  '--api-base',
  '-o',
  '--output',
  '--fields',
  '--request-timeout',
]);

export function positiveInt(name: string, max = Number.POSITIVE_INFINITY) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim()) || Number(text) < 1) {
      throw new InvalidArgumentError(`${name} must be a whole number of at least 1 (got '${text}').`);
    }
    if (Number(text) > max) throw new InvalidArgumentError(`${name} must be at most ${max} (got '${text}').`);
    return Number(text);
  };
}

/**
 * The highest page the contract takes: the SDK checks page numbers as whole numbers, which zod
 * bounds at 2^53 - 1 (above it a number is no longer exact).
 */
export const MAX_PAGE = Number.MAX_SAFE_INTEGER;

/** A filter must say something: an empty value would silently mean "no filter". */
function given(name: string, text: string, what: string): string {
  const value = text.trim();
  if (value === '') throw new InvalidArgumentError(`${name} is empty: give ${what}, or leave ${name} out.`);
  return value;
}

/** Any text but an empty one (trimmed). */
export function nonEmpty(name: string, what: string) {
  return (text: string): string => given(name, text, what);
}

/**
 * One of a fixed set of values, in any case (and `-` or a space for `_`); answers the value as
 * the contract spells it. `aliases` maps other words (lower case) to a value.
 */
export function oneOf(
  name: string,
  values: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
) {
  const fold = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '_');
  const canonical = new Map<string, string>(values.map((value) => [fold(value), value]));
  for (const [alias, value] of Object.entries(aliases)) canonical.set(fold(alias), value);
  const allowed = `one of ${values.join(', ')}`;
  return (text: string): string => {
    const value = canonical.get(fold(given(name, text, allowed)));
    if (value === undefined) {
      const near = closest(text.trim(), values);
      throw new InvalidArgumentError(
        `${name} must be ${allowed} (got '${text}')${near ? ` (did you mean '${near}'?)` : ''}.`,
      );
    }
    return value;
  };
}

/**
 * An option that takes one of `values` (in any case, or an alias), given to the command as
 * spelled in `values`; help lists them and shell completion offers them.
 */
export function oneOfOption(
  flags: string,
  description: string,
  values: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): Option {
  const name = /--[\w-]+/.exec(flags)?.[0] ?? flags;
  return listValues(new Option(flags, description).argParser(oneOf(name, values, aliases)), values);
}

/** A comma-separated list of ids, trimmed, each once, in the order first given. */
export function idList(name: string) {
  return (text: string): string[] => {
    const ids = [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw new InvalidArgumentError(`${name} is empty: give at least one id.`);
    return ids;
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A calendar date as YYYY-MM-DD. Checked field by field: V8's Date.parse takes 2026-02-30 (as
 * March 2), so a date is only taken when the day it names exists.
 */
/** The days of a month (1-12) of the Gregorian calendar, leap years counted. */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isoDate(name: string) {
  return (text: string): string => {
    const parts = DATE.exec(text);
    if (!parts) throw new InvalidArgumentError(`${name} must be a date as YYYY-MM-DD (got '${text}').`);
    const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
    if (month < 1 || month > 12) {
      throw new InvalidArgumentError(`${name}: ${text} is not a date (months go from 01 to 12).`);
    }
    const days = daysInMonth(year, month);
    if (day < 1 || day > days) {
      throw new InvalidArgumentError(
        `${name}: ${text} is not a date (${MONTHS[month - 1]} ${year} has ${days} days).`,
      );
    }
    return text;
  };
}

export interface PagingOptions {
  page?: number;
  all?: boolean;
  limit?: number;
}

export function addPaging(command: Command, canStream = true): Command {
  command.option('--page <n>', 'page number, from 1', positiveInt('--page', MAX_PAGE));
  if (canStream) {
    command
      .option('--all', 'every page, streamed')
      .option('--limit <n>', 'stop after N records', positiveInt('--limit'));
  }
  return command;
}

export interface DateRangeOptions {
  from?: string;
  to?: string;
}

/**
 * --from and --to, each a date that exists, --from not after --to, nor after today when --to is
 * left out (checked before the action, so nothing is sent). `required`: both must be given, and the help says so.
 */
export function addDateRange(command: Command, required = false): Command {
  const needed = required ? ' (required)' : '';
  const from = new Option('--from <date>', `start date, YYYY-MM-DD${needed}`).argParser(isoDate('--from'));
  const to = new Option('--to <date>', `end date, YYYY-MM-DD${needed}`).argParser(isoDate('--to'));
  if (required) {
    from.makeOptionMandatory();
    to.makeOptionMandatory();
  }
  return command
    .addOption(from)
    .addOption(to)
    .hook('preAction', (_command, action) => {
      const { from: start, to: end } = action.opts<DateRangeOptions>();
      // Both are YYYY-MM-DD, so their text sorts as their dates do.
      if (start !== undefined && end !== undefined && start > end) {
        throw usageError(`--from ${start} is after --to ${end}: give the earlier date as --from`);
      }
      // Without --to the API ends the range today (UTC), and would swap a later --from with it.
      const today = new Date().toISOString().slice(0, 10);
      if (start !== undefined && end === undefined && start > today) {
        throw usageError(
          `--from ${start} is after today (${today}, the default --to): give --to as well, or an earlier --from`,
        );
      }
    });
}
