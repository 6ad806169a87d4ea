import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const features = [
  { code: 'CHAT', enabled: true, subfeatures: [{ code: 'CHAT_FILES', enabled: false }] },
  { code: 'KYC', enabled: false, subfeatures: [] },
];

describe('features service requests', () => {
  it('list GETs the features with their on/off flags', async () => {
    server.handle(() => ({ body: { features } }));
    const answer = await testClient(server.url).features.list();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/feature-switch/v2/features');
    expect(answer).toEqual({ features });
    expect(answer.features[1]?.enabled).toBe(false);
    expect(answer.features[0]?.subfeatures?.[0]?.code).toBe('CHAT_FILES');
  });

  it('list is public: sent without a session and without Authorization', async () => {
    const answer = await testClient(server.url, { tokens: null }).features.list();
    expect(answer).toEqual(answerFor(lastRequest()).body);
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('toggle PUTs {code}/toggle without a body', async () => {
    const answer = await testClient(server.url).features.toggle('CHAT');
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/api/feature-switch/v2/features/CHAT/toggle');
    expect(request.text).toBe('');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('toggleSubfeature PUTs the parent code in the path and the subfeature code in the body', async () => {
    const answer = await testClient(server.url).features.toggleSubfeature('CHAT', {
      subfeature: 'CHAT_FILES',
    });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/api/feature-switch/v2/features/CHAT/subfeature/toggle');
    expect(request.json).toEqual({ subfeature: 'CHAT_FILES' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });
});

describe('features service contracts', () => {
  it('rejects a list answer whose subfeature code is not a string', async () => {
    server.handle(() => ({
      body: { features: [{ code: 'CHAT', enabled: true, subfeatures: [{ code: 5, enabled: true }] }] },
    }));
    const error = await testClient(server.url)
      .features.list()
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('features.list: response.features[0].subfeatures[0].code');
  });

  it('rejects a list answer without `features`', async () => {
    server.handle(() => ({ body: [] }));
    const error = await testClient(server.url)
      .features.list()
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('features.list');
  });
});
