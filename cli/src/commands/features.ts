/** `features`: feature switches and their subfeatures. */
import { Command } from 'commander';
import type { Context } from '../context';
import { CliError, EXIT, usageError } from '../exit';
import type { Factory } from '../factory';
import { isRecord, type JsonRecord, listAt, stringAt } from '../guards';
import { examples } from '../help';
import { DryRunOption } from '../options';
import { printList, printRecord } from '../output';
import { confirmChange } from '../prompt';

/**
 * One row per switch: a feature (`subfeature` null), then each of its subfeatures under the
 * feature's code. Every format carries these rows, so one --fields works in each, and a row's
 * `code` and `subfeature` are what `features toggle CODE --sub SUBFEATURE` takes.
 */
function switchRows(features: readonly unknown[]): JsonRecord[] {
  const rows: JsonRecord[] = [];
  for (const feature of features) {
    if (!isRecord(feature)) continue;
    const { subfeatures, ...rest } = feature;
    const code = stringAt(feature, 'code') ?? '';
    rows.push({ code, subfeature: null, ...rest });
    for (const sub of Array.isArray(subfeatures) ? subfeatures : []) {
      if (!isRecord(sub)) continue;
      const { code: subCode, ...subRest } = sub;
      rows.push({ code, subfeature: subCode, ...subRest });
    }
  }
  return rows;
}

async function list(context: Context) {
  const client = await context.signedIn();
  const features = listAt(await client.features.list(), 'features');
  printList(switchRows(features), context.output, ['code', 'subfeature', 'name', 'enabled', 'description']);
}

interface Switch {
  code: string;
  enabled: boolean;
}

/** The switch named `code`: as spelt, else in another case (the codes are capitals). */
function findSwitch<T extends Switch>(switches: readonly T[], code: string): T | undefined {
  return (
    switches.find((entry) => entry.code === code) ??
    switches.find((entry) => entry.code.toLowerCase() === code.toLowerCase())
  );
}

const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');

interface ToggleOptions {
  sub?: string;
  on?: boolean;
  off?: boolean;
}

/**
 * Reads the switch's state, then toggles it when it should change: to the other state, or to
 * --on/--off's (left alone when already there, so a retry is safe). The API only toggles, so this
 * is a read then a write, not atomic: the answer is checked, and a switch someone else flipped in
 * between is reported.
 */
async function toggle(context: Context, code: string, options: ToggleOptions) {
  const wantedCode = code.trim();
  if (wantedCode === '') throw usageError('The feature code is empty: `matchmaker features list` shows them');
  const subCode = options.sub?.trim();
  if (subCode === '') {
    throw usageError(
      '--sub is empty: give a subfeature code (`matchmaker features list` shows them), or leave --sub out to switch the whole feature',
    );
  }
  if (options.on && options.off) throw usageError('Give at most one of --on and --off');
  const client = await context.signedIn();
  const { features } = await client.features.list();
  const feature = findSwitch(features, wantedCode);
  if (!feature) {
    throw usageError(
      `No feature '${wantedCode}': the features are ${features.map((entry) => entry.code).join(', ')}`,
    );
  }
  const sub = subCode === undefined ? undefined : findSwitch(feature.subfeatures, subCode);
  if (subCode !== undefined && !sub) {
    const known = feature.subfeatures.map((entry) => entry.code);
    throw usageError(
      `No subfeature '${subCode}' in ${feature.code}: ${known.length ? `its subfeatures are ${known.join(', ')}` : 'it has none'}`,
    );
  }
  const name = sub ? `${sub.code} of ${feature.code}` : feature.code;
  const now = (sub ?? feature).enabled;
  const wanted = options.on ? true : options.off ? false : !now;
  if (wanted === now) {
    context.info(`${name} is already ${onOff(now)}: nothing was changed`);
    // The shape of a toggle's answer, so --fields and scripts read both alike.
    const message = `${(sub ?? feature).code} already ${now ? 'enabled' : 'disabled'}`;
    printRecord(sub ? { message, feature, subfeature: sub } : { message, feature }, context.output);
    return;
  }
  await confirmChange(
    context,
    sub ? 'features.toggleSubfeature' : 'features.toggle',
    `turn ${name} ${onOff(wanted)} for every member (it is ${onOff(now)} now)`,
  );
  let answer: unknown;
  let after: boolean;
  if (sub) {
    const toggled = await client.features.toggleSubfeature(feature.code, { subfeature: sub.code });
    [answer, after] = [toggled, toggled.subfeature.enabled];
  } else {
    const toggled = await client.features.toggle(feature.code);
    [answer, after] = [toggled, toggled.feature.enabled];
  }
  if (after !== wanted) {
    throw new CliError(
      `${name} is ${onOff(after)} now, not ${onOff(wanted)}: someone else switched it at the same time. ` +
        `Check with \`matchmaker features list\`, then run again with --${onOff(wanted)}`,
      EXIT.error,
      'CONCURRENT_CHANGE',
    );
  }
  printRecord(answer, context.output);
}

export function featuresCommand(f: Factory): Command {
  const features = new Command('features').description('feature switches and subfeatures');
  examples(
    features
      .command('list')
      .description('every switch with its subfeatures and state')
      .action(f.action(list)),
    ['matchmaker features list', 'matchmaker features list -o json --fields code,subfeature,enabled'],
  );
  const toggleCommand = features
    .command('toggle <feature>')
    .description(
      'switch a feature, or with --sub one of its subfeatures, on or off for every member. Reads the ' +
        'state first, then toggles: with --on or --off a switch already in that state is left alone, so ' +
        'a retry is safe. Not atomic: a change by someone else in between is reported (exit 1)',
    )
    .option('--sub <subfeature>', 'the subfeature to switch')
    .option('--on', 'turn it on (nothing is sent if it is on already)')
    .option('--off', 'turn it off (nothing is sent if it is off already)')
    .addOption(new DryRunOption())
    .action(f.action(toggle));
  examples(toggleCommand, [
    'matchmaker features toggle CHAT',
    'matchmaker features toggle CHAT --dry-run -o json',
    '# retried after a time-out, it changes nothing the second time:',
    'matchmaker features toggle CHAT --off --yes',
    'matchmaker features toggle CHAT --sub READ_RECEIPTS --on',
  ]);
  return features;
}
