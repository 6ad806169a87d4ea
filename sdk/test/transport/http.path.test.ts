import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

describe('path parameters', () => {
  const server = useTestServer();

  it('refuse "." and "..", which a URL resolves into another path, and send nothing', async () => {
    const client = testClient(server.url);
    for (const id of ['..', '.']) {
      const error = await client.admin.deleteUser(id).catch((e: unknown) => e);
      expect(isContractError(error)).toBe(true);
      expect(String(error)).toContain('params.id');
      const kyc = await client.kyc.getUserRequest(id, id).catch((e: unknown) => e);
      expect(isContractError(kyc)).toBe(true);
    }
    expect(server.requests).toEqual([]);
  });

  it('keep any other value one segment of the path, slashes and dots included', async () => {
    const client = testClient(server.url);
    for (const id of ['a/../b', '...', '.hidden', '%2e%2e', '?x=1#y']) {
      await client.admin.deleteUser(id).catch(() => {});
      const sent = server.requests.at(-1);
      expect(sent?.method).toBe('DELETE');
      // DELETE .../users/{id}/: the id is the segment before the closing slash.
      expect(decodeURIComponent(sent?.path.split('/').at(-2) ?? '')).toBe(id);
    }
  });
});
