/**
 * The verification a backend team runs without Node code of ours: the standalone Rust verifier
 * (`pact-verifier` from @pact-foundation/pact-cli) over the whole pacts folder, one provider name
 * at a time (the verifier only picks the pacts of the provider it is told it verifies), against a
 * separately started provider with its state-change endpoint.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTTP_PROVIDERS, type HttpProvider } from '../names';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** The pact-verifier launcher of @pact-foundation/pact-cli (it runs the platform's Rust binary). */
export function pactVerifierBin(): string {
  return join(dirname(require.resolve('@pact-foundation/pact-cli/package.json')), 'bin', 'pact-verifier.js');
}

export interface StandaloneRun {
  provider: HttpProvider;
  code: number | null;
  output: string;
}

export function collect(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}

/**
 * `pact-verifier --dir <pacts> --provider-name <provider> --hostname --port --state-change-url`,
 * once per provider in the given order. Resolves with each run's exit code and output.
 */
export async function runStandaloneVerifier(
  baseUrl: string,
  options: { providers?: readonly HttpProvider[]; pactDir?: string; stateUrl?: string } = {},
): Promise<StandaloneRun[]> {
  const url = new URL(baseUrl);
  const pactDir = options.pactDir ?? resolve(packageRoot, 'pacts');
  const stateUrl = options.stateUrl ?? `${url.origin}/_pact/state`;
  const runs: StandaloneRun[] = [];
  for (const provider of options.providers ?? HTTP_PROVIDERS) {
    const child = spawn(
      process.execPath,
      [
        pactVerifierBin(),
        '--dir',
        pactDir,
        '--provider-name',
        provider,
        '--hostname',
        url.hostname,
        '--port',
        url.port || (url.protocol === 'https:' ? '443' : '80'),
        '--transport',
        url.protocol.replace(':', ''),
        '--state-change-url',
        stateUrl,
        '--no-colour',
      ],
      { env: { ...process.env, PACT_DO_NOT_TRACK: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    runs.push({ provider, ...(await collect(child)) });
  }
  return runs;
}

export interface SandboxProcess {
  url: string;
  stop(): Promise<void>;
}

/** `node` arguments that run a TypeScript entry point of this repository with tsx, from source. */
export function tsxArgs(script: string, args: readonly string[] = []): string[] {
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  return [tsx, '--conditions=source', script, ...args];
}

/** The sandbox as its own process (`pnpm sandbox --pact-states`), as a backend team would run theirs. */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const cli = resolve(packageRoot, 'sandbox', 'src', 'cli.ts');
  const child = spawn(
    process.execPath,
    tsxArgs(cli, ['--port', '0', '--host', '127.0.0.1', '--pact-states']),
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the sandbox did not start within 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sandbox ready on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      done(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the sandbox exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
