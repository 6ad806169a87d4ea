/**
 * `pnpm --filter @matchmaker/web bench:startup`: how long the SDK's parts of a member page's
 * start-up hold Chromium's main thread, under Lighthouse's mobile CPU slowdown (4x, CDP
 * `Emulation.setCPUThrottlingRate`), in a production build (Vite, the app's resolve conditions):
 * the SDK root's import (zod's modules, the endpoint catalogue and every schema it builds),
 * `createClient`, start-up up to where the first screen can render (user info answered) and its
 * rest (the subscription, the DAU event after an idle moment), the DAU event built alone (its time
 * zone is the page's first Intl use unless start-up read it first), the first page of
 * recommendations through the client (JSON, the zod check, the unknown-field scan) and again,
 * and the public `@matchmaker/sdk/schemas` entry on top. Prints the median, min and max of
 * each phase over `--runs` fresh pages, with the load average: compare builds side by side.
 *
 *   pnpm --filter @matchmaker/web bench:startup                 # 7 runs, 4x
 *   pnpm --filter @matchmaker/web bench:startup --runs 15 --cpu 1
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '@matchmaker/sandbox';
import { createClient } from '@matchmaker/sdk';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from '../test/harness/browser';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    cpu: { type: 'string', default: '4' },
    out: { type: 'string', default: '' },
  },
});
const runs = Number(values.runs);
const cpu = Number(values.cpu);
if (!Number.isInteger(runs) || runs < 1)
  throw new RangeError(`--runs must be a whole number from 1, got ${values.runs}`);
if (!(cpu >= 1)) throw new RangeError(`--cpu must be a number from 1, got ${values.cpu}`);

const root = join(import.meta.dirname, 'startup-phases');
const outDir = values.out || join(import.meta.dirname, '..', 'artifacts', 'startup-phases');

/** member1's user info and first page of recommendations (about 130 KB), as the sandbox answers them. */
async function fixtures(): Promise<{ user: string; list: string }> {
  const sandbox = await startSandbox({ port: 0 });
  try {
    const client = createClient({ baseURL: sandbox.url });
    await client.accounts.login({ email: 'member1@sandbox.test', password: DEMO_PASSWORD });
    let body: unknown;
    const options = {
      hooks: {
        afterResponse: (info: { body: unknown }) => {
          body = info.body;
          return undefined;
        },
      },
    };
    await client.accounts.userInfo(options);
    const user = JSON.stringify(body);
    await client.recommendations.list({ page: 1 }, options);
    return { user, list: JSON.stringify(body) };
  } finally {
    await sandbox.close();
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

await build({
  root,
  logLevel: 'warn',
  resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
  build: { outDir, emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false } },
});
const { user, list } = await fixtures();
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/list.json' || path === '/user.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(path === '/user.json' ? user : list);
    return;
  }
  try {
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) throw new Error('outside');
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
const samples = new Map<string, number[]>();
const loads: number[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    loads.push(loadavg()[0] ?? 0);
    await page.goto(origin, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__phases !== undefined, { timeout: 60_000 });
    const phases = await page.evaluate(() => window.__phases);
    await context.close();
    if (!phases || 'error' in phases) throw new Error(`the bench page failed: ${String(phases?.error)}`);
    for (const [name, ms] of Object.entries(phases)) samples.set(name, [...(samples.get(name) ?? []), ms]);
  }
} finally {
  await browser.close();
  server.close();
}

const stat = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
};
console.log(`SDK start-up phases, ${runs} runs, CPU ${cpu}x, list ${(list.length / 1024).toFixed(1)} KB`);
console.log(`load average at each run: ${loads.map((l) => l.toFixed(1)).join(' ')}`);
console.log('phase              median ms   min    max');
for (const [name, list] of samples) {
  const { median, min, max } = stat(list);
  console.log(
    `${name.padEnd(18)} ${median.toFixed(1).padStart(9)} ${min.toFixed(1).padStart(6)} ${max.toFixed(1).padStart(6)}`,
  );
}
