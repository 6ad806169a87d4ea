import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSchema } from '../../src/schemas/index';
import { sampleUser } from '../support/client';
import { realtimeClient } from './support/clients';
import { type RealtimeTestServer, startRealtimeServer, waitFor } from './support/socket-server';

const sdkRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = join(sdkRoot, 'test/realtime/fixtures/logout-exit.ts');

let server: RealtimeTestServer;
beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

interface ChildResult {
  code: number | null;
  report: { before: string[]; after: string[]; resources: string[] };
  /** The wait of each timer made after the report (printed right after logout), up to the exit. */
  timersAfter: number[];
}

/**
 * Runs the fixture; fails if the process has not exited on its own 5 s after its report (printed
 * once it has logged out). Starting it (tsx compiling the SDK) takes a second or two, and many
 * more on a loaded machine: that is given 25 s, and a child that never reports says so.
 */
async function runChild(env: Record<string, string>): Promise<ChildResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: sdkRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let reported = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    reported ||= stdout.includes('\n');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const startedWaiting = await Promise.race([
    exited.then(() => 'exited' as const),
    waitFor(() => reported, 25_000).then(() => 'reported' as const),
  ]).catch(() => 'silent' as const);
  if (startedWaiting === 'silent') {
    child.kill('SIGKILL');
    throw new Error(`the child process printed no report in 25 s\n${stdout}${stderr}`);
  }
  const deadline = new Promise<'hung'>((resolve) => {
    const timer = setTimeout(() => resolve('hung'), 5_000);
    void exited.finally(() => clearTimeout(timer));
  });
  if ((await Promise.race([exited, deadline])) === 'hung') {
    child.kill('SIGKILL');
    throw new Error(`the child process did not exit on its own after logout\n${stdout}${stderr}`);
  }
  const [code] = await exited;
  const [report, last] = stdout.trim().split('\n');
  if (!report || !last) throw new Error(`the child process failed (${code}):\n${stdout}${stderr}`);
  return { code, report: JSON.parse(report), timersAfter: JSON.parse(last).timersAfter };
}

describe('logout', () => {
  it('leaves no open socket and no timer: a process that logged out exits on its own', async () => {
    const result = await runChild({ REALTIME_URL: server.url, MODE: 'connected' });
    expect(result.code).toBe(0);
    expect(result.report.before).toEqual(['connected', 'connected']);
    expect(result.report.after).toEqual(['idle', 'idle']);
    expect(result.report.resources.filter((r) => r === 'Timeout' || r === 'TCPSocketWrap')).toEqual([]);
    expect(result.timersAfter).toEqual([]);
    expect(server.stats.logoutCalls).toBe(1);
    await waitFor(
      () => server.sockets('/chat').length === 0 && server.sockets('/notifications').length === 0,
    );
  }, 45_000);

  it('cancels scheduled retries: a process logging out while waiting to reconnect exits at once', async () => {
    // A port nobody listens on: every attempt fails and a retry 1 to 5 s later is scheduled.
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runChild({ REALTIME_URL: `http://127.0.0.1:${port}`, MODE: 'waiting' });
    expect(result.code).toBe(0);
    expect(result.report.before).toEqual(['waiting', 'waiting']);
    expect(result.report.after).toEqual(['idle', 'idle']);
    expect(result.report.resources.filter((r) => r === 'Timeout' || r === 'TCPSocketWrap')).toEqual([]);
    // A leaked retry timer would hold the process for its remaining 1 to 5 s.
    expect(result.timersAfter).toEqual([]);
  }, 45_000);

  it('drops every listener: after logging in again, old handlers hear nothing', async () => {
    const { client } = realtimeClient(server.url);
    await client.realtime.connect();
    const heard: unknown[] = [];
    client.realtime.chat.on('new_message', (m) => heard.push(m));
    await client.session.logout();
    expect(client.realtime.chat.state).toBe('idle');
    expect(client.realtime.notifications.state).toBe('idle');
    await waitFor(() => server.sockets('/chat').length === 0);

    await client.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    client.session.setUser(userSchema.parse(sampleUser()));
    await client.realtime.connect();
    const fresh: unknown[] = [];
    client.realtime.chat.on('new_message', (m) => fresh.push(m));
    server.io.of('/chat').emit('new_message', { id: 1 });
    await waitFor(() => fresh.length === 1);
    expect(heard).toEqual([]);
  });
});
