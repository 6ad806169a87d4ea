/**
 * Sandbox throughput and memory, on loopback, against the CLI in a child process (one node
 * process, so its RSS is the server's), loaded from this process with keep-alive node:http.
 *
 * - reads (`settings.get`) and writes (`settings.update`) per second at concurrency 16 and 64, in
 *   memory and with `--data` (journal on disk), and the write/read ratio (goal with --data: 0.8);
 * - `admin.getUser` at concurrency 16 (goal: 3,000 req/s);
 * - the server's RSS while 200,000 mixed requests run with --data (goal: flat).
 *
 *   pnpm --filter @matchmaker/sandbox bench [-- --seconds 3 --requests 200000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { endpoints } from '@matchmaker/sdk/schemas';

const { values } = parseArgs({
  // pnpm passes a leading `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { seconds: { type: 'string', default: '3' }, requests: { type: 'string', default: '200000' } },
});
const SECONDS = Number(values.seconds);
const REQUESTS = Number(values.requests);
const WARM_UP_MS = 1_500;
const root = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'Sandbox#2026';

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function startServer(args: string[]): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--port', '0', ...args],
    {
      cwd: root,
      env: { ...process.env, PORT: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox ready on (\S+)/.exec(text);
      if (match?.[1])
        resolve({
          url: match[1],
          child,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}

/** The server's resident set in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

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

/** Requests per second of `run` with `concurrency` workers, after a warm-up; errors are counted. */
async function measure(
  name: string,
  concurrency: number,
  run: () => Promise<{ status: number }>,
): Promise<number> {
  let done = 0;
  let errors = 0;
  const warmUntil = performance.now() + WARM_UP_MS;
  const until = warmUntil + SECONDS * 1_000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const { status } = await run();
      if (started >= warmUntil) {
        done += 1;
        if (status !== 200) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
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

async function readWrite(mode: string, args: string[]): Promise<{ ratios: number[]; getUser?: number }> {
  const server = await startServer(args);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const call = caller(server.url, agent);
  const ratios: number[] = [];
  let getUser: number | undefined;
  try {
    const token = await login(call, 'member1@sandbox.test');
    let n = 0;
    console.log(`${mode}:`);
    for (const concurrency of [16, 64]) {
      const reads = await measure(`settings.get       (c=${concurrency})`, concurrency, () =>
        call('GET', path('settings.get'), token),
      );
      const writes = await measure(`settings.update    (c=${concurrency})`, concurrency, () =>
        call('PUT', path('settings.update'), token, { notification_interval: `every ${n++ % 7} days` }),
      );
      const ratio = writes / reads;
      ratios.push(ratio);
      console.log(`  write/read ratio (c=${concurrency})              ${ratio.toFixed(2)}`);
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

/** RSS of the server while `REQUESTS` requests (3 reads to 1 write, logins among them) run at concurrency 64. */
async function memory(args: string[]): Promise<number[]> {
  const server = await startServer(args);
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
        const kind = n % 8;
        const answer =
          kind === 0
            ? await call('PUT', path('settings.update'), token, {
                notification_interval: `every ${n % 7} days`,
              })
            : kind === 4
              ? // Another member logs in: the session limit must not end the loop's own session.
                await call('POST', path('accounts.login'), null, {
                  email: 'member3@sandbox.test',
                  password: PASSWORD,
                })
              : await call('GET', path('settings.get'), token);
        if (answer.status !== 200) errors += 1;
        if ((n + 1) % step === 0) samples.push(rssMb(server.child.pid));
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    console.log(
      `RSS with --data over ${REQUESTS.toLocaleString('en')} requests (MB): ${samples.map((mb) => mb.toFixed(0)).join(' -> ')}${errors ? `  errors ${errors}` : ''}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
  }
  return samples;
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
try {
  const inMemory = await readWrite('in memory', []);
  const onDisk = await readWrite('with --data', ['--data', join(dir, 'bench.json')]);
  const samples = await memory(['--data', join(dir, 'memory.json')]);
  const worst = Math.min(...onDisk.ratios);
  const growth = (samples.at(-1) ?? 0) - (samples[1] ?? 0);
  console.log('');
  console.log(
    `admin.getUser ${inMemory.getUser?.toFixed(0)} req/s: target 3,000 ${(inMemory.getUser ?? 0) >= 3_000 ? 'met' : 'NOT met'}`,
  );
  console.log(`write/read with --data ${worst.toFixed(2)}: goal 0.8 ${worst >= 0.8 ? 'met' : 'NOT met'}`);
  console.log(
    `RSS after the first quarter to the end: ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB (goal: flat)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
