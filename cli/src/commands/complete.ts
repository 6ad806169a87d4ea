/**
 * `__complete profile|feature|subfeature [FEATURE]`: the values the shell completion scripts
 * (completion.ts) ask for while a command line is typed, one a line: profile names, from this
 * machine's files; feature codes and a feature's subfeature codes, from the API (`features list`
 * is open to anyone). Hidden from help. A completion must answer at once or not at all: the API
 * is asked once, without the retries of reads, within the script's `--request-timeout`, and any
 * failure prints nothing.
 */
import { Argument, Command } from 'commander';
import { ASKED_VALUES, type AskedValues } from '../completion/tree';
import { profileNames } from '../config';
import type { Context } from '../context';
import type { Factory } from '../factory';

async function values(context: Context, kind: AskedValues, feature: string | undefined): Promise<string[]> {
  if (kind === 'profile') return profileNames(context.dir, context.config);
  // A client of its own setup: one attempt within --request-timeout, not the retries of a read.
  const { features } = await context.client({}).features.list();
  if (kind === 'feature') return features.map((entry) => entry.code);
  const wanted = feature?.toLowerCase();
  const parent = features.find((entry) => entry.code.toLowerCase() === wanted);
  return parent ? parent.subfeatures.map((entry) => entry.code) : [];
}

export function completeCommand(f: Factory): Command {
  return new Command('__complete')
    .description('values for shell completion (used by the completion scripts)')
    .addArgument(new Argument('<kind>', 'what to list').choices(ASKED_VALUES))
    .argument('[feature]', 'for subfeature: the feature whose subfeatures to list')
    .action(
      f.action(async (context, kind: AskedValues, feature: string | undefined) => {
        const found = await values(context, kind, feature).catch(() => []);
        if (found.length > 0) context.io.stdout.write(`${found.join('\n')}\n`);
      }),
    );
}
