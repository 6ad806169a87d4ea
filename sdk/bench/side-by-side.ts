/**
 * The call-overhead bench for two copies of the SDK in one run, for a change's before and after:
 * `userInfo` of each against a raw `fetch` + `res.json()` on one loopback server, in short batches
 * that alternate (raw, then both copies in turns of order), so load from other work falls on both
 * alike; the median of each copy's ratios is printed with the load average.
 *
 *   tsx bench/side-by-side.ts BEFORE_DIR [--batches 301] [--rounds 1]
 *
 * BEFORE_DIR holds the other copy's `src/` (`git archive <commit> sdk | tar -x -C /tmp/before`,
 * then /tmp/before/sdk) and a `node_modules` link to this package's, so its imports resolve; the
 * after side is this package's `src/`.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as after from '../src/index';
import { COMPILE_AFTER_PARSES } from '../src/transport/validate';
import { batch, benchTokens, load, median, rawFetchOf, startBenchServer } from './support';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: {
    batches: { type: 'string', default: '301' },
    rounds: { type: 'string', default: '1' },
  },
});
if (positionals[0] === undefined) {
  console.error('usage: tsx bench/side-by-side.ts BEFORE_DIR [--batches 301] [--rounds 1]');
  process.exit(2);
}
const before = (await import(join(resolve(positionals[0]), 'src', 'index.ts'))) as typeof after;

const server = await startBenchServer();
const clientOf = (sdk: typeof after) =>
  sdk.createClient({
    baseURL: server.base,
    tokenStore: new sdk.MemoryTokenStore(benchTokens()),
    locks: null,
  });
const sides = { before: clientOf(before), after: clientOf(after) };
const rawFetch = rawFetchOf(server.base);
const calls = {
  before: () => sides.before.accounts.userInfo(),
  after: () => sides.after.accounts.userInfo(),
};

// Warm every path, each copy past the parses after which this one compiles the user schema.
for (const run of [rawFetch, calls.before, calls.after])
  await batch(run, Math.max(1_500, COMPILE_AFTER_PARSES));
const CALLS = 20;
for (let round = 1; round <= Number(values.rounds); round++) {
  const atStart = load();
  const raw: number[] = [];
  const ratios = { before: [] as number[], after: [] as number[] };
  for (let i = 0; i < Number(values.batches); i++) {
    const rawTime = await batch(rawFetch, CALLS);
    for (const side of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      ratios[side].push((await batch(calls[side], CALLS)) / rawTime);
    }
    raw.push(rawTime / CALLS);
  }
  console.log(
    `round ${round}: raw fetch ${median(raw).toFixed(0)} us/call; userInfo / raw fetch: before ${median(ratios.before).toFixed(3)}x, after ${median(ratios.after).toFixed(3)}x (goal <= 1.15x) [${atStart}; ${load()}]`,
  );
}
server.close();
