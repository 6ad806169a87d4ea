/**
 * A bulk run's waits (a server's Retry-After, a backoff, `--rate`) meet Ctrl-C: the first one
 * ends them at once and nothing more is sent. A gateway in front of the sandbox answers the
 * run's PUTs with 429 and the Retry-After a test asks for, or passes everything through.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envFor,
  idsCsv,
  login,
  memberIds,
  sandbox,
  spawnCli,
  statusIn,
  tempDir,
  waitFor,
} from './support/cli';
import { entries } from './support/journal';

const box = await sandbox();
const dir = tempDir();
const statusOf = statusIn(box);

/** What the gateway answers the admin PUTs with: through to the sandbox, or 429 and this header. */
let retryAfter: string | undefined;
/** The admin PUTs that reached the gateway, with when they arrived (performance.now()). */
const puts: number[] = [];

function pass(req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(box.url);
  const upstream = forward(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  req.pipe(upstream);
}

const gateway = createServer((req, res) => {
  const bulkCall = req.method === 'PUT' && (req.url ?? '').includes('/admin/users/');
  if (bulkCall) puts.push(performance.now());
  if (bulkCall && retryAfter !== undefined) {
    req.resume();
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
    res.end(JSON.stringify({ message: 'Slow down' }));
    return;
  }
  pass(req, res);
});
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  env = envFor(box, { MATCHMAKER_API_BASE: `http://127.0.0.1:${port}` });
  const signedIn = await login(env);
  if (signedIn.code !== 0) throw new Error(signedIn.stderr);
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

/** Longer than a request takes to reach the gateway, far shorter than `--rate 2`'s 500 ms. */
const IN_FLIGHT_MS = 100;

/** Runs `bulk deactivate` over `ids`, Ctrl-C once `ready()` holds; resolves what it did after. */
async function interrupted(name: string, ids: string[], options: string[], ready: () => boolean) {
  const journal = join(dir, `${name}.journal.ndjson`);
  const run = spawnCli(
    ['bulk', 'deactivate', '-i', idsCsv(dir, `${name}.csv`, ids), '--yes', '--journal', journal, ...options],
    { env },
  );
  await waitFor(ready, 15_000);
  const stoppedAt = performance.now();
  run.child.kill('SIGINT');
  const code = await run.exited;
  return {
    code,
    stderr: run.stderr(),
    journal,
    tookMs: performance.now() - stoppedAt,
    // A request already on its way when the signal was sent may still arrive; none may leave after.
    sentAfter: puts.filter((at) => at > stoppedAt + IN_FLIGHT_MS).length,
  };
}

describe('the first Ctrl-C ends every wait of a bulk run', () => {
  it("a run held by the server's Retry-After stops at once: exit 130, nothing more sent, the rows left for --resume", async () => {
    // 16 rows waiting at once: more than Node's default of 10 listeners on one signal.
    const ids = memberIds(box, 16);
    retryAfter = '30';
    const first = puts.length;
    const stopped = await interrupted('held', ids, ['-c', '16'], () => puts.length >= first + 16).finally(
      () => {
        retryAfter = undefined;
      },
    );
    expect(stopped.code).toBe(130);
    // It used to wait out the 30 s (and more, one retry after another) before it exited.
    expect(stopped.tookMs).toBeLessThan(5_000);
    expect(stopped.sentAfter).toBe(0);
    expect(stopped.stderr).toContain('Interrupted, 16 rows not sent again (waiting to retry)');
    expect(stopped.stderr).not.toContain('MaxListenersExceededWarning');
    expect(entries(stopped.journal)).toEqual([]);

    const resumed = spawnCli(
      ['bulk', 'deactivate', '-i', join(dir, 'held.csv'), '--yes', '--journal', stopped.journal, '--resume'],
      { env },
    );
    expect(await resumed.exited).toBe(0);
    expect(ids.map(statusOf)).toEqual(ids.map(() => 'deactivated'));
  });

  it('a run paced by --rate sends nothing after the Ctrl-C', async () => {
    const ids = memberIds(box, 12);
    const first = puts.length;
    const stopped = await interrupted(
      'paced',
      ids,
      ['-c', '8', '--rate', '2'],
      () => puts.length >= first + 2,
    );
    expect(stopped.code).toBe(130);
    expect(stopped.sentAfter).toBe(0);
    expect(stopped.tookMs).toBeLessThan(5_000);
    expect(stopped.stderr).toMatch(/Interrupted, \d+ rows? not sent again \(waiting to retry\)/);
  });
});

describe('a Retry-After longer than a run waits', () => {
  it('stops the run with exit 1 and what to do, without waiting or spinning on an overflowing timer', async () => {
    const ids = memberIds(box, 3);
    retryAfter = '99999999';
    const run = spawnCli(['bulk', 'deactivate', '-i', idsCsv(dir, 'forever.csv', ids), '--yes', '-c', '1'], {
      env,
    });
    const code = await run.exited.finally(() => {
      retryAfter = undefined;
    });
    expect(code).toBe(1);
    expect(run.stderr()).toContain(
      'The server asked to wait 27778 h before any more requests (Retry-After), longer than a run waits (15 min): the run stopped; run it again with --resume later',
    );
    expect(run.stderr()).not.toContain('TimeoutOverflowWarning');
    expect(ids.map(statusOf)).toEqual(ids.map(() => 'active'));
  });
});
