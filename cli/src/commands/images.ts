/** `images`: the flagged-image review. */
import { Command } from 'commander';
import type { Context } from '../context';
import { usageError } from '../exit';
import { addPaging, type PagingOptions } from '../options';
import { listPrinter, printRecord } from '../output';
import { printPages } from '../paging';
import { act } from '../program';
import { confirmAction } from '../prompt';

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

async function decide(context: Context, filename: string, options: { keep?: boolean; remove?: boolean }) {
  if (options.keep === options.remove) throw usageError('Give exactly one of --keep and --remove');
  if (options.remove) await confirmAction(context.io, `remove image ${filename}`, context.yes);
  const client = await context.signedIn();
  printRecord(
    await client.images.decideFlagged({ filename, approved: options.keep === true }),
    context.output,
  );
}

export function imagesCommand(): Command {
  const images = new Command('images').description('flagged images: list and decide');
  addPaging(images.command('flagged').description('flagged images to review, 100 per page')).action(
    act(flagged),
  );
  images
    .command('decide <filename>')
    .description('keep a flagged image (clears the flag) or remove it')
    .option('--keep', 'keep the image')
    .option('--remove', 'remove the image')
    .action(act(decide));
  return images;
}
