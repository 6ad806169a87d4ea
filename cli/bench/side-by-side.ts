/**
 * Two builds of the CLI side by side in one run, for a change's before and after: `--help`'s cold
 * start against `node -e 0`, and a 10,000-row bulk deactivate at concurrency 16 on loopback, CPU
 * per row of each build (its `--validate-only` start-up taken off, as bench/run.ts does) and of
 * the undici loop, interleaved so that load from other work falls on all alike. With `--latency
 * MS`, then the same against a sandbox answering that many ms late: each build's rows/s against
 * the loop's, round by round (issue 25's 5 ms-late goal, as bench/run.ts measures it). The load
 * average is printed beside every figure.
 *
 *   tsx --conditions=source bench/side-by-side.ts BEFORE_DIR [--rows 10000 --pairs 5 --starts 31 --latency 5]
 *
 * BEFORE_DIR holds the other build's `dist/` and a `node_modules` link to this package's (so its
 * imports resolve); the after side is this package's `dist/`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bulkRunArgs, CONCURRENCY, cliEnv, createMembers, runLoop, startSandbox } from './sandbox';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: {
    rows: { type: 'string', default: '10000' },
    pairs: { type: 'string', default: '5' },
    starts: { type: 'string', default: '31' },
    latency: { type: 'string', default: '0' },
  },
});
const cli = fileURLToPath(new URL('..', import.meta.url));
const builds: Record<string, string> = {
  before: join(positionals[0] ?? '', 'dist', 'matchmaker.js'),
  after: join(cli, 'dist', 'matchmaker.js'),
};
const probe = join(cli, 'bench', 'rss-probe.cjs');
const work = mkdtempSync(join(tmpdir(), 'mm-side-'));
const load = () => `load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores`;
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1] ?? Number.NaN;

function coldStart(): void {
  const time = (args: string[]) => {
    const started = performance.now();
    if (spawnSync(process.execPath, args, { stdio: 'ignore' }).status !== 0) throw new Error(args.join(' '));
    return performance.now() - started;
  };
  const sides: Record<string, string[]> = {
    'node -e 0': ['-e', '0'],
    'before --help': [builds.before ?? '', '--help'],
    'after --help': [builds.after ?? '', '--help'],
  };
  const times = new Map(Object.keys(sides).map((name) => [name, [] as number[]]));
  for (let i = 0; i < Number(values.starts); i++)
    for (const [name, args] of Object.entries(sides)) times.get(name)?.push(time(args));
  const node = median(times.get('node -e 0') ?? []);
  for (const [name, list] of times)
    console.log(
      `cold start ${name.padEnd(14)} ${median(list).toFixed(0)} ms, ${(median(list) / node).toFixed(2)}x node -e 0 [${load()}]`,
    );
}

function probed(env: NodeJS.ProcessEnv, binary: string, args: string[]): number {
  const result = spawnSync(process.execPath, ['-r', probe, binary, ...args], { env, encoding: 'utf8' });
  const match = /CPU_US=(\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match)
    throw new Error(`run failed (${result.status}): ${result.stderr.slice(-500)}`);
  return Number(match[1]) / 1000;
}

const SIDES = ['before', 'after'] as const;
/** A list of figures for each build. */
const byBuild = () => new Map<string, number[]>(SIDES.map((name) => [name, []]));

/** A sandbox's admin signed in under `work/name`, and a file of `rows` members of its own. */
async function prepared(sandbox: { url: string }, name: string, rows: number) {
  const config = join(work, name);
  const env = cliEnv(config, sandbox.url);
  execFileSync(
    process.execPath,
    [builds.after ?? '', 'login', '--email', 'admin@sandbox.test', '--password-stdin'],
    { env, input: 'Sandbox#2026' },
  );
  const token = JSON.parse(readFileSync(join(config, 'matchmaker', 'credentials', 'default.json'), 'utf8'))
    .accessToken as string;
  const ids = await createMembers(sandbox.url, token, rows);
  const csv = join(work, `${name}.csv`);
  execFileSync('sh', ['-c', 'cat > "$1"', 'sh', csv], { input: `id\n${ids.join('\n')}\n` });
  /** The undici loop over the file: its elapsed ms (from its first request) and CPU ms. */
  const loop = () => runLoop(sandbox.url, token, csv);
  /** A real run of `binary` over the file: its CPU ms (start-up included) and elapsed ms (its report's). */
  const real = (binary: string) => {
    const report = join(work, `${name}-report.json`);
    const cpuMs = probed(
      env,
      binary,
      bulkRunArgs(csv, { journal: join(work, `j-${Math.random()}.ndjson`), report }),
    );
    const done = JSON.parse(readFileSync(report, 'utf8')) as { ok: number; elapsed_ms: number };
    if (done.ok !== rows) throw new Error(`${binary} applied ${done.ok} of ${rows} rows`);
    return { cpuMs, elapsedMs: done.elapsed_ms };
  };
  const check = (binary: string) => probed(env, binary, ['bulk', 'deactivate', '-i', csv, '--validate-only']);
  /** Each side run once first, untimed: every process starts cold, but the files are in the cache. */
  const warm = () => {
    loop();
    for (const name of SIDES) real(builds[name] ?? '');
  };
  return { loop, real, check, warm };
}

