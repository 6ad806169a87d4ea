/**
 * Sandbox throughput and memory, on loopback, against the CLI in a child process (one node
 * process, so its RSS is the server's), loaded from this process with keep-alive node:http.
 *
 * - reads (`settings.get`) and writes (`settings.update`) at concurrency 16 and 64, in memory and
 *   with `--data` (journal on disk). Reads and writes run in alternating short slices and the
 *   ratio is the median of the slices' ratios, so a load spike on a shared machine hits both
 *   sides alike (goal with --data: writes at least 0.8x reads at both concurrencies);
 * - `admin.getUser` at concurrency 16 (target: 3,000 req/s);
 * - the server's RSS every 25,000 of 200,000 requests that only overwrite the same member's
 *   settings, with --data (goal: flat, within 10 MB of the first quarter's to the end).
 * The load average is printed before and after: numbers from a busy machine say less.
 *
 *   pnpm --filter @matchmaker/sandbox bench [-- --seconds 6 --requests 200000 --only throughput|memory]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { endpoints } from '@matchmaker/sdk/schemas';
import { processCpuMs, processRssMb, spawnSandbox } from '../src/process';

const { values } = parseArgs({
  // pnpm passes a leading `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seconds: { type: 'string', default: '6' },
    requests: { type: 'string', default: '200000' },
    only: { type: 'string' },
  },
});
if (values.only !== undefined && values.only !== 'throughput' && values.only !== 'memory')
  throw new Error(`--only takes throughput or memory, not ${values.only}`);
/** Runs one half of the bench (to repeat it), or both. */
const ONLY = values.only;
const SECONDS = Number(values.seconds);
const REQUESTS = Number(values.requests);
const WARM_UP_MS = 1_500;
const PASSWORD = 'Sandbox#2026';

/** A figure of the server's process that only Linux's /proc gives: the bench runs on Linux. */
function fromProc(value: number | undefined, what: string): number {
  if (value === undefined) throw new Error(`the bench reads the server's ${what} from /proc (Linux only)`);
  return value;
}

/** CPU time the server has used so far in ms. */
const cpuMs = (pid: number | undefined): number => fromProc(processCpuMs(pid), 'CPU time');

/** The server's resident set in MB. */
const rssMb = (pid: number | undefined): number => fromProc(processRssMb(pid), 'resident set');

type Call = (
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
) => Promise<{ status: number; text: string }>;

