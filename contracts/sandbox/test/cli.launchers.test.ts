/**
 * The commands README.md gives, run the way a developer runs them: through pnpm, which nests
 * pnpm → sh → pnpm → sh → tsx → node and does not forward SIGTERM to its script. A SIGTERM to the
 * outer pnpm must still stop the server (the CLI notices that its launchers are gone).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathOf } from './support/paths';
import { descendants, killAll, stopsAnswering, watch } from './support/processes';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const READY = /^Sandbox ready on (http:\/\/127\.0\.0\.1:\d+)$/m;

async function runThroughPnpm(cwd: string, args: string[], check?: (url: string) => Promise<void>) {
  const child = spawn('pnpm', args, {
    cwd,
    env: { ...process.env, PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = watch(child);
  let tree: number[] = [];
  try {
    const url = (await run.waitFor(READY, 45_000))[1] ?? '';
    tree = descendants(child.pid ?? 0);
    expect((await fetch(`${url}/sandbox/health`)).status).toBe(200);
    await check?.(url);
    child.kill('SIGTERM');
    expect(await stopsAnswering(`${url}/sandbox/health`, 6_000), run.output()).toBe(true);
  } finally {
    killAll([...tree, child.pid ?? 0].filter((pid) => pid > 0));
  }
}

describe('launching through pnpm', () => {
  it('`pnpm sandbox --port 0` at the root stops when its pnpm gets SIGTERM', async () => {
    await runThroughPnpm(repoRoot, ['sandbox', '--port', '0']);
  }, 60_000);

  it("the package's `pnpm sandbox -- --port 0 --access-ttl 10s` starts, honours the flags and stops", async () => {
    await runThroughPnpm(packageDir, ['sandbox', '--', '--port', '0', '--access-ttl', '10s'], async (url) => {
      const login = await fetch(`${url}${pathOf('accounts.login')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'member1@sandbox.test', password: 'Sandbox#2026' }),
      });
      expect(((await login.json()) as { expires_in: number }).expires_in).toBe(10);
    });
  }, 60_000);
});
