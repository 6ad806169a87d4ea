/** /api/payment/v2: plans, offers and subscriptions. Paying happens on the simulated checkout page. */

import { currentSubscription, planView, subscriptionView } from '../core/views';
import { isAdminUser } from '../http/access';
import { notAllowed, notFound } from '../http/api-error';
import type { PlanRecord } from '../state/types';
import type { HandlerMap } from './types';

const MONTH_DAYS = 30;

/**
 * `?extrapolate=true` is read as "add the derived prices": per month, per day and the price after
 * the best live offer. SPEC.md does not say what it does.
 */
function extrapolated(plan: PlanRecord, now: number) {
  const liveOffers = plan.offers.filter(
    (offer) =>
      offer.offer && !offer.archived && Date.parse(offer.starts_at) <= now && Date.parse(offer.ends_at) > now,
  );
  const best = liveOffers.reduce<number | null>(
    (low, offer) => (low === null || offer.price < low ? offer.price : low),
    null,
  );
  return {
    ...planView(plan),
    monthly_price: Math.round((plan.price / plan.duration_days) * MONTH_DAYS * 100) / 100,
    daily_price: Math.round((plan.price / plan.duration_days) * 100) / 100,
    offer_price: best,
  };
}

export const paymentsHandlers: HandlerMap<'payments'> = {
  'payments.listPlans': ({ world, query, baseUrl }) => ({
    plans: world.store.data.plans.map((plan) => ({
      ...(query.extrapolate ? extrapolated(plan, world.now()) : planView(plan)),
      checkout_url: `${baseUrl}/sandbox/checkout?plan_id=${encodeURIComponent(plan.id)}`,
    })),
  }),

  'payments.getPlan': ({ world, params, baseUrl }) => {
    const plan = world.store.data.plans.find((entry) => entry.id === String(params.id));
    if (!plan) throw notFound('Plan');
    return {
      ...extrapolated(plan, world.now()),
      checkout_url: `${baseUrl}/sandbox/checkout?plan_id=${encodeURIComponent(plan.id)}`,
    };
  },

  'payments.listOffers': ({ world, query }) => ({
    offers: world.store.data.plans.flatMap((plan) =>
      plan.offers
        .filter((offer) => offer.archived === query.archived)
        .map((offer) => ({
          ...offer,
          plan_id: plan.id,
          plan_name: plan.name,
          plan_price: plan.price,
          currency: plan.currency,
        })),
    ),
  }),

  'payments.getSubscription': ({ world, params, user }) => {
    const owner = world.store.findUser(params.userId);
    if (!owner) throw notFound('User');
    if (owner !== user && !isAdminUser(user)) throw notAllowed('You can only read your own subscription');
    return subscriptionView(world, owner.keycloakId, currentSubscription(world, owner.keycloakId));
  },
};
