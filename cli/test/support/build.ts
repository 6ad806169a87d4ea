/**
 * vitest global setup: builds the binary the spawned tests run (and the SDK build it imports,
 * when missing), so `pnpm --filter @matchmaker/cli test` works on a fresh checkout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const cli = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const sdk = join(cli, '..', 'sdk');
  if (!existsSync(join(sdk, 'dist', 'index.js')))
    execFileSync('pnpm', ['run', 'build'], { cwd: sdk, stdio: 'ignore' });
  execFileSync('pnpm', ['run', 'build'], { cwd: cli, stdio: 'ignore' });
}
