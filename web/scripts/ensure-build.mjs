/**
 * Builds web/dist when it is missing or older than the sources (src, index.html, the SDK's src,
 * the Vite config), so `pnpm test` and `size` always look at the current app without rebuilding
 * needlessly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(web, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/serving',
  'scripts/strip-endpoint-docs.ts',
  'package.json',
  '.env.production',
  '../sdk/src',
];
const sources = Math.max(...inputs.map((input) => newest(join(web, input))));
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  console.log('web: building dist (missing or older than its sources)');
  execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}
