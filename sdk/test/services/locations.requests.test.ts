import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

describe('locations service requests', () => {
  it("search POSTs {cordinates: {longitude, latitude}} (the contract's spelling) and parses the place", async () => {
    server.handle(() => ({
      body: { city: 'Lagos', country: 'Nigeria', country_code: 'NG', region: 'Lagos' },
    }));
    const answer = await testClient(server.url).locations.search({ longitude: 3.3792, latitude: 6.5244 });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/main/v2/locations/search');
    expect(request.json).toEqual({ cordinates: { longitude: 3.3792, latitude: 6.5244 } });
    expect(answer).toEqual({ city: 'Lagos', country: 'Nigeria', country_code: 'NG', region: 'Lagos' });
  });

  it('accepts null values for an unknown place', async () => {
    server.handle(() => ({ body: { city: null, country: null, country_code: null } }));
    const answer = await testClient(server.url).locations.search({ longitude: 0, latitude: 0 });
    expect(answer).toEqual({ city: null, country: null, country_code: null });
  });

  it('an answer without country_code is a contract error naming the field', async () => {
    server.handle(() => ({ body: { city: 'Lagos', country: 'Nigeria' } }));
    const error = await testClient(server.url)
      .locations.search({ longitude: 3.3792, latitude: 6.5244 })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('locations.search: response.country_code');
  });
});
