/**
 * Where the bulk benchmark's gap goes: the same PUT .../deactivate requests as the undici loop
 * and the CLI, at the same concurrency, through one more layer of the CLI's call path at a time.
 * Prints the elapsed milliseconds and CPU time of the loop, like `undici-loop.ts`.
 *
 *   tsx bench/layers.ts LAYER URL TOKEN IDS_FILE CONCURRENCY
 *
 * LAYER is one of:
 *   fetch      the CLI's pooled fetch (`src/bulk/http.ts`), each answer read as text;
 *   validated  the same, each answer parsed and checked with the endpoint's zod schema, which is
 *              what any client that checks its answers has to do;
 *   sdk        `client.admin.deactivateUser(id, { signal })` over that fetch, one signal for the
 *              whole run, as `matchmaker bulk` calls it (without the CLI's reading, journal and
 *              retries around it).
 */
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';
import { endpoints } from '@matchmaker/sdk/schemas';
import { pooledFetch } from '../src/bulk/http';

const LAYERS = ['fetch', 'validated', 'sdk'] as const;
const [layer = '', url = '', token = '', file = '', concurrencyText = '16'] = process.argv.slice(2);
if (!(LAYERS as readonly string[]).includes(layer)) {
  throw new Error(`unknown layer '${layer}': use ${LAYERS.join(', ')}`);
}
const concurrency = Number(concurrencyText);
const ids = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean);
const endpoint = endpoints['admin.deactivateUser'];
const pool = pooledFetch(concurrency);
const client = createClient({
  baseURL: url,
  tokenStore: new MemoryTokenStore({ accessToken: token, refreshToken: '' }),
  locks: null,
  onError: () => {},
  fetch: pool.fetch,
});
const run = new AbortController();
setMaxListeners(0, run.signal);
const headers = { authorization: `Bearer ${token}`, 'cache-control': 'no-cache', pragma: 'no-cache' };

let next = 0;
let failed = 0;
async function direct(id: string, validate: boolean): Promise<void> {
  const response = await pool.fetch(`${url}${endpoint.path.replace('{id}', encodeURIComponent(id))}`, {
    method: 'PUT',
    headers,
    signal: run.signal,
  });
  const text = await response.text();
  if (!response.ok) failed += 1;
  else if (validate && !endpoint.response.safeParse(JSON.parse(text)).success) {
    throw new Error(`the answer for ${id} does not match the contract`);
  }
}

async function worker(): Promise<void> {
  while (next < ids.length) {
    const id = ids[next++] ?? '';
    if (layer === 'sdk') {
      await client.admin.deactivateUser(id, { signal: run.signal }).catch(() => {
        failed += 1;
      });
    } else {
      await direct(id, layer === 'validated');
    }
  }
}

const started = performance.now();
const cpu = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
await pool.close();
process.stdout.write(
  `${JSON.stringify({ elapsedMs: Math.round(elapsed), cpuMs: Math.round((user + system) / 1000), failed, rows: ids.length })}\n`,
);
