import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli-options';
import { parseDuration, parseLatency, parseRate } from '../src/options';
import { pathOf } from './support/paths';
import { scratchDir } from './support/scratch';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(args: string[]): { child: ChildProcess; output: () => string; ready: Promise<string> } {
  // Node itself, with tsx's loader: tsx's own CLI runs the script in a child and relays a signal
  // to it only after a 30 ms handshake, then SIGKILLs it (exit 130) when a loaded machine's
  // child is slower to answer, as it once was in a fresh-clone CI run. The signal is meant for
  // the sandbox; `pnpm start` runs it with node too.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
  });
  return { child, output: () => text, ready };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

describe('cli', () => {
  it('prints the ready line and the demo logins, serves, and stops cleanly on SIGTERM', async () => {
    const run = start(['--port', '0']);
    const url = await run.ready;
    const response = await fetch(`${url}/sandbox/health`);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run.output()).toContain('member1@sandbox.test');
    run.child.kill('SIGTERM');
    expect(await exited(run.child)).toBe(0);
  });

  it('flushes --data on SIGINT', async () => {
    const file = join(scratchDir('sandbox-cli-'), 'state.json');
    const run = start(['--port', '0', '--data', file, '--access-ttl', '10s']);
    const url = await run.ready;
    const login = await fetch(`${url}${pathOf('accounts.login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member4@sandbox.test', password: 'Sandbox#2026' }),
    });
    const tokens = (await login.json()) as { access_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(10);
    run.child.kill('SIGINT');
    expect(await exited(run.child)).toBe(0);
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { accessTokens: Record<string, unknown> };
    expect(Object.keys(saved.accessTokens)).toContain(tokens.access_token);
  });

  it('says in one line why it could not start, and exits 1 (a damaged journal)', async () => {
    const file = join(scratchDir('sandbox-cli-'), 'state.json');
    const entry = {
      seq: 5,
      method: 'PUT',
      url: '/x',
      headers: {},
      ip: '127.0.0.1',
      clock: [],
      random: [],
      flags: [],
    };
    writeFileSync(`${file}.log`, `{"seq":4,"meth\n${JSON.stringify(entry)}\n`);
    const run = start(['--port', '0', '--data', file]);
    await run.ready.catch(() => {});
    expect(await exited(run.child)).toBe(1);
    expect(run.output()).toBe(
      `matchmaker-sandbox: could not start: ${file}.log: line 1 is not a whole journal entry, and 1 entry follows ` +
        'it that the snapshot does not hold: starting would lose them. Repair or remove that line, then start ' +
        'again (the file is left as it is).\n',
    );
  });

  it('parses flags with units', () => {
    expect(
      parseCli([
        '--port',
        '0',
        '--access-ttl',
        '10s',
        '--latency',
        '50-200',
        '--fail-rate',
        '0.2',
        '--fault-prefix',
        '/api/chats',
      ]),
    ).toMatchObject({
      port: 0,
      accessTtlMs: 10_000,
      latencyMs: { min: 50, max: 200 },
      failRate: 0.2,
      faultPrefix: '/api/chats',
    });
    expect(parseDuration('1500')).toBe(1_500);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseLatency('100')).toEqual({ min: 100, max: 100 });
    expect(parseRate('20%')).toBe(0.2);
    expect(() => parseDuration('soon')).toThrow();
    expect(() => parseCli(['--port', 'abc'])).toThrow();
    expect(parseCli(['--help'])).toBe('help');
  });

  it('accepts the `--` that `pnpm sandbox -- --port 0` passes through', () => {
    expect(parseCli(['--', '--port', '0', '--access-ttl', '10s'])).toMatchObject({
      port: 0,
      accessTtlMs: 10_000,
    });
    // Only a leading one: anything else stays an error.
    expect(() => parseCli(['--port', '0', '--', 'extra'])).toThrow();
  });

  it('sets the refresh reuse window with --refresh-reuse, 0 or off turning it off', () => {
    expect(parseCli(['--refresh-reuse', '30s'])).toMatchObject({ refreshReuseMs: 30_000 });
    expect(parseCli(['--refresh-reuse', '0'])).toMatchObject({ refreshReuseMs: 0 });
    expect(parseCli(['--refresh-reuse', 'off'])).toMatchObject({ refreshReuseMs: 0 });
    expect(parseCli(['--port', '0'])).not.toHaveProperty('refreshReuseMs');
    expect(() => parseCli(['--refresh-reuse', 'soon'])).toThrow("Invalid duration 'soon'");
  });

  it('turns provider states on only with --pact-states', () => {
    expect(parseCli(['--port', '0'])).not.toHaveProperty('pactStates');
    expect(parseCli(['--port', '0', '--pact-states'])).toMatchObject({ pactStates: true });
  });
});
