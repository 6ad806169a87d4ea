/** payment: plans and offers (public) and the member's subscription. */
import { describe, expect, it } from 'vitest';
import { MEMBER, PLAN } from '../../src/examples';
import { anonymousClient, memberClient } from '../support/clients';
import {
  boolean,
  eachLike,
  fromState,
  instant,
  interaction,
  json,
  like,
  listOf,
  oneOf,
  pactWith,
  pathOf,
  regex,
  request,
  state,
} from '../support/pact';

const pact = pactWith('payment');
const plan = state('plan', { planId: PLAN.planId, offerId: PLAN.offerId });

/** SPEC.md section 3: id, archived, offers with id and the flag offer. */
const offer = { id: like(PLAN.offerId), offer: boolean(true), price: like(19.99) };
const planBody = {
  id: like(PLAN.planId),
  name: like('Gold'),
  price: like(29.99),
  currency: regex('^[A-Z]{3}$', 'USD'),
  archived: boolean(false),
  offers: eachLike(offer),
};

describe('payment', () => {
  it('payments.listPlans', () =>
    interaction(pact, 'payments.listPlans', 'a request for the plans with extrapolated prices')
      .given(...plan)
      .withRequest('GET', pathOf('payments.listPlans'), request({ query: { extrapolate: 'true' } }))
      .willRespondWith(200, json({ plans: eachLike({ ...planBody, offers: listOf(offer) }) }))
      .executeTest(async (server) => {
        await anonymousClient(server).payments.listPlans({ extrapolate: true });
      }));

  it('payments.getPlan', () =>
    interaction(pact, 'payments.getPlan', 'a request for one plan')
      .given(...plan)
      .withRequest('GET', pathOf('payments.getPlan', { id: fromState('planId', PLAN.planId) }))
      .willRespondWith(200, json(planBody))
      .executeTest(async (server) => {
        await anonymousClient(server).payments.getPlan(PLAN.planId);
      }));

  it('payments.listOffers', () =>
    interaction(pact, 'payments.listOffers', 'a request for the live offers')
      .given(...plan)
      .withRequest('GET', pathOf('payments.listOffers'), request({ query: { archived: 'false' } }))
      .willRespondWith(
        200,
        json({ offers: eachLike({ ...offer, plan_id: like(PLAN.planId), archived: boolean(false) }) }),
      )
      .executeTest(async (server) => {
        await anonymousClient(server).payments.listOffers();
      }));

  it('payments.getSubscription', () =>
    interaction(pact, 'payments.getSubscription', 'a member reading their subscription')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .given(...plan)
      .given(...state('subscription', { userId: MEMBER.userId, planId: PLAN.planId }))
      .withRequest(
        'GET',
        pathOf('payments.getSubscription', { userId: MEMBER.userId }),
        request({ token: MEMBER.accessToken }),
      )
      .willRespondWith(
        200,
        json({
          id: like('pact-subscription-1'),
          user_id: like(MEMBER.userId),
          status: oneOf(['ACTIVE', 'EXPIRED', 'CANCELLED', 'PENDING', 'NONE'], 'ACTIVE'),
          active: boolean(true),
          plan_id: like(PLAN.planId),
          started_at: instant(),
          expires_at: instant(),
        }),
      )
      .executeTest(async (server) => {
        const answer = await memberClient(server).payments.getSubscription(MEMBER.userId);
        expect(answer).toMatchObject({ status: 'ACTIVE' });
      }));
});
