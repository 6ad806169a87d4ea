/**
 * The CLI's benchmarks (not part of the tests): cold start, bulk throughput against a plain
 * undici loop, and peak RSS of long runs. The sandbox runs in its own process, as staff would
 * run it, so neither client shares its event loop.
 *
 *   pnpm --filter @matchmaker/cli bench [-- --rows 10000 --big 1000000 --real 100000 --pairs 5]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';

const { values } = parseArgs({
  // `pnpm bench -- --rows N` passes the separator through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    rows: { type: 'string', default: '10000' },
    big: { type: 'string', default: '1000000' },
    real: { type: 'string', default: '100000' },
    starts: { type: 'string', default: '15' },
    pairs: { type: 'string', default: '5' },
  },
});
const cli = fileURLToPath(new URL('..', import.meta.url));
const root = join(cli, '..');
const binary = join(cli, 'dist', 'matchmaker.js');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const probe = join(cli, 'bench', 'rss-probe.cjs');
const work = mkdtempSync(join(tmpdir(), 'mm-bench-'));
const CONCURRENCY = 16;
/** The layers of `bench/layers.ts`, in the order they add to the call path. */
const LAYERS = ['fetch', 'validated', 'sdk'] as const;
const LAYER_NAMES: Record<string, string> = {
  fetch: "the CLI's pooled fetch, answers read as text",
  validated: '+ each answer parsed and checked (zod)',
  sdk: 'the SDK call (client.admin.deactivateUser)',
};

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timeRun(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

function coldStart(): void {
  const runs = Number(values.starts);
  timeRun([binary, '--help']);
  const node: number[] = [];
  const help: number[] = [];
  // Interleaved, so load on the machine hits both alike.
  for (let i = 0; i < runs; i++) {
    node.push(timeRun(['-e', '0']));
    help.push(timeRun([binary, '--help']));
  }
  const ratio = median(help) / median(node);
  console.log(
    `cold start: matchmaker --help ${median(help).toFixed(0)} ms, node -e 0 ${median(node).toFixed(0)} ms, ratio ${ratio.toFixed(2)}x (goal <= 1.6x)`,
  );
}

function startSandbox(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(tsx, ['--conditions=source', 'src/cli.ts', '--port', '0'], {
    cwd: join(root, 'contracts', 'sandbox'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox ready on (\S+)/.exec(text);
      if (match?.[1]) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}

/**
 * Creates `count` members through the admin API and returns their ids: a bulk run applies each
 * user once (repeats of an earlier row are skipped), so every row of a benchmark names its own.
 */
async function createMembers(url: string, token: string, count: number): Promise<string[]> {
  const client = createClient({
    baseURL: url,
    tokenStore: new MemoryTokenStore({ accessToken: token, refreshToken: '' }),
    locks: null,
    onError: () => {},
  });
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const { user } = await client.admin.createUser({
        first_name: 'Bench',
        last_name: `Member ${n}`,
        username: `bench.${n}`,
        email: `bench.${n}@bench.sandbox.test`,
        password: 'Bench#2026-password',
        date_of_birth: '1990-01-01',
        sex: n % 2 === 0 ? 'female' : 'male',
        agreed_to_terms: true,
      });
      const id = user.id ?? user.keycloakId;
      if (!id) throw new Error(`the sandbox created bench.${n} without an id`);
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ids;
}

/** Unique UUID-shaped ids for the runs that send nothing (the file check). */
const syntheticId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function writeCsv(path: string, rows: number, id: (n: number) => string): Promise<void> {
  const out = createWriteStream(path);
  out.write('id\n');
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${id(i)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

function matchmaker(env: NodeJS.ProcessEnv, args: string[], input?: string): string {
  return execFileSync(process.execPath, ['-r', probe, binary, ...args], {
    env,
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Runs the binary and returns its peak RSS in MB (printed by the probe on stderr). */
function peakRss(env: NodeJS.ProcessEnv, args: string[]): { mb: number; ms: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['-r', probe, binary, ...args], { env, encoding: 'utf8' });
  const ms = performance.now() - started;
  const match = /PEAK_RSS_KB=(\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match)
    throw new Error(`run failed (${result.status}): ${result.stderr.slice(-500)}`);
  return { mb: Number(match[1]) / 1024, ms };
}

async function main(): Promise<void> {
  if (!existsSync(binary)) execFileSync('pnpm', ['run', 'build'], { cwd: cli, stdio: 'inherit' });
  coldStart();

  const sandbox = await startSandbox();
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_CONFIG_HOME: join(work, 'config'),
      MATCHMAKER_API_BASE: sandbox.url,
      NO_COLOR: '1',
    };
    delete env.FORCE_COLOR;
    matchmaker(env, ['login', '--email', 'admin@sandbox.test', '--password-stdin'], 'Sandbox#2026');
    const token = JSON.parse(
      readFileSync(join(work, 'config', 'matchmaker', 'credentials', 'default.json'), 'utf8'),
    ).accessToken as string;
    const rows = Number(values.rows);
    const real = Number(values.real);
    const creating = performance.now();
    const ids = await createMembers(sandbox.url, token, Math.max(rows, real));
    console.log(`created ${ids.length} members in ${((performance.now() - creating) / 1000).toFixed(1)} s`);
    const member = (n: number) => ids[n] ?? '';

    // Throughput: the same 10,000 requests (one user each), both warmed up.
    const bulkCsv = join(work, 'bulk.csv');
    await writeCsv(bulkCsv, rows, member);
    // A plain loop over the same requests: the undici baseline, or one layer of the CLI's call path.
    const timed = (script: string, layer?: string) => {
      const result = JSON.parse(
        execFileSync(
          tsx,
          [
            '--conditions=source',
            join(cli, 'bench', script),
            ...(layer ? [layer] : []),
            sandbox.url,
            token,
            bulkCsv,
            String(CONCURRENCY),
          ],
          { encoding: 'utf8', cwd: cli },
        ),
      ) as { elapsedMs: number; failed: number };
      // Refused requests (an expired token) answer faster than real ones: the ratio would lie.
      if (result.failed > 0)
        throw new Error(`${layer ?? 'the undici loop'} had ${result.failed} refused requests`);
      return result.elapsedMs;
    };
    const loop = () => timed('undici-loop.ts');
    const run = () => {
      const journal = join(work, `bulk-${Math.random()}.journal.ndjson`);
      const report = join(work, 'report.json');
      matchmaker(env, [
        'bulk',
        'deactivate',
        '-i',
        bulkCsv,
        '--yes',
        '-c',
        String(CONCURRENCY),
        '--journal',
        journal,
        '--report',
        report,
      ]);
      const done = JSON.parse(readFileSync(report, 'utf8')) as { ok: number; elapsed_ms: number };
      if (done.ok !== rows) throw new Error(`matchmaker applied ${done.ok} of ${rows} rows`);
      return done.elapsed_ms;
    };
    // Both warmed up once, then interleaved so that load from other work on the machine falls on
    // both alike; each process starts cold, and each side times only its requests (the loop from
    // its first request, the CLI from the start of the run: its check of the whole file included).
    loop();
    run();
    const loops: number[] = [];
    const runs: number[] = [];
    const layers = new Map<string, number[]>(LAYERS.map((layer) => [layer, []]));
    for (let i = 0; i < Number(values.pairs); i++) {
      loops.push(loop());
      for (const layer of LAYERS) layers.get(layer)?.push(timed('layers.ts', layer));
      runs.push(run());
    }
    const loopMs = median(loops);
    const cliMs = median(runs);
    const rate = (ms: number) => Math.round((rows / ms) * 1000);
    console.log(
      `bulk deactivate ${rows} rows at concurrency ${CONCURRENCY}: matchmaker ${cliMs} ms (${rate(cliMs)} rows/s), undici loop ${loopMs} ms (${rate(loopMs)} rows/s), throughput ratio ${(loopMs / cliMs).toFixed(2)}x (goal >= 0.85x; medians of ${loops.length} interleaved runs each: loop ${loops.join(', ')} ms; matchmaker ${runs.join(', ')} ms)`,
    );
    // Where the gap is: the same requests through one more layer of the CLI's call path at a time.
    console.log('  the same requests, one layer of the call path at a time (ratio to the undici loop):');
    for (const [layer, times] of layers) {
      const ms = median(times);
      console.log(
        `    ${LAYER_NAMES[layer]?.padEnd(46) ?? layer} ${String(ms).padStart(5)} ms ${String(rate(ms)).padStart(6)} rows/s ${(loopMs / ms).toFixed(2)}x`,
      );
    }
    console.log(
      `    ${'matchmaker bulk deactivate'.padEnd(46)} ${String(cliMs).padStart(5)} ms ${String(rate(cliMs)).padStart(6)} rows/s ${(loopMs / cliMs).toFixed(2)}x`,
    );

    // Memory: --validate-only over growing files, and a long real run.
    const baseline = peakRss(env, ['--help']).mb;
    console.log(`peak RSS of matchmaker --help: ${baseline.toFixed(1)} MB`);
    for (const size of [Number(values.big) / 10, Number(values.big)]) {
      const path = join(work, `validate-${size}.csv`);
      await writeCsv(path, size, syntheticId);
      const { mb, ms } = peakRss(env, ['bulk', 'deactivate', '-i', path, '--validate-only']);
      console.log(
        `peak RSS of --validate-only over ${size} rows: ${mb.toFixed(1)} MB (${(ms / 1000).toFixed(1)} s)`,
      );
      rmSync(path);
    }
    // A real run at two sizes: flat means the larger one peaks no higher.
    for (const size of [Math.round(real / 4), real]) {
      const realCsv = join(work, `real-${size}.csv`);
      await writeCsv(realCsv, size, member);
      const { mb, ms } = peakRss(env, [
        'bulk',
        'deactivate',
        '-i',
        realCsv,
        '--yes',
        '-c',
        String(CONCURRENCY),
      ]);
      console.log(
        `peak RSS of a ${size}-row real run: ${mb.toFixed(1)} MB (${(ms / 1000).toFixed(1)} s) (goal: flat, < 150 MB)`,
      );
      rmSync(realCsv);
    }
  } finally {
    sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