function caller(url: string, agent: Agent): Call {
  const { hostname, port } = new URL(url);
  return (method, path, token, body) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const req = request({ agent, host: hostname, port, path, method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  };
}

/** Rounds of a read slice and a write slice per ratio: many short ones (0.2 s of the default 6 s), so the median shrugs off the bursts of other work on a shared machine. */
const SLICES = 15;

/** Completed requests and errors of `run` on `concurrency` workers for `ms`. */
async function slice(
  concurrency: number,
  ms: number,
  run: () => Promise<{ status: number }>,
): Promise<{ done: number; errors: number }> {
  let done = 0;
  let errors = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const { status } = await run();
      done += 1;
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { done, errors };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Reads and writes per second at `concurrency`, and the write/read ratio: after a warm-up of both,
 * SLICES rounds of a read slice then a write slice (the order swapped every other round), the
 * ratio being the median of the rounds' ratios. Beside it, the server's CPU time per read and per
 * write over all slices: what a request costs the server, which a busy machine disturbs far
 * less than it disturbs requests per second.
 */
async function readWriteRatio(
  concurrency: number,
  pid: number | undefined,
  read: () => Promise<{ status: number }>,
  write: () => Promise<{ status: number }>,
): Promise<{ ratio: number; cpuRatio: number }> {
  await slice(concurrency, WARM_UP_MS / 2, read);
  await slice(concurrency, WARM_UP_MS / 2, write);
  const sliceMs = (SECONDS * 1_000) / (2 * SLICES);
  const ratios: number[] = [];
  const sides = { read: { done: 0, cpu: 0 }, write: { done: 0, cpu: 0 } };
  let errors = 0;
  const timed = async (side: 'read' | 'write') => {
    const before = cpuMs(pid);
    const result = await slice(concurrency, sliceMs, side === 'read' ? read : write);
    sides[side].cpu += cpuMs(pid) - before;
    sides[side].done += result.done;
    errors += result.errors;
    return result.done;
  };
  for (let round = 0; round < SLICES; round++) {
    let reads: number;
    let writes: number;
    if (round % 2 === 0) {
      reads = await timed('read');
      writes = await timed('write');
    } else {
      writes = await timed('write');
      reads = await timed('read');
    }
    ratios.push(writes / Math.max(1, reads));
  }
  const perSecond = (count: number) => ((count / (SLICES * sliceMs)) * 1_000).toFixed(0).padStart(6);
  const cpuPer = (side: { done: number; cpu: number }) => (side.cpu * 1_000) / Math.max(1, side.done);
  const ratio = median(ratios);
  const cpuRatio = cpuPer(sides.read) / Math.max(1, cpuPer(sides.write));
  console.log(
    `  c=${String(concurrency).padEnd(3)} settings.get ${perSecond(sides.read.done)} req/s  settings.update ${perSecond(sides.write.done)} req/s  write/read ${ratio.toFixed(2)} (median of ${ratios.map((each) => each.toFixed(2)).join(' ')})${errors ? `  errors ${errors}` : ''}`,
  );
  console.log(
    `        server CPU per request: read ${cpuPer(sides.read).toFixed(0)} µs, write ${cpuPer(sides.write).toFixed(0)} µs (write/read throughput at equal CPU ${cpuRatio.toFixed(2)})`,
  );
  return { ratio, cpuRatio };
}

/** Requests per second of `run` with `concurrency` workers, after a warm-up; errors are counted. */
async function measure(
  name: string,
  concurrency: number,
  run: () => Promise<{ status: number }>,
): Promise<number> {
  await slice(concurrency, WARM_UP_MS, run);
  const { done, errors } = await slice(concurrency, SECONDS * 1_000, run);
  const rps = done / SECONDS;
  console.log(
    `  ${name.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s${errors ? `  errors ${errors}` : ''}`,
  );
  return rps;
}

const path = (id: keyof typeof endpoints, params: Record<string, string> = {}) =>
  endpoints[id].path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

async function login(call: Call, email: string): Promise<string> {
  const answer = await call('POST', path('accounts.login'), null, { email, password: PASSWORD });
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

interface ReadWrite {
  ratios: { ratio: number; cpuRatio: number }[];
  getUser?: number;
}

async function readWrite(mode: string, args: string[]): Promise<ReadWrite> {
  const server = await spawnSandbox(args);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const call = caller(server.url, agent);
  const ratios: ReadWrite['ratios'] = [];
  let getUser: number | undefined;
  try {
    const token = await login(call, 'member1@sandbox.test');
    let n = 0;
    console.log(`${mode}:`);
    for (const concurrency of [16, 64]) {
      ratios.push(
        await readWriteRatio(
          concurrency,
          server.child.pid,
          () => call('GET', path('settings.get'), token),
          () =>
            call('PUT', path('settings.update'), token, { notification_interval: `every ${n++ % 7} days` }),
        ),
      );
    }
    if (args.length === 0) {
      const admin = await login(call, 'admin@sandbox.test');
      const search = await call('POST', path('admin.searchUsers'), admin, { page: 1, size: 15, filters: {} });
      const ids = (JSON.parse(search.text) as { users: { keycloakId: string }[] }).users.map(
        (user) => user.keycloakId,
      );
      getUser = await measure('admin.getUser      (c=16)', 16, () =>
        call('GET', path('admin.getUser', { id: ids[n++ % ids.length] ?? '' }), admin),
      );
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
  return { ratios, getUser };
}

/** RSS of the server every REQUESTS/8 of REQUESTS writes that only overwrite one member's settings, at concurrency 64. */
async function memory(args: string[]): Promise<number[]> {
  const server = await spawnSandbox(args);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const call = caller(server.url, agent);
  const samples: number[] = [];
  try {
    const token = await login(call, 'member2@sandbox.test');
    const step = REQUESTS / 8;
    let sent = 0;
    let errors = 0;
    samples.push(rssMb(server.child.pid));
    const worker = async () => {
      while (sent < REQUESTS) {
        const n = sent++;
        const answer = await call('PUT', path('settings.update'), token, {
          notification_interval: `every ${n % 7} days`,
        });
        if (answer.status !== 200) errors += 1;
        if ((n + 1) % step === 0) samples.push(rssMb(server.child.pid));
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    console.log(
      `RSS with --data over ${REQUESTS.toLocaleString('en')} settings writes (MB): ${samples.map((mb) => mb.toFixed(0)).join(' -> ')}${errors ? `  errors ${errors}` : ''}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
  }
  return samples;
}

const load = () =>
  loadavg()
    .map((each) => each.toFixed(2))
    .join(' ');

const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
try {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const goals: string[] = [];
  console.log(`load average before: ${load()}`);
  if (ONLY !== 'memory') {
    const inMemory = await readWrite('in memory', []);
    const onDisk = await readWrite('with --data', ['--data', join(dir, 'bench.json')]);
    goals.push(
      `admin.getUser ${inMemory.getUser?.toFixed(0)} req/s: target 3,000 ${met((inMemory.getUser ?? 0) >= 3_000)}`,
    );
    for (const [index, concurrency] of [16, 64].entries()) {
      const { ratio = 0, cpuRatio = 0 } = onDisk.ratios[index] ?? {};
      goals.push(
        `write/read with --data at c=${concurrency} ${ratio.toFixed(2)} (at equal server CPU ${cpuRatio.toFixed(2)}): goal 0.8 ${met(ratio >= 0.8)}`,
      );
    }
  }
  if (ONLY !== 'throughput') {
    const samples = await memory(['--data', join(dir, 'memory.json')]);
    // Every sample from the first quarter's (index 2 of 9) to the end, against the first quarter's.
    const quarter = samples[2] ?? 0;
    const drift = Math.max(...samples.slice(2).map((mb) => Math.abs(mb - quarter)));
    const last = (samples.at(-1) ?? 0) - quarter;
    goals.push(
      `RSS after the first quarter: at most ${drift.toFixed(0)} MB from it (end ${last >= 0 ? '+' : ''}${last.toFixed(0)} MB): goal within 10 MB ${met(drift <= 10)}`,
    );
  }
  console.log(`load average after: ${load()}`);
  console.log('');
  for (const goal of goals) console.log(goal);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
