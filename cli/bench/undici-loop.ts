/**
 * The baseline of the bulk benchmark: the same PUT .../deactivate requests as the CLI sends, at
 * the same concurrency, with undici.request on a keep-alive pool and nothing else (no journal,
 * no retries, no validation). Prints the elapsed milliseconds of the loop and the CPU time the
 * process spent in it (every thread: the garbage collector's helpers too).
 *
 *   tsx bench/undici-loop.ts URL TOKEN IDS_FILE CONCURRENCY
 */
import { readFileSync } from 'node:fs';
import { endpoints } from '@matchmaker/sdk/schemas';
import { Agent, request } from 'undici';

const [url = '', token = '', file = '', concurrencyText = '16'] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const ids = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean);
const path = endpoints['admin.deactivateUser'].path;
const agent = new Agent({ connections: concurrency, pipelining: 1 });

let next = 0;
let failed = 0;
async function worker(): Promise<void> {
  while (next < ids.length) {
    const id = ids[next++] ?? '';
    const response = await request(`${url}${path.replace('{id}', encodeURIComponent(id))}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache', pragma: 'no-cache' },
      dispatcher: agent,
    });
    await response.body.text();
    if (response.statusCode >= 300) failed += 1;
  }
}

const started = performance.now();
const cpu = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
await agent.close();
process.stdout.write(
  `${JSON.stringify({ elapsedMs: Math.round(elapsed), cpuMs: Math.round((user + system) / 1000), failed, rows: ids.length })}\n`,
);
