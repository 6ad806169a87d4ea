import { describe, expect, it } from 'vitest';
import { analyticsEndpoints } from '../../src/endpoints/analytics';
import { isContractError, isHttpError, isNotLoggedInError } from '../../src/index';
import type { DauEvent } from '../../src/schemas/analytics';
import { ANALYTICS_RETRY } from '../../src/transport/constants';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);
const lastRequest = () => server.lastRequest();

const event: DauEvent = {
  device: 'desktop',
  platform: 'web',
  metadata: {
    time: '2026-01-05T10:00:00.000Z',
    os: 'Windows',
    browser: 'Firefox',
    screen_size: '1366x768',
    timezone: 'Africa/Lagos',
  },
};

describe('analytics service requests', () => {
  it('dau POSTs the event to /api/analytics/v2/dau/', async () => {
    const answer = await testClient(server.url).analytics.dau(event);
    const [request] = server.requests;
    expect(server.requests).toHaveLength(1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/analytics/v2/dau/');
    expect(request?.json).toEqual(event);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('carries the analytics retry policy, and does not retry a 4xx', async () => {
    expect(analyticsEndpoints.dau.retry).toBe(ANALYTICS_RETRY);
    server.handle(() => ({ status: 400, body: { message: 'bad event' } }));
    const error = await testClient(server.url)
      .analytics.dau(event)
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('is never sent without a session', async () => {
    const error = await testClient(server.url, { tokens: null })
      .analytics.dau(event)
      .catch((e: unknown) => e);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('analytics service contracts', () => {
  it('refuses an event without its metadata timezone, without sending', async () => {
    const { timezone: _timezone, ...metadata } = event.metadata;
    const error = await testClient(server.url)
      // @ts-expect-error: every metadata field is required
      .analytics.dau({ ...event, metadata })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('analytics.dau: request.body.metadata.timezone');
    expect(server.requests).toHaveLength(0);
  });
});
