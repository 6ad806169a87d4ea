import * as z from 'zod/mini';
import { pathId } from '../schemas/limits';
import {
  offerListQuerySchema,
  offerListSchema,
  planListQuerySchema,
  planListSchema,
  planSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
} from '../schemas/payment';
import { defineEndpoint } from './define';

const BASE = '/api/payment/v2';

/** Plans and subscriptions (SPEC.md section 7). The answers are the provider's. */
export const paymentsEndpoints = {
  listPlans: defineEndpoint({
    id: 'payments.listPlans',
    method: 'GET',
    path: `${BASE}/plans`,
    provider: 'payment',
    access: 'public',
    effect: 'read',
    query: planListQuerySchema,
    response: planListSchema,
    summary: 'The subscription plans.',
  }),
  getPlan: defineEndpoint({
    id: 'payments.getPlan',
    method: 'GET',
    path: `${BASE}/plans/{id}/`,
    provider: 'payment',
    access: 'public',
    effect: 'read',
    params: z.object({ id: pathId }),
    response: planSchema,
    summary: 'One subscription plan.',
  }),
  listOffers: defineEndpoint({
    id: 'payments.listOffers',
    method: 'GET',
    path: `${BASE}/plans/offer`,
    provider: 'payment',
    access: 'public',
    effect: 'read',
    query: offerListQuerySchema,
    response: offerListSchema,
    summary: 'The live (not archived) plan offers.',
  }),
  getSubscription: defineEndpoint({
    id: 'payments.getSubscription',
    method: 'GET',
    path: `${BASE}/subscriptions/{userId}`,
    provider: 'payment',
    access: 'session',
    effect: 'read',
    params: subscriptionParamsSchema,
    response: subscriptionSchema,
    summary: "A user's subscription; loaded at start for a logged-in user with a keycloakId.",
  }),
} as const;
