/** `logs`: a user's activity log and the visit log. */
import { Command } from 'commander';
import type { Context } from '../context';
import { listAt } from '../guards';
import { addDateRange, addPaging, type DateRangeOptions, type PagingOptions } from '../options';
import { listPrinter, printList } from '../output';
import { printPages } from '../paging';
import { act } from '../program';

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

export function logsCommand(): Command {
  const logs = new Command('logs').description("a user's activity log and the visit log");
  logs.command('user <id>').description("a user's activity log, newest first").action(act(userLogs));
  const visitsCommand = logs
    .command('visits')
    .description('search the visit log, 15 per page')
    .option('--user <id>', 'visits of one user')
    .option('--country <name>', 'country name')
    .option('--country-code <code>', 'two-letter country code')
    .option('--device <device>', 'device type')
    .option('--browser <browser>', 'browser name')
    .option('--path <path>', 'visited path');
  addPaging(addDateRange(visitsCommand)).action(act(visits));
  return logs;
}
