/** `kyc`: the identity-verification queue, reviews, documents and metrics. */
import { randomBytes } from 'node:crypto';
import { constants, fstatSync, type Stats } from 'node:fs';
import { type FileHandle, link, lstat, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { isatty } from 'node:tty';
import type { MatchmakerClient } from '@matchmaker/sdk';
import { KYC_PAGE_SIZE } from '@matchmaker/sdk/rules';
import { kycStatusSchema } from '@matchmaker/sdk/schemas';
import { Command, Option } from 'commander';
import type { Context } from '../context';
import { CliError, EXIT, usageError } from '../exit';
import type { Factory } from '../factory';
import { isRecord, type JsonRecord, listAt, numberAt, stringAt } from '../guards';
import { examples } from '../help';
import type { OutStream } from '../io';
import { type ReviewFlags, reviewBody } from '../kyc-decision';
import {
  addDateRange,
  addPaging,
  type DateRangeOptions,
  DryRunOption,
  oneOfOption,
  type PagingOptions,
} from '../options';
import { listPrinter, printList, printRecord } from '../output';
import { printPages } from '../paging';
import { confirmChange } from '../prompt';
import { stoppableBySignals } from '../stop-signals';

/** The applicant the examples in `--help` name (a user id of the sandbox's). */
const EXAMPLE_APPLICANT = '3a1ede08-70bf-4b59-a9a0-5b56041df181';

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

/** Where a request is looked for: the queue first, where reviews usually are, then decided ones. */
const REVIEW_LOOKUP = ['PENDING', 'IN_REVIEW', 'APPROVED', 'REJECTED'];

/**
 * The request as the queue shows it (its status, its applicant). SPEC.md gives no call that reads
 * one request by its id alone, so the list is read, status by status, until it is found.
 */
async function findRequest(client: MatchmakerClient, requestId: string): Promise<JsonRecord> {
  for (const status of REVIEW_LOOKUP) {
    for (let page = 1; ; page++) {
      const answer = await client.kyc.listRequests({ page, status });
      const requests = listAt(answer, 'requests');
      const found = requests.find((request) => stringAt(request, 'id') === requestId);
      if (isRecord(found)) return found;
      const totalPages = numberAt(answer, 'total_pages');
      if (
        requests.length === 0 ||
        (totalPages !== undefined ? page >= totalPages : requests.length < KYC_PAGE_SIZE)
      )
        break;
    }
  }
  throw new CliError(
    `No such KYC request '${requestId}': nothing was changed (\`matchmaker kyc list\` shows the requests)`,
    EXIT.error,
    'NOT_FOUND',
  );
}

async function review(context: Context, requestId: string, flags: ReviewFlags & { force?: boolean }) {
  const body = reviewBody(flags);
  const client = await context.signedIn();
  const request = await findRequest(client, requestId);
  const status = stringAt(request, 'status');
  // A decided request reviewed again changes the member's verification and notifies them again:
  // possible (a mistaken approval must be undone), but only when asked for.
  if ((status === 'APPROVED' || status === 'REJECTED') && !flags.force) {
    const when = stringAt(request, 'reviewed_at');
    throw usageError(
      `KYC request ${requestId} is already ${status}${when ? ` (reviewed ${when})` : ''}: nothing was changed; pass --force to review it again (the member is notified again)`,
    );
  }
  const applicant = isRecord(request.user_info) ? stringAt(request.user_info, 'username') : undefined;
  await confirmChange(
    context,
    'kyc.reviewRequest',
    `${body.status === 'APPROVED' ? 'approve' : 'reject'} KYC request ${requestId} of ${applicant ?? `user ${stringAt(request, 'user_id') ?? '?'}`} (now ${status ?? 'without a status'})`,
  );
  printRecord(await client.kyc.reviewRequest(requestId, body), context.output);
}

const BINARY_DOCUMENT = 'A document is a binary file and is never written to a terminal';

/** Where a document goes: written, then closed (a file is only put in place by a successful write). */
interface Sink {
  /** Writes the document; a file is not put in place once `stop` has fired. */
  write(bytes: Uint8Array, stop: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

const isErrno = (error: unknown, ...codes: string[]): boolean =>
  error instanceof Error && 'code' in error && codes.includes(String(error.code));

/** The process's stdout takes bytes; io.ts types streams for the text every other command writes. */
const takesBytes = (stream: OutStream): stream is OutStream & Writable => stream instanceof Writable;

/**
 * Opens where `-O` points, refusing what must not be written: a terminal (however it is named:
 * `-`, /dev/stdout, /dev/tty, /proc/self/fd/1), a folder, an existing file without --force. A
 * device or pipe that exists (/dev/stdout piped, a FIFO, bash's `>(...)`) is written into; a file
 * is written as a new 0600 file next to FILE and renamed into place, so a symlink at FILE is
 * replaced, never followed, and an old file's mode never carries over.
 */
/** The first folder of `path`'s parents that exists but is not a folder. */
async function notAFolder(path: string): Promise<string> {
  for (let parent = dirname(path); parent !== dirname(parent); parent = dirname(parent)) {
    const info = await stat(parent).catch(() => undefined);
    if (info && !info.isDirectory()) return parent;
  }
  return dirname(path);
}

async function openDestination(target: string, force: boolean, stdout: OutStream): Promise<Sink> {
  if (target === '-') {
    if (stdout.isTTY) throw usageError(`${BINARY_DOCUMENT}: give -O FILE, or -O - with stdout piped`);
    return { write: (bytes) => writeStdout(stdout, bytes), close: async () => {} };
  }
  if (target === '') throw usageError('-O needs a file name (or - for stdout)');
  if (target.endsWith('/')) throw usageError(`-O ${target} ends with /: name the file to write`);
  let found: Stats | undefined;
  try {
    found = await lstat(target);
  } catch (error) {
    // A path through a file (`plain.txt/doc.png`): say which part is not a folder.
    if (isErrno(error, 'ENOTDIR'))
      throw usageError(`-O ${target}: ${await notAFolder(target)} is not a folder`);
    if (!isErrno(error, 'ENOENT')) throw error;
  }
  if (found?.isDirectory()) throw usageError(`-O ${target} is a folder: name the file to write`);
  const followed = found?.isSymbolicLink() ? await stat(target).catch(() => undefined) : found;
  // A disk, through a link or not: never written over, --force or not.
  if (followed?.isBlockDevice()) throw usageError(`-O ${target} is a block device (a disk): name a file`);
  // /dev/stdout, /proc/self/fd/1: what `-O -` writes to, with its offset and append mode.
  if (followed && isOwnStdout(followed)) return openDestination('-', force, stdout);
  if (followed && !followed.isFile() && !followed.isDirectory()) return openStream(target);
  if (found && !force) {
    throw usageError(`${target} already exists: pass --force to replace it (or choose another -O FILE)`);
  }
  const folder = dirname(target);
  const temp = join(folder, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle;
  try {
    handle = await open(temp, 'wx', 0o600);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) throw usageError(`-O ${target}: the folder ${folder} does not exist`);
    if (isErrno(error, 'EACCES', 'EPERM', 'EROFS')) {
      throw new CliError(
        `Cannot write into ${folder}: ${error instanceof Error ? error.message : String(error)}`,
        EXIT.error,
        'WRITE_FAILED',
      );
    }
    throw error;
  }
  let placed = false;
  return {
    write: async (bytes, stop) => {
      await handle.chmod(0o600); // the umask may not narrow what open created enough; exact 0600
      await handle.writeFile(bytes);
      await handle.sync();
      await handle.close();
      if (stop.aborted) throw interrupted(target);
      await place(temp, target, found !== undefined);
      placed = true;
    },
    close: async () => {
      if (placed) return;
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
}

/**
 * Puts the written file at `target`: a rename when replacing was allowed; otherwise a hard link,
 * which fails when something appeared at `target` during the download instead of replacing it.
 */
async function place(temp: string, target: string, replace: boolean): Promise<void> {
  try {
    if (replace) {
      await rename(temp, target);
      return;
    }
    try {
      await link(temp, target);
    } catch (error) {
      if (isErrno(error, 'EEXIST')) {
        throw usageError(`${target} appeared during the download: pass --force to replace it`);
      }
      // File systems without hard links: the last look, then a rename.
      if (!isErrno(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
      if (
        await lstat(target).then(
          () => true,
          () => false,
        )
      ) {
        throw usageError(`${target} appeared during the download: pass --force to replace it`);
      }
      await rename(temp, target);
    }
  } finally {
    await rm(temp, { force: true });
  }
}

/** An existing device or pipe: opened without creating or truncating, refused if a terminal. */
async function openStream(target: string): Promise<Sink> {
  const handle = await open(target, constants.O_WRONLY | constants.O_NOCTTY);
  const opened = await handle.stat().catch(() => undefined);
  if (isatty(handle.fd) || !opened || opened.isFile()) {
    await handle.close();
    throw usageError(
      opened?.isFile()
        ? `${target} changed into a file while being opened: run again`
        : `${BINARY_DOCUMENT}: ${target} is a terminal; give -O FILE, or pipe stdout and use -O -`,
    );
  }
  return {
    write: async (bytes) => {
      await handle.writeFile(bytes);
    },
    close: () => handle.close(),
  };
}

function isOwnStdout(file: Stats): boolean {
  try {
    const own = fstatSync(1);
    return own.dev === file.dev && own.ino === file.ino;
  } catch {
    return false;
  }
}

async function writeStdout(stdout: OutStream, bytes: Uint8Array): Promise<void> {
  if (!takesBytes(stdout)) throw new Error('stdout does not take bytes');
  await new Promise<void>((resolve, reject) => {
    stdout.write(bytes, (error) => (error ? reject(error) : resolve()));
  });
}

interface DocumentOptions {
  outputFile?: string;
  force?: boolean;
}

const interrupted = (target: string) =>
  new CliError(
    `Interrupted: the download stopped and nothing was written to ${target === '-' ? 'stdout' : target}`,
    EXIT.interrupted,
    'INTERRUPTED',
  );

async function document(context: Context, id: string, options: DocumentOptions) {
  const target = options.outputFile;
  if (target === undefined) throw usageError(`${BINARY_DOCUMENT}: give -O FILE (or -O - with stdout piped)`);
  // Ctrl-C or SIGTERM (as in bulk runs) ends the download instead of the process, so the temp
  // file next to FILE is removed and nothing is put at FILE: exit 130.
  await stoppableBySignals(async (stop) => {
    let sink: Sink | undefined;
    try {
      // Checked before the download: a refused destination costs no request.
      sink = await openDestination(target, options.force === true, context.io.stdout);
      const client = await context.signedIn();
      if (stop.aborted) throw interrupted(target);
      const [blob, bytes] = await client.kyc
        .getDocument(id, { signal: stop })
        .then(async (blob) => [blob, new Uint8Array(await blob.arrayBuffer())] as const)
        .catch((error: unknown) => {
          throw stop.aborted ? interrupted(target) : error;
        });
      await sink.write(bytes, stop);
      context.info(
        `Saved ${bytes.byteLength} bytes${blob.type ? ` (${blob.type})` : ''} to ${target === '-' ? 'stdout' : target}`,
      );
    } finally {
      await sink?.close();
    }
  });
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

/** A KYC status in any case, sent in capitals as the contract spells it. */

export function kycCommand(f: Factory): Command {
  const kyc = new Command('kyc').description('identity verification: the queue, reviews, documents, metrics');
  const listCommand = addPaging(
    kyc
      .command('list')
      .description('KYC requests, newest first, 15 per page')
      .addOption(oneOfOption('--status <status>', 'request status', kycStatusSchema.options)),
  ).action(f.action(list));
  examples(listCommand, [
    'matchmaker kyc list --status PENDING',
    'matchmaker kyc list --status PENDING --all -o csv > queue.csv',
  ]);
  const getCommand = kyc
    .command('get <userId> [requestId]')
    .description("a user's KYC requests, or one of them")
    .action(f.action(get));
  examples(getCommand, [
    `matchmaker kyc get ${EXAMPLE_APPLICANT}`,
    `matchmaker kyc get ${EXAMPLE_APPLICANT} kyc-8487 -o json`,
  ]);
  const reviewCommand = kyc
    .command('review <requestId>')
    .description('approve or reject a KYC request')
    .option('--approve', 'accept the identity')
    .option('--reject', 'refuse it (needs --reason)')
    .option('--reason <text>', 'why; sent to the member')
    .option('--force', 'review a request that is already APPROVED or REJECTED')
    .addOption(new DryRunOption())
    .action(f.action(review));
  examples(reviewCommand, [
    'matchmaker kyc review kyc-8487 --approve',
    'matchmaker kyc review kyc-8487 --approve --dry-run',
    'matchmaker kyc review kyc-8487 --reject --reason "Blurred scan" --yes',
    '# a decided request again (the member is notified again):',
    'matchmaker kyc review kyc-8379 --reject --reason "Expired passport" --force',
  ]);
  const documentCommand = kyc
    .command('document <id>')
    .description('download a KYC document (never printed to a terminal)')
    .requiredOption('-O, --output-file <file>', 'where to write it (mode 0600); - for stdout when piped')
    .option('--force', 'replace FILE if it exists')
    .action(f.action(document));
  examples(documentCommand, [
    'matchmaker kyc document doc-8488 -O front.png',
    'matchmaker kyc document doc-8488 -O - | sha256sum',
  ]);
  const metricsCommand = addDateRange(kyc.command('metrics').description('review metrics over a range'))
    .addOption(oneOfOption('--status <status>', 'only requests in this status', kycStatusSchema.options))
    .addOption(new Option('--by <bucket>', 'bucket of the series').choices(['day', 'week', 'month']))
    .action(f.action(metrics));
  examples(metricsCommand, [
    'matchmaker kyc metrics --from 2026-01-01 --to 2026-03-31 --by month',
    'matchmaker kyc metrics --status REJECTED -o json',
  ]);
  return kyc;
}
