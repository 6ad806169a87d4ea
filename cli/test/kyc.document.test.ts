/** `kyc document`: the bytes exactly, through a real pipe and into files; never onto a terminal. */
import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request as forward, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINARY, cli, envFor, login, sandbox, spawnCli, tempDir, waitFor } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let docId: string;
/** The document as the API serves it, read without the CLI. */
let expected: Buffer;

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
  const client = createClient({ baseURL: box.url, locks: null });
  await client.accounts.login({ email: 'admin@sandbox.test', password: DEMO_PASSWORD });
  const requests = await client.kyc.listRequests({ page: 1 });
  const document = requests.requests.flatMap((request) => request.documents ?? [])[0];
  if (!document) throw new Error('the sandbox has no KYC document');
  docId = String(document.id);
  expected = Buffer.from(await (await client.kyc.getDocument(docId)).arrayBuffer());
});

/** Runs the binary with stdout a pipe and collects the bytes it writes there. */
function piped(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const child = spawn(process.execPath, [BINARY, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(chunks), stderr }));
  });
}

/** Runs the binary on a pseudo-terminal (util-linux `script`). */
async function onTerminal(args: string[]): Promise<{ code: number; output: string }> {
  const command = [process.execPath, BINARY, ...args].map((word) => `'${word}'`).join(' ');
  try {
    const { stdout } = await promisify(execFile)('script', ['-qefc', command, '/dev/null'], {
      env: { ...env, TERM: 'xterm' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? 1, output: failed.stdout ?? '' };
  }
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('kyc document to stdout', () => {
  it('writes the exact bytes through a pipe, for -O -, /dev/stdout and /proc/self/fd/1', async () => {
    expect(expected.some((byte) => byte >= 0x80)).toBe(true);
    for (const target of ['-', '/dev/stdout', '/proc/self/fd/1']) {
      const result = await piped(['kyc', 'document', docId, '-O', target]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.equals(expected), target).toBe(true);
      expect(result.stderr).toContain(`Saved ${expected.length} bytes`);
    }
  });

  it('refuses a terminal however it is named: -O -, /dev/stdout, /proc/self/fd/1, /dev/tty (exit 2)', async () => {
    for (const target of ['-', '/dev/stdout', '/proc/self/fd/1', '/dev/tty']) {
      const result = await onTerminal(['kyc', 'document', docId, '-O', target]);
      expect(result.code, target).toBe(2);
      expect(result.output).toContain('never written to a terminal');
      expect(result.output).not.toContain('PNG');
    }
  });
});

describe('kyc document -O FILE', () => {
  it('writes a new file 0600 with the exact bytes', async () => {
    const target = join(tempDir(), 'doc.png');
    const result = await cli(['kyc', 'document', docId, '-O', target], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(target).equals(expected)).toBe(true);
    expect(mode(target)).toBe(0o600);
  });

  it('refuses to replace an existing file without --force (exit 2); --force replaces it, 0600', async () => {
    const dir = tempDir();
    const target = join(dir, 'doc.png');
    writeFileSync(target, 'keep me');
    chmodSync(target, 0o644);
    const refused = await cli(['kyc', 'document', docId, '-O', target], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${target} already exists: pass --force to replace it`);
    expect(readFileSync(target, 'utf8')).toBe('keep me');

    const forced = await cli(['kyc', 'document', docId, '-O', target, '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(target).equals(expected)).toBe(true);
    expect(mode(target)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['doc.png']);
  });

  it('replaces a symlink at FILE with the document and leaves what it pointed to alone', async () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    chmodSync(victim, 0o644);
    const target = join(dir, 'doc.png');
    symlinkSync(victim, target);
    const refused = await cli(['kyc', 'document', docId, '-O', target], { env });
    expect(refused.code).toBe(2);
    expect(readFileSync(victim, 'utf8')).toBe('precious');

    const forced = await cli(['kyc', 'document', docId, '-O', target, '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(lstatSync(target).isSymbolicLink()).toBe(false);
    expect(readFileSync(target).equals(expected)).toBe(true);
    expect(mode(target)).toBe(0o600);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(mode(victim)).toBe(0o644);

    const dangling = join(dir, 'dangling.png');
    symlinkSync(join(dir, 'nowhere', 'x'), dangling);
    expect((await cli(['kyc', 'document', docId, '-O', dangling], { env })).code).toBe(2);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });

  it('a folder, or a file in a folder that does not exist: exit 2 before anything is downloaded', async () => {
    const dir = tempDir();
    const folder = await cli(['kyc', 'document', docId, '-O', dir], { env });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('is a folder');
    const missing = await cli(['kyc', 'document', docId, '-O', join(dir, 'no', 'doc.png')], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist');
  });

  it('an empty name, a name ending in /, or a path through a file: exit 2 saying which', async () => {
    const dir = tempDir();
    const file = join(dir, 'plain.txt');
    writeFileSync(file, 'x');
    for (const [target, says] of [
      ['', '-O needs a file name'],
      [join(dir, 'new/'), 'ends with /: name the file to write'],
      [join(file, 'doc.png'), `${file} is not a folder`],
    ] as const) {
      const result = await cli(['kyc', 'document', docId, '-O', target], { env });
      expect(result.code, `${target}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(says);
    }
  });
});

describe('kyc document -O FILE stopped during a slow download', () => {
  /** Documents whose first half the gateway has sent; the rest never comes. */
  const stalled: ServerResponse[] = [];
  // In front of the sandbox: a document's headers and first half, then nothing; the rest passes.
  const gateway = createServer((req, res) => {
    const target = new URL(box.url);
    const upstream = forward(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (!(req.url ?? '').includes('/documents/')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': body.length });
          res.write(body.subarray(0, body.length >> 1), () => stalled.push(res));
        });
      },
    );
    req.pipe(upstream);
  });
  let slowEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    slowEnv = envFor(box, { MATCHMAKER_API_BASE: `http://127.0.0.1:${port}` });
    expect((await login(slowEnv)).code).toBe(0);
  });
  afterAll(async () => {
    for (const res of stalled) res.destroy();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  it.each([
    ['SIGINT', false],
    ['SIGTERM', true],
  ] as const)(
    '%s: exit 130, the temp file removed, FILE untouched (replacing: %s)',
    async (signal, replacing) => {
      const dir = tempDir();
      const target = join(dir, 'doc.png');
      if (replacing) writeFileSync(target, 'keep me');
      const before = stalled.length;
      const run = spawnCli(['kyc', 'document', docId, '-O', target, ...(replacing ? ['--force'] : [])], {
        env: slowEnv,
      });
      await waitFor(() => stalled.length > before);
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toHaveLength(1);
      run.child.kill(signal);
      expect(await run.exited, run.stderr()).toBe(130);
      expect(run.stderr()).toContain('Interrupted');
      expect(readdirSync(dir)).toEqual(replacing ? ['doc.png'] : []);
      if (replacing) expect(readFileSync(target, 'utf8')).toBe('keep me');
    },
  );
});
