/**
 * The consumer tests' clients keep the SDK's retry policies (they are part of what the SDK does),
 * so a request the Pact mock server does not match (it answers 500) would be retried: 5 times,
 * 5 s apart, for devices.register. `failFast(server)` ends that wait at the first 5xx.
 *
 * The mock server's own mismatch report is logged (pact-js logs it at error level, the lowest it
 * has) while this test passes: that log is expected.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointList, endpoints } from '@matchmaker/sdk/schemas';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import { failFast, memberClient } from '../support/clients';

// A pact of its own, in a scratch directory: a failing test never writes one, but the real pact
// directory is no place for it either way.
const dir = mkdtempSync(join(tmpdir(), 'contracts-fail-fast-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('consumer test clients', () => {
  it('fail a retried call at the first mismatch, naming it, instead of waiting out its retries', async () => {
    expect(endpoints['devices.register'].retry?.retries).toBeGreaterThan(0);
    const pact = new PactV4({
      consumer: 'fail-fast-check',
      provider: 'fail-fast-check',
      dir,
      logLevel: 'error',
    });
    const started = Date.now();
    const outcome = pact
      .addInteraction()
      .uponReceiving('a device registration the SDK does not send (an expected mismatch)')
      .withRequest('POST', '/api/usermgmt/v2/devices', (builder) => builder.jsonBody({ unexpected: true }))
      .willRespondWith(200)
      .executeTest(async (server) => {
        await memberClient(server).devices.register(
          { location: 'Lagos, Nigeria', type: 'BROWSER', active: true },
          failFast(server),
        );
      });
    await expect(outcome).rejects.toMatchObject({
      name: 'AbortedError',
      cause: { message: expect.stringMatching(/POST \/api\/usermgmt\/v2\/devices.*HTTP 500.*mismatch/s) },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('leave calls the mock server matches alone', async () => {
    const pact = new PactV4({
      consumer: 'fail-fast-check',
      provider: 'fail-fast-check',
      dir,
      logLevel: 'error',
    });
    await pact
      .addInteraction()
      .uponReceiving('a device registration')
      .withRequest('POST', '/api/usermgmt/v2/devices')
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          id: 'device-1',
          location: 'Lagos',
          type: 'BROWSER',
          active: true,
          created_at: '2026-01-15T10:00:00.000Z',
        }),
      )
      .executeTest(async (server) => {
        const device = await memberClient(server).devices.register(
          { location: 'Lagos', type: 'BROWSER', active: true },
          failFast(server),
        );
        expect(device).toMatchObject({ id: 'device-1' });
      });
  });
});

/** The text of each interaction of a consumer test file: from `interaction(pact, 'id'` to the next one. */
function interactionsIn(source: string): { endpoint: string; text: string }[] {
  const starts = [...source.matchAll(/interaction\(\s*pact,\s*'([\w.]+)'/g)];
  return starts.map((match, index) => ({
    endpoint: match[1] as string,
    text: source.slice(match.index, starts[index + 1]?.index ?? source.length),
  }));
}

describe('consumer tests', () => {
  it('call every catalogue entry that has a retry policy with failFast(server)', () => {
    const retried = new Set(endpointList.filter((entry) => entry.retry).map((entry) => entry.id));
    const dir = new URL('../consumer/', import.meta.url);
    const found: string[] = [];
    const without: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.test.ts'))) {
      for (const { endpoint, text } of interactionsIn(readFileSync(new URL(file, dir), 'utf8'))) {
        if (!retried.has(endpoint)) continue;
        found.push(endpoint);
        if (!text.includes('failFast(server)')) without.push(`${file}: ${endpoint}`);
      }
    }
    expect(new Set(found)).toEqual(retried);
    expect(without, 'retried calls without failFast(server)').toEqual([]);
  });
});
