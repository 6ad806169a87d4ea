/** `features`: feature switches and their subfeatures. */
import { Command } from 'commander';
import type { Context } from '../context';
import { isRecord, type JsonRecord, listAt, stringAt } from '../guards';
import { printList, printRecord } from '../output';
import { act } from '../program';
import { confirmAction } from '../prompt';

/** One row per feature and one per subfeature, so the table shows every switch and its state. */
function switchRows(features: readonly unknown[]): JsonRecord[] {
  const rows: JsonRecord[] = [];
  for (const feature of features) {
    if (!isRecord(feature)) continue;
    const { subfeatures, ...rest } = feature;
    rows.push({ ...rest, subfeature: '' });
    for (const sub of Array.isArray(subfeatures) ? subfeatures : []) {
      if (isRecord(sub))
        rows.push({ ...sub, code: stringAt(feature, 'code') ?? '', subfeature: stringAt(sub, 'code') ?? '' });
    }
  }
  return rows;
}

async function list(context: Context) {
  const client = await context.signedIn();
  const features = listAt(await client.features.list(), 'features');
  // Machine formats keep the API's nesting; the table and csv get one row per switch.
  if (context.output.format === 'json' || context.output.format === 'ndjson')
    printList(features, context.output);
  else
    printList(switchRows(features), context.output, ['code', 'subfeature', 'name', 'enabled', 'description']);
}

async function toggle(context: Context, code: string, options: { sub?: string }) {
  const what = options.sub ? `subfeature ${options.sub} of ${code}` : `feature ${code}`;
  await confirmAction(context.io, `toggle ${what}`, context.yes);
  const client = await context.signedIn();
  const answer = options.sub
    ? await client.features.toggleSubfeature(code, { subfeature: options.sub })
    : await client.features.toggle(code);
  printRecord(answer, context.output);
}

export function featuresCommand(): Command {
  const features = new Command('features').description('feature switches and subfeatures');
  features.command('list').description('every switch with its subfeatures and state').action(act(list));
  features
    .command('toggle <code>')
    .description('switch a feature, or with --sub one of its subfeatures, on or off')
    .option('--sub <code>', 'the subfeature to toggle')
    .action(act(toggle));
  return features;
}
