/** `kyc`: the identity-verification queue, reviews, documents and metrics. */
import { open } from 'node:fs/promises';
import { Command, Option } from 'commander';
import type { Context } from '../context';
import { usageError } from '../exit';
import { listAt } from '../guards';
import { addDateRange, addPaging, type DateRangeOptions, type PagingOptions } from '../options';
import { listPrinter, printList, printRecord } from '../output';
import { printPages } from '../paging';
import { act } from '../program';
import { confirmAction } from '../prompt';

export const KYC_COLUMNS = ['id', 'user_id', 'user_info.username', 'status', 'document_type', 'created_at'];

interface ListOptions extends PagingOptions {
  status?: string;
}

async function list(context: Context, options: ListOptions) {
  const client = await context.signedIn();
  const filters = options.status ? { status: options.status } : {};
  await printPages(
    { fetchPage: (page) => client.kyc.listRequests({ page, ...filters }), key: 'requests', pageSize: 15 },
    options,
    listPrinter(context.output, KYC_COLUMNS),
  );
}

async function get(context: Context, userId: string, requestId: string | undefined) {
  const client = await context.signedIn();
  if (requestId !== undefined) {
    printRecord(await client.kyc.getUserRequest(userId, requestId), context.output);
    return;
  }
  const answer = await client.kyc.listUserRequests(userId);
  printList(listAt(answer, 'requests'), context.output, KYC_COLUMNS);
}

export interface ReviewFlags {
  approve?: boolean;
  reject?: boolean;
  reason?: string;
}

/** The review body of `--approve|--reject --reason`; shared with `bulk kyc-review`. */
export function reviewBody(flags: ReviewFlags): { status: 'APPROVED' | 'REJECTED'; reason?: string } {
  if (flags.approve === flags.reject) throw usageError('Give exactly one of --approve and --reject');
  const reason = flags.reason?.trim();
  if (flags.reject && !reason) throw usageError('--reject needs --reason TEXT (the member is told why)');
  return { status: flags.approve ? 'APPROVED' : 'REJECTED', ...(reason ? { reason } : {}) };
}

async function review(context: Context, requestId: string, flags: ReviewFlags) {
  const body = reviewBody(flags);
  await confirmAction(
    context.io,
    `${body.status === 'APPROVED' ? 'approve' : 'reject'} KYC request ${requestId}`,
    context.yes,
  );
  const client = await context.signedIn();
  printRecord(await client.kyc.reviewRequest(requestId, body), context.output);
}

async function document(context: Context, id: string, options: { outputFile?: string }) {
  const target = options.outputFile;
  if (target === undefined || (target === '-' && context.io.stdout.isTTY)) {
    throw usageError('A document is a binary file: give -O FILE (or -O - with stdout piped)');
  }
  const client = await context.signedIn();
  const blob = await client.kyc.getDocument(id);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  if (target === '-') {
    context.io.stdout.write(Buffer.from(bytes).toString('latin1'));
  } else {
    // 0600: identity documents are personal data.
    const handle = await open(target, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
  }
  context.info(
    `Saved ${bytes.byteLength} bytes${blob.type ? ` (${blob.type})` : ''} to ${target === '-' ? 'stdout' : target}`,
  );
}

async function metrics(context: Context, options: DateRangeOptions & { status?: string; by?: string }) {
  const client = await context.signedIn();
  printRecord(
    await client.kyc.metrics({
      ...(options.from ? { start_date: options.from } : {}),
      ...(options.to ? { end_date: options.to } : {}),
      ...(options.status ? { status: options.status } : {}),
      ...(options.by ? { date_type: options.by } : {}),
    }),
    context.output,
  );
}

export function kycCommand(): Command {
  const kyc = new Command('kyc').description('identity verification: the queue, reviews, documents, metrics');
  addPaging(
    kyc
      .command('list')
      .description('KYC requests, newest first, 15 per page')
      .option('--status <status>', 'PENDING, IN_REVIEW, APPROVED or REJECTED'),
  ).action(act(list));
  kyc
    .command('get <userId> [requestId]')
    .description("a user's KYC requests, or one of them")
    .action(act(get));
  kyc
    .command('review <requestId>')
    .description('approve or reject a KYC request')
    .option('--approve', 'accept the identity')
    .option('--reject', 'refuse it (needs --reason)')
    .option('--reason <text>', 'why; sent to the member')
    .action(act(review));
  kyc
    .command('document <id>')
    .description('download a KYC document (never printed to a terminal)')
    .requiredOption('-O, --output-file <file>', 'where to write it; - for stdout when piped')
    .action(act(document));
  addDateRange(kyc.command('metrics').description('review metrics over a range'))
    .option('--status <status>', 'only requests in this status')
    .addOption(new Option('--by <bucket>', 'bucket of the series').choices(['day', 'week', 'month']))
    .action(act(metrics));
  return kyc;
}
