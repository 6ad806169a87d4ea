/** `logs`: a user's activity log and the visit log. */
import { isCountryCode } from '@matchmaker/sdk/rules';
import { Command, InvalidArgumentError } from 'commander';
import type { Context } from '../context';
import type { Factory } from '../factory';
import { listAt } from '../guards';
import { examples } from '../help';
import {
  addDateRange,
  addPaging,
  type DateRangeOptions,
  nonEmpty,
  oneOfOption,
  type PagingOptions,
} from '../options';
import { listPrinter, printList } from '../output';
import { printPages } from '../paging';

async function userLogs(context: Context, id: string) {
  const client = await context.signedIn();
  const answer = await client.admin.getUserLogs(id);
  printList(listAt(answer, 'logs'), context.output, ['created_at', 'action', 'detail', 'ip']);
}

const VISIT_FILTERS = ['user_id', 'country', 'country_code', 'device', 'browser', 'path'] as const;

interface VisitOptions extends PagingOptions, DateRangeOptions {
  user?: string;
  country?: string;
  countryCode?: string;
  device?: string;
  browser?: string;
  path?: string;
}

async function visits(context: Context, options: VisitOptions) {
  const client = await context.signedIn();
  const given: Record<(typeof VISIT_FILTERS)[number], string | undefined> = {
    user_id: options.user,
    country: options.country,
    country_code: options.countryCode,
    device: options.device,
    browser: options.browser,
    path: options.path,
  };
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) if (value) filters[key] = value;
  if (options.from) filters.start_date = options.from;
  if (options.to) filters.end_date = options.to;
  await printPages(
    { fetchPage: (page) => client.admin.searchVisits({ page, filters }), key: 'visits', pageSize: 15 },
    options,
    listPrinter(context.output, ['created_at', 'user_id', 'path', 'country', 'device', 'browser']),
  );
}

/** The devices a visit records (the SDK's visit schema). */
const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

/** A two-letter country code in any case, sent in capitals. */
function countryCode(text: string): string {
  const code = nonEmpty('--country-code', 'a two-letter country code such as US')(text).toUpperCase();
  if (!isCountryCode(code)) {
    throw new InvalidArgumentError(
      `--country-code must be a two-letter country code (ISO 3166) such as US or DE (got '${text}').`,
    );
  }
  return code;
}

export function logsCommand(f: Factory): Command {
  const logs = new Command('logs').description("a user's activity log and the visit log");
  examples(
    logs.command('user <id>').description("a user's activity log, newest first").action(f.action(userLogs)),
    ['matchmaker logs user mateo.rodriguez', 'matchmaker logs user mateo.rodriguez -o json'],
  );
  const visitsCommand = logs
    .command('visits')
    .description('search the visit log, 15 per page')
    .option('--user <id>', 'visits of one user', nonEmpty('--user', 'a user id'))
    .option('--country <name>', 'country name', nonEmpty('--country', 'a country name'))
    .option('--country-code <code>', 'two-letter country code', countryCode)
    .addOption(oneOfOption('--device <device>', 'device type', DEVICES))
    .option('--browser <browser>', 'browser name', nonEmpty('--browser', 'a browser name'))
    .option('--path <path>', 'visited path', nonEmpty('--path', 'a path'));
  addPaging(addDateRange(visitsCommand)).action(f.action(visits));
  examples(visitsCommand, [
    'matchmaker logs visits --country-code DE --from 2026-01-01 --to 2026-01-31',
    'matchmaker logs visits --user dea69b73-4b1e-4721-a5e9-e49cea1a9a91 \\',
    '    --device mobile --all -o csv > visits.csv',
  ]);
  return logs;
}
