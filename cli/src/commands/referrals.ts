/** `referrals`: who referred whom, page by page. */
import { Command } from 'commander';
import type { Context } from '../context';
import type { Factory } from '../factory';
import { examples } from '../help';
import { addPaging, nonEmpty, type PagingOptions } from '../options';
import { listPrinter } from '../output';
import { printPages } from '../paging';

interface ReferralOptions extends PagingOptions {
  username?: string;
}

async function referrals(context: Context, options: ReferralOptions) {
  const client = await context.signedIn();
  await printPages(
    {
      fetchPage: (page) =>
        client.admin.listReferrals({ page, ...(options.username ? { username: options.username } : {}) }),
      key: 'referrals',
      pageSize: 15,
    },
    options,
    listPrinter(context.output, [
      'created_at',
      'referrer.username',
      'referred.username',
      'referred.email',
      'status',
    ]),
  );
}

export function referralsCommand(f: Factory): Command {
  const command = addPaging(
    new Command('referrals')
      .description('referrals, newest first, 15 per page')
      .option(
        '--username <name>',
        'only the referrals of this referrer',
        nonEmpty('--username', "the referrer's username"),
      ),
  ).action(f.action(referrals));
  return examples(command, [
    'matchmaker referrals --username mateo.rodriguez',
    'matchmaker referrals --all -o csv > referrals.csv',
  ]);
}
