import type { CallOptions } from '../endpoints/define';
import { paymentsEndpoints } from '../endpoints/payments';
import type { Id } from '../schemas/common';
import type { PlanListInput } from '../schemas/payment';
import type { ServiceContext } from './context';

/** Subscription plans, offers and the member's subscription. */
export function createPaymentsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** The subscription plans; `extrapolate` is sent as `?extrapolate=true|false`. */
    listPlans(input: PlanListInput, options?: CallOptions) {
      return transport.call(
        paymentsEndpoints.listPlans,
        { query: { extrapolate: input.extrapolate } },
        options,
      );
    },
    /** One subscription plan. */
    getPlan(id: Id, options?: CallOptions) {
      return transport.call(paymentsEndpoints.getPlan, { params: { id } }, options);
    },
    /** The live plan offers (`?archived=false`). */
    listOffers(options?: CallOptions) {
      return transport.call(paymentsEndpoints.listOffers, { query: { archived: false } }, options);
    },
    /** A user's subscription, by keycloakId. */
    getSubscription(userId: string, options?: CallOptions) {
      return transport.call(paymentsEndpoints.getSubscription, { params: { userId } }, options);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
