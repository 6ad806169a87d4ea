/**
 * The catalogue's docs are not in what browsers download (pnpm test builds web/dist first:
 * scripts/ensure-build), while the data the client runs on is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointList } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { probeOf } from '../../scripts/strip-endpoint-docs';
import { WEB_DIST } from '../harness/browser';

const assets = join(WEB_DIST, 'assets');
const chunks = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, code: readFileSync(join(assets, name), 'utf8') }));

describe('web/dist', () => {
  it('holds the catalogue entries the client runs on', () => {
    // The chunk holding the client's module (it shares one with what signed-in pages load with
    // it: scripts/chunk-groups.ts), as the build's chunk map names it.
    const chunkModules: Record<string, Record<string, number>> = JSON.parse(
      readFileSync(join(WEB_DIST, '.vite', 'chunk-modules.json'), 'utf8'),
    );
    const file = Object.keys(chunkModules).find(
      (name) => 'src/lib/client-factory.ts' in (chunkModules[name] ?? {}),
    );
    const client = chunks.find((chunk) => `assets/${chunk.name}` === file);
    expect(client).toBeDefined();
    for (const entry of endpointList) expect(client?.code).toContain(entry.id);
  });

  it('holds no summary or failures description of the catalogue, in any chunk', () => {
    const texts = endpointList.flatMap((entry) => [
      entry.summary,
      ...Object.values(entry.failures ?? {}).map((failure) =>
        typeof failure === 'string' ? failure : failure.description,
      ),
    ]);
    expect(texts.length).toBeGreaterThan(endpointList.length);
    const leaks = chunks.flatMap(({ name, code }) =>
      texts.filter((text) => code.includes(probeOf(text))).map((text) => `${name}: ${text}`),
    );
    expect(leaks).toEqual([]);
  });
});
