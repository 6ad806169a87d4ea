/** `stats`: user and visit aggregations and the match analytics of the recommendations service. */
import { Command, Option } from 'commander';
import type { Context } from '../context';
import type { Factory } from '../factory';
import { listAt } from '../guards';
import { examples } from '../help';
import { addDateRange, type DateRangeOptions } from '../options';
import { printList, printRecord } from '../output';

interface AggregationOptions extends DateRangeOptions {
  by?: string;
}

function aggregation(options: AggregationOptions) {
  return {
    ...(options.from ? { start_date: options.from } : {}),
    ...(options.to ? { end_date: options.to } : {}),
    ...(options.by ? { date_type: options.by } : {}),
  };
}

/** The required range of the recommendation analytics calls. */
function range(options: DateRangeOptions) {
  return { start: options.from ?? '', end: options.to ?? '' };
}

const byOption = () => new Option('--by <bucket>', 'bucket of the series').choices(['day', 'week', 'month']);

export function statsCommand(f: Factory): Command {
  const stats = new Command('stats').description('user, visit and match analytics');
  const users = addDateRange(
    stats.command('users').description('user totals, statuses and registrations over a range'),
  )
    .addOption(byOption())
    .action(
      f.action(async (context: Context, options: AggregationOptions) => {
        const client = await context.signedIn();
        printRecord(await client.admin.userAggregations(aggregation(options)), context.output);
      }),
    );
  examples(users, [
    'matchmaker stats users --from 2026-01-01 --to 2026-03-31 --by month',
    'matchmaker stats users -o json',
  ]);
  const visits = addDateRange(stats.command('visits').description('visit totals and series over a range'))
    .addOption(byOption())
    .action(
      f.action(async (context: Context, options: AggregationOptions) => {
        const client = await context.signedIn();
        printRecord(await client.admin.visitAggregations(aggregation(options)), context.output);
      }),
    );
  examples(visits, ['matchmaker stats visits --from 2026-01-01 --by week -o json']);
  const matches = addDateRange(
    stats.command('matches').description('match requests created, accepted and rejected'),
    true,
  ).action(
    f.action(async (context: Context, options: DateRangeOptions) => {
      const client = await context.signedIn();
      printRecord(await client.recommendations.matchMetrics(range(options)), context.output);
    }),
  );
  examples(matches, ['matchmaker stats matches --from 2026-01-01 --to 2026-01-31']);
  const filters = addDateRange(
    stats.command('filters').description('search filters members used'),
    true,
  ).action(
    f.action(async (context: Context, options: DateRangeOptions) => {
      const client = await context.signedIn();
      printRecord(await client.recommendations.usedFilters(range(options)), context.output);
    }),
  );
  examples(filters, ['matchmaker stats filters --from 2026-01-01 --to 2026-01-31 -o json']);
  const preferences = stats
    .command('preferences')
    .description('the most popular match preferences')
    .action(
      f.action(async (context: Context) => {
        const client = await context.signedIn();
        printRecord(await client.recommendations.popularPreferences(), context.output);
      }),
    );
  examples(preferences, ['matchmaker stats preferences', 'matchmaker stats preferences -o json']);
  const activity = addDateRange(stats.command('activity').description('match activity by date'))
    .addOption(byOption())
    .action(
      f.action(async (context: Context, options: AggregationOptions) => {
        const client = await context.signedIn();
        const answer = await client.recommendations.aggregateByDate(aggregation(options));
        const series = listAt(answer, 'data');
        if (series.length > 0) printList(series, context.output);
        else printRecord(answer, context.output);
      }),
    );
  examples(activity, ['matchmaker stats activity --from 2026-01-01 --to 2026-01-31 --by day -o csv']);
  return stats;
}
