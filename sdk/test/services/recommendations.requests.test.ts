import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { recommendationSchema } from '../../src/schemas/recommendation';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(() => ({ body: {} }));

const lastRequest = () => server.lastRequest();

const BASE = '/api/recommendations/v2';
const recommendation = {
  id: 'r-1',
  recipient_id: 'kc-2',
  metaData: {
    profile: { keycloakId: 'kc-2', username: 'amina_k', height: 168 },
    images: ['https://cdn.example/a.jpg', { filename: 'b.jpg', image_type: 'Profile Photo' }],
  },
};

describe('recommendations service requests', () => {
  it('list sends ?page=&per_page=50', async () => {
    server.handle(() => ({ body: { recommendations: [recommendation] } }));
    const answer = await testClient(server.url).recommendations.list({ page: 1 });
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${BASE}/matches/recommendations/`);
    expect(Object.fromEntries(request.query)).toEqual({ page: '1', per_page: '50' });
    expect(answer).toEqual({ recommendations: [recommendation] });
  });

  it('the recommendation schema reads metaData.profile.keycloakId and image records or URLs', () => {
    const parsed = recommendationSchema.parse(recommendation);
    expect(parsed.metaData?.profile?.keycloakId).toBe('kc-2');
    expect(parsed.metaData?.images).toHaveLength(2);
  });

  it('respond PUTs {status} to /matches/recommendations/{id}', async () => {
    server.handle(() => ({ body: { id: 'r-1', status: 'ACCEPTED' } }));
    const answer = await testClient(server.url).recommendations.respond('r-1', { status: 'ACCEPTED' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`${BASE}/matches/recommendations/r-1`);
    expect(request.json).toEqual({ status: 'ACCEPTED' });
    expect(answer).toEqual({ id: 'r-1', status: 'ACCEPTED' });
  });

  it('sendRequest POSTs {recipient_id, ...}', async () => {
    server.handle(() => ({ body: { id: 3, status: 'PENDING' } }));
    const answer = await testClient(server.url).recommendations.sendRequest({
      recipient_id: 'kc-2',
      note: 'Salaam',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${BASE}/matches/requests`);
    expect(request.json).toEqual({ recipient_id: 'kc-2', note: 'Salaam' });
    expect(answer).toEqual({ id: 3, status: 'PENDING' });
  });

  it('updateRequest PUTs {id, status}', async () => {
    await testClient(server.url).recommendations.updateRequest({ id: 3, status: 'REJECTED' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`${BASE}/matches/requests`);
    expect(request.json).toEqual({ id: 3, status: 'REJECTED' });
  });

  it('listRequests and listMutual GET the request lists', async () => {
    const pending = [{ id: 3, user_id: 'kc-1', recipient_id: 'kc-2', status: 'PENDING', metaData: {} }];
    server.handle(() => ({ body: pending }));
    const client = testClient(server.url);
    expect(await client.recommendations.listRequests()).toEqual(pending);
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/matches/requests`);
    expect(await client.recommendations.listMutual()).toEqual(pending);
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/matches/requests/mutual`);
  });

  it('popularPreferences GETs /analytics/preferences/popular', async () => {
    server.handle(() => ({ body: { religion: { muslim: 12 } } }));
    const answer = await testClient(server.url).recommendations.popularPreferences();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/preferences/popular`);
    expect(answer).toEqual({ religion: { muslim: 12 } });
  });

  it('usedFilters sends ?start=&end=', async () => {
    server.handle(() => ({ body: [{ filter: 'age', count: 3 }] }));
    const answer = await testClient(server.url).recommendations.usedFilters({
      start: '2024-01-01',
      end: '2024-01-31',
    });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/filters/used`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(answer).toEqual([{ filter: 'age', count: 3 }]);
  });

  it('matchMetrics sends ?start=&end= and answers {created, accepted, rejected}', async () => {
    server.handle(() => ({ body: { created: 10, accepted: 4, rejected: 3, window: 'month' } }));
    const answer = await testClient(server.url).recommendations.matchMetrics({
      start: '2024-01-01',
      end: '2024-02-01',
    });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/matches/metrics`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ start: '2024-01-01', end: '2024-02-01' });
    expect(answer).toEqual({ created: 10, accepted: 4, rejected: 3, window: 'month' });
  });

  it('aggregateByDate POSTs the metrics query', async () => {
    server.handle(() => ({ body: [{ date: '2024-01-01', count: 2 }] }));
    const query = { start_date: '2024-01-01', end_date: '2024-01-31', date_type: 'day', status: 'ACCEPTED' };
    const answer = await testClient(server.url).recommendations.aggregateByDate(query);
    expect(lastRequest().method).toBe('POST');
    expect(lastRequest().path).toBe(`${BASE}/analytics/aggregate-by-date`);
    expect(lastRequest().json).toEqual(query);
    expect(answer).toEqual([{ date: '2024-01-01', count: 2 }]);
  });
});

describe('recommendations service contracts', () => {
  it('rejects match metrics without `rejected`', async () => {
    server.handle(() => ({ body: { created: 10, accepted: 4 } }));
    const error = await testClient(server.url)
      .recommendations.matchMetrics({ start: 'a', end: 'b' })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('recommendations.matchMetrics: response.rejected');
  });

  it('refuses a decision other than ACCEPTED or REJECTED, without sending', async () => {
    const error = await testClient(server.url)
      // @ts-expect-error: the decision values are part of the typed contract
      .recommendations.respond('r-1', { status: 'MAYBE' })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('recommendations.respond: request.body.status');
    expect(server.requests).toHaveLength(0);
  });
});
