/**
 * Shared options, in one place: the global ones every command accepts and the paging and date
 * range options of the list and analytics commands, with their parsers.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { FORMATS } from './output';

// --api-base's help follows the order of createContext (context.ts) in at most two lines of an
// 80-column terminal.
export function addGlobalOptions(program: Command): Command {
  return program
    .option('--profile <name>', 'named profile of credentials and API base (default: "default")')
    .option(
      '--api-base <url>',
      "API base (else MATCHMAKER_API_BASE, the profile's from config.json or its credentials, http://127.0.0.1:8080)",
    )
    .addOption(new Option('-o, --output <format>', 'output format (default: table)').choices(FORMATS))
    .option('--fields <list>', 'only these fields, comma-separated (dotted paths for nested values)')
    .option('-y, --yes', 'do not ask for confirmation (required for destructive commands off a terminal)');
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

/** Global options that take a value, for finding the command word in argv before parsing. */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--profile',
  '--api-base',
  '-o',
  '--output',
  '--fields',
]);

export function positiveInt(name: string) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim()) || Number(text) < 1) {
      throw new InvalidArgumentError(`${name} must be a whole number of at least 1 (got '${text}').`);
    }
    return Number(text);
  };
}

export function positiveNumber(name: string) {
  return (text: string): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
      throw new InvalidArgumentError(`${name} must be a number above 0 (got '${text}').`);
    }
    return value;
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isoDate(name: string) {
  return (text: string): string => {
    if (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
      throw new InvalidArgumentError(`${name} must be a date as YYYY-MM-DD (got '${text}').`);
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
  command.option('--page <n>', 'page number, from 1', positiveInt('--page'));
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

export function addDateRange(command: Command, required = false): Command {
  const from = new Option('--from <date>', 'start date, YYYY-MM-DD').argParser(isoDate('--from'));
  const to = new Option('--to <date>', 'end date, YYYY-MM-DD').argParser(isoDate('--to'));
  if (required) {
    from.makeOptionMandatory();
    to.makeOptionMandatory();
  }
  return command.addOption(from).addOption(to);
}
