import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { planSchema } from '../../src/schemas/payment';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const BASE = '/api/payment/v2';
const plan = {
  id: 1,
  name: 'Gold',
  price: 30,
  currency: 'USD',
  archived: false,
  offers: [{ id: 11, offer: true, price: 9.99 }],
};

describe('payments service requests', () => {
  it('listPlans sends ?extrapolate= as true or false', async () => {
    const client = testClient(server.url);
    const answer = await client.payments.listPlans({ extrapolate: true });
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/plans`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ extrapolate: 'true' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
    await client.payments.listPlans({ extrapolate: false });
    expect(Object.fromEntries(lastRequest().query)).toEqual({ extrapolate: 'false' });
  });

  it('listPlans is public: sent without a session', async () => {
    await testClient(server.url, { tokens: null }).payments.listPlans({ extrapolate: false });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('getPlan GETs /plans/{id}/ with its trailing slash', async () => {
    const answer = await testClient(server.url).payments.getPlan(1);
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/plans/1/`);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('listOffers always sends ?archived=false', async () => {
    const answer = await testClient(server.url).payments.listOffers();
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/plans/offer`);
    expect(Object.fromEntries(lastRequest().query)).toEqual({ archived: 'false' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('getSubscription GETs /subscriptions/{userId}', async () => {
    const answer = await testClient(server.url).payments.getSubscription('kc-123');
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe(`${BASE}/subscriptions/kc-123`);
    expect(lastRequest().headers.authorization).toBe('Bearer access-1');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('the plan schema reads offers with their flag', () => {
    expect(planSchema.parse(plan).offers[0]?.offer).toBe(true);
    expect(planSchema.safeParse({ ...plan, offers: [{ id: 12, offer: 'yes', price: 1 }] }).success).toBe(
      false,
    );
  });
});

describe('payments service contracts', () => {
  it('refuses getSubscription without a user id, without sending', async () => {
    const error = await testClient(server.url)
      .payments.getSubscription('')
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('payments.getSubscription: request.params.userId');
    expect(server.requests).toHaveLength(0);
  });
});
