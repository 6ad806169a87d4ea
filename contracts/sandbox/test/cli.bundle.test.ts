/**
 * The `pnpm start` path: the package's `start` script runs the tsup bundle with node, on the port
 * from PORT. The bundle is (re)built first when it is missing or older than its sources.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { descendants, freePort, killAll, watch } from './support/processes';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(packageDir, 'dist/cli.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

beforeAll(() => {
  const sources = Math.max(
    newestSource(join(packageDir, 'src')),
    newestSource(join(packageDir, '../../sdk/src')),
    statSync(join(packageDir, 'tsup.config.ts')).mtimeMs,
  );
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
    execFileSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'ignore', timeout: 60_000 });
  }
}, 90_000);

describe('the built bundle (pnpm start)', () => {
  it('listens on PORT, prints the exact ready line, and stops on SIGTERM', async () => {
    const scripts = (
      JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
        scripts: { start: string };
      }
    ).scripts;
    // `node dist/cli.js --web ../../web/dist`: run what the script runs, with this node.
    const [command, ...args] = scripts.start.split(/\s+/);
    expect(command).toBe('node');
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: packageDir,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = watch(child);
    try {
      const ready = new RegExp(`^Sandbox ready on http://127\\.0\\.0\\.1:${port}$`, 'm');
      await run.waitFor(ready, 20_000);
      expect((await fetch(`http://127.0.0.1:${port}/sandbox/health`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await run.exited()).toBe(0);
    } finally {
      killAll([...descendants(child.pid ?? 0), child.pid ?? 0].filter((pid) => pid > 0));
    }
  }, 40_000);
});
