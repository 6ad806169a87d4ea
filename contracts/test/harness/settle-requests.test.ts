/**
 * settle-requests.ts (a vitest setup file) reads the Pact mock server's request log through
 * pact-core's private API. A Pact upgrade that drops it must stop the run with a clear error,
 * never leave the setup file silently doing nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMismatchReader, mismatchReader } from '../support/pact-core-mismatches';

const dir = mkdtempSync(join(tmpdir(), 'contracts-settle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("settle-requests.ts and pact-core's private API", () => {
  it('fails loudly, naming the pact-core version, when makeConsumerPact is gone', () => {
    expect(() => mismatchReader({}, '99.0.0')).toThrow(/pact-core 99\.0\.0 has no makeConsumerPact/);
    expect(() => mismatchReader(undefined, '99.0.0')).toThrow(/pact-core 99\.0\.0/);
  });

  it('fails loudly, naming the pact-core version, when its handles lose mockServerMismatches', () => {
    expect(() => mismatchReader({ makeConsumerPact: () => ({}) }, '99.0.0')).toThrow(
      /pact-core 99\.0\.0 .*mockServerMismatches/,
    );
  });

  it("reads a mock server's log through the installed pact-core, and nothing where none listens", async () => {
    const read = loadMismatchReader();
    expect(read(1)).toBeUndefined();
    const pact = new PactV4({ consumer: 'settle-check', provider: 'settle-check', dir, logLevel: 'error' });
    await pact
      .addInteraction()
      .uponReceiving('a ping')
      .withRequest('GET', '/ping')
      .willRespondWith(204)
      .executeTest(async (server) => {
        expect(read(server.port)).toEqual([expect.objectContaining({ type: 'missing-request' })]);
        await fetch(`${server.url}/ping`);
        expect(read(server.port)).toEqual([]);
      });
  });
});