/** CPU per row on loopback, the loop and each build interleaved. */
async function cpuPerRow(rows: number): Promise<void> {
  const sandbox = await startSandbox();
  try {
    const { loop, real, check, warm } = await prepared(sandbox, 'loopback', rows);
    const perRow = (ms: number) => (ms * 1000) / rows;
    const cpu = new Map<string, number[]>([
      ['loop', []],
      ['before', []],
      ['after', []],
    ]);
    const startup = byBuild();
    warm();
    for (let i = 0; i < Number(values.pairs); i++) {
      cpu.get('loop')?.push(perRow(loop().cpuMs));
      for (const name of ['before', 'after']) {
        const binary = builds[name] ?? '';
        cpu.get(name)?.push(perRow(real(binary).cpuMs));
        startup.get(name)?.push(check(binary));
      }
      console.log(`  pair ${i + 1} done [${load()}]`);
    }
    const loopUs = median(cpu.get('loop') ?? []);
    console.log(
      `bulk deactivate ${rows} rows, concurrency ${CONCURRENCY}, loopback, CPU per row (medians of ${values.pairs}):`,
    );
    console.log(`  undici loop ${loopUs.toFixed(0)} µs [${load()}]`);
    for (const name of ['before', 'after']) {
      const startMs = median(startup.get(name) ?? []);
      const whole = median(cpu.get(name) ?? []);
      const us = whole - perRow(startMs);
      console.log(
        `  ${name.padEnd(6)} ${us.toFixed(0)} µs (whole process ${whole.toFixed(0)}, its --validate-only ${startMs.toFixed(0)} ms taken off), ${(us / loopUs).toFixed(2)}x the loop; runs ${cpu
          .get(name)
          ?.map((v) => v.toFixed(0))
          .join(', ')} µs [${load()}]`,
      );
    }
  } finally {
    sandbox.stop();
  }
}

/**
 * Against a sandbox answering `latency` ms late, where the server sets the pace: the loop's
 * elapsed time over each build's (each build's rows/s against the loop's), round by round.
 */
async function lateServer(rows: number, latency: number): Promise<void> {
  const sandbox = await startSandbox(['--latency', String(latency)]);
  try {
    const { loop, real, warm } = await prepared(sandbox, 'late', rows);
    const ratios = byBuild();
    warm();
    for (let i = 0; i < Number(values.pairs); i++) {
      const loopMs = loop().elapsedMs;
      const line = [`  round ${i + 1}: loop ${loopMs} ms`];
      for (const name of ['before', 'after']) {
        const ms = real(builds[name] ?? '').elapsedMs;
        ratios.get(name)?.push(loopMs / ms);
        line.push(`${name} ${ms} ms (${(loopMs / ms).toFixed(2)}x)`);
      }
      console.log(`${line.join(', ')} [${load()}]`);
    }
    console.log(
      `bulk deactivate ${rows} rows, concurrency ${CONCURRENCY}, against a sandbox ${latency} ms late, rows/s against the loop's (medians of ${values.pairs}; goal >= 0.95x):`,
    );
    for (const [name, list] of ratios)
      console.log(
        `  ${name.padEnd(6)} ${median(list).toFixed(2)}x; rounds ${list.map((v) => v.toFixed(2)).join(', ')} [${load()}]`,
      );
  } finally {
    sandbox.stop();
  }
}

async function main(): Promise<void> {
  coldStart();
  const rows = Number(values.rows);
  try {
    await cpuPerRow(rows);
    const latency = Number(values.latency);
    if (latency > 0) await lateServer(rows, latency);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
