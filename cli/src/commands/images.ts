/** `images`: the flagged-image review. */
import type { MatchmakerClient } from '@matchmaker/sdk';
import type { FlaggedImage } from '@matchmaker/sdk/schemas';
import { Command } from 'commander';
import type { Context } from '../context';
import { usageError } from '../exit';
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
 * The image as the review list shows it (its owner, why it was flagged). SPEC.md describes the
 * decision as one on a flagged image, and the API would also remove an image nobody flagged (a
 * member's profile photo): one not in the list is refused, nothing sent.
 */
async function findFlagged(client: MatchmakerClient, filename: string): Promise<FlaggedImage> {
  for (let page = 1; ; page++) {
    const answer = await client.images.listFlagged({ page });
    const found = answer.images.find((image) => image.filename === filename);
    if (found) return found;
    if (answer.images.length === 0 || page >= answer.total_pages) break;
  }
  throw usageError(
    `Image ${filename} is not in the flagged list: nothing was changed (\`matchmaker images flagged --all\` lists the images to decide)`,
  );
}

/** `flagged image img-1.png of anna.k (user id 9fd9...), flagged for: nudity`. */
function described(image: FlaggedImage): string {
  const owner = image.user?.username
    ? `${image.user.username} (user id ${image.user_id})`
    : `user ${image.user_id}`;
  const reason = image.flag_reason ? `, flagged for: ${image.flag_reason}` : '';
  return `flagged image ${image.filename} of ${owner}${reason}`;
}

async function decide(context: Context, filename: string, options: { keep?: boolean; remove?: boolean }) {
  if (options.keep === options.remove) throw usageError('Give exactly one of --keep and --remove');
  // Signed in first: piped without --yes and signed out, the login hint is what helps.
  const client = await context.signedIn();
  const image = await findFlagged(client, filename);
  if (options.remove) await confirmChange(context, 'images.decideFlagged', `remove ${described(image)}`);
  printRecord(
    await client.images.decideFlagged({ filename, approved: options.keep === true }),
    context.output,
  );
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
  'The image is looked up in the flagged list first: one not there (a photo nobody flagged, or one already decided) is refused with exit 2 and nothing is sent. Exit codes: 0 decided, 1 error or cancelled, 2 not in the flagged list or --yes missing off a terminal, 4 not signed in or not an admin.';
