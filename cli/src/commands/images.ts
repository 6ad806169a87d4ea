/** `images`: the flagged-image review. */
import { isHttpError, type MatchmakerClient } from '@matchmaker/sdk';
import {
  type FlaggedImage,
  type FlaggedImageAlreadyDecided,
  flaggedImageAlreadyDecidedSchema,
} from '@matchmaker/sdk/schemas';
import { Command } from 'commander';
import type { Context } from '../context';
import { CliError, EXIT, usageError } from '../exit';
import type { Factory } from '../factory';
import { examples, helpParagraph } from '../help';
import { addPaging, DryRunOption, type PagingOptions } from '../options';
import { listPrinter, printRecord } from '../output';
import { printPages } from '../paging';
import { confirmChange } from '../prompt';

async function flagged(context: Context, options: PagingOptions) {
  const client = await context.signedIn();
  await printPages(
    { fetchPage: (page) => client.images.listFlagged({ page }), key: 'images', pageSize: 100 },
    options,
    listPrinter(context.output, [
      'filename',
      'user.username',
      'flag_reason',
      'image_type',
      'created_at',
      'imageUrl',
    ]),
  );
}

/**
 * The image as the review list shows it (its owner, why it was flagged), or undefined when the
 * list does not have it: decided already, or never flagged.
 */
async function findFlagged(client: MatchmakerClient, filename: string): Promise<FlaggedImage | undefined> {
  for (let page = 1; ; page++) {
    const answer = await client.images.listFlagged({ page });
    const found = answer.images.find((image) => image.filename === filename);
    if (found) return found;
    if (answer.images.length === 0 || page >= answer.total_pages) return undefined;
  }
}

const notListed = (filename: string) =>
  usageError(
    `Image ${filename} is not in the flagged list: nothing was changed (\`matchmaker images flagged --all\` lists the images to decide)`,
  );

/** `flagged image img-1.png of anna.k (user id 9fd9...), flagged for: nudity`. */
function described(image: FlaggedImage): string {
  const owner = image.user?.username
    ? `${image.user.username} (user id ${image.user_id})`
    : `user ${image.user_id}`;
  const reason = image.flag_reason ? `, flagged for: ${image.flag_reason}` : '';
  return `flagged image ${image.filename} of ${owner}${reason}`;
}

/** The earlier decision a 409 carries, when the error is that answer. */
function earlierDecision(error: unknown): FlaggedImageAlreadyDecided['decision'] | undefined {
  if (!isHttpError(error) || error.status !== 409) return undefined;
  const parsed = flaggedImageAlreadyDecidedSchema.safeParse(error.body);
  return parsed.success ? parsed.data.decision : undefined;
}

/**
 * Once decided, an image leaves the flagged list and looks like any photo, so an image the list
 * does not have is sent anyway: the API answers a decision taken before with 409 and that decision
 * (a retry after a time-out, another admin), and an image nobody flagged with 404, changing
 * nothing. The same decision again exits 0; the other one exits 1, naming the earlier decision.
 */
async function decide(context: Context, filename: string, options: { keep?: boolean; remove?: boolean }) {
  if (options.keep === options.remove) throw usageError('Give exactly one of --keep and --remove');
  // Signed in first: piped without --yes and signed out, the login hint is what helps.
  const client = await context.signedIn();
  const image = await findFlagged(client, filename);
  // A dry run sends nothing, so it cannot ask the API what became of an image the list lacks.
  if (!image && context.dryRun) throw notListed(filename);
  if (image && options.remove)
    await confirmChange(context, 'images.decideFlagged', `remove ${described(image)}`);
  const approved = options.keep === true;
  let answer: unknown;
  try {
    answer = await client.images.decideFlagged({ filename, approved });
  } catch (error) {
    if (!image && isHttpError(error) && error.status === 404) throw notListed(filename);
    const earlier = earlierDecision(error);
    if (!earlier) throw error;
    const how = (kept: boolean) => (kept ? 'kept' : 'removed');
    const when = `Image ${filename} was already ${how(earlier.approved)} on ${earlier.decided_at}`;
    if (earlier.approved !== approved) {
      const by = earlier.decided_by ? ` by admin ${earlier.decided_by}` : '';
      throw new CliError(`${when}${by}: it was not ${how(approved)}`, EXIT.error, 'ALREADY_DECIDED');
    }
    context.info(`${when}: nothing was changed`);
    // The shape of a decision's answer, so --fields and scripts read both alike.
    answer = { message: `Image already ${how(approved)}`, ...earlier };
  }
  printRecord(answer, context.output);
}

export function imagesCommand(f: Factory): Command {
  const images = new Command('images').description('flagged images: list and decide');
  const flaggedCommand = addPaging(
    images.command('flagged').description('flagged images to review, 100 per page'),
  ).action(f.action(flagged));
  examples(flaggedCommand, [
    'matchmaker images flagged',
    'matchmaker images flagged --all -o json --fields filename,flag_reason',
  ]);
  const decideCommand = images
    .command('decide <filename>')
    .description('keep a flagged image (clears the flag) or remove it')
    .option('--keep', 'keep the image')
    .option('--remove', 'remove the image (asks first, naming its owner; --yes off a terminal)')
    .addOption(new DryRunOption())
    .action(f.action(decide));
  examples(decideCommand, [
    '# FILENAME as images flagged lists it:',
    `image=${EXAMPLE_IMAGE}`,
    'matchmaker images decide "$image" --keep',
    'matchmaker images decide "$image" --remove',
    'matchmaker images decide "$image" --remove --dry-run',
  ]).addHelpText('after', helpParagraph(DECIDE_HELP));
  return images;
}

/** The flagged image the examples in `--help` name (one of the sandbox's). */
const EXAMPLE_IMAGE = 'a97f0062-a1ac-4d2b-aff7-698486c0224d-gallery-1.svg';

const DECIDE_HELP =
  'The image is looked up in the flagged list first, to name it before --remove asks. One not there is sent anyway and the API says what became of it: decided before, the same way (exit 0, nothing changed) or the other way (exit 1, naming that decision), or never flagged (exit 2, nothing changed); --dry-run cannot ask and exits 2. Exit codes: 0 decided (now or before, the same way), 1 decided the other way before, error or cancelled, 2 not in the flagged list or --yes missing off a terminal, 4 not signed in or not an admin.';
