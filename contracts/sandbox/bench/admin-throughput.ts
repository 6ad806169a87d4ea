/**
 * Requests per second of typical admin actions at concurrency 16. The sandbox runs in a child
 * process (as `pnpm sandbox` would) so the load generator does not share its event loop; the
 * client is node:http with keep-alive, the cheapest honest client.
 *
 *   pnpm --filter @matchmaker/sandbox bench [-- --seconds 5 --concurrency 16]
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const root = fileURLToPath(new URL('..', import.meta.url));
/** The server's JIT needs a few seconds of traffic before numbers settle. */
const WARM_UP_MS = 3_000;

function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
    ['--conditions=source', 'src/cli.ts', '--port', '0'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request; the target is parsed once, since URL parsing per call would dominate the client. */
function caller(url: string) {
  const { hostname, port } = new URL(url);
  return (
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; text: string }> => {
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

async function measure(name: string, run: () => Promise<{ status: number }>): Promise<number> {
  const latencies: number[] = [];
  let errors = 0;
  const warmUntil = performance.now() + WARM_UP_MS;
  const until = warmUntil + SECONDS * 1_000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const { status } = await run();
      if (started >= warmUntil) {
        latencies.push(performance.now() - started);
        if (status !== 200) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / SECONDS;
  const pct = (p: number) => (latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2);
  console.log(
    `${name.padEnd(20)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms  errors ${errors}  (concurrency ${CONCURRENCY}, ${SECONDS} s)`,
  );
  return rps;
}

const server = await startServer();
const call = caller(server.url);
try {
  const login = await call('POST', '/api/usermgmt/v2/accounts/login', null, {
    email: 'admin@sandbox.test',
    password: 'Sandbox#2026',
  });
  const token = (JSON.parse(login.text) as { access_token: string }).access_token;
  const search = await call('POST', '/api/usermgmt/v2/admin/users/search', token, {
    page: 1,
    size: 15,
    filters: {},
  });
  const ids = (JSON.parse(search.text) as { users: { keycloakId: string }[] }).users.map(
    (user) => user.keycloakId,
  );
  let n = 0;
  const getUser = await measure('admin.getUser', () =>
    call('GET', `/api/usermgmt/v2/admin/users/${ids[n++ % ids.length]}`, token),
  );
  const searchUsers = await measure('admin.searchUsers', () =>
    call('POST', '/api/usermgmt/v2/admin/users/search', token, {
      page: (n++ % 20) + 1,
      size: 15,
      filters: {},
    }),
  );
  const target = 3_000;
  console.log(
    `target ${target} req/s for admin.getUser: ${getUser >= target ? 'met' : 'NOT met'}; admin.searchUsers ${searchUsers.toFixed(0)} req/s`,
  );
} finally {
  agent.destroy();
  server.stop();
}
