import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { recommendationSchema } from '../../src/schemas/recommendation';
import { answerFor, SAMPLE_ANSWERS } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const BASE = '/api/recommendations/v2';
const image = SAMPLE_ANSWERS['images.get'];
const recommendation = {
  id: 'r-1',
  recipient_id: 'kc-2',
  status: 'PENDING',
  created_at: '2026-01-05T10:00:00.000Z',
  metaData: {
    profile: { keycloakId: 'kc-2', username: 'amina_k', first_name: 'Amina', last_name: null, height: 168 },
    images: [image, { ...image, filename: 'b.jpg' }],
  },
};

describe('recommendations service requests', () => {
  it('list sends ?page=&per_page=50', async () => {
    const answer = await testClient(server.url).recommendations.list({ page: 1 });
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${BASE}/matches/recommendations/`);
    expect(Object.fromEntries(request.query)).toEqual({ page: '1', per_page: '50' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('the recommendation schema reads metaData.profile.keycloakId and the image records', () => {
    const parsed = recommendationSchema.parse(recommendation);
    expect(parsed.metaData?.profile?.keycloakId).toBe('kc-2');
    expect(parsed.metaData.images).toHaveLength(2);
    const withUrl = {
      ...recommendation,
      metaData: { ...recommendation.metaData, images: ['https://x/a.jpg'] },
    };
    expect(recommendationSchema.safeParse(withUrl).success).toBe(false);
  });

  it('respond PUTs {status} to /matches/recommendations/{id}', async () => {
    const answer = await testClient(server.url).recommendations.respond('r-1', { status: 'ACCEPTED' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`${BASE}/matches/recommendations/r-1`);
    expect(request.json).toEqual({ status: 'ACCEPTED' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('sendRequest POSTs {recipient_id, ...}', async () => {
    const answer = await testClient(server.url).recommendations.sendRequest({
      recipient_id: 'kc-2',
      note: 'Salaam',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`${BASE}/matches/requests`);
    expect(request.json).toEqual({ recipient_id: 'kc-2', note: 'Salaam' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('updateRequest PUTs {id, status}', async () => {
    await testClient(server.url).recommendations.updateRequest({ id: 3, status: 'REJECTED' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`${BASE}/matches/requests`);
    expect(request.json).toEqual({ id: 3, status: 'REJECTED' });
  });

  it('listRequests and listMutual GET the request lists', async () => {
    const pending = [SAMPLE_ANSWERS['recommendations.sendRequest']];
    server.handle((request) => ({
      body: request.path.endsWith('/mutual') ? { matches: pending } : { requests: pending },
    }));
    const client = testClient(server.url);
    expect(await client.recommendations.listRequests()).toEqual({ requests: pending });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/matches/requests`);
    expect(await client.recommendations.listMutual()).toEqual({ matches: pending });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/matches/requests/mutual`);
  });

  it('popularPreferences GETs /analytics/preferences/popular', async () => {
    const answer = await testClient(server.url).recommendations.popularPreferences();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/preferences/popular`);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('usedFilters sends ?start=&end=', async () => {
    const answer = await testClient(server.url).recommendations.usedFilters({
      start: '2024-01-01',
      end: '2024-01-31',
    });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/filters/used`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('matchMetrics sends ?start=&end= and answers {created, accepted, rejected}', async () => {
    const answer = await testClient(server.url).recommendations.matchMetrics({
      start: '2024-01-01',
      end: '2024-02-01',
    });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/analytics/matches/metrics`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ start: '2024-01-01', end: '2024-02-01' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('aggregateByDate POSTs the metrics query', async () => {
    const query = { start_date: '2024-01-01', end_date: '2024-01-31', date_type: 'day', status: 'ACCEPTED' };
    const answer = await testClient(server.url).recommendations.aggregateByDate(query);
    expect(lastRequest().method).toBe('POST');
    expect(lastRequest().path).toBe(`${BASE}/analytics/aggregate-by-date`);
    expect(lastRequest().json).toEqual(query);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });
});

describe('recommendations service contracts', () => {
  it('rejects match metrics without `rejected`', async () => {
    server.handle(() => ({ body: { created: 10, accepted: 4 } }));
    const error = await testClient(server.url)
      .recommendations.matchMetrics({ start: '2024-01-01', end: '' })
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
