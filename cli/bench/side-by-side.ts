/**
 * Two builds of the CLI side by side in one run, for a change's before and after: `--help`'s cold
 * start against `node -e 0`, and a 10,000-row bulk deactivate at concurrency 16 on loopback, CPU
 * per row of each build (its `--validate-only` start-up taken off, as bench/run.ts does) and of
 * the undici loop, interleaved so that load from other work falls on all alike. The load average
 * is printed beside every figure.
 *
 *   tsx --conditions=source bench/side-by-side.ts BEFORE_DIR [--rows 10000 --pairs 5 --starts 31]
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
import { bulkRunArgs, CONCURRENCY, createMembers, startSandbox } from './sandbox';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: {
    rows: { type: 'string', default: '10000' },
    pairs: { type: 'string', default: '5' },
    starts: { type: 'string', default: '31' },
  },
});
const cli = fileURLToPath(new URL('..', import.meta.url));
const root = join(cli, '..');
const builds: Record<string, string> = {
  before: join(positionals[0] ?? '', 'dist', 'matchmaker.js'),
  after: join(cli, 'dist', 'matchmaker.js'),
};
const tsx = join(root, 'node_modules', '.bin', 'tsx');
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

async function main(): Promise<void> {
  coldStart();
  const sandbox = await startSandbox();
  try {
    const config = join(work, 'config');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_CONFIG_HOME: config,
      MATCHMAKER_API_BASE: sandbox.url,
      NO_COLOR: '1',
    };
    execFileSync(
      process.execPath,
      [builds.after ?? '', 'login', '--email', 'admin@sandbox.test', '--password-stdin'],
      {
        env,
        input: 'Sandbox#2026',
      },
    );
    const token = JSON.parse(readFileSync(join(config, 'matchmaker', 'credentials', 'default.json'), 'utf8'))
      .accessToken as string;
    const rows = Number(values.rows);
    const ids = await createMembers(sandbox.url, token, rows);
    const csv = join(work, 'ids.csv');
    execFileSync('sh', ['-c', 'cat > "$1"', 'sh', csv], { input: `id\n${ids.join('\n')}\n` });
    const perRow = (ms: number) => (ms * 1000) / rows;
    const cpu = new Map<string, number[]>([
      ['loop', []],
      ['before', []],
      ['after', []],
    ]);
    const startup = new Map<string, number[]>([
      ['before', []],
      ['after', []],
    ]);
    const loop = () =>
      (
        JSON.parse(
          execFileSync(
            tsx,
            [
              '--conditions=source',
              join(cli, 'bench', 'undici-loop.ts'),
              sandbox.url,
              token,
              csv,
              String(CONCURRENCY),
            ],
            {
              encoding: 'utf8',
              cwd: cli,
            },
          ),
        ) as { cpuMs: number }
      ).cpuMs;
    const real = (binary: string) =>
      probed(
        env,
        binary,
        bulkRunArgs(csv, {
          journal: join(work, `j-${Math.random()}.ndjson`),
          report: join(work, 'report.json'),
        }),
      );
    const check = (binary: string) =>
      probed(env, binary, ['bulk', 'deactivate', '-i', csv, '--validate-only']);
    loop();
    for (const name of ['before', 'after']) real(builds[name] ?? '');
    for (let i = 0; i < Number(values.pairs); i++) {
      cpu.get('loop')?.push(perRow(loop()));
      for (const name of ['before', 'after']) {
        const binary = builds[name] ?? '';
        cpu.get(name)?.push(perRow(real(binary)));
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
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
