/** Provider states of the payments pacts: plans with a live offer, subscriptions. */
import { DAY_MS } from '../../seed/clock';
import { ensurePlan } from '../fixtures';
import type { ContractStateHandlers } from '../state-handler';
import { member, str } from './params';

export const commerceStates = {
  'a plan {planId} with a live offer {offerId} exists': {
    description: 'A plan that is not archived, with a live offer (offer: true, not archived).',
    setup(world, params) {
      const plan = ensurePlan(world, str(params, 'planId'), str(params, 'offerId'));
      return { planId: plan.id, offerId: str(params, 'offerId') };
    },
  },

  'member {userId} subscribes to the plan {planId}': {
    description: 'An active subscription of the member to the plan.',
    setup(world, params) {
      const user = member(world, params, 'userId');
      const plan = ensurePlan(world, str(params, 'planId'));
      const now = world.now();
      for (const sub of world.store.data.subscriptions) {
        if (sub.user_id === user.keycloakId && sub.status === 'ACTIVE') sub.status = 'CANCELLED';
      }
      world.store.data.subscriptions.push({
        id: world.store.nextId('sub'),
        user_id: user.keycloakId,
        plan_id: plan.id,
        offer_id: null,
        status: 'ACTIVE',
        amount: plan.price,
        currency: plan.currency,
        started_at: new Date(now - DAY_MS).toISOString(),
        expires_at: new Date(now + plan.duration_days * DAY_MS).toISOString(),
        created_at: new Date(now - DAY_MS).toISOString(),
      });
      return {};
    },
  },
} satisfies ContractStateHandlers;
